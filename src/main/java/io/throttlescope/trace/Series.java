package io.throttlescope.trace;

import io.throttlescope.sim.EventKind;

import java.util.Arrays;

/** Step-wise or point series of (time, value), in primitive arrays. */
public final class Series {
    long[] t = new long[16];
    long[] v = new long[16];
    byte[] k = new byte[16];
    int n;

    void add(long time, long value) { add(time, value, null); }

    void add(long time, long value, EventKind kind) {
        if (n == t.length) { t = Arrays.copyOf(t, n * 2); v = Arrays.copyOf(v, n * 2); k = Arrays.copyOf(k, n * 2); }
        t[n] = time; v[n] = value; k[n] = (byte) (kind == null ? -1 : kind.ordinal()); n++;
    }

    void trim() {
        if (t.length != n) { t = Arrays.copyOf(t, n); v = Arrays.copyOf(v, n); k = Arrays.copyOf(k, n); }
    }

    /** The kind of event that made point i (null if none recorded). */
    public EventKind kind(int i) { return k[i] < 0 ? null : EventKind.of(k[i]); }

    public int size() { return n; }
    public long time(int i) { return t[i]; }
    public long value(int i) { return v[i]; }

    /** Index of the last point at or before time, -1 if none. */
    public int lastAtOrBefore(long time) {
        int lo = 0, hi = n;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (t[mid] <= time) lo = mid + 1; else hi = mid;
        }
        return lo - 1;
    }
}
