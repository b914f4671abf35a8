package io.throttlescope.ui;

import io.throttlescope.sim.Simulator;
import java.nio.file.Path;
import javafx.geometry.Bounds;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The event log shows the cursor's row whole at every step and jump, outside a lesson, at 1024x768
 * where the log is three rows high (08 around the slack timer, stepping and jumping to throttles).
 */
@ExtendWith(ApplicationExtension.class)
class LogRowTest {
    MainWindow w;

    @Start
    void start(Stage stage) {
        w = TestWindows.seedStory(stage, 1024, 768);
    }

    /** {selected row's top, its bottom, the flow's top, its bottom} in scene coordinates; NaN: not shown. */
    double[] rowAndFlow(FxRobot robot) {
        double[] m = {Double.NaN, Double.NaN, 0, 0};
        robot.interact(() -> {
            TableView<?> table = (TableView<?>) robot.lookup("#eventTable").query();
            VirtualFlow<?> flow = (VirtualFlow<?>) table.lookup(".virtual-flow");
            int sel = table.getSelectionModel().getSelectedIndex();
            var first = flow.getFirstVisibleCell();
            var last = flow.getLastVisibleCell();
            Bounds f = flow.localToScene(flow.getLayoutBounds());
            m[2] = f.getMinY();
            m[3] = f.getMaxY();
            if (first == null || last == null || sel < first.getIndex() || sel > last.getIndex()) return;
            var cell = flow.getVisibleCell(sel);
            Bounds c = cell.localToScene(cell.getLayoutBounds());
            m[0] = c.getMinY();
            m[1] = c.getMaxY();
        });
        return m;
    }

    @Test
    void theCurrentRowIsWholeAtEveryStep(FxRobot robot) {
        robot.interact(() -> {
            w.openNow(Path.of("scenarios/08-slack-timer.json"));
            w.switchModel(Simulator.Model.TASK);
        });
        robot.interact(() -> w.goTo(w.lastVisibleAtOrBefore(203_002_001L)));
        WaitForAsyncUtils.waitForFxEvents();
        for (int k = 0; k < 12; k++) {
            double[] m = rowAndFlow(robot);
            assertThat(m[0]).as("step %d: the row's top", k).isGreaterThanOrEqualTo(m[2] - 0.5);
            assertThat(m[1]).as("step %d: the row's bottom", k).isLessThanOrEqualTo(m[3] + 0.5);
            robot.press(k % 4 == 3 ? KeyCode.T : KeyCode.RIGHT).release(k % 4 == 3 ? KeyCode.T : KeyCode.RIGHT);
            WaitForAsyncUtils.waitForFxEvents();
        }
    }
}
