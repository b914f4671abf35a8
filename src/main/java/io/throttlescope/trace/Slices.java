package io.throttlescope.trace;

import java.util.Arrays;

/**
 * Intervals of one lane in time order, as primitive columns: [start, end), a value, a flag. The
 * end is kept as a duration in an int (an interval over 2.1 s keeps its end in a side column), in
 * chunks of 1,024 intervals, so a lane grows without copying what it holds; {@link #trim()} drops the
 * last chunk's unused end once the lane is complete. The values and details are kept in bytes while
 * every one fits a byte (a task's state, a count of locks held; a CPU's task while the run has fewer
 * than 128 tasks), in shorts or ints from the first that does not ({@link NarrowInts}): 14 bytes an
 * interval where both fit bytes, 15 for a CPU lane of a run of up to 32,767 tasks.
 */
public final class Slices {
    /**
     * Intervals a chunk: a lane grows by whole chunks, so a long lane is never copied to grow. Small, so
     * that the first chunk's growth and the last one's trim throw little away (docs/performance.md).
     */
    private static final int SHIFT = 10, CHUNK = 1 << SHIFT, MASK = CHUNK - 1;

    private long[][] start = {new long[16]};
    private int[][] dur = {new int[16]}; // end - start, or -1 - k: the end is longEnd[k]
    private final NarrowInts value = new NarrowInts(16), detail = new NarrowInts(16);
    private long[] longEnd = new long[0];
    private int size, longs, chunks = 1;

    void add(long s, long e, int v, int d) {
        if (e <= s) return;
        longestStay = null;
        stayStarts = null;
        if (size > 0 && end(size - 1) == s && value(size - 1) == v && detail(size - 1) == d) {
            setEnd(size - 1, e);
            return;
        }
        int c = size >>> SHIFT, k = size & MASK;
        if (c == chunks) { // a new chunk, of full size (the table of chunks grows by doubling)
            if (c == start.length) {
                int n = Math.max(4, 2 * c);
                start = Arrays.copyOf(start, n);
                dur = Arrays.copyOf(dur, n);
                value.table(n);
                detail.table(n);
            }
            chunks++;
            start[c] = new long[CHUNK];
            dur[c] = new int[CHUNK];
            value.chunk(c, CHUNK);
            detail.chunk(c, CHUNK);
        } else if (k == start[c].length) {
            // a first (or trimmed) chunk grows to a full one, four times as large each time: short lanes stay small,
            // and the copies thrown away are a third of the chunk, not all of it (docs/performance.md: the peak)
            int n = Math.min(CHUNK, Math.max(16, k * 4)); // (a trimmed chunk grows again)
            start[c] = Arrays.copyOf(start[c], n);
            dur[c] = Arrays.copyOf(dur[c], n);
            value.chunk(c, n);
            detail.chunk(c, n);
        }
        start[c][k] = s;
        value.set(c, k, v);
        detail.set(c, k, d);
        size++;
        setEnd(size - 1, e);
    }

    private void setEnd(int i, long e) {
        int cur = dur[i >>> SHIFT][i & MASK];
        if (cur < 0) {
            longEnd[-1 - cur] = e;
            return;
        } // already a long interval (ends only grow)
        long d = e - start(i);
        if (d <= Integer.MAX_VALUE) {
            dur[i >>> SHIFT][i & MASK] = (int) d;
            return;
        }
        if (longs == longEnd.length) longEnd = Arrays.copyOf(longEnd, Math.max(4, longs * 2));
        longEnd[longs] = e;
        dur[i >>> SHIFT][i & MASK] = -1 - longs++;
    }

    /** Drops the unused end of the last chunk: called when the lane is complete (copies at most one chunk). */
    void trim() {
        if (start.length != chunks) {
            start = Arrays.copyOf(start, chunks);
            dur = Arrays.copyOf(dur, chunks);
            value.table(chunks);
            detail.table(chunks);
        }
        int last = chunks - 1, used = size - (last << SHIFT);
        if (start[last].length != used) {
            start[last] = Arrays.copyOf(start[last], used);
            dur[last] = Arrays.copyOf(dur[last], used);
            value.chunk(last, used);
            detail.chunk(last, used);
        }
        if (longEnd.length != longs) longEnd = Arrays.copyOf(longEnd, longs);
    }

    public int size() {
        return size;
    }

    public long start(int i) {
        return start[i >>> SHIFT][i & MASK];
    }

    public long end(int i) {
        int d = dur[i >>> SHIFT][i & MASK];
        return d >= 0 ? start[i >>> SHIFT][i & MASK] + d : longEnd[-1 - d];
    }

    public int value(int i) {
        return value.get(i >>> SHIFT, i & MASK);
    }

    public int detail(int i) {
        return detail.get(i >>> SHIFT, i & MASK);
    }

    /** Intervals a block of {@link #longestStayStartingIn}. */
    public static final int STAY_BLOCK = 1024;

    private long[] longestStay; // per block, built on first use; dropped when the lane grows

    /**
     * The longest stay (touching intervals of one value, as a task's time on a CPU split at its
     * syscalls) among those whose first interval is in block b (intervals b * STAY_BLOCK ..), measured
     * to its end wherever that is: a label loop skips a block where no stay is long enough to name.
     */
    public long longestStayStartingIn(int b) {
        long[] ls = longestStay;
        if (ls == null) {
            ls = new long[(size + STAY_BLOCK - 1) / STAY_BLOCK];
            int first = 0;
            for (int i = 1; i <= size; i++) {
                if (i < size && !startsStay(i)) continue;
                int blk = first / STAY_BLOCK; // the stay first .. i - 1 ends here
                ls[blk] = Math.max(ls[blk], end(i - 1) - start(first));
                first = i;
            }
            longestStay = ls;
        }
        return b < ls.length ? ls[b] : 0;
    }

    private long[]
            stayStarts; // a bit an interval: whether it begins a stay; built on first use; dropped when the lane grows

    /**
     * The last interval of the stay that interval i is in, but at most limit: a label loop walks a
     * stay of thousands of intervals (a task on a CPU for a second, split at each syscall) 64
     * intervals a word of this lane's bits, not an interval at a time (docs/performance.md).
     */
    public int stayLast(int i, int limit) {
        long[] bits = stayStarts;
        if (bits == null) {
            bits = new long[(size + 63) >>> 6];
            for (int k = 0; k < size; k++) if (startsStay(k)) bits[k >>> 6] |= 1L << k;
            stayStarts = bits;
        }
        int last = Math.min(limit, size - 1);
        for (int k = i + 1; k <= last; ) { // the first stay start after i, looked for a word at a time
            long w = bits[k >>> 6] & (-1L << k);
            if (w != 0) return Math.min(last, (k & ~63) + Long.numberOfTrailingZeros(w) - 1);
            k = (k & ~63) + 64;
        }
        return Math.max(i, last);
    }

    /** Whether interval i begins a stay: the first, or not touching the one before, or of another value. */
    public boolean startsStay(int i) {
        return i == 0 || value(i - 1) != value(i) || end(i - 1) != start(i);
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
        return i < size && start(i) <= t ? i : -1;
    }
}
