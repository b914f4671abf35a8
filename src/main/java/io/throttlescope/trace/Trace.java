package io.throttlescope.trace;

import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.EventSink;

import java.util.Arrays;

/**
 * A recorded run: one row per event in primitive columns (no object per event), stored in
 * fixed-size chunks so recording never copies what it already has. Row i is the event with
 * {@code seq == i}; time never decreases, so any instant is found by binary search.
 */
public final class Trace implements EventSink {
    private static final int SHIFT = 14;
    private static final int CHUNK = 1 << SHIFT;
    private static final int MASK = CHUNK - 1;
    /** Bytes one event takes in the columns. */
    public static final int BYTES_PER_EVENT = 8 + 1 + 2 + 4 + 2 + 4 + 8 + 8;

    private long[][] time = new long[16][];
    private byte[][] kind = new byte[16][];
    private short[][] cpu = new short[16][];
    private int[][] task = new int[16][];
    private short[][] group = new short[16][];
    private int[][] text = new int[16][];
    private long[][] a = new long[16][];
    private long[][] b = new long[16][];
    private int size;

    @Override
    public void event(long t, EventKind k, int c, int ta, int g, int x, long va, long vb) {
        int ch = size >>> SHIFT, i = size & MASK;
        if (i == 0) addChunk(ch);
        time[ch][i] = t;
        kind[ch][i] = (byte) k.ordinal();
        cpu[ch][i] = (short) c;
        task[ch][i] = ta;
        group[ch][i] = (short) g;
        text[ch][i] = x;
        a[ch][i] = va;
        b[ch][i] = vb;
        size++;
    }

    private void addChunk(int ch) {
        if (ch == time.length) {
            int n = time.length * 2;
            time = Arrays.copyOf(time, n); kind = Arrays.copyOf(kind, n); cpu = Arrays.copyOf(cpu, n);
            task = Arrays.copyOf(task, n); group = Arrays.copyOf(group, n); text = Arrays.copyOf(text, n);
            a = Arrays.copyOf(a, n); b = Arrays.copyOf(b, n);
        }
        time[ch] = new long[CHUNK]; kind[ch] = new byte[CHUNK]; cpu[ch] = new short[CHUNK];
        task[ch] = new int[CHUNK]; group[ch] = new short[CHUNK]; text[ch] = new int[CHUNK];
        a[ch] = new long[CHUNK]; b[ch] = new long[CHUNK];
    }

    public int size() { return size; }
    public long time(int i) { return time[i >>> SHIFT][i & MASK]; }
    public EventKind kind(int i) { return EventKind.of(kind[i >>> SHIFT][i & MASK]); }
    public int cpu(int i) { return cpu[i >>> SHIFT][i & MASK]; }
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
        long chunks = (size + CHUNK - 1) / CHUNK;
        return size == 0 ? 0 : (double) chunks * CHUNK * BYTES_PER_EVENT / size;
    }
}
