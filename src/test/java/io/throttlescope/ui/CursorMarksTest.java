package io.throttlescope.ui;

import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.Simulator;
import io.throttlescope.ui.timeline.TimelineCanvas;
import java.nio.file.Path;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A mark at the cursor's time is drawn over the cursor's line, on a white backing: 02's hung-task
 * reports at 6.25 s, the answer of its fourth stop, were red "!" marks under the red cursor line,
 * so the class saw none of them (the sixth review, 1024x768 and 2560x1440).
 */
@ExtendWith(ApplicationExtension.class)
class CursorMarksTest {
    MainWindow w;

    @Start
    void start(Stage stage) {
        w = TestWindows.seedStory(stage, 1024, 768);
    }

    @Test
    void aHungTaskMarkAtTheCursorIsSeen(FxRobot robot) {
        robot.interact(() -> w.openNow(Path.of("scenarios/02-pileup-hung-task.json")));
        robot.interact(() -> {
            w.switchModel(Simulator.Model.LEGACY);
            w.vs.taskLanes.set(true);
        });
        var tr = w.vs.run.get().trace();
        int hung = -1;
        for (int i = 0; i < tr.size() && hung < 0; i++) if (tr.kind(i) == EventKind.HUNG_TASK) hung = i;
        assertThat(hung).isGreaterThanOrEqualTo(0);
        int e = hung;
        String task = w.vs.run.get().info().tasks()[tr.task(e)];
        robot.interact(() -> {
            w.vs.setRange(tr.time(e) - 200_000_000L, tr.time(e) + 200_000_000L);
            w.goTo(e);
        });
        WaitForAsyncUtils.waitForFxEvents();
        TimelineCanvas tl = w.timeline;
        WritableImage[] img = new WritableImage[1];
        double[] at = new double[2];
        robot.interact(() -> {
            tl.redraw();
            at[0] = Math.round(tl.x(tr.time(e)));
            at[1] = tl.laneTop(TimelineCanvas.Kind.TASK, task, -1);
            img[0] = tl.canvas().snapshot(null, null);
        });
        assertThat(at[1]).as(task + "'s lane in view").isGreaterThan(0);
        PixelReader p = img[0].getPixelReader();
        int x = (int) at[0], y = (int) at[1];
        int white = 0, mark = 0;
        for (int dy = 2; dy < 12; dy++)
            for (int dx = -3; dx <= 3; dx++) {
                Color c = p.getColor(x + dx, y + dy);
                if (c.getRed() > 0.95 && c.getGreen() > 0.95 && c.getBlue() > 0.95) white++;
                if (c.getRed() > 0.6 && c.getGreen() < 0.35 && c.getBlue() < 0.35) mark++;
            }
        assertThat(white)
                .as("the mark's white backing across the cursor's line")
                .isGreaterThan(6);
        assertThat(mark).as("the red of the mark").isGreaterThan(2);
    }
}
