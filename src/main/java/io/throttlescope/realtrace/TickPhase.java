package io.throttlescope.realtrace;

import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.trace.Trace;
import io.throttlescope.view.Run;
import java.util.Arrays;

/**
 * Where the recorded kernel's scheduler ticks fell (docs/real-kernels.md, "Where the ticks fell").
 * Under tick accounting a running task's group is charged at its CPU's ticks, and a task that has
 * used up its group's quota is throttled at the tick that finds it out (or at a scheduling event): so
 * the throttles of a recording fall on the tick's grid, a few microseconds after a tick, and where that
 * grid lies against the recording's start decides whether a refill comes before the tick that would
 * throttle. The simulation beside a recording puts its ticks where most of the recording's throttles
 * say they were; with too few throttles, or no grid most of them agree on, its ticks stay at whole
 * ticks from its start.
 */
final class TickPhase {
    private TickPhase() {}

    /** Throttles within this of each other on the tick's grid are one tick's (a park follows its tick by microseconds). */
    static final long NEAR_NS = 25_000;

    /** At least this many throttles at distinct instants must agree, and more than half of them. */
    static final int MIN_AGREEING = 3;

    /**
     * The phase of the ticks (ns after the run's start, 0 to one tick) that most of the run's throttles
     * (at distinct instants) fall just after, the earliest of them; -1 if fewer than three, or not
     * more than half of them, agree on one.
     */
    static long fit(Trace tr, long tickNs) {
        long[] at = new long[16];
        int n = 0;
        long last = Long.MIN_VALUE;
        for (int i = 0; i < tr.size(); i++) {
            if (tr.kind(i) != EventKind.THROTTLE || tr.time(i) == last) continue;
            last = tr.time(i);
            if (n == at.length) at = Arrays.copyOf(at, n * 2);
            at[n++] = Math.floorMod(last, tickNs);
        }
        if (n < MIN_AGREEING) return -1;
        // each throttle as the earliest of a tick's: those up to NEAR_NS after it on the grid, counted by a window
        // sliding over the phases in order, once round (a gigabyte's recording has tens of thousands of throttles:
        // a count against every other one was a square of them)
        Arrays.sort(at, 0, n);
        int best = 0;
        long phase = -1;
        for (int i = 0, j = 0; i < n; i++) { // j: the first (in the doubled order) not within NEAR_NS of at[i]
            if (j < i + 1) j = i + 1;
            while (j < i + n && (j < n ? at[j] : at[j - n] + tickNs) - at[i] <= NEAR_NS) j++;
            int agree = j - i;
            if (agree > best) { // in ascending order: the earliest phase of the most agreeing
                best = agree;
                phase = at[i];
            }
        }
        return best >= MIN_AGREEING && 2 * best > n ? phase : -1;
    }

    /** The scenario with its ticks where the recording's throttles put them, under tick accounting. */
    static SimSpec apply(SimSpec s, Run real) {
        if (s.kernel().exactAccounting() || real == null) return s;
        long phase = fit(real.trace(), 1_000_000_000L / s.kernel().hz());
        return phase < 0 ? s : s.withKernel(s.kernel().withTickPhase(phase));
    }
}
