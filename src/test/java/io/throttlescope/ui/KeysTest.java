package io.throttlescope.ui;

import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.Simulator;
import io.throttlescope.trace.Trace;
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
 * Every key of the shortcuts table does what its row says, pressed on the window (the seed story,
 * task-based): steps by kind, task and CPU, jumps to throttles and parks, zoom and pan, the model
 * switch, task lanes, compare mode and its divergence, text scale, presentation mode, play.
 */
@ExtendWith(ApplicationExtension.class)
class KeysTest {
    MainWindow w;

    @Start
    void start(Stage stage) {
        w = TestWindows.seedStory(stage, 1280, 900);
    }

    private void type(FxRobot robot, KeyCode... keys) {
        robot.press(keys).release(keys);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private Trace trace() {
        return w.vs.run.get().trace();
    }

    private int cursor() {
        return w.vs.cursor.get();
    }

    private double span() {
        return w.vs.viewEnd.get() - w.vs.viewStart.get();
    }

    @Test
    void stepsAndJumps(FxRobot robot) {
        robot.interact(() -> w.switchModel(Simulator.Model.TASK));
        type(robot, KeyCode.HOME);
        int first = cursor();
        assertThat(first).isGreaterThanOrEqualTo(0);
        type(robot, KeyCode.RIGHT);
        assertThat(cursor()).isGreaterThan(first);
        type(robot, KeyCode.LEFT);
        assertThat(cursor()).isEqualTo(first);
        type(robot, KeyCode.T); // the next throttle
        assertThat(trace().kind(cursor())).isEqualTo(EventKind.THROTTLE);
        int throttle = cursor();
        type(robot, KeyCode.SHIFT, KeyCode.RIGHT); // the next event of the same kind
        assertThat(cursor()).isGreaterThan(throttle);
        assertThat(trace().kind(cursor())).isEqualTo(EventKind.THROTTLE);
        type(robot, KeyCode.SHIFT, KeyCode.T); // back to the previous throttle
        assertThat(cursor()).isEqualTo(throttle);
        type(robot, KeyCode.P);
        assertThat(trace().kind(cursor())).isEqualTo(EventKind.PARKED);
        int park = cursor(), task = trace().task(park);
        type(robot, KeyCode.CONTROL, KeyCode.RIGHT); // no task selected: the cursor's task's next event
        assertThat(cursor()).isGreaterThan(park);
        assertThat(trace().task(cursor())).isEqualTo(task);
        int before = cursor();
        type(robot, KeyCode.ALT, KeyCode.RIGHT); // no CPU selected: the cursor's CPU's next event
        assertThat(cursor()).isGreaterThan(before);
        assertThat(trace().cpu(cursor())).isEqualTo(trace().cpu(before));
        int here = cursor();
        type(robot, KeyCode.SHIFT, KeyCode.P); // the previous park
        assertThat(cursor()).isLessThan(here).isGreaterThanOrEqualTo(park);
        assertThat(trace().kind(cursor())).isEqualTo(EventKind.PARKED);
        type(robot, KeyCode.END);
        int last = cursor();
        assertThat(last).isGreaterThan(park);
        type(robot, KeyCode.PERIOD); // nothing after the last
        assertThat(cursor()).isEqualTo(last);
        type(robot, KeyCode.COMMA);
        assertThat(cursor()).isLessThan(last);
    }

    @Test
    void zoomPanAndFit(FxRobot robot) {
        type(robot, KeyCode.F);
        double whole = span(), start = w.vs.viewStart.get();
        type(robot, KeyCode.W);
        assertThat(span()).isCloseTo(whole * 0.7, org.assertj.core.data.Percentage.withPercentage(1));
        double in = span(), from = w.vs.viewStart.get();
        type(robot, KeyCode.D);
        assertThat(w.vs.viewStart.get()).isCloseTo(from + in * 0.2, org.assertj.core.data.Offset.offset(in * 0.01));
        type(robot, KeyCode.A);
        assertThat(w.vs.viewStart.get()).isCloseTo(from, org.assertj.core.data.Offset.offset(in * 0.01));
        type(robot, KeyCode.S);
        assertThat(span()).isCloseTo(whole, org.assertj.core.data.Percentage.withPercentage(1));
        type(robot, KeyCode.W);
        type(robot, KeyCode.F);
        assertThat(span()).isEqualTo(whole);
        assertThat(w.vs.viewStart.get()).isEqualTo(start);
    }

    @Test
    void modelLanesCompareAndDivergence(FxRobot robot) {
        var before = w.vs.run.get();
        type(robot, KeyCode.M);
        assertThat(w.vs.run.get()).isNotSameAs(before);
        type(robot, KeyCode.M);
        assertThat(w.vs.run.get()).isSameAs(before);
        boolean lanes = w.vs.taskLanes.get();
        type(robot, KeyCode.L);
        assertThat(w.vs.taskLanes.get()).isEqualTo(!lanes);
        type(robot, KeyCode.C);
        assertThat(w.comparing()).isTrue();
        type(robot, KeyCode.C);
        assertThat(w.comparing()).isFalse();
        type(robot, KeyCode.X); // outside compare mode: into it, at the first divergence
        assertThat(w.comparing()).isTrue();
        assertThat(cursor()).isGreaterThanOrEqualTo(0);
    }

    @Test
    void textScalePresentationAndPlay(FxRobot robot) {
        double normal = w.vs.scale.get();
        type(robot, KeyCode.CONTROL, KeyCode.EQUALS);
        assertThat(w.vs.scale.get()).isGreaterThan(normal);
        type(robot, KeyCode.CONTROL, KeyCode.DIGIT0);
        assertThat(w.vs.scale.get()).isEqualTo(normal);
        type(robot, KeyCode.CONTROL, KeyCode.MINUS);
        assertThat(w.vs.scale.get()).isLessThan(normal);
        type(robot, KeyCode.CONTROL, KeyCode.DIGIT0);
        type(robot, KeyCode.F11);
        assertThat(w.presenting()).isTrue();
        double presenting = w.vs.scale.get();
        assertThat(presenting).isGreaterThan(normal);
        type(robot, KeyCode.CONTROL, KeyCode.EQUALS);
        type(
                robot,
                KeyCode.CONTROL,
                KeyCode.DIGIT0); // presentation mode's own size, not the window's (the sixth review)
        assertThat(w.vs.scale.get()).isEqualTo(presenting);
        type(robot, KeyCode.ESCAPE);
        assertThat(w.vs.scale.get()).isEqualTo(normal);
        assertThat(w.presenting()).isFalse();
        type(robot, KeyCode.CONTROL, KeyCode.Z); // no edit to undo: nothing, no error
        assertThat(w.statusText()).doesNotContain("rror");
        type(robot, KeyCode.SPACE);
        assertThat(w.playback.button.isSelected()).isTrue();
        type(robot, KeyCode.SPACE);
        assertThat(w.playback.button.isSelected()).isFalse();
    }

    /**
     * C swaps the side panel's parts: the focus went to the event log's filter box, so the next
     * N or arrow typed into the filter instead of moving (the fifth review). The keys still step.
     */
    @Test
    void compareKeepsTheKeys(FxRobot robot) {
        type(robot, KeyCode.HOME);
        type(robot, KeyCode.C);
        assertThat(w.comparing()).isTrue();
        assertThat(w.stage.getScene().getFocusOwner()).isSameAs(w.compare.legacyTl);
        type(robot, KeyCode.C);
        assertThat(w.stage.getScene().getFocusOwner()).isSameAs(w.timeline);
        int at = cursor();
        type(robot, KeyCode.RIGHT);
        assertThat(cursor()).isGreaterThan(at);
    }

    /** F1 opens the key list, as "?" does. */
    @Test
    void f1OpensTheKeyList(FxRobot robot) {
        type(robot, KeyCode.F1);
        assertThat(robot.lookup("#shortcutsDialog").tryQuery()).isPresent();
    }

    /** Escape leaves presentation mode first, then the lesson's stops (N starts the lesson again). */
    @Test
    void escapeLeavesTheLesson(FxRobot robot) {
        robot.interact(() -> w.openNow(java.nio.file.Path.of("scenarios/01-seed-story-rwsem-reader.json")));
        type(robot, KeyCode.N);
        type(robot, KeyCode.N);
        assertThat(w.lessonBar.stop()).isEqualTo(1);
        type(robot, KeyCode.F11);
        type(robot, KeyCode.ESCAPE);
        assertThat(w.presenting()).isFalse();
        assertThat(w.lessonBar.stop()).isEqualTo(1);
        type(robot, KeyCode.ESCAPE);
        assertThat(w.lessonBar.stop()).isEqualTo(-1);
        assertThat(w.vs.veiled.get()).isFalse();
        assertThat(w.lessonBar.text()).contains("You left the lesson at stop 2");
        type(robot, KeyCode.N);
        assertThat(w.lessonBar.stop()).isEqualTo(0);
    }
}
