package io.throttlescope.view;

import io.throttlescope.trace.Trace;
import io.throttlescope.trace.TraceIndex;

/** The event a cursor given as a time or a step number stands at, checked against the run. */
public final class Cursors {
    private Cursors() {}

    /**
     * The event of step N, or the last visible event at or before a time; -1 if neither is given.
     * IllegalArgumentException (its message naming --step or --at) if it is outside the run.
     */
    public static int of(Run run, Long atNs, Integer step) {
        if (step != null) {
            if (step < 0) throw new IllegalArgumentException("--step must be 0 or more (got " + step + ")");
            if (step > run.index().steps())
                throw new IllegalArgumentException("--step " + step + " is past the last step of this run ("
                        + run.index().steps() + ")");
            return run.index().eventOfStep(step);
        }
        if (atNs != null) {
            if (atNs > run.info().endNs())
                throw new IllegalArgumentException("--at " + Durations.exact(atNs) + " is past the end of the run ("
                        + Durations.exact(run.info().endNs()) + ")");
            return run.index().lastVisibleAtOrBefore(atNs);
        }
        return -1;
    }

    /**
     * The event of run now that stands where event i of run old stood: at the same time, the same kind,
     * task and CPU, the same occurrence of those in its instant (else the same place among the instant's
     * visible events, else the last visible event at or before that time). What if? re-simulates and
     * keeps the cursor there: the last event of the instant moved it a few steps on.
     */
    public static int sameStep(Run old, int i, Run now) {
        if (i < 0) return -1;
        Trace a = old.trace(), b = now.trace();
        long t = a.time(i);
        int nth = 0, place = 0;
        for (int j = a.firstAtOrAfter(t); j < i; j++) {
            if (!TraceIndex.visible(a.kind(j))) continue;
            place++;
            if (same(a, j, a, i)) nth++;
        }
        int seen = 0, at = 0, byPlace = -1;
        for (int j = b.firstAtOrAfter(t); j < b.size() && b.time(j) == t; j++) {
            if (!TraceIndex.visible(b.kind(j))) continue;
            if (at++ <= place) byPlace = j;
            if (same(b, j, a, i) && seen++ == nth) return j;
        }
        return byPlace >= 0 ? byPlace : now.index().lastVisibleAtOrBefore(t);
    }

    private static boolean same(Trace x, int j, Trace y, int i) {
        return x.kind(j) == y.kind(i) && x.task(j) == y.task(i) && x.cpu(j) == y.cpu(i);
    }
}
