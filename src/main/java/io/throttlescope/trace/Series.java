package io.throttlescope.trace;

import io.throttlescope.sim.EventKind;
import java.util.Arrays;

/**
 * Step-wise or point series of (time, value), in primitive arrays. Each point keeps the event that
 * made it, so a view at a step takes the value as of that step, not as of the end of its instant
 * (several events share one time: a slack return after a throttle at the same nanosecond).
 */
public final class Series {
    long[] t = new long[16];
    long[] v = new long[16];
    byte[] k = new byte[16];
    int[] e = new int[16];
    int n;

    /** A value known before any event (the configuration). */
    void add(long time, long value) {
        add(time, value, null, -1);
    }

    void add(long time, long value, EventKind kind, int event) {
        if (n == t.length) {
            t = Arrays.copyOf(t, n * 2);
            v = Arrays.copyOf(v, n * 2);
            k = Arrays.copyOf(k, n * 2);
            e = Arrays.copyOf(e, n * 2);
        }
        t[n] = time;
        v[n] = value;
        k[n] = (byte) (kind == null ? -1 : kind.ordinal());
        e[n] = event;
        n++;
    }

    void trim() {
        if (t.length != n) {
            t = Arrays.copyOf(t, n);
            v = Arrays.copyOf(v, n);
            k = Arrays.copyOf(k, n);
            e = Arrays.copyOf(e, n);
        }
    }

    /** The event that made point i (-1: the configuration, before the first event). */
    public int event(int i) {
        return e[i];
    }

    /** Index of the last point made at or before event index {@code event} (events in trace order), -1 if none. */
    public int lastAtOrBeforeEvent(int event) {
        int lo = 0, hi = n;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (e[mid] <= event) lo = mid + 1;
            else hi = mid;
        }
        return lo - 1;
    }

    /** The kind of event that made point i (null if none recorded). */
    public EventKind kind(int i) {
        return k[i] < 0 ? null : EventKind.of(k[i]);
    }

    public int size() {
        return n;
    }

    public long time(int i) {
        return t[i];
    }

    public long value(int i) {
        return v[i];
    }

    /** Index of the last point at or before time, -1 if none. */
    public int lastAtOrBefore(long time) {
        int lo = 0, hi = n;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (t[mid] <= time) lo = mid + 1;
            else hi = mid;
        }
        return lo - 1;
    }
}
