package io.throttlescope.view;

import io.throttlescope.trace.RunInfo;
import io.throttlescope.trace.Series;
import io.throttlescope.trace.TraceIndex;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What a group's budget lane shows over a time range: its pool, the quota in force (it follows
 * cpu.max writes), each shown CPU's runtime_remaining sampled across the range, and a y-axis scaled
 * to all of them (zero and the quota always included) with round tick values. The window draws it
 * and {@code describe} prints it.
 */
public final class BudgetScale {
    /** At most this many CPUs get a line each; with more, the selected CPU's line and the min-max band of all. */
    public static final int MAX_LINES = 8;

    public final int group;
    public final double t0, t1;
    public final long min, max;
    public final long[] ticks;
    /** The CPUs with a line of their own. */
    public final int[] cpus;
    /** curves[k][j]: runtime_remaining of cpus[k] at t0 + j * dt. */
    public final double[][] curves;
    /**
     * With more CPUs than lines: the lowest and highest runtime_remaining of all CPUs at each sample
     * (else null). Far apart, each sample's span of the whole run's band: every value any CPU had in it.
     */
    public final double[] bandLow, bandHigh;

    public final double dt;

    private BudgetScale(
            int group,
            double t0,
            double t1,
            long min,
            long max,
            long[] ticks,
            int[] cpus,
            double[][] curves,
            double[] bandLow,
            double[] bandHigh,
            double dt) {
        this.group = group;
        this.t0 = t0;
        this.t1 = t1;
        this.min = min;
        this.max = max;
        this.ticks = ticks;
        this.cpus = cpus;
        this.curves = curves;
        this.bandLow = bandLow;
        this.bandHigh = bandHigh;
        this.dt = dt;
    }

    /** The CPUs whose cfs_rq of g ever had runtime, in order (those a lane can show). */
    public static List<Integer> activeCpus(TraceIndex idx, int g) {
        return activeCpus(idx, g, Long.MAX_VALUE);
    }

    /** The CPUs whose cfs_rq of g had runtime by the horizon. */
    public static List<Integer> activeCpus(TraceIndex idx, int g, long horizon) {
        List<Integer> out = new ArrayList<>();
        for (int c = 0; c < idx.info().cpus(); c++) {
            Series s = idx.remainingPoints(g, c);
            if (s.size() > 0 && s.time(0) <= horizon) out.add(c);
        }
        return out;
    }

    /**
     * The scale of group g over [t0, t1] with the given number of samples; selectedCpu is drawn when
     * there are more active CPUs than {@link #MAX_LINES}.
     */
    public static BudgetScale of(Run run, int g, double t0, double t1, int samples, int selectedCpu) {
        return of(run, g, t0, t1, samples, selectedCpu, Long.MAX_VALUE);
    }

