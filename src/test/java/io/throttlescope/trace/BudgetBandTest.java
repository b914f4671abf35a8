package io.throttlescope.trace;

import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.Simulator;
import io.throttlescope.view.BudgetScale;
import io.throttlescope.view.Run;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The band a budget lane draws for a group on more CPUs than it has lines for: read from the whole
 * run's bins at a coarse zoom, it must be, at every sample, the lowest and highest runtime_remaining
 * that any of the group's CPUs had in the sample's bins, as found by asking the value one instant at
 * a time at every instant where it can turn (slice edges, ticks, recorded values, the bins' ends).
 */
class BudgetBandTest {
    /** 12 CPUs, a group of 11 unpinned tasks and a nested group inside it of 3, with the accounting given. */
    static String scenario(String accounting) {
        StringBuilder sb = new StringBuilder("""
                {"format": 1, "name": "band", "duration": "400ms",
                 "kernel": {"cpus": 12, "hz": 1000, "accounting": "%s"},
                 "cgroups": {"/G": {"cpu.max": "30000 20000", "period_phase": "3ms"},
                             "/G/in": {"cpu.max": "8000 10000"}},
                 "tasks": [
                """.formatted(accounting));
        for (int i = 0; i < 14; i++) {
            if (i > 0) sb.append(",\n");
            sb.append("{\"name\": \"t")
                    .append(i)
                    .append("\", \"cgroup\": \"")
                    .append(i < 11 ? "/G" : "/G/in")
                    .append("\", \"start\": \"")
                    .append(i * 137)
                    .append("us\", \"program\": [{\"loop\": [{\"user\": \"")
                    .append(1 + i % 3)
                    .append("ms\"}, {\"sleep\": \"")
                    .append(300 + 70 * i)
                    .append("us\"}]}]}");
        }
        return sb.append("]}").toString();
    }

    @Test
    void eachSampleIsTheLowestAndHighestValueOfAnyCpuInItsBins() {
        int checked = 0, banded = 0;
        for (String accounting : new String[] {"tick", "exact"})
            for (Simulator.Model m : Simulator.Model.values()) {
                var l = ScenarioLoader.loadString(scenario(accounting));
                assertThat(l.ok()).as(l.problems().toString()).isTrue();
                Run r = Run.simulate(l.spec(), m);
                TraceIndex idx = r.index();
                RunInfo info = r.info();
                long end = info.endNs(), width = BudgetBand.width(end);
                for (int g = 1; g < info.groups().length; g++) {
                    List<Integer> active = BudgetScale.activeCpus(idx, g);
                    assertThat(active).as("%s %s", m, info.groups()[g]).hasSizeGreaterThan(BudgetScale.MAX_LINES);
                    for (double[] view : new double[][] {
                        {0, end, 546}, {end / 3.0, end / 3.0 + end / 5.0, 546}, {-end / 50.0, end / 20.0, 300}
                    }) {
                        int n = (int) view[2];
                        double dt = (view[1] - view[0]) / (n - 1);
                        double[] lo = new double[n], hi = new double[n];
                        assertThat(idx.remainingBand(g, view[0], dt, lo, hi)).isTrue();
                        banded++;
                        for (int j = 0; j < n; j++) {
                            long t = (long) (view[0] + j * dt);
                            long kEnd = Math.min(end / width, Math.floorDiv(t, width));
                            long kStart = Math.max(
                                    0, j == 0 ? kEnd : Math.floorDiv((long) (view[0] + (j - 1) * dt), width) + 1);
                            if (t < 0) {
                                assertThat(lo[j]).isNaN();
                                continue;
                            }
                            long[] ref = reference(idx, info, g, active, kStart * width - 1, (kEnd + 1) * width - 1);
                            assertThat(new long[] {(long) lo[j], (long) hi[j]})
                                    .as(
                                            "%s %s %s sample %d at %d, bins %d..%d",
                                            accounting, m, info.groups()[g], j, t, kStart, kEnd)
                                    .containsExactly(ref);
                            for (int c : active) // every CPU's own value at the sample lies in its band
                            assertThat((double) idx.remainingAt(g, c, t)).isBetween(lo[j], hi[j]);
                            checked++;
                        }
                    }
                    // closer than two bins a sample, each CPU's curve is computed instead
                    assertThat(idx.remainingBand(g, 0, 1.9 * width, new double[4], new double[4]))
                            .isFalse();
                }
            }
        assertThat(banded).isEqualTo(2 * 2 * 2 * 3);
        assertThat(checked).isGreaterThan(8000);
    }

    /** The lowest and highest value of any of the CPUs from instant a to b, both included, one instant at a time. */
    private static long[] reference(TraceIndex idx, RunInfo info, int g, List<Integer> cpus, long a, long b) {
        long lo = Long.MAX_VALUE, hi = Long.MIN_VALUE;
        long tick = info.chargeTickNs();
        for (int c : cpus) {
            List<Long> at = new ArrayList<>(List.of(a, b));
            Slices sl = idx.cpuSlices(c);
            for (int i = Math.max(0, sl.firstEndingAfter(a) - 1); i < sl.size() && sl.start(i) <= b; i++) {
                for (long x : new long[] {sl.start(i), sl.end(i)}) {
                    at.add(x);
                    at.add(x - 1);
                }
            }
            for (long x = Math.floorDiv(a, Math.max(1, tick)) * tick; tick > 0 && x <= b; x += tick) {
                at.add(x);
                at.add(x - 1);
            }
            Series s = idx.remainingPoints(g, c);
            for (int q = Math.max(0, s.lastAtOrBefore(a)); q < s.size() && s.time(q) <= b; q++) {
                if (s.time(q) <= a) continue;
                lo = Math.min(lo, s.value(q)); // every value recorded, those of one instant's earlier events too
                hi = Math.max(hi, s.value(q));
                at.add(s.time(q) - 1);
            }
            for (long x : at) {
                if (x < a || x > b) continue;
                long v = idx.remainingAt(g, c, x);
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        return new long[] {lo, hi};
    }
}
