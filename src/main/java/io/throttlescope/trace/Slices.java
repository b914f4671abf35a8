package io.throttlescope.trace;

import java.util.Arrays;

/** Intervals of one lane in time order, as primitive columns: [start, end), a value, a flag. */
public final class Slices {
    private long[] start = new long[64], end = new long[64];
    private int[] value = new int[64];
    private int[] detail = new int[64];
    private int size;

    void add(long s, long e, int v, int d) {
        if (e <= s) return;
        if (size > 0 && end[size - 1] == s && value[size - 1] == v && detail[size - 1] == d) {
            end[size - 1] = e;
            return;
        }
        if (size == start.length) {
            int n = size * 2;
            start = Arrays.copyOf(start, n); end = Arrays.copyOf(end, n);
            value = Arrays.copyOf(value, n); detail = Arrays.copyOf(detail, n);
        }
        start[size] = s; end[size] = e; value[size] = v; detail[size] = d;
        size++;
    }

    public int size() { return size; }
    public long start(int i) { return start[i]; }
    public long end(int i) { return end[i]; }
    public int value(int i) { return value[i]; }
    public int detail(int i) { return detail[i]; }

    /** Index of the first interval that ends after t. */
    public int firstEndingAfter(long t) {
        int lo = 0, hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (end[mid] <= t) lo = mid + 1; else hi = mid;
        }
        return lo;
    }

    /** The interval covering t, or -1. */
    public int at(long t) {
        int i = firstEndingAfter(t);
        return i < size && start[i] <= t ? i : -1;
    }
}
