package io.throttlescope.trace;

import io.throttlescope.sim.EventKind;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.stream.IntStream;

import static io.throttlescope.trace.TraceIndex.group;

/**
 * The budget series of a run: each group's global pool and each (group, CPU) runtime_remaining at the
 * points events reported, and between them what the group's tasks ran since (charged as the kernel
 * charges it), so the budget lane and describe see the same value at any time.
 */
final class Budgets {
    private final RunInfo info;
    private final Slices[] cpu;
    private final Series[] pool; // per group
    private final Series[] remaining; // per group x cpu, known points

    Budgets(RunInfo info, Slices[] cpu) {
        this.info = info;
        this.cpu = cpu;
        this.usageCheckpoints = new AtomicReferenceArray<>(cpu.length);
        int nc = info.cpus(), ng = info.groups().length;
        pool = new Series[ng];
        remaining = new Series[ng * nc];
        for (int g = 0; g < ng; g++) {
            pool[g] = new Series();
            for (int c = 0; c < nc; c++) remaining[g * nc + c] = new Series();
        }
    }

    Series pool(int g) {
        return pool[g];
    }

    void trim() {
        for (Series[] ss : new Series[][] {pool, remaining}) for (Series x : ss) x.trim();
    }

    /** CPU time that tasks of group g (or below it) ran on CPU c in [from, to). */
    long usage(int g, int c, long from, long to) {
        Slices s = cpu[c];
        long sum = 0;
        int first = s.firstEndingAfter(from);
        if (to > from && s.firstEndingAfter(to) - first > 2 * CHECKPOINT) { // a long span: from the usage checkpoints
            boolean[] w = within(g);
            return usageBefore(c, w, to) - usageBefore(c, w, from);
        }
        for (int i = first; i < s.size() && s.start(i) < to; i++) {
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
        return remainingAt(g, c, t, Integer.MAX_VALUE);
    }

    /**
     * As {@link #remainingAt(int, int, long)}, as of event {@code event} (at time t): a value that a
     * later event of the same instant reports is not seen yet.
     */
    long remainingAt(int g, int c, long t, int event) {
        Series s = remaining[g * info.cpus() + c];
        int i = Math.min(s.lastAtOrBefore(t), s.lastAtOrBeforeEvent(event));
        if (i < 0) return info.quotaNs()[g] < 0 ? 0 : info.initialRuntime();
        return s.value(i) - usage(g, c, s.time(i), Math.max(s.time(i), chargedUpTo(c, t)));
    }

    /** The global pool of g as of event {@code event} (-1: before the first event). */
    long poolAt(int g, int event) {
        int i = pool[g].lastAtOrBeforeEvent(event);
        return i < 0 ? info.quotaNs()[g] : pool[g].value(i);
    }

    /**
     * The last instant at or before t at which the kernel charged CPU c's running task to its
     * cfs_rqs: t itself under exact accounting; under tick accounting the later of the last tick and
     * the start of the task's stay on the CPU (a scheduling event), so the budget moves in steps.
     */
    long chargedUpTo(int c, long t) {
        return chargedUpTo(c, t, null);
    }

    /**
     * As {@link #chargedUpTo(int, long)}, for increasing t along a curve: the cursor remembers the
     * stay last found, so samples inside one stay do not walk back to its start again.
     */
    private long chargedUpTo(int c, long t, long[] cursor) {
        long tick = info.chargeTickNs();
        if (tick <= 0) return t;
        Slices sl = cpu[c];
        int i;
        if (cursor != null && cursor[0] >= 0) {
            i = sl.firstEndingAfterFrom((int) cursor[0], t);
            if (i >= sl.size() || sl.start(i) > t) i = -1;
        } else {
            i = sl.at(t);
        }
        if (i < 0) return t; // idle: all charged
        int task = sl.value(i);
        // a switch right now charges all; a slice that only splits the task's stay at a syscall (same task
        // before it, no gap) does not: the kernel charges at ticks and switches, not at mode changes
        if (sl.start(i) == t && sl.startsStay(i)) return t;
        long phase = info.chargeTickPhaseNs(), lastTick = Math.floorDiv(t - phase, tick) * tick + phase;
        if (cursor != null && cursor[0] >= 0 && i >= cursor[0] && i - cursor[0] <= 256) {
            int j = (int) cursor[0]; // still the stay of the last sample?
            while (j < i && !sl.startsStay(j + 1)) j++;
            if (j == i && sl.value((int) cursor[0]) == task) {
                cursor[0] = i;
                return Math.max(cursor[1], lastTick); // its known start, or a start at or before an earlier tick
            }
        }
        // back to the start of the stay (split at syscalls, not at a switch), but never past the last tick,
        // which then wins: a stay of a million syscalls costs the slices of one tick
        int k = i;
        while (k > 0 && sl.start(k) > lastTick && !sl.startsStay(k)) k--;
        if (cursor != null) {
            cursor[0] = i;
            cursor[1] = sl.start(k);
        }
        return Math.max(sl.start(k), lastTick);
    }

    Series remainingPoints(int g, int c) {
        return remaining[g * info.cpus() + c];
    }

    /** Samples this far apart take the recorded values and the dips between them. */
    static final double COARSE_NS = 50_000;

    private final Map<Integer, long[]> dips = new ConcurrentHashMap<>();

    /** For each recorded value i of group g on CPU c, the value reached just before value i + 1 (computed once). */
    long[] dips(int g, int c) {
        return dips.computeIfAbsent(g * info.cpus() + c, key -> {
            Series s = remaining[key];
            long[] d = new long[s.size()];
            for (int i = 0; i + 1 < s.size(); i++) {
                long before = s.time(i + 1) - 1;
                d[i] = before <= s.time(i) ? s.value(i) : remainingAt(g, c, before);
            }
            if (s.size() > 0) d[s.size() - 1] = remainingAt(g, c, info.endNs()); // the last value runs to the end
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
        remainingCurve(g, c, t0, dt, out, dt >= COARSE_NS);
    }

    /**
     * The curve sampled at each instant whatever dt (coarse false: every sample is remainingAt, found
     * in one sweep), or as the lowest value of each sample's span (coarse true).
     */
    void remainingCurve(int g, int c, double t0, double dt, double[] out, boolean coarse) {
        Series s = remaining[g * info.cpus() + c];
        long[] dip = coarse ? dips(g, c) : null;
        long dflt = info.quotaNs()[g] < 0 ? 0 : info.initialRuntime();
        Slices sl = cpu[c];
        int p = s.lastAtOrBefore((long) t0);
        long base = p < 0 ? dflt : s.value(p);
        long from = p < 0 ? 0 : s.time(p);
        int si = sl.firstEndingAfter(from);
        long used = 0; // usage from 'from' up to 'upTo'
        long upTo = from;
        long[] stay = {-1, 0}; // the chargedUpTo cursor along this curve
        long usageAtUpTo = Long.MIN_VALUE; // coarse: usageBefore(upTo), once known
        boolean[] within = within(g); // group x is g or below it
        long prevT = Long.MIN_VALUE;
        for (int k = 0; k < out.length; k++) {
            long t = (long) (t0 + k * dt);
            long low = Long.MAX_VALUE; // coarse: the lowest recorded value or dip in this sample's span
            boolean moved = false;
            int p1 = lastAtOrBeforeFrom(s, p, t);
            if (p1 > p) {
                if (coarse && k > 0) { // every recorded value and dip in this sample's span, by block minima
                    if (p1 - 1 >= Math.max(p, 0))
                        low = Math.min(low, minima(g, c).min(Math.max(p, 0), p1 - 1));
                    if (p < 0) low = Math.min(low, s.value(0));
                }
                p = p1;
                moved = true;
                base = s.value(p);
                from = s.time(p);
                used = 0;
                upTo = from;
                usageAtUpTo = Long.MIN_VALUE;
                si = -1; // found when a sweep needs it: a coarse sample passes many values
            }
            // the usage since the last recorded value, charged up to t: counted in full on the detailed
            // path; on the coarse path only where the last value lies before this sample's span (a value
            // inside the span stands for it) and the segment used something at all
            boolean sweep = !coarse || k == 0 || (!moved && (p < 0 || (from <= prevT && base - used > dip[p])));
            long v = base - used;
            if (sweep) {
                long to = Math.max(from, chargedUpTo(c, t, stay));
                if (to > upTo && coarse) { // a long span: from the usage checkpoints, not slice by slice
                    long u = usageBefore(c, within, to);
                    if (usageAtUpTo == Long.MIN_VALUE) usageAtUpTo = usageBefore(c, within, upTo);
                    used += u - usageAtUpTo;
                    usageAtUpTo = u;
                    upTo = to;
                } else if (to > upTo) {
                    if (si < 0) si = sl.firstEndingAfter(from);
                    while (si < sl.size() && sl.start(si) < to) {
                        long a = Math.max(upTo, sl.start(si)), b = Math.min(to, sl.end(si));
                        int gr = group(sl.detail(si));
                        if (b > a && gr >= 0 && gr < within.length && within[gr]) used += b - a;
                        if (sl.end(si) <= to) si++;
                        else break;
                    }
                    upTo = to;
                }
                v = base - used;
            }
            out[k] = coarse && k > 0 ? Math.min(v, low) : v;
            prevT = t;
        }
    }

    private final Map<Integer, BudgetBand> bands = new ConcurrentHashMap<>();

    /**
     * The lowest and highest runtime_remaining of all of g's CPUs in each sample's span, from the
     * whole run's band (built once, on first use); false, with nothing written, where samples dt apart
     * are too close for it (see {@link BudgetBand#sample}).
     */
    boolean band(int g, double t0, double dt, double[] low, double[] high) {
        if (!BudgetBand.serves(info.endNs(), dt)) return false;
        BudgetBand b = bands.computeIfAbsent(g, key -> {
            int nc = info.cpus();
            int[] cpus = IntStream.range(0, nc)
                    .filter(c -> remaining[g * nc + c].size() > 0)
                    .toArray();
            return BudgetBand.of(this, info, g, cpus);
        });
        return b.sample(t0, dt, low, high);
    }

    private final Map<Integer, boolean[]> withinOf = new ConcurrentHashMap<>();

    /** Which groups are g or below it. */
    private boolean[] within(int g) {
        return withinOf.computeIfAbsent(g, key -> {
            boolean[] w = new boolean[info.groups().length];
            for (int x = 0; x < w.length; x++) w[x] = info.isWithin(x, g);
            return w;
        });
    }

    /** Every CHECKPOINT-th slice of a CPU, the run time before it of each group's own tasks. */
    private static final int CHECKPOINT = 256;

    /** By CPU, made on first use (by any thread: two that race make the same array, one is kept). */
    private final AtomicReferenceArray<long[]> usageCheckpoints;

    private long[] checkpoints(int c) {
        long[] known = usageCheckpoints.get(c);
        if (known != null) return known;
        Slices sl = cpu[c];
        int ng = info.groups().length;
        long[] a = new long[(sl.size() / CHECKPOINT + 1) * ng];
        long[] run = new long[ng];
        for (int i = 0; i < sl.size(); i++) {
            if (i % CHECKPOINT == 0) System.arraycopy(run, 0, a, i / CHECKPOINT * ng, ng);
            int gr = group(sl.detail(i));
            if (gr >= 0 && gr < ng) run[gr] += sl.end(i) - sl.start(i);
        }
        if (sl.size() % CHECKPOINT == 0) System.arraycopy(run, 0, a, sl.size() / CHECKPOINT * ng, ng);
        usageCheckpoints.compareAndSet(c, null, a);
        return usageCheckpoints.get(c);
    }

    /** Run time on CPU c before t of the tasks of the groups marked within: a checkpoint and at most CHECKPOINT slices. */
    private long usageBefore(int c, boolean[] within, long t) {
        Slices sl = cpu[c];
        int ng = within.length, i = sl.firstEndingAfter(t), k = i / CHECKPOINT;
        long[] a = checkpoints(c);
        long sum = 0;
        for (int x = 0; x < ng; x++) if (within[x]) sum += a[k * ng + x];
        for (int j = k * CHECKPOINT; j < i; j++) {
            int gr = group(sl.detail(j));
            if (gr >= 0 && gr < ng && within[gr]) sum += sl.end(j) - sl.start(j);
        }
        if (i < sl.size() && sl.start(i) < t) {
            int gr = group(sl.detail(i));
            if (gr >= 0 && gr < ng && within[gr]) sum += t - sl.start(i);
        }
        return sum;
    }

    /** The last point at or before t, searched from p on (samples move left to right). */
    private static int lastAtOrBeforeFrom(Series s, int p, long t) {
        return t == Long.MAX_VALUE ? s.size() - 1 : Gallop.firstAtLeast(s.t, p + 1, s.size(), t + 1) - 1;
    }

    /**
     * Minima of m[q] = min(dip[q], value[q + 1]) (what a coarse sample takes from the values it
     * passes) in blocks of 64 and 4096, so the minimum over any range costs at most a few hundred
     * reads whatever its length.
     */
    static final class Minima {
        private final long[] m, b64, b4k;

        Minima(Series s, long[] dip) {
            int n = s.size();
            m = new long[n];
            for (int q = 0; q < n; q++) m[q] = q + 1 < n ? Math.min(dip[q], s.value(q + 1)) : dip[q];
            b64 = new long[(n + 63) / 64];
            b4k = new long[(n + 4095) / 4096];
            Arrays.fill(b64, Long.MAX_VALUE);
            Arrays.fill(b4k, Long.MAX_VALUE);
            for (int q = 0; q < n; q++) {
                b64[q >> 6] = Math.min(b64[q >> 6], m[q]);
                b4k[q >> 12] = Math.min(b4k[q >> 12], m[q]);
            }
        }

        /** min m[a..b], both included. */
        long min(int a, int b) {
            long r = Long.MAX_VALUE;
            int q = a;
            while (q <= b && (q & 63) != 0) r = Math.min(r, m[q++]);
            while (q + 63 <= b && (q & 4095) != 0) {
                r = Math.min(r, b64[q >> 6]);
                q += 64;
            }
            while (q + 4095 <= b) {
                r = Math.min(r, b4k[q >> 12]);
                q += 4096;
            }
            while (q + 63 <= b) {
                r = Math.min(r, b64[q >> 6]);
                q += 64;
            }
            while (q <= b) r = Math.min(r, m[q++]);
            return r;
        }
    }

    private final Map<Integer, Minima> minima = new ConcurrentHashMap<>();

    private Minima minima(int g, int c) {
        return minima.computeIfAbsent(g * info.cpus() + c, key -> new Minima(remaining[key], dips(g, c)));
    }

    void record(Trace trace, int i) {
        EventKind k = trace.kind(i);
        int g = trace.group(i), c = trace.cpu(i);
        long t = trace.time(i), a = trace.argA(i), b = trace.argB(i);
        int nc = info.cpus();
        switch (k) {
            case SLICE_PULL, DISTRIBUTE -> {
                remaining[g * nc + c].add(t, b, k, i);
                int j = pool[g].size();
                long before = j == 0 ? info.quotaNs()[g] : pool[g].value(j - 1);
                pool[g].add(t, before - a, k, i);
            }
            case THROTTLE, UNTHROTTLE, UNTHROTTLE_REFUSED -> remaining[g * nc + c].add(t, a, k, i);
            case SLACK_RETURN -> {
                remaining[g * nc + c].add(t, remainingAt(g, c, t) - a, k, i);
                pool[g].add(t, b, k, i);
            }
            case PERIOD_TIMER -> pool[g].add(t, a, k, i);
            case REFILL -> {
                pool[g].add(t, a, k, i);
                for (int x = 0; x < nc; x++) remaining[g * nc + x].add(t, info.initialRuntime(), k, i);
            }
            default -> {}
        }
    }
}
