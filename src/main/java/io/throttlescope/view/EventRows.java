package io.throttlescope.view;

import io.throttlescope.sim.EventKind;
import io.throttlescope.trace.Trace;
import io.throttlescope.trace.TraceIndex;
import java.util.Arrays;

/**
 * The event log's rows: the events a filter keeps, in order. Without a filter the rows are the run's
 * steps (every event but the bookkeeping), read from the index's step numbering, with no array kept:
 * a run of ten million events had kept 40 MB for it per model, and built 80 MB more at every model
 * switch (docs/performance.md). A filter keeps the events it passes in an array.
 */
public final class EventRows {
    private final TraceIndex index; // every step of it, where rows is null
    private final int[] rows;

    private EventRows(TraceIndex index, int[] rows) {
        this.index = index;
        this.rows = rows;
    }

    /** Every step of the run. */
    public static EventRows steps(TraceIndex index) {
        return new EventRows(index, null);
    }

    /**
     * The events of the trace that pass: of one kind (-1 any), task, CPU and cgroup (-1 any), and the
     * bookkeeping {@code state} events only if {@code showState}.
     */
    public static EventRows filtered(Trace t, int kind, int task, int cpu, int group, boolean showState) {
        int[] out = new int[1024];
        int n = 0;
        for (int i = 0; i < t.size(); i++) {
            EventKind ek = t.kind(i);
            if (!showState && ek == EventKind.STATE) continue;
            if (kind >= 0 && ek.ordinal() != kind) continue;
            if (task >= 0 && t.task(i) != task) continue;
            if (cpu >= 0 && t.cpu(i) != cpu) continue;
            if (group >= 0 && t.group(i) != group) continue;
            if (n == out.length) out = Arrays.copyOf(out, n + (n >> 1));
            out[n++] = i;
        }
        return new EventRows(null, Arrays.copyOf(out, n));
    }

    public int size() {
        return rows != null ? rows.length : index.steps();
    }

    /** The events of rows from .. from + n - 1 (n of them, all within the rows). */
    public int[] events(int from, int n) {
        if (rows != null) return Arrays.copyOfRange(rows, from, from + n);
        int[] out = new int[n];
        if (n == 0) return out;
        Trace t = index.trace();
        int e = index.eventOfStep(from + 1);
        for (int k = 0; k < n; e++) if (TraceIndex.visible(t.kind(e))) out[k++] = e;
        return out;
    }

    /**
     * The row of event e as {@link Arrays#binarySearch(int[], int)} gives it: its row if it is one, else
     * {@code -(the rows before it) - 1}.
     */
    public int search(int e) {
        if (rows != null) return Arrays.binarySearch(rows, e);
        if (e < 0) return -1;
        if (e >= index.trace().size()) return -size() - 1; // past the end: after every row
        int before = index.stepOf(e); // the steps up to and including e
        return TraceIndex.visible(index.trace().kind(e)) ? before - 1 : -before - 1;
    }
}
