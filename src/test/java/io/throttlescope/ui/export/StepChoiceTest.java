package io.throttlescope.ui.export;

import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.Simulator;
import io.throttlescope.view.Run;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Which steps an export keeps when there are more than --max (issue 26: the park was dropped for a note and lock steps). */
class StepChoiceTest {
    @Test
    void theParkAndTheTaskWorkAreKeptFirst() {
        Run r = Run.simulate(
                ScenarioLoader.load(Path.of("scenarios/01-seed-story-rwsem-reader.json"))
                        .spec(),
                Simulator.Model.TASK);
        List<Integer> steps = StepExport.between(r, 15_000_000L, 15_100_000L, 4);
        assertThat(steps).hasSize(4);
        List<EventKind> kinds = steps.stream().map(i -> r.trace().kind(i)).toList();
        assertThat(kinds).contains(EventKind.PARKED, EventKind.TASK_WORK_ADDED);
        assertThat(steps).isSorted();
    }
}
