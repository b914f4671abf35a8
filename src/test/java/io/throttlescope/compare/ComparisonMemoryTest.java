package io.throttlescope.compare;

import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.RunResult;
import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.spec.SimSpec;
import java.lang.ref.WeakReference;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code compare --runs 60} of a scenario with half a million syscalls ran out of memory: every run's
 * whole result (each syscall of each task) was kept to the end to compute a mean (issue 27). A
 * comparison keeps each run's figures; the results it made can be collected once handed on.
 */
class ComparisonMemoryTest {
    @Test
    void aComparisonKeepsEachRunsFiguresNotItsResult() throws Exception {
        SimSpec spec = ScenarioLoader.load(Path.of("scenarios", "02-pileup-hung-task.json"))
                .spec();
        List<WeakReference<RunResult>> made = new ArrayList<>();
        List<Simulator.Model> order = new ArrayList<>();
        Comparison c = Comparison.run(spec, 3, (m, r) -> {
            made.add(new WeakReference<>(r));
            order.add(m);
        });
        // every legacy run first (compare --json writes the "legacy" array, then "task")
        assertThat(order)
                .containsExactly(
                        Simulator.Model.LEGACY,
                        Simulator.Model.LEGACY,
                        Simulator.Model.LEGACY,
                        Simulator.Model.TASK,
                        Simulator.Model.TASK,
                        Simulator.Model.TASK);
        for (int i = 0; i < 50 && made.stream().anyMatch(w -> w.get() != null); i++) {
            System.gc();
            Thread.sleep(20);
        }
        assertThat(made).as("results still reachable from the comparison").allMatch(w -> w.get() == null);
        // and the figures are the same as a comparison of the kept results would give
        assertThat(c.table).isNotEmpty();
        assertThat(c.table.stream().filter(r -> r.metric().contains("hung")).findFirst())
                .isPresent();
    }
}
