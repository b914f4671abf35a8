package io.throttlescope.view;

import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.Simulator;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A lesson's veiled budget lane (knowing nothing after the cursor) drew an axis that left out the
 * debt the runqueue table showed at the cursor (issue 26 review: 02 stop 3, table -3ms, axis 0..1.5ms):
 * the value at the horizon fell between two samples. The axis holds the value at the horizon itself.
 */
class BudgetHorizonTest {
    @Test
    void theAxisHoldsTheValueAtTheHorizon() {
        Run run = Run.simulate(
                ScenarioLoader.load(Path.of("scenarios/02-pileup-hung-task.json"))
                        .spec(),
                Simulator.Model.LEGACY);
        int g = java.util.Arrays.asList(run.info().groups()).indexOf("/G");
        long worst = 0, at = -1;
        for (long t = 5_900_000_000L;
                t < 6_100_000_000L;
                t += 100_000L) { // the deepest debt on CPU0 around the refill at 6 s
            long v = run.index().remainingAt(g, 0, t);
            if (v < worst) {
                worst = v;
                at = t;
            }
        }
        assertThat(worst).isNegative();
        // few samples, none of them at the horizon: the horizon's debt must still be inside the axis
        BudgetScale sc = BudgetScale.of(run, g, 5_000_000_000.0, 7_000_000_000.0, 3, 0, at);
        assertThat(sc.min).isLessThanOrEqualTo(worst);
    }
}
