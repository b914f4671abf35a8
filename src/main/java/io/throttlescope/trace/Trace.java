package io.throttlescope.trace;

import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.EventSink;

import java.util.Arrays;

/**
 * A recorded run: one row per event in primitive columns (no object per event), stored in chunks
 * of 2^19 events so recording never copies what it already has (only the first chunk grows, so
 * small runs stay small). Every column of a full chunk is at least 2 MiB, which G1 allocates
 * outside the young generation: a growing trace is not copied at each young collection. Row i is
 * the event with {@code seq == i}; time never decreases, so any instant is found by binary search.
 */
public final class Trace implements EventSink {
    private static final int SHIFT = 19;
    private static final int CHUNK = 1 << SHIFT;
    private static final int MASK = CHUNK - 1;
    /** Bytes one event takes in the columns. */
    public static final int BYTES_PER_EVENT = 3 * 8 + 4 * 4;

    private long[][] time = new long[8][];
    private long[][] a = new long[8][];
    private long[][] b = new long[8][];
    private int[][] meta = new int[8][];    // kind | (cpu + 1) << 8
    private int[][] task = new int[8][];
    private int[][] group = new int[8][];
    private int[][] text = new int[8][];
    private int size;

    @Override
    public void event(long t, EventKind k, int c, int ta, int g, int x, long va, long vb) {
        int ch = size >>> SHIFT, i = size & MASK;
        if (ch == 0) {
            if (time[0] == null || i == time[0].length) growFirst();
        } else if (i == 0) {
            addChunk(ch, CHUNK);
        }
        time[ch][i] = t;
        a[ch][i] = va;
        b[ch][i] = vb;
        meta[ch][i] = k.ordinal() | (c + 1) << 8;
        task[ch][i] = ta;
        group[ch][i] = g;
        text[ch][i] = x;
        size++;
    }

    private void growFirst() {
        if (time[0] == null) {
            addChunk(0, 1024);
            return;
        }
        int n = Math.min(CHUNK, time[0].length * 4);
        time[0] = Arrays.copyOf(time[0], n); a[0] = Arrays.copyOf(a[0], n); b[0] = Arrays.copyOf(b[0], n);
        meta[0] = Arrays.copyOf(meta[0], n); task[0] = Arrays.copyOf(task[0], n);
        group[0] = Arrays.copyOf(group[0], n); text[0] = Arrays.copyOf(text[0], n);
    }

    private void addChunk(int ch, int len) {
        if (ch == time.length) {
            int n = time.length * 2;
            time = Arrays.copyOf(time, n); a = Arrays.copyOf(a, n); b = Arrays.copyOf(b, n);
            meta = Arrays.copyOf(meta, n); task = Arrays.copyOf(task, n); group = Arrays.copyOf(group, n);
            text = Arrays.copyOf(text, n);
        }
        time[ch] = new long[len]; a[ch] = new long[len]; b[ch] = new long[len];
        meta[ch] = new int[len]; task[ch] = new int[len]; group[ch] = new int[len]; text[ch] = new int[len];
    }

    public int size() { return size; }
    public long time(int i) { return time[i >>> SHIFT][i & MASK]; }
    public EventKind kind(int i) { return EventKind.of(meta[i >>> SHIFT][i & MASK] & 0xff); }
    public int cpu(int i) { return (meta[i >>> SHIFT][i & MASK] >>> 8) - 1; }
    public int task(int i) { return task[i >>> SHIFT][i & MASK]; }
    public int group(int i) { return group[i >>> SHIFT][i & MASK]; }
    public int text(int i) { return text[i >>> SHIFT][i & MASK]; }
    public long argA(int i) { return a[i >>> SHIFT][i & MASK]; }
    public long argB(int i) { return b[i >>> SHIFT][i & MASK]; }

    /** Index of the first event at or after time t (size() if none). */
    public int firstAtOrAfter(long t) {
        int lo = 0, hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (time(mid) < t) lo = mid + 1; else hi = mid;
        }
        return lo;
    }

    /** Bytes held per recorded event by the columns, the unused part of the last chunk included. */
    public double bytesPerEvent() {
        long slots = 0;
        for (long[] c : time) if (c != null) slots += c.length;
        return size == 0 ? 0 : (double) slots * BYTES_PER_EVENT / size;
    }
}
