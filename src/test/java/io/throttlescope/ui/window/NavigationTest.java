package io.throttlescope.ui.window;

import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.TaskState;
import io.throttlescope.ui.state.ViewState;
import io.throttlescope.view.Run;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Moving the cursor through the view state only (no window): steps, jumps, and what the status line says. */
class NavigationTest {
    final ViewState vs = new ViewState();
    final List<String> said = new ArrayList<>();
    boolean question;
    final Navigation nav = new Navigation(vs, () -> question, said::add);

    Run run(Simulator.Model m) {
        Run r = Run.simulate(
                ScenarioLoader.load(Path.of("scenarios/01-seed-story-rwsem-reader.json"))
                        .spec(),
                m);
        vs.run.set(r);
        vs.cursor.set(-1);
        return r;
    }

    @Test
    void stepsGoToTheNextEventOfAKindAndSayWhenThereIsNone() {
        Run r = run(Simulator.Model.TASK);
        nav.step(1, nav.kind(EventKind.THROTTLE));
        int first = vs.cursor.get();
        assertThat(r.trace().kind(first)).isEqualTo(EventKind.THROTTLE);
        for (int i = 0; i < first; i++) assertThat(r.trace().kind(i)).isNotEqualTo(EventKind.THROTTLE);
        nav.goToLast();
        assertThat(vs.cursor.get()).isEqualTo(r.trace().size() - 1);
        nav.step(1, nav.kind(EventKind.THROTTLE));
        assertThat(vs.cursor.get()).isEqualTo(r.trace().size() - 1);
        assertThat(said).containsExactly("No further event of that kind.");
        nav.goToFirst();
        assertThat(r.trace().kind(vs.cursor.get())).isNotEqualTo(EventKind.STATE);
        nav.step(-1, i -> true); // before the first event
        assertThat(vs.cursor.get()).isEqualTo(-1);
    }

    @Test
    void anOpenQuestionHoldsStepsForwardButNotBack() {
        run(Simulator.Model.TASK);
        nav.goToTime(20_000_000L);
        int at = vs.cursor.get();
        question = true;
        nav.step(1, i -> true);
        assertThat(vs.cursor.get()).isEqualTo(at);
        assertThat(said).containsExactly("Answer the lesson's question first: pick a choice and press Answer.");
        nav.step(-1, i -> true);
        assertThat(vs.cursor.get()).isLessThan(at);
    }

    @Test
    void nextParkIsAParkUnderTaskBasedAndATaskHeldOffUnderLegacy() {
        Run t = run(Simulator.Model.TASK);
        nav.nextPark();
        assertThat(t.trace().kind(vs.cursor.get())).isEqualTo(EventKind.PARKED);
        Run l = run(Simulator.Model.LEGACY);
        nav.nextPark();
        int i = vs.cursor.get();
        assertThat(l.trace().kind(i)).isEqualTo(EventKind.STATE);
        assertThat(l.trace().argA(i)).isEqualTo(TaskState.THROTTLED.ordinal());
    }

    @Test
    void aTypedTimeMovesTheCursorOrSaysWhyNot() {
        Run r = run(Simulator.Model.TASK);
        nav.jumpTo(" 15ms ");
        assertThat(r.trace().time(vs.cursor.get())).isGreaterThanOrEqualTo(15_000_000L);
        assertThat(r.trace().time(vs.cursor.get() - 1)).isLessThan(15_000_000L);
        int at = vs.cursor.get();
        nav.jumpTo("soon");
        assertThat(vs.cursor.get()).isEqualTo(at);
        assertThat(said).containsExactly("\"soon\" is not a time: write a number and a unit, e.g. 15ms");
    }

    @Test
    void arrowsStepToTheNextEventLikeTheCursorsOfItsKindTaskOrCpu() {
        Run r = run(Simulator.Model.TASK);
        nav.goToTime(10_000_000L);
        int at = vs.cursor.get();
        EventKind kind = r.trace().kind(at);
        nav.stepLike(1, Navigation.Like.KIND);
        int next = vs.cursor.get();
        assertThat(r.trace().kind(next)).isEqualTo(kind);
        for (int i = at + 1; i < next; i++) assertThat(r.trace().kind(i)).isNotEqualTo(kind);
        int task = r.trace().task(next);
        vs.selectedTask.set(task);
        nav.stepLike(1, Navigation.Like.TASK);
        assertThat(r.trace().task(vs.cursor.get())).isEqualTo(task);
        vs.selectedCpu.set(1);
        nav.stepLike(-1, Navigation.Like.CPU);
        assertThat(r.trace().cpu(vs.cursor.get())).isEqualTo(1);
        int before = vs.cursor.get();
        nav.stepLike(1, Navigation.Like.ANY);
        assertThat(vs.cursor.get()).isGreaterThan(before);
        for (int i = before + 1; i < vs.cursor.get(); i++)
            assertThat(r.trace().kind(i)).isEqualTo(EventKind.STATE);
    }
}
