package io.throttlescope.trace;

import io.throttlescope.sim.EventKind;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static io.throttlescope.trace.TraceIndex.group;

/**
 * The budget series of a run: each group's global pool and each (group, CPU) runtime_remaining at the
 * points events reported, and between them what the group's tasks ran since (charged as the kernel
 * charges it), so the budget lane and describe see the same value at any time.
 */
final class Budgets {
    private final RunInfo info;
    private final Slices[] cpu;
    private final Series[] pool;       // per group
    private final Series[] remaining;  // per group x cpu, known points

    Budgets(RunInfo info, Slices[] cpu) {
        this.info = info;
        this.cpu = cpu;
        int nc = info.cpus(), ng = info.groups().length;
        pool = new Series[ng];
        remaining = new Series[ng * nc];
        for (int g = 0; g < ng; g++) {
            pool[g] = new Series();
            for (int c = 0; c < nc; c++) remaining[g * nc + c] = new Series();
        }
    }

    Series pool(int g) { return pool[g]; }

    void trim() {
        for (Series[] ss : new Series[][] {pool, remaining}) for (Series x : ss) x.trim();
    }

    /** CPU time that tasks of group g (or below it) ran on CPU c in [from, to). */
    long usage(int g, int c, long from, long to) {
        Slices s = cpu[c];
        long sum = 0;
        for (int i = s.firstEndingAfter(from); i < s.size() && s.start(i) < to; i++) {
            if (!info.isWithin(group(s.detail(i)), g)) continue;
            sum += Math.min(to, s.end(i)) - Math.max(from, s.start(i));
        }
        return sum;
    }

    /**
     * runtime_remaining of (g, c) at time t: the last value an event reported, less what the
     * group's tasks ran on that CPU since, up to the last charge (see {@link #chargedUpTo}).
     */
    long remainingAt(int g, int c, long t) {
        Series s = remaining[g * info.cpus() + c];
        int i = s.lastAtOrBefore(t);
        if (i < 0) return info.quotaNs()[g] < 0 ? 0 : info.initialRuntime();
        return s.value(i) - usage(g, c, s.time(i), Math.max(s.time(i), chargedUpTo(c, t)));
    }

    /**
     * The last instant at or before t at which the kernel charged CPU c's running task to its
     * cfs_rqs: t itself under exact accounting; under tick accounting the later of the last tick and
     * the start of the task's stay on the CPU (a scheduling event), so the budget moves in steps.
     */
    long chargedUpTo(int c, long t) {
        long tick = info.chargeTickNs();
        if (tick <= 0) return t;
        Slices sl = cpu[c];
        int i = sl.at(t);
        if (i < 0 || sl.start(i) == t) return t;                 // idle, or a switch right now: all charged
        int task = sl.value(i);
        while (i > 0 && sl.end(i - 1) == sl.start(i) && sl.value(i - 1) == task) i--;   // split at a syscall, not a switch
        return Math.max(sl.start(i), Math.floorDiv(t, tick) * tick);
    }

    Series remainingPoints(int g, int c) { return remaining[g * info.cpus() + c]; }

    /** Samples this far apart take the recorded values and the dips between them. */
    static final double COARSE_NS = 50_000;
    private final Map<Integer, long[]> dips = new ConcurrentHashMap<>();

    /** For each recorded value i of group g on CPU c, the value reached just before value i + 1 (computed once). */
    private long[] dips(int g, int c) {
        return dips.computeIfAbsent(g * info.cpus() + c, key -> {
            Series s = remaining[key];
            long[] d = new long[s.size()];
            for (int i = 0; i + 1 < s.size(); i++) {
                long before = s.time(i + 1) - 1;
                d[i] = before <= s.time(i) ? s.value(i) : remainingAt(g, c, before);
            }
            if (s.size() > 0) d[s.size() - 1] = remainingAt(g, c, info.endNs());     // the last value runs to the end
            return d;
        });
    }

