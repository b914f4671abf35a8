package io.throttlescope.ui;

import java.nio.file.Path;
import java.util.List;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The veil's label ("a later stop of the lesson asks what happens next") is drawn off the section and
 * group header rows: at 02 stop 1, 1024x768, it sat on the "Budgets" band (the seventh review).
 */
@ExtendWith(ApplicationExtension.class)
class VeilLabelTest {
    MainWindow w;

    @Start
    void start(Stage stage) {
        w = TestWindows.seedStory(stage, 1024, 768);
    }

    @Test
    void theVeilsLabelIsOffTheHeaderRows(FxRobot robot) {
        int checked = 0;
        for (String f : new String[] {"02-pileup-hung-task.json", "01-seed-story-rwsem-reader.json"}) {
            robot.interact(() -> w.openNow(Path.of("scenarios", f)));
            for (int k = 0; k < w.lessonBar.stops(); k++) {
                int stop = k;
                robot.interact(() -> w.lessonBar.show(stop));
                WaitForAsyncUtils.waitForFxEvents();
                @SuppressWarnings("unchecked")
                List<double[]>[] got = new List[1];
                robot.interact(() -> {
                    w.timeline.redraw();
                    got[0] = w.timeline.veilLabelAndHeaders();
                });
                double[] box = got[0].get(0);
                if (box == null) continue;
                checked++;
                for (double[] row : got[0].subList(1, got[0].size()))
                    assertThat(box[1] + box[3] <= row[0] || box[1] >= row[1])
                            .as(
                                    "%s stop %d: the veil's label %s over a header row %s",
                                    f, stop + 1, java.util.Arrays.toString(box), java.util.Arrays.toString(row))
                            .isTrue();
            }
        }
        assertThat(checked).isGreaterThanOrEqualTo(2);
    }
}
