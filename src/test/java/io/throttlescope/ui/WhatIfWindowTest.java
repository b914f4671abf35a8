package io.throttlescope.ui;

import io.throttlescope.cli.Cli;
import io.throttlescope.compare.Metrics;
import io.throttlescope.view.Run;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.event.ActionEvent;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import static org.assertj.core.api.Assertions.assertThat;

/** The what-if panel in the window: an edit re-simulates both models where the user was; undo; save as. */
@ExtendWith(ApplicationExtension.class)
class WhatIfWindowTest {
    MainWindow w;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        w = TestWindows.seedStory(stage, 1280, 900);
    }

    static double wWait(Run r) {
        return Metrics.of(r.result()).stream()
                .filter(m -> m.name().equals("task W longest_lock_wait_ms"))
                .findFirst()
                .orElseThrow()
                .value();
    }

    void type(FxRobot robot, String param, String value) {
        TextField f = (TextField) w.whatIf.editor(param);
        robot.interact(() -> {
            f.setText(value);
            f.getOnAction().handle(new ActionEvent(f, f)); // Enter
        });
    }

    void waitForNewRuns(Run old) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> w.legacyRun != old);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void anEditReSimulatesBothModelsAndKeepsTheCursorsTimeUndoAndSaveAs(FxRobot robot) throws Exception {
        robot.interact(() -> {
            w.switchModel(io.throttlescope.sim.Simulator.Model.LEGACY);
            w.goTo(w.legacyRun.index().lastVisibleAtOrBefore(20_000_000L));
        });
        long t = w.vs.cursorTime();
        assertThat(wWait(w.legacyRun)).isEqualTo(84.1);
        Run old = w.legacyRun, oldTask = w.taskRun;
        type(robot, "/G:cpu.max", "50000 100000");
        waitForNewRuns(old);
        assertThat(w.taskRun).isNotSameAs(oldTask); // both models simulated again
        assertThat(w.vs.run.get()).isSameAs(w.legacyRun); // the model shown stays
        assertThat(w.vs.cursorTime()).isEqualTo(t); // and the cursor's time
        assertThat(wWait(w.legacyRun)).isLessThan(1.0); // R is no longer throttled holding the lock
        assertThat(w.whatIf.whatIf().history().edits()).isEqualTo(1);
        assertThat(((TextField) w.whatIf.editor("/G:cpu.max")).getText()).isEqualTo("50000 100000");

        Run edited = w.legacyRun;
        type(robot, "/G:cpu.max", "500 100000"); // the kernel refuses quotas under 1 ms
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#whatIfProblem").queryAs(Label.class).getText())
                .startsWith("Not applied: $.cgroups./G.cpu.max");
        assertThat(w.legacyRun).isSameAs(edited);

        robot.press(KeyCode.CONTROL).type(KeyCode.Z).release(KeyCode.CONTROL); // undo
        waitForNewRuns(edited);
        assertThat(wWait(w.legacyRun)).isEqualTo(84.1);
        assertThat(w.whatIf.whatIf().history().canRedo()).isTrue();
        Run undone = w.legacyRun;
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT).type(KeyCode.Z).release(KeyCode.SHIFT, KeyCode.CONTROL); // redo
        waitForNewRuns(undone);
        assertThat(wWait(w.legacyRun)).isLessThan(1.0);

        Path out = dir.resolve("seed-whatif.json");
        robot.interact(
                () -> assertThat(w.saveScenarioTo(w.whatIf.saveText(), out)).isTrue());
        assertThat(robot.lookup("#whatIfProblem")
                        .queryAs(Label.class)
                        .getText()) // with a 50 ms quota the first throttle moves out of stop 2's range
                .startsWith(
                        "Saved without the lesson: after the edits the 1st throttle event is at 50.000001ms under the task-based model,"
                                + " outside the stop's own range 0:20ms");
        StringWriter o = new StringWriter(), e = new StringWriter();
        assertThat(Cli.run(
                        new String[] {"validate", out.toString()}, new PrintWriter(o, true), new PrintWriter(e, true)))
                .isZero();
        assertThat(io.throttlescope.scenario.ScenarioLoader.load(out)
                        .spec()
                        .cgroups()
                        .get("/G")
                        .quotaUs())
                .isEqualTo(50000);
        assertThat(io.throttlescope.scenario.ScenarioLoader.load(out).spec().lesson())
                .isNull();
        assertThat(w.stage.getTitle()).endsWith("(seed-whatif.json)");
    }

    @Test
    void reloadingWithUnsavedEditsAsksFirst(FxRobot robot) throws Exception {
        robot.interact(() -> assertThat(w.openNow(java.nio.file.Path.of("scenarios/01-seed-story-rwsem-reader.json")))
                .isTrue());
        Run old = w.legacyRun;
        type(robot, "/G:cpu.max", "50000 100000");
        waitForNewRuns(old);
        Run edited = w.legacyRun;
        robot.press(KeyCode.CONTROL).type(KeyCode.R).release(KeyCode.CONTROL); // reload: a question, not a silent loss
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.DialogPane d = robot.lookup(".dialog-pane").queryAs(javafx.scene.control.DialogPane.class);
        assertThat(d.getContentText()).startsWith("Reload 01-seed-story-rwsem-reader.json and drop 1 What if? edit?");
        robot.interact(
                () -> ((javafx.scene.control.Button) d.lookupButton(javafx.scene.control.ButtonType.CANCEL)).fire());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(w.legacyRun).isSameAs(edited);
        assertThat(w.whatIf.whatIf().history().edits()).isEqualTo(1);
        robot.press(KeyCode.CONTROL).type(KeyCode.R).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.DialogPane d2 =
                robot.lookup(".dialog-pane").queryAs(javafx.scene.control.DialogPane.class);
        robot.interact(
                () -> ((javafx.scene.control.Button) d2.lookupButton(javafx.scene.control.ButtonType.OK)).fire());
        waitForNewRuns(edited);
        assertThat(w.whatIf.whatIf().history().edited()).isFalse();
        assertThat(wWait(w.legacyRun)).isEqualTo(84.1);
    }

    /**
     * An edit during a lesson leaves the lesson, saying so (01 with cpu.max 20000 100000: the stops
     * kept their text, and stop 4's park never happens); undoing back to the file brings it back;
     * a sweep point's model is then shown with no lesson bar claiming another.
     */
    @Test
    void anEditDuringALessonLeavesItAndUndoBringsItBack(FxRobot robot) throws Exception {
        robot.interact(() -> w.lessonBar().next());
        robot.interact(() -> w.lessonBar().next());
        assertThat(w.lessonBar().stop()).isEqualTo(1);
        Run old = w.legacyRun;
        type(robot, "/G:cpu.max", "20000 100000");
        waitForNewRuns(old);
        assertThat(w.lessonBar().isVisible()).isFalse();
        assertThat(w.lessonBar().stop()).isEqualTo(-1);
        assertThat(w.statusText()).startsWith("Edited: the lesson is closed");
        assertThat(w.stage.getTitle()).endsWith("\u2014 edited");
        Run edited = w.legacyRun;
        robot.press(KeyCode.CONTROL)
                .type(KeyCode.Z)
                .release(KeyCode.CONTROL); // undo: the scenario as saved, its lesson again
        waitForNewRuns(edited);
        assertThat(w.lessonBar().isVisible()).isTrue();
        assertThat(w.lessonBar().active()).isTrue();
        assertThat(w.stage.getTitle()).doesNotContain("edited"); // as saved again (the sixth review: it stayed)
    }

    /**
     * Undo back to the file as saved reopens the lesson at the stop it was left at, showing that stop as
     * before (the fourth review: the lesson came back at its start, N to go through it again).
     */
    @Test
    void undoReopensTheLessonAtItsStop(FxRobot robot) throws Exception {
        robot.interact(() -> w.lessonBar().show(3));
        WaitForAsyncUtils.waitForFxEvents();
        int cursor = w.vs.cursor.get();
        Run before = w.vs.run.get();
        Run old = w.legacyRun;
        type(robot, "/G:cpu.max", "20000 100000");
        waitForNewRuns(old);
        assertThat(w.lessonBar().stop()).isEqualTo(-1);
        Run edited = w.legacyRun;
        robot.press(KeyCode.CONTROL).type(KeyCode.Z).release(KeyCode.CONTROL);
        waitForNewRuns(edited);
        assertThat(w.lessonBar().stop()).isEqualTo(3);
        assertThat(w.vs.run.get().model()).isEqualTo(before.model());
        assertThat(w.vs.cursor.get()).isEqualTo(cursor);
        assertThat(w.statusText()).contains("stop 4");
    }

    /**
     * An edit keeps the cursor at the same step of its instant, not the last event of it (the fourth
     * review: "What if? moves the cursor a few steps after an edit"): here the first of 01's events at
     * 10 ms (legacy), after a change of cpu.weight that moves nothing.
     */
    @Test
    void anEditKeepsTheCursorAtItsStepOfTheInstant(FxRobot robot) throws Exception {
        var tr = w.legacyRun.trace();
        int first = w.legacyRun.index().lastVisibleAtOrBefore(10_000_000L);
        while (first > 0 && tr.time(first - 1) == tr.time(first)) first--;
        while (!io.throttlescope.trace.TraceIndex.visible(tr.kind(first))) first++;
        assertThat(w.legacyRun.index().lastVisibleAtOrBefore(10_000_000L))
                .as("an instant of several steps")
                .isGreaterThan(first);
        int at = first;
        robot.interact(() -> {
            w.switchModel(io.throttlescope.sim.Simulator.Model.LEGACY);
            w.goTo(at);
        });
        var kind = tr.kind(at);
        int task = tr.task(at);
        Run old = w.legacyRun;
        type(robot, "/G:cpu.weight", "200");
        waitForNewRuns(old);
        var now = w.legacyRun.trace();
        int c = w.vs.cursor.get();
        assertThat(now.time(c)).isEqualTo(10_000_000L);
        assertThat(now.kind(c)).isEqualTo(kind);
        assertThat(now.task(c)).isEqualTo(task);
    }
}
