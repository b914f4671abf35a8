package io.throttlescope.trace;

import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.EventSink;

import java.util.Arrays;

/**
 * A recorded run: one row per event in primitive columns (no object per event). Row i is the
 * event with {@code seq == i}; time is non-decreasing, so any instant is found by binary search.
 */
public final class Trace implements EventSink {
    private long[] time = new long[1024];
    private byte[] kind = new byte[1024];
    private short[] cpu = new short[1024];
    private int[] task = new int[1024];
    private short[] group = new short[1024];
    private int[] text = new int[1024];
    private long[] a = new long[1024];
    private long[] b = new long[1024];
    private int size;

    @Override
    public void event(long t, EventKind k, int c, int ta, int g, int x, long va, long vb) {
        if (size == time.length) grow();
        int i = size++;
        time[i] = t;
        kind[i] = (byte) k.ordinal();
        cpu[i] = (short) c;
        task[i] = ta;
        group[i] = (short) g;
        text[i] = x;
        a[i] = va;
        b[i] = vb;
    }

    private void grow() {
        int n = time.length + (time.length >> 1);
        time = Arrays.copyOf(time, n);
        kind = Arrays.copyOf(kind, n);
        cpu = Arrays.copyOf(cpu, n);
        task = Arrays.copyOf(task, n);
        group = Arrays.copyOf(group, n);
        text = Arrays.copyOf(text, n);
        a = Arrays.copyOf(a, n);
        b = Arrays.copyOf(b, n);
    }

    public int size() { return size; }
    public long time(int i) { return time[i]; }
    public EventKind kind(int i) { return EventKind.of(kind[i]); }
    public int cpu(int i) { return cpu[i]; }
    public int task(int i) { return task[i]; }
    public int group(int i) { return group[i]; }
    public int text(int i) { return text[i]; }
    public long argA(int i) { return a[i]; }
    public long argB(int i) { return b[i]; }

    /** Index of the first event at or after time t (size() if none). */
    public int firstAtOrAfter(long t) {
        int lo = 0, hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (time[mid] < t) lo = mid + 1; else hi = mid;
        }
        return lo;
    }

    /** Bytes held per recorded event by the columns (capacity included). */
    public double bytesPerEvent() {
        long bytes = (long) time.length * (8 + 1 + 2 + 4 + 2 + 4 + 8 + 8);
        return size == 0 ? 0 : (double) bytes / size;
    }

    /** Drops spare capacity once a run is finished. */
    public void trim() {
        time = Arrays.copyOf(time, size);
        kind = Arrays.copyOf(kind, size);
        cpu = Arrays.copyOf(cpu, size);
        task = Arrays.copyOf(task, size);
        group = Arrays.copyOf(group, size);
        text = Arrays.copyOf(text, size);
        a = Arrays.copyOf(a, size);
        b = Arrays.copyOf(b, size);
    }
}
