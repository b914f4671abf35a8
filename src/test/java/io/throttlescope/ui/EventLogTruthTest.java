package io.throttlescope.ui;

import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.Simulator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableRow;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import static org.assertj.core.api.Assertions.assertThat;

/** The event log shows the rows of the run on screen, after a model switch too (issue 8). */
@ExtendWith(ApplicationExtension.class)
class EventLogTruthTest {
    MainWindow w;

    @Start
    void start(Stage stage) {
        w = new MainWindow(stage);
        stage.setWidth(1500);
        stage.setHeight(950);
        stage.show();
        w.openNow(Path.of("scenarios/06-kernel-mode-overrun.json"));
    }

    /** The texts of the cells of the highlighted (current) row, as drawn. */
    static List<String> currentRow(FxRobot robot) {
        List<String> out = new ArrayList<>();
        for (var n : robot.lookup("#eventTable .table-row-cell").queryAll()) {
            TableRow<?> row = (TableRow<?>) n;
            if (!row.isSelected() || row.isEmpty()) continue;
            for (var c : row.getChildrenUnmodifiable()) if (c instanceof TableCell<?, ?> cell) out.add(cell.getText());
        }
        return out;
    }

    int first(EventKind k) {
        var tr = w.vs.run.get().trace();
        for (int i = 0; i < tr.size(); i++) if (tr.kind(i) == k) return i;
        throw new AssertionError(k);
    }

    @Test
    void afterAModelSwitchTheLogShowsTheShownModelsRows(FxRobot robot) {
        // task-based first: its first throttle, then switch to legacy and go to legacy's first throttle
        robot.interact(() -> w.goTo(first(EventKind.THROTTLE)));
        robot.interact(() -> w.switchModel(Simulator.Model.LEGACY));
        robot.interact(() -> w.goTo(first(EventKind.THROTTLE)));
        robot.sleep(200);
        long legacyThrottle = w.vs.run.get().trace().time(first(EventKind.THROTTLE));
        List<String> cells = currentRow(robot);
        assertThat(cells).isNotEmpty();
        assertThat(cells.get(2)).isEqualTo("throttle");
        assertThat(cells.get(1)).isEqualTo(io.throttlescope.view.Durations.human(legacyThrottle));
        assertThat(cells.get(1)).isEqualTo("10ms"); // legacy: exactly 10 ms, never the task-based 10.000001ms
    }

    @Test
    void theLogFollowsTheCursorAfterASwitch(FxRobot robot) {
        robot.interact(() -> w.switchModel(Simulator.Model.LEGACY));
        for (int k = 0; k < 3; k++) {
            int target = first(EventKind.THROTTLE) + k * 3;
            robot.interact(() -> w.goTo(target));
            while (w.vs.run.get().trace().kind(w.vs.cursor.get()) == EventKind.STATE)
                robot.interact(() -> w.goTo(w.vs.cursor.get() + 1));
            robot.sleep(100);
            List<String> cells = currentRow(robot);
            assertThat(cells)
                    .as("a highlighted row at event " + w.vs.cursor.get())
                    .isNotEmpty();
            assertThat(cells.get(0))
                    .isEqualTo(String.valueOf(w.vs.run.get().index().stepOf(w.vs.cursor.get())));
        }
    }
}