    /**
     * runtime_remaining of (g, c) sampled at t0, t0 + dt, ... into out, in one sweep over the
     * known points and the CPU's slices (what {@link #remainingAt} gives, without a search per sample).
     * Samples far apart (level of detail) are each the lowest value in their span: the recorded
     * values and the dips just before them, so the deepest debt stays on the curve and on the axis;
     * where no value is recorded for a whole span (a debt run up in the kernel, a long quiet stretch)
     * the usage since the last value is still counted, so a growing debt is drawn as it grows.
     */
    void remainingCurve(int g, int c, double t0, double dt, double[] out) {
        Series s = remaining[g * info.cpus() + c];
        boolean coarse = dt >= COARSE_NS;
        long[] dip = coarse ? dips(g, c) : null;
        long dflt = info.quotaNs()[g] < 0 ? 0 : info.initialRuntime();
        Slices sl = cpu[c];
        int p = s.lastAtOrBefore((long) t0);
        long base = p < 0 ? dflt : s.value(p);
        long from = p < 0 ? 0 : s.time(p);
        int si = sl.firstEndingAfter(from);
        long used = 0;       // usage from 'from' up to 'upTo'
        long upTo = from;
        long prevT = Long.MIN_VALUE;
        for (int k = 0; k < out.length; k++) {
            long t = (long) (t0 + k * dt);
            long low = Long.MAX_VALUE;                 // coarse: the lowest recorded value or dip in this sample's span
            boolean moved = false;
            while (p + 1 < s.size() && s.time(p + 1) <= t) {
                if (coarse && p >= 0 && k > 0) low = Math.min(low, dip[p]);
                p++;
                moved = true;
                base = s.value(p);
                from = s.time(p);
                used = 0;
                upTo = from;
                si = sl.firstEndingAfter(from);
                if (coarse && k > 0) low = Math.min(low, base);
            }
            // the usage since the last recorded value, charged up to t: counted in full on the detailed
            // path; on the coarse path only where the last value lies before this sample's span (a value
            // inside the span stands for it) and the segment used something at all
            boolean sweep = !coarse || k == 0 || (!moved && (p < 0 || (from <= prevT && base - used > dip[p])));
            long v = base - used;
            if (sweep) {
                long to = Math.max(from, chargedUpTo(c, t));
                if (to > upTo) {
                    while (si < sl.size() && sl.start(si) < to) {
                        long a = Math.max(upTo, sl.start(si)), b = Math.min(to, sl.end(si));
                        if (b > a && info.isWithin(group(sl.detail(si)), g)) used += b - a;
                        if (sl.end(si) <= to) si++; else break;
                    }
                    upTo = to;
                }
                v = base - used;
            }
            out[k] = coarse && k > 0 ? Math.min(v, low) : v;
            prevT = t;
        }
    }

    void record(Trace trace, int i) {
        EventKind k = trace.kind(i);
        int g = trace.group(i), c = trace.cpu(i);
        long t = trace.time(i), a = trace.argA(i), b = trace.argB(i);
        int nc = info.cpus();
        switch (k) {
            case SLICE_PULL, DISTRIBUTE -> {
                remaining[g * nc + c].add(t, b);
                int j = pool[g].size();
                long before = j == 0 ? info.quotaNs()[g] : pool[g].value(j - 1);
                pool[g].add(t, before - a, k);
            }
            case THROTTLE, UNTHROTTLE, UNTHROTTLE_REFUSED -> remaining[g * nc + c].add(t, a);
            case SLACK_RETURN -> {
                remaining[g * nc + c].add(t, remainingAt(g, c, t) - a);
                pool[g].add(t, b, k);
            }
            case PERIOD_TIMER -> pool[g].add(t, a, k);
            case REFILL -> {
                pool[g].add(t, a, k);
                for (int x = 0; x < nc; x++) remaining[g * nc + x].add(t, info.initialRuntime());
            }
            default -> { }
        }
    }
}
