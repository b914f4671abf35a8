package io.throttlescope.trace;

/**
 * Where two runs of one scenario differ in what runs: the first context switch that is not the
 * same in both (same time, CPU, task and previous task), and per CPU the intervals in which a
 * different task (or none) runs. Bookkeeping such as slice pulls is not compared: the models
 * start cfs_rqs with different runtime (0 and 1 ns), so those differ from the first instant.
 */
public final class Divergence {
    /** Index in the first run's trace of the first context switch that differs, or -1 if none does. */
    public final int firstEvent;
    /** Time of that event: the earlier of the two. */
    public final long firstTimeNs;
    private final Slices[] cpuDiff;

    private Divergence(int firstEvent, long firstTimeNs, Slices[] cpuDiff) {
        this.firstEvent = firstEvent;
        this.firstTimeNs = firstTimeNs;
        this.cpuDiff = cpuDiff;
    }

    public Slices cpuDiff(int cpu) { return cpuDiff[cpu]; }

    public static Divergence of(TraceIndex a, TraceIndex b) {
        Trace x = a.trace(), y = b.trace();
        int i = 0, j = 0, first = -1;
        long t = -1;
        while (true) {
            while (i < x.size() && x.kind(i) != io.throttlescope.sim.EventKind.SWITCH) i++;
            while (j < y.size() && y.kind(j) != io.throttlescope.sim.EventKind.SWITCH) j++;
            if (i >= x.size() || j >= y.size()) {
                if (i < x.size() || j < y.size()) {
                    first = i < x.size() ? i : x.size();
                    t = i < x.size() ? x.time(i) : y.time(j);
                }
                break;
            }
            if (x.time(i) != y.time(j) || x.cpu(i) != y.cpu(j) || x.task(i) != y.task(j) || x.argA(i) != y.argA(j)) {
                first = i;
                t = Math.min(x.time(i), y.time(j));
                break;
            }
            i++;
            j++;
        }
        int cpus = Math.min(a.info().cpus(), b.info().cpus());
        Slices[] diff = new Slices[cpus];
        long end = Math.max(a.info().endNs(), b.info().endNs());
        for (int c = 0; c < cpus; c++) diff[c] = diff(a.cpuSlices(c), b.cpuSlices(c), end);
        return new Divergence(first, t, diff);
    }

    /** Intervals where the task on the CPU differs (-1 = idle), by a sweep over both slice lists. */
    private static Slices diff(Slices p, Slices q, long end) {
        Slices out = new Slices();
        int i = 0, j = 0;
        long t = 0;
        while (t < end) {
            while (i < p.size() && p.end(i) <= t) i++;
            while (j < q.size() && q.end(j) <= t) j++;
            int tp = i < p.size() && p.start(i) <= t ? p.value(i) : -1;
            int tq = j < q.size() && q.start(j) <= t ? q.value(j) : -1;
            long next = end;
            if (i < p.size()) next = Math.min(next, p.start(i) > t ? p.start(i) : p.end(i));
            if (j < q.size()) next = Math.min(next, q.start(j) > t ? q.start(j) : q.end(j));
            if (next <= t) next = t + 1;
            if (tp != tq) out.add(t, next, 1, 0);
            t = next;
        }
        return out;
    }
}
