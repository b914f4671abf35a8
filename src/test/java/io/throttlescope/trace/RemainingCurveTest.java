package io.throttlescope.trace;

import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.Simulator;
import io.throttlescope.view.Run;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The budget lane's curve on its detailed path walks the CPU's slices once along the curve and
 * remembers the stay it is in (a sample in a stay of many syscalls no longer walks back to its
 * start): at every sample it must still be runtime_remaining as asked for one instant at a time.
 */
class RemainingCurveTest {
    @Test
    void theDetailedCurveIsTheValueAtEachInstant() {
        int checked = 0;
        for (String f :
                new String[] {"02-pileup-hung-task.json", "15-container-throttling.json", "06-kernel-mode-overrun.json"
                }) {
            var l = ScenarioLoader.load(Path.of("scenarios", f));
            assertThat(l.ok()).as(f).isTrue();
            for (Simulator.Model m : Simulator.Model.values()) {
                Run r = Run.simulate(l.spec(), m);
                TraceIndex idx = r.index();
                RunInfo info = r.info();
                long end = info.endNs();
                for (double span : new double[] {end / 20.0, 3_000_000, 200_000}) {
                    double dt = span / 400;
                    if (dt >= Budgets.COARSE_NS) continue; // the coarse path takes the dips instead
                    for (int g = 1; g < info.groups().length; g++) {
                        if (info.quotaNs()[g] < 0) continue;
                        for (int c = 0; c < info.cpus(); c++) {
                            for (double t0 : new double[] {0, end / 3.0, end / 2.0 + 12345}) {
                                double[] out = new double[400];
                                idx.remainingCurve(g, c, t0, dt, out);
                                for (int k = 0; k < out.length; k++) {
                                    long t = (long) (t0 + k * dt);
                                    assertThat((long) out[k])
                                            .as("%s %s g%d cpu%d t=%d", f, m, g, c, t)
                                            .isEqualTo(idx.remainingAt(g, c, t));
                                    checked++;
                                }
                            }
                        }
                    }
                }
            }
        }
        assertThat(checked).isGreaterThan(10_000);
    }
}
