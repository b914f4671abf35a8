package io.throttlescope.trace;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * A group's budget band over the whole run, computed once: the run cut into at most {@value #BINS}
 * bins of equal width, and for each bin the lowest and the highest runtime_remaining that any CPU's
 * cfs_rq of the group had in it. A bin k covers the instants kB .. (k + 1)B - 1 and the value each
 * CPU entered it with (at kB - 1). The lowest is the value at the bin's last instant or just before a
 * recorded value inside it, or a recorded value (the budget only falls between recorded values); the
 * highest is the value entered with or a recorded value. So a view of the whole run, however long,
 * reads a few bins a pixel column instead of charging every CPU's slices again (docs/performance.md).
 */
final class BudgetBand {
    /** At most this many bins over the run. */
    static final int BINS = 1 << 14;

    /** A view whose samples are at least this many bins apart reads the band; closer ones compute it. */
    static final int MIN_BINS_A_SAMPLE = 2;

    final long width;
    private final long[] lo, hi;

    private BudgetBand(long width, long[] lo, long[] hi) {
        this.width = width;
        this.lo = lo;
        this.hi = hi;
    }

    /** The band of group g over the CPUs given (those whose cfs_rq of g ever had runtime). */
    static BudgetBand of(Budgets budgets, RunInfo info, int g, int[] cpus) {
        long width = width(info.endNs());
        int nb = (int) (Math.max(0, info.endNs()) / width) + 1;
        long dflt = info.quotaNs()[g] < 0 ? 0 : info.initialRuntime();
        long[] lo = new long[nb], hi = new long[nb];
        Arrays.fill(lo, Long.MAX_VALUE);
        Arrays.fill(hi, Long.MIN_VALUE);
        IntStream.range(0, cpus.length)
                .parallel()
                .forEach(
                        k -> { // the CPUs' sweeps are independent
                            long[] b = cpuBand(budgets, g, cpus[k], width, nb, dflt);
                            synchronized (
                                    lo) { // merged as each is done: one CPU's bins in memory a thread, not all of them
                                for (int x = 0; x < nb; x++) {
                                    lo[x] = Math.min(lo[x], b[2 * x]);
                                    hi[x] = Math.max(hi[x], b[2 * x + 1]);
                                }
                            }
                        });
        return new BudgetBand(width, lo, hi);
    }

    /** The bins' width for a run of this length: the shortest that needs at most {@value #BINS} bins. */
    static long width(long endNs) {
        return Math.max(1, Math.floorDiv(Math.max(0, endNs), BINS) + 1);
    }

    /** Whether samples dt apart read the band rather than compute each CPU's curve. */
    static boolean serves(long endNs, double dt) {
        return dt >= MIN_BINS_A_SAMPLE * (double) width(endNs);
    }

    /** One CPU's lowest and highest value in each bin, interleaved. */
    private static long[] cpuBand(Budgets budgets, int g, int c, long width, int nb, long dflt) {
        double[] last = new double[nb]; // the value at each bin's last instant, in one sweep
        budgets.remainingCurve(g, c, width - 1, width, last, false);
        Series s = budgets.remainingPoints(g, c);
        long[] dip = budgets.dips(g, c); // dip[q]: the value just before point q + 1
        long[] out = new long[2 * nb];
        int q = 0;
        for (int k = 0; k < nb; k++) {
            long entered = k == 0 ? dflt : (long) last[k - 1]; // nothing is recorded before the run
            long low = (long) last[k], high = entered;
            long binEnd = (k + 1) * width - 1;
            for (; q < s.size() && s.time(q) <= binEnd; q++) {
                if (s.time(q) < k * width) continue; // before the run (none recorded so)
                long before = q == 0 ? dflt : dip[q - 1];
                low = Math.min(low, Math.min(before, s.value(q)));
                high = Math.max(high, Math.max(before, s.value(q)));
            }
            out[2 * k] = low;
            out[2 * k + 1] = high;
        }
        return out;
    }

    /**
     * The band sampled at t0, t0 + dt, ...: sample j is the lowest and highest value over the bins
     * after sample j - 1's bin up to its own (sample 0: its bin); NaN outside the run. False, and
     * nothing written, when the samples are fewer than {@value #MIN_BINS_A_SAMPLE} bins apart.
     */
    boolean sample(double t0, double dt, double[] low, double[] high) {
        if (dt < MIN_BINS_A_SAMPLE * (double) width) return false;
        int nb = lo.length;
        for (int j = 0; j < low.length; j++) {
            long t = (long) (t0 + j * dt);
            long kEnd = Math.floorDiv(t, width);
            long kStart = j == 0 ? kEnd : Math.floorDiv((long) (t0 + (j - 1) * dt), width) + 1;
            kStart = Math.max(0, kStart);
            kEnd = Math.min(nb - 1, kEnd);
            if (t < 0 || kStart > kEnd) {
                low[j] = Double.NaN;
                high[j] = Double.NaN;
                continue;
            }
            long a = Long.MAX_VALUE, b = Long.MIN_VALUE;
            for (int k = (int) kStart; k <= kEnd; k++) {
                a = Math.min(a, lo[k]);
                b = Math.max(b, hi[k]);
            }
            low[j] = a;
            high[j] = b;
        }
        return true;
    }
}
