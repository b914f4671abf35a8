package io.throttlescope.view;

import io.throttlescope.trace.Trace;
import io.throttlescope.trace.TraceIndex;
import java.util.Arrays;

/**
 * The marks on the time ruler in a range (slack timer, hung-task report, note, fault), up to a
 * horizon: while a lesson's question waits nothing after the cursor is marked. The window draws
 * them and {@code describe} lists them.
 */
public final class RulerMarks {
    private RulerMarks() {}

    /** The events of the ruler's marks in [t0, t1] at or before horizon, in time order. */
    public static int[] of(Run run, double t0, double t1, long horizon) {
        TraceIndex idx = run.index();
        Trace tr = run.trace();
        int[] out = new int[16];
        int n = 0;
        for (int m = idx.firstRulerMarkAtOrAfter((long) Math.max(0, t0)); m < idx.rulerMarkCount(); m++) {
            int e = idx.rulerMark(m);
            long t = tr.time(e);
            if (t > t1 || t > horizon) break;
            if (n == out.length) out = Arrays.copyOf(out, n * 2);
            out[n++] = e;
        }
        return Arrays.copyOf(out, n);
    }
}
