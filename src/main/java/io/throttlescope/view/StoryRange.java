package io.throttlescope.view;

import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.trace.Trace;

/**
 * Where the story of a run is, the range a window opens on: the span of the scenario's notes,
 * or around the first throttle, padded so the moments are not at the edge; the whole run if
 * neither exists.
 */
public final class StoryRange {
    private StoryRange() {}

    /** {start, end} in ns. */
    public static double[] of(Run run) {
        long end = Math.max(1, run.info().endNs());
        SimSpec spec = run.spec();
        long lo = Long.MAX_VALUE, hi = Long.MIN_VALUE;
        if (spec != null)
            for (SimSpec.Note n : spec.notes()) {
                lo = Math.min(lo, n.atNs());
                hi = Math.max(hi, n.atNs());
            }
        if (lo == Long.MAX_VALUE) {
            Trace tr = run.trace();
            for (int i = 0; i < tr.size(); i++) {
                if (tr.kind(i) == EventKind.THROTTLE) {
                    long p = run.index().periodAt(tr.group(i), tr.time(i));
                    lo = tr.time(i);
                    hi = lo + Math.max(p, 1);
                    break;
                }
            }
        }
        if (lo == Long.MAX_VALUE) return new double[] {0, end};
        long span = Math.max(hi - lo, end / 20);
        double s = Math.max(0, lo - span * 0.15), e = Math.min(end, hi + span * 0.15);
        if (e - s < end / 20.0) e = Math.min(end, s + end / 20.0);
        return new double[] {s, e};
    }

    /** A range around one moment: a tenth of the run, at least 2 ms, with the moment at a quarter. */
    public static double[] around(Run run, long t) {
        long end = Math.max(1, run.info().endNs());
        double w = Math.max(2_000_000, end / 10.0);
        double s = Math.max(0, t - w / 4);
        return new double[] {s, s + w};
    }

    /**
     * The range after the cursor moves to t: unchanged while t is well inside; recentred when t is
     * outside; moved by a quarter when t is within 5% of an edge, but not to before the run's start.
     * The window and describe both use it.
     */
    public static double[] follow(double a, double b, long t) {
        double m = (b - a) * 0.05;
        if (t < a || t > b) return new double[] {t - (b - a) / 2, t + (b - a) / 2};
        if (t > b - m) {
            double d = t - (b - m) + (b - a) * 0.25;
            return new double[] {a + d, b + d};
        }
        if (t < a + m) { // never past the start of the run for a moment after it
            double d = Math.max(t - (a + m) - (b - a) * 0.25, Math.min(0, -a));
            return new double[] {a + d, b + d};
        }
        return new double[] {a, b};
    }
}
