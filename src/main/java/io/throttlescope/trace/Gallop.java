package io.throttlescope.trace;

import java.util.function.IntPredicate;

/**
 * Galloping search along a sorted range: a walk left to right (a lane a pixel column at a time, a
 * curve a sample at a time) pays the log of the distance it moves, not of the whole range.
 */
public final class Gallop {
    private Gallop() {}

    /** The first index in [from, size) where before is false (before holds on a prefix of the range), or size. */
    public static int first(int from, int size, IntPredicate before) {
        if (from >= size || !before.test(from)) return from;
        int lo = from, step = 1, hi = from + 1; // before(lo) holds
        while (hi < size && before.test(hi)) {
            lo = hi;
            step <<= 1;
            hi = lo + step;
        }
        hi = Math.min(hi, size);
        lo++;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (before.test(mid)) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    /**
     * The first index in [from, size) whose value is at least t (a sorted ascending over the range), or
     * size: the walk above over an array, with no test object (a budget curve's samples made one a
     * search, a sixth of the window's garbage at the whole run).
     */
    public static int firstAtLeast(long[] a, int from, int size, long t) {
        if (from >= size || a[from] >= t) return from;
        int lo = from, step = 1, hi = from + 1; // a[lo] < t
        while (hi < size && a[hi] < t) {
            lo = hi;
            step <<= 1;
            hi = lo + step;
        }
        hi = Math.min(hi, size);
        lo++;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < t) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }
}
