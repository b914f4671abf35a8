package io.throttlescope.ui;

import io.throttlescope.sim.EventKind;
import javafx.geometry.Bounds;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import static org.assertj.core.api.Assertions.assertThat;

/** Compare mode with task lanes: both models' tasks, stacked or side by side, stepping together. */
@ExtendWith(ApplicationExtension.class)
class CompareTaskLanesTest {
    MainWindow w;

    @Start
    void start(Stage stage) {
        w = TestWindows.seedStory(stage, 1400, 900);
    }

    @Test
    void bothModelsShowTheirTaskLanesSideBySideAndStepTogether(FxRobot robot) throws Exception {
        robot.interact(() -> {
            w.setCompare(true);
            w.vs.taskLanes.set(false);
        });
        assertThat(w.compare.legacyTl.laneNames()).noneMatch(n -> n.startsWith("TASK"));
        robot.clickOn("#compareTaskLanes");
        assertThat(w.vs.taskLanes.get()).isTrue();
        assertThat(w.compare.legacyTl.laneNames()).contains("TASK R in /G", "TASK W in /");
        assertThat(w.compare.taskTl.laneNames()).containsExactlyElementsOf(w.compare.legacyTl.laneNames());
        assertThat(w.compare.legacyTl.laneNames())
                .noneMatch(n -> n.startsWith("BUDGET")); // budgets stay in the single view
        robot.clickOn("#compareSideBySide");
        Bounds a = w.compare.legacyTl.localToScene(w.compare.legacyTl.getBoundsInLocal());
        Bounds b = w.compare.taskTl.localToScene(w.compare.taskTl.getBoundsInLocal());
        assertThat(b.getMinX()).isGreaterThanOrEqualTo(a.getMaxX()); // next to each other
        assertThat(b.getMinY()).isEqualTo(a.getMinY());
        assertThat(a.getWidth()).isGreaterThan(300);
        robot.interact(() -> w.compare.legacyTl.laneScroll().set(20));
        assertThat(w.compare.taskTl.laneScroll().get())
                .isEqualTo(w.compare.legacyTl.laneScroll().get()); // the same task at the same height
        // stepping moves both cursors to the same time: R's grant at 15 ms
        robot.interact(() -> w.goTo(w.vs.run.get().index().lastVisibleAtOrBefore(15_000_000L)));
        assertThat(w.compare.legacyVs.cursorTime()).isEqualTo(15_000_000L);
        assertThat(w.compare.taskVs.cursorTime()).isEqualTo(15_000_000L);
        robot.type(KeyCode.RIGHT);
        long t = w.vs.cursorTime();
        assertThat(w.compare.legacyVs.cursorTime()).isLessThanOrEqualTo(t);
        assertThat(w.compare.taskVs.cursorTime()).isLessThanOrEqualTo(t);
        assertThat(w.compare.taskVs.run.get().trace().kind(w.compare.taskVs.cursor.get()))
                .isNotEqualTo(EventKind.STATE);
        if (System.getProperty("ts.look") != null)
            robot.interact(() -> {
                try {
                    w.vs.setRange(0, 40_000_000);
                    w.redrawTimelines();
                    javax.imageio.ImageIO.write(
                            javafx.embed.swing.SwingFXUtils.fromFXImage(
                                    w.stage.getScene().getRoot().snapshot(null, null), null),
                            "png",
                            java.nio.file.Path.of(System.getProperty("ts.look"), "compare-task-lanes.png")
                                    .toFile());
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
    }
}