    /**
     * The same, knowing nothing after {@code horizon} (a lesson's question waits): samples after it
     * are NaN and the axis is scaled to what came before, so the scale does not tell what is coming.
     */
    public static BudgetScale of(Run run, int g, double t0, double t1, int samples, int selectedCpu, long horizon) {
        TraceIndex idx = run.index();
        RunInfo info = run.info();
        samples = Math.max(2, samples);
        double dt = (t1 - t0) / (samples - 1);
        List<Integer> active = activeCpus(idx, g, horizon);
        int[] cpus;
        double[] lo = null, hi = null;
        if (active.size() <= MAX_LINES) {
            cpus = active.stream().mapToInt(Integer::intValue).toArray();
        } else {
            int sel = active.contains(selectedCpu) ? selectedCpu : active.get(0);
            cpus = new int[] {sel};
            lo = new double[samples];
            hi = new double[samples];
            Arrays.fill(lo, Double.MAX_VALUE);
            Arrays.fill(hi, -Double.MAX_VALUE);
            // the whole run's band where the samples are far apart (a long run at a coarse zoom), unless a question
            // waits: the band's bins may reach past its horizon
            boolean banded = horizon >= info.endNs() && idx.remainingBand(g, t0, dt, lo, hi);
            double[] tmp = new double[banded ? 0 : samples];
            for (int c : banded ? List.<Integer>of() : active) {
                idx.remainingCurve(g, c, t0, dt, tmp);
                for (int j = 0; j < samples; j++) {
                    lo[j] = Math.min(lo[j], tmp[j]);
                    hi[j] = Math.max(hi[j], tmp[j]);
                }
            }
        }
        double[][] curves = new double[cpus.length][samples];
        for (int k = 0; k < cpus.length; k++) idx.remainingCurve(g, cpus[k], t0, dt, curves[k]);
        long end = Math.min(info.endNs(), horizon);
        for (int j = 0; j < samples; j++) {
            if (t0 + j * dt <= end) continue;
            for (double[] cv : curves) cv[j] = Double.NaN;
            if (lo != null) {
                lo[j] = Double.NaN;
                hi[j] = Double.NaN;
            }
        }
        double mn = 0, mx = 0;
        for (int j = 0; j < samples; j++) {
            double t = t0 + j * dt;
            if (t < 0 || t > end) continue;
            for (double[] cv : curves) {
                mn = Math.min(mn, cv[j]);
                mx = Math.max(mx, cv[j]);
            }
            if (lo != null) {
                mn = Math.min(mn, lo[j]);
                mx = Math.max(mx, hi[j]);
            }
        }
        if (end >= t0
                && end <= t1) { // the value at the horizon itself (a question's cursor), which may fall between two
            // samples
            for (int c : active) {
                double v = idx.remainingAt(g, c, end);
                mn = Math.min(mn, v);
                mx = Math.max(mx, v);
            }
        }
        Series pool = idx.pool(g);
        int from = Math.max(0, pool.lastAtOrBefore((long) t0));
        for (int j = from; j < pool.size() && pool.time(j) <= Math.min(t1, horizon); j++) {
            mn = Math.min(mn, pool.value(j));
            mx = Math.max(mx, pool.value(j));
        }
        if (pool.size() == 0 || pool.time(0) > t0) mx = Math.max(mx, idx.quotaAt(g, 0));
        // the quota line is in the axis when it is near what is in view; zoomed in on a small debt it is not, and the
        // lane says so
        Series q = idx.quotas(g);
        for (int j = Math.max(0, q.lastAtOrBefore((long) t0));
                j < q.size() && q.time(j) <= Math.min(t1, horizon);
                j++) {
            if (q.value(j) >= 0 && q.value(j) <= Math.max(mx, -mn) * 1.6) mx = Math.max(mx, q.value(j));
        }
        if (mx <= mn) mx = mn + 1_000_000;
        double pad = (mx - mn) * 0.06;
        double step = niceStep((mx - mn + 2 * pad) / 4);
        long lo2 = (long) (Math.floor((mn - (mn < 0 ? pad : 0)) / step) * step);
        long hi2 = (long) (Math.ceil((mx + pad) / step) * step);
        List<Long> ticks = new ArrayList<>();
        for (double v = lo2; v <= hi2 + step / 2; v += step) ticks.add(Math.round(v));
        return new BudgetScale(
                g, t0, t1, lo2, hi2, ticks.stream().mapToLong(Long::longValue).toArray(), cpus, curves, lo, hi, dt);
    }

    /** 1, 2 or 5 times a power of ten, at least raw. */
    public static double niceStep(double raw) {
        double p = Math.pow(10, Math.floor(Math.log10(Math.max(1, raw))));
        for (double m : new double[] {1, 2, 5, 10}) if (m * p >= raw) return m * p;
        return 10 * p;
    }

    /** Where value v falls between the bottom (0) and the top (1) of the axis. */
    public double fraction(double v) {
        return (v - min) / (double) (max - min);
    }
}
