package io.throttlescope.ui;

import io.throttlescope.scenario.Problem;
import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.EventKind;
import io.throttlescope.ui.state.ViewState;
import io.throttlescope.view.LessonPlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import javafx.scene.control.Button;
import javafx.scene.control.RadioButton;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import static org.assertj.core.api.Assertions.assertThat;

/** Guided lessons: checked like everything else, and taught stop by stop with questions. */
@ExtendWith(ApplicationExtension.class)
class LessonTest {
    MainWindow w;

    @Start
    void start(Stage stage) {
        w = TestWindows.seedStory(stage, 1280, 900);
    }

    static List<Problem> problems(String lesson) throws Exception {
        String base = Files.readString(Path.of("scenarios/03-single-task-limited.json"));
        String json = base.substring(0, base.lastIndexOf('}')) + ", \"lesson\": " + lesson + "}";
        ScenarioLoader.Loaded l = ScenarioLoader.loadString(json);
        return l.ok() ? LessonPlan.check(l.spec()) : l.problems();
    }

    @Test
    void aStopNamingAMissingTaskOrAnEventThatNeverHappensIsAPositionedProblem() throws Exception {
        assertThat(
                        problems(
                                "{\"title\": \"t\", \"stops\": [{\"at\": {\"event\": \"parked\", \"task\": \"X\"}, \"text\": \"x\"}]}"))
                .singleElement()
                .satisfies(p -> {
                    assertThat(p.message()).contains("no task \"X\"");
                    assertThat(p.path()).isEqualTo("$.lesson.stops[0].at.task");
                    assertThat(p.line()).isPositive();
                });
        assertThat(problems("{\"title\": \"t\", \"stops\": [{\"at\": {\"event\": \"parkd\"}, \"text\": \"x\"}]}"))
                .singleElement()
                .extracting(Problem::message)
                .asString()
                .contains("did you mean \"parked\"");
        assertThat(
                        problems(
                                "{\"title\": \"t\", \"stops\": [{\"at\": {\"event\": \"parked\", \"task\": \"T\"}, \"model\": \"legacy\", \"text\": \"x\"}]}"))
                .singleElement()
                .satisfies(p -> {
                    assertThat(p.message()).isEqualTo("the 1st parked event of T never happens under the legacy model");
                    assertThat(p.path()).isEqualTo("$.lesson.stops[0].at");
                });
        assertThat(
                        problems(
                                "{\"title\": \"t\", \"stops\": [{\"at\": \"20ms\", \"text\": \"x\", \"question\": {\"ask\": \"?\", \"choices\": [\"a\", \"b\"], \"answer\": 2, \"why\": \"w\"}}]}"))
                .singleElement()
                .extracting(Problem::path)
                .asString()
                .isEqualTo("$.lesson.stops[0].question.answer");
        assertThat(
                        problems(
                                "{\"title\": \"t\", \"stops\": [{\"at\": {\"event\": \"throttle\", \"nth\": 2}, \"text\": \"x\"}]}"))
                .isEmpty();
        assertThat(
                        problems(
                                "{\"title\": \"t\", \"stops\": [{\"at\": \"1ms\", \"highlight\": {\"cgroup\": \"/H\", \"lock\": \"m\"}, \"views\": [\"wait-chian\"], \"text\": \"x\"}]}"))
                .extracting(Problem::path, Problem::message)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("$.lesson.stops[0].highlight.cgroup", "no cgroup \"/H\""),
                        org.assertj.core.groups.Tuple.tuple("$.lesson.stops[0].highlight.lock", "no lock \"m\""),
                        org.assertj.core.groups.Tuple.tuple(
                                "$.lesson.stops[0].views[0]", "no view \"wait-chian\" (did you mean \"wait-chain\"?)"));
        assertThat(
                        problems(
                                "{\"title\": \"t\", \"stops\": [{\"at\": \"1ms\", \"highlight\": {\"cpu\": 0}, \"text\": \"x\"},"
                                        + " {\"at\": \"1ms\", \"highlight\": {\"cgroup\": \"/G\", \"cpu\": 7}, \"text\": \"x\"}]}"))
                .extracting(Problem::path)
                .containsExactly("$.lesson.stops[0].highlight.cpu", "$.lesson.stops[1].highlight.cpu");
        assertThat(
                        problems(
                                "{\"title\": \"t\", \"stops\": [{\"at\": {\"event\": \"parked\"}, \"model\": \"both\", \"text\": \"x\"}]}"))
                .singleElement()
                .extracting(Problem::message)
                .isEqualTo("the 1st parked event never happens under the legacy model");
    }

    @Test
    void theLibrarysKeyScenariosCarryLessonsWhoseEveryStopHappens() throws Exception {
        for (String f : List.of(
                "01-seed-story-rwsem-reader",
                "02-pileup-hung-task",
                "06-kernel-mode-overrun",
                "08-slack-timer",
                "09-burst",
                "10-nested-parent-binds",
                "11-kthread-in-limited-group")) {
            ScenarioLoader.Loaded l = ScenarioLoader.load(Path.of("scenarios/" + f + ".json"));
            assertThat(l.ok()).as(f).isTrue();
            assertThat(l.spec().lesson()).as(f).isNotNull();
            assertThat(LessonPlan.check(l.spec())).as(f).isEmpty();
            assertThat(l.spec().lesson().stops()).as(f).anyMatch(s -> s.question() != null);
        }
    }

    @Test
    void theSeedStoryLessonIsFollowedFromFirstStopToLastWithKeysOnly(FxRobot robot) {
        var tr = w.legacyRun.trace();
        assertThat(w.lessonBar.stop()).isEqualTo(-1); // the lesson waits to be started
        robot.type(KeyCode.N); // stop 1: R sleeps in D state, queued on the lock
        assertThat(w.lessonBar.stop()).isZero();
        assertThat(w.vs.run.get()).isSameAs(w.taskRun);
        assertThat(w.vs.run.get().trace().kind(w.vs.cursor.get())).isEqualTo(EventKind.BLOCK);
        assertThat(w.locks.getSelectionModel().getSelectedItem().lock()).isEqualTo("cgroup_threadgroup_rwsem");
        robot.type(KeyCode.N); // stop 2: /G throttled
        assertThat(w.vs.run.get().trace().kind(w.vs.cursor.get())).isEqualTo(EventKind.THROTTLE);
        assertThat(w.vs.selectedGroup.get())
                .isEqualTo(java.util.Arrays.asList(w.taskRun.info().groups()).indexOf("/G"));
        assertThat(w.cfsRqs.getSelectionModel().getSelectedItem())
                .satisfies(
                        r -> { // the cfs_rq that was throttled
                            assertThat(r.group()).isEqualTo("/G");
                            assertThat(r.cpu()).isZero();
                            assertThat(r.throttled()).isTrue();
                        });
        assertThat(w.vs.taskLanes.get()).isFalse();
        robot.type(KeyCode.N); // stop 3: a question
        int before = w.vs.cursor.get();
        assertThat(w.lessonBar.waitingForAnswer()).isTrue();
        assertThat(w.vs.run.get().trace().kind(before))
                .isEqualTo(EventKind.LOCK_RELEASE); // W lets go; R's grant is the next event
        assertThat(w.vs.run.get().trace().kind(before + 1)).isEqualTo(EventKind.LOCK_ACQUIRE);
        assertThat(w.vs.taskLanes.get()).isTrue(); // the stop's views are open
        assertThat(w.vs.veiled.get()).isTrue(); // what happens next is not on screen yet
        assertThat(w.log.lookup("#logVeil")).isNotNull();
        assertThat(w.log.lookup("#eventTable").isVisible()).isFalse();
        robot.type(KeyCode.N);
        robot.type(KeyCode.RIGHT);
        assertThat(w.lessonBar.stop()).isEqualTo(2); // neither the next stop nor the next event before an answer
        assertThat(w.vs.cursor.get()).isEqualTo(before);
        robot.type(KeyCode.DIGIT1); // wrong
        assertThat(w.lessonBar.verdictText())
                .startsWith(
                        "Not quite: \u201cR waits in D state until /G is refilled at 100 ms, holding the lock\u201d is not what happens");
        // struck out as drawn: the label's text node, not the button's style (only greyed, the fifth review)
        assertThat(robot.lookup("#choice0").queryAs(RadioButton.class).lookupAll(".text").stream()
                        .filter(n -> n instanceof javafx.scene.text.Text)
                        .map(n -> ((javafx.scene.text.Text) n).isStrikethrough()))
                .isNotEmpty()
                .containsOnly(true);
        assertThat(w.lessonBar.waitingForAnswer()).isTrue();
        assertThat(w.vs.cursor.get()).isEqualTo(before);
        robot.type(KeyCode.DIGIT3); // right
        assertThat(w.lessonBar.verdictText()).startsWith("Right. The pick sees /G throttled");
        // stop 5 asks a question of its own: what follows the answer stays covered until then
        assertThat(w.vs.veiled.get()).isTrue();
        assertThat(w.vs.veilReason.get()).isEqualTo(ViewState.LATER_QUESTION);
        assertThat(w.vs.run.get().trace().kind(w.vs.cursor.get())).isEqualTo(EventKind.LOCK_ACQUIRE);
        robot.type(KeyCode.N); // stop 4: parked on the limbo list
        assertThat(w.vs.run.get().trace().kind(w.vs.cursor.get())).isEqualTo(EventKind.PARKED);
        robot.type(KeyCode.N); // stop 5: the same moment under legacy, a question
        assertThat(w.vs.run.get()).isSameAs(w.legacyRun);
        assertThat(tr.kind(w.vs.cursor.get())).as("asked at R's handoff").isEqualTo(EventKind.LOCK_ACQUIRE);
        assertThat(tr.task(w.vs.cursor.get()))
                .isEqualTo(Arrays.asList(w.legacyRun.info().tasks()).indexOf("R"));
        robot.type(KeyCode.DIGIT1);
        assertThat(w.lessonBar.verdictText()).startsWith("Right.");
        assertThat(tr.kind(w.vs.cursor.get())).isEqualTo(EventKind.LOCK_ACQUIRE); // W takes the lock again
        assertThat(tr.task(w.vs.cursor.get()))
                .isEqualTo(Arrays.asList(w.legacyRun.info().tasks()).indexOf("W"));
        assertThat(w.vs.veiled.get()).as("no question left: nothing covered").isFalse();
        assertThat(w.log.lookup("#logVeil")).isNull();
        robot.type(KeyCode.N); // stop 6: the refill
        robot.type(KeyCode.N); // stop 7: both models side by side
        assertThat(w.lessonBar.stop()).isEqualTo(w.lessonBar.stops() - 1);
        assertThat(w.compare.isVisible()).isTrue();
        assertThat(w.compare.getScene()).isNotNull();
        robot.press(KeyCode.SHIFT).type(KeyCode.N).release(KeyCode.SHIFT); // and back
        assertThat(w.lessonBar.stop()).isEqualTo(w.lessonBar.stops() - 2);
        assertThat(w.compare.getScene()).isNull();
    }

    @Test
    void theWindowOpensAFileWhoseLessonNeverHappensWithoutItsLessonAndSaysWhy(
            FxRobot robot, @org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        String base = Files.readString(Path.of("scenarios/03-single-task-limited.json"));
        Path f = dir.resolve("broken-lesson.json");
        Files.writeString(
                f,
                base.substring(0, base.lastIndexOf('}')) + ", \"lesson\": {\"title\": \"t\", \"stops\": ["
                        + "{\"at\": {\"event\": \"parked\", \"task\": \"T\"}, \"model\": \"legacy\", \"text\": \"x\"}]}}");
        robot.interact(() -> assertThat(w.openNow(f)).isTrue());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(w.lessonBar.active()).isFalse();
        assertThat(w.lessonBar.isVisible()).isFalse();
        assertThat(robot.lookup("#lessonProblems")
                        .queryAs(javafx.scene.control.DialogPane.class)
                        .getContentText())
                .isEqualTo("broken-lesson.json:"
                        + problems(
                                        "{\"title\": \"t\", \"stops\": [{\"at\": {\"event\": \"parked\", \"task\": \"T\"}, \"model\": \"legacy\", \"text\": \"x\"}]}")
                                .get(0)
                                .line()
                        + ":"
                        + problems(
                                        "{\"title\": \"t\", \"stops\": [{\"at\": {\"event\": \"parked\", \"task\": \"T\"}, \"model\": \"legacy\", \"text\": \"x\"}]}")
                                .get(0)
                                .col()
                        + ": $.lesson.stops[0].at: the 1st parked event of T never happens under the legacy model");
    }

    @Test
    void aQuestionCanBeRevealedWithoutAGuess(FxRobot robot) {
        robot.interact(() -> w.lessonBar.show(2));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#answer").queryAs(Button.class).isDisabled()).isTrue(); // nothing chosen yet
        robot.interact(() -> robot.lookup("#reveal").queryAs(Button.class).fire());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(w.lessonBar.verdictText())
                .startsWith("The answer is \u201cR runs its critical section in the kernel, then is parked\u201d");
        assertThat(w.vs.run.get().trace().kind(w.vs.cursor.get())).isEqualTo(EventKind.LOCK_ACQUIRE);
        // answered: the choices and buttons give their rows to the timeline; the question and the verdict stay
        assertThat(robot.lookup("#choice0").tryQuery()).isEmpty();
        assertThat(robot.lookup("#answer").tryQuery()).isEmpty();
    }

    @Test
    void kernelNamesInChoicesKeepTheirUnderscores(FxRobot robot) {
        robot.interact(() -> assertThat(w.openNow(Path.of("scenarios/02-pileup-hung-task.json")))
                .isTrue());
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> w.lessonBar.show(3));
        WaitForAsyncUtils.waitForFxEvents();
        RadioButton b = robot.lookup("#choice0").queryAs(RadioButton.class);
        // what is drawn: the skin's text node, not only the property
        String drawn = b.lookupAll(".text").stream()
                .filter(n -> n instanceof javafx.scene.text.Text)
                .map(n -> ((javafx.scene.text.Text) n).getText())
                .reduce("", String::concat);
        assertThat(drawn).contains("cfs_rq");
    }

    /** F11 then C at a stop of both models: the lesson bar said "both models" over one model's timeline (the review). */
    @Test
    void aCompareStopLeftByCSaysWhichModelIsShown(FxRobot robot) {
        robot.interact(() -> w.lessonBar().show(6)); // 01 stop 7: both models
        assertThat(w.lessonBar().where()).endsWith("both models");
        robot.interact(() -> w.setCompare(false));
        assertThat(w.lessonBar().where())
                .contains(" model \u00b7 C compares both")
                .doesNotEndWith("both models");
        robot.interact(() -> w.setCompare(true));
        assertThat(w.lessonBar().where()).endsWith("both models");
    }
}
