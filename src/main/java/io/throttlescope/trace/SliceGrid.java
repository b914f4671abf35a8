package io.throttlescope.trace;

/**
 * A lane sampled on a grid of bins of one width, each bin {@code b} the time [b * width, (b + 1) *
 * width): for each bin, the first interval that overlaps it (its value and detail), or none. What a
 * timeline draws for a lane with many intervals to a pixel column: a column reads the few bins it
 * covers from this small array instead of searching the lane's millions of intervals; the bins stay
 * where they are when the view pans (docs/performance.md).
 */
public final class SliceGrid {
    /** A grid holds at most this many bins: a lane at a zoom that would need more is drawn interval by interval. */
    public static final int MAX_BINS = 1 << 14;

    private final long width, firstBin;
    private final int[] value, detail;
    private final long[] present; // a bit a bin
    private final int laneSize;
    private final long laneEnd;

    private SliceGrid(long width, long firstBin, int bins, int laneSize, long laneEnd) {
        this.width = width;
        this.firstBin = firstBin;
        this.value = new int[bins];
        this.detail = new int[bins];
        this.present = new long[(bins + 63) >>> 6];
        this.laneSize = laneSize;
        this.laneEnd = laneEnd;
    }

    /** The grid of a lane with bins of width ns; null if the lane is empty or would need more than {@link #MAX_BINS}. */
    public static SliceGrid of(Slices s, long width) {
        if (width < 1) throw new IllegalArgumentException("a bin's width must be at least 1 ns, got " + width);
        int n = s.size();
        if (n == 0) return null;
        long first = Math.floorDiv(s.start(0), width), last = Math.floorDiv(s.end(n - 1) - 1, width);
        if (last - first + 1 > MAX_BINS) return null;
        SliceGrid g = new SliceGrid(width, first, (int) (last - first + 1), n, s.end(n - 1));
        if (n <= 32L * g.value.length) { // a walk along the lane (it reads memory in order: cheap an interval)
            long next = first; // bins before it are decided
            for (int i = 0; i < n; i++) {
                long b0 = Math.max(next, Math.floorDiv(s.start(i), width)),
                        b1 = Math.min(last, Math.floorDiv(s.end(i) - 1, width)); // (a lane's intervals do not overlap)
                for (long b = b0; b <= b1; b++) g.set((int) (b - first), s, i);
                next = Math.max(next, b1 + 1);
            }
            return g;
        }
        int i = 0; // many intervals a bin: a search a bin
        for (int k = 0; k < g.value.length; k++) {
            long t = (first + k) * width;
            i = s.firstEndingAfterFrom(i, t);
            if (i >= n) break;
            if (s.start(i) < t + width) g.set(k, s, i);
        }
        return g;
    }

    private void set(int k, Slices s, int i) {
        value[k] = s.value(i);
        detail[k] = s.detail(i);
        present[k >>> 6] |= 1L << k;
    }

    public long width() {
        return width;
    }

    /**
     * Whether the grid was made from this lane as it is now: a lane that grew since (by an interval, or
     * by its last one lengthened) needs a new one. A lane only grows at its end.
     */
    public boolean of(Slices s) {
        return s.size() == laneSize && (laneSize == 0 || s.end(laneSize - 1) == laneEnd);
    }

    /**
     * The first bin from bin fromBin to bin toBin (both included, absolute numbers: bin b starts at b
     * * width) that an interval overlaps, as a place for {@link #value} and {@link #detail}; -1 if none.
     */
    public int firstIn(long fromBin, long toBin) {
        long a = Math.max(fromBin, firstBin) - firstBin, b = Math.min(toBin, firstBin + value.length - 1) - firstBin;
        for (long k = a; k <= b; k++) if ((present[(int) (k >>> 6)] & (1L << k)) != 0) return (int) k;
        return -1;
    }

    public int value(int place) {
        return value[place];
    }

    public int detail(int place) {
        return detail[place];
    }
}
