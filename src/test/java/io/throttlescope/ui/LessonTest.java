package io.throttlescope.ui;

import io.throttlescope.scenario.Problem;
import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.EventKind;
import io.throttlescope.view.LessonPlan;
import javafx.scene.control.Button;
import javafx.scene.control.RadioButton;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Guided lessons: checked like everything else, and taught stop by stop with questions. */
@ExtendWith(ApplicationExtension.class)
class LessonTest {
    MainWindow w;

    @Start
    void start(Stage stage) {
        w = new MainWindow(stage);
        w.rememberRecent(false);
        stage.setWidth(1280);
        stage.setHeight(900);
        stage.show();
        w.openNow(null);               // the seed story carries a lesson
    }

    static List<Problem> problems(String lesson) throws Exception {
        String base = Files.readString(Path.of("scenarios/03-single-task-limited.json"));
        String json = base.substring(0, base.lastIndexOf('}')) + ", \"lesson\": " + lesson + "}";
        ScenarioLoader.Loaded l = ScenarioLoader.loadString(json);
        return l.ok() ? LessonPlan.check(l.spec()) : l.problems();
    }

    @Test
    void aStopNamingAMissingTaskOrAnEventThatNeverHappensIsAPositionedProblem() throws Exception {
        assertThat(problems("{\"title\": \"t\", \"stops\": [{\"at\": {\"event\": \"parked\", \"task\": \"X\"}, \"text\": \"x\"}]}"))
                .singleElement().satisfies(p -> {
                    assertThat(p.message()).contains("no task \"X\"");
                    assertThat(p.path()).isEqualTo("$.lesson.stops[0].at.task");
                    assertThat(p.line()).isPositive();
                });
        assertThat(problems("{\"title\": \"t\", \"stops\": [{\"at\": {\"event\": \"parkd\"}, \"text\": \"x\"}]}"))
                .singleElement().extracting(Problem::message).asString().contains("did you mean \"parked\"");
        assertThat(problems("{\"title\": \"t\", \"stops\": [{\"at\": {\"event\": \"parked\", \"task\": \"T\"}, \"model\": \"legacy\", \"text\": \"x\"}]}"))
                .singleElement().satisfies(p -> {
                    assertThat(p.message()).isEqualTo("the 1st parked event of T never happens under the legacy model");
                    assertThat(p.path()).isEqualTo("$.lesson.stops[0].at");
                });
        assertThat(problems("{\"title\": \"t\", \"stops\": [{\"at\": \"20ms\", \"text\": \"x\", \"question\": {\"ask\": \"?\", \"choices\": [\"a\", \"b\"], \"answer\": 2, \"why\": \"w\"}}]}"))
                .singleElement().extracting(Problem::path).asString().isEqualTo("$.lesson.stops[0].question.answer");
        assertThat(problems("{\"title\": \"t\", \"stops\": [{\"at\": {\"event\": \"throttle\", \"nth\": 2}, \"text\": \"x\"}]}")).isEmpty();
    }

    @Test
    void aQuestionStopsTheCursorBeforeTheAnswerUntilAChoiceIsMade(FxRobot robot) {
        robot.interact(() -> w.lessonBar.show(2));          // "What happens to R now?" under the task-based model
        WaitForAsyncUtils.waitForFxEvents();
        var tr = w.vs.run.get().trace();
        int before = w.vs.cursor.get();
        assertThat(tr.time(before)).isLessThan(15_000_000L);   // just before W hands R the lock at 15 ms
        assertThat(w.lessonBar.waitingForAnswer()).isTrue();
        robot.interact(() -> w.step(1, i -> true));
        assertThat(w.vs.cursor.get()).isEqualTo(before);        // stepping on waits for the answer
        assertThat(robot.lookup("#answer").queryAs(Button.class).isDisabled()).isTrue();
        robot.interact(() -> robot.lookup("#choice0").queryAs(RadioButton.class).setSelected(true));
        robot.interact(() -> robot.lookup("#answer").queryAs(Button.class).fire());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(w.lessonBar.verdictText()).startsWith("Not quite: the answer is \u201cR runs its critical section in the kernel, then is parked\u201d");
        assertThat(tr.kind(w.vs.cursor.get())).isEqualTo(EventKind.LOCK_ACQUIRE);
        assertThat(w.lessonBar.waitingForAnswer()).isFalse();
        robot.interact(() -> w.lessonBar.show(3));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(tr.kind(w.vs.cursor.get())).isEqualTo(EventKind.PARKED);
        assertThat(w.lessonBar.text()).contains("limbo list");
    }
}
