package io.throttlescope.trace;

import java.util.Arrays;

/**
 * Intervals of one lane in time order, as primitive columns: [start, end), a value, a flag. The
 * end is kept as a duration in an int (an interval over 2.1 s keeps its end in a side column), and
 * {@link #trim()} drops the growth slack once the lane is complete: 20 bytes an interval.
 */
public final class Slices {
    private long[] start = new long[16];
    private int[] dur = new int[16]; // end - start, or -1 - k: the end is longEnd[k]
    private int[] value = new int[16];
    private int[] detail = new int[16];
    private long[] longEnd = new long[0];
    private int size, longs;

    void add(long s, long e, int v, int d) {
        if (e <= s) return;
        if (size > 0 && end(size - 1) == s && value[size - 1] == v && detail[size - 1] == d) {
            setEnd(size - 1, e);
            return;
        }
        if (size == start.length) {
            int n = (int)
                    Math.min(Integer.MAX_VALUE - 8, size + (size >> 1) + 16L); // by half: a smaller peak than doubling
            start = Arrays.copyOf(start, n);
            dur = Arrays.copyOf(dur, n);
            value = Arrays.copyOf(value, n);
            detail = Arrays.copyOf(detail, n);
        }
        start[size] = s;
        value[size] = v;
        detail[size] = d;
        size++;
        setEnd(size - 1, e);
    }

    private void setEnd(int i, long e) {
        int cur = dur[i];
        if (cur < 0) {
            longEnd[-1 - cur] = e;
            return;
        } // already a long interval (ends only grow)
        long d = e - start[i];
        if (d <= Integer.MAX_VALUE) {
            dur[i] = (int) d;
            return;
        }
        if (longs == longEnd.length) longEnd = Arrays.copyOf(longEnd, Math.max(4, longs * 2));
        longEnd[longs] = e;
        dur[i] = -1 - longs++;
    }

    /** Drops the unused ends of the columns: called when the lane is complete. */
    void trim() {
        if (start.length != size) {
            start = Arrays.copyOf(start, size);
            dur = Arrays.copyOf(dur, size);
            value = Arrays.copyOf(value, size);
            detail = Arrays.copyOf(detail, size);
        }
        if (longEnd.length != longs) longEnd = Arrays.copyOf(longEnd, longs);
    }

    public int size() {
        return size;
    }

    public long start(int i) {
        return start[i];
    }

    public long end(int i) {
        int d = dur[i];
        return d >= 0 ? start[i] + d : longEnd[-1 - d];
    }

    public int value(int i) {
        return value[i];
    }

    public int detail(int i) {
        return detail[i];
    }

    /** Index of the first interval that ends after t. */
    public int firstEndingAfter(long t) {
        int lo = 0, hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (end(mid) <= t) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    /**
     * Index of the first interval at or after {@code from} that ends after t, by galloping from
     * {@code from}: walking a lane left to right a pixel column at a time costs the log of the
     * intervals in a column, not of the lane.
     */
    public int firstEndingAfterFrom(int from, long t) {
        return Gallop.first(from, size, i -> end(i) <= t);
    }

    /** The interval covering t, or -1. */
    public int at(long t) {
        int i = firstEndingAfter(t);
        return i < size && start[i] <= t ? i : -1;
    }
}
