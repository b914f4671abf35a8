package io.throttlescope.trace;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Where two runs of one scenario differ in what runs: per CPU the intervals in which a different
 * task (or none) runs, and the first divergence that matters: the earliest such interval that lasts
 * longer than a threshold (default 1 us). Shorter differences are noise of the models' bookkeeping
 * (the task-based model starts a cfs_rq with 1 ns of runtime, the legacy one with 0, so a throttle
 * can come 1 ns later) and are neither highlighted nor counted.
 */
public final class Divergence {
    public static final long DEFAULT_THRESHOLD_NS = 1_000;

    /** Index in the first run's trace of the last visible event at or before the divergence, or -1 if none. */
    public final int firstEvent;
    /** When the first divergence begins (-1: none). */
    public final long firstTimeNs;
    /** On which CPU, how long it lasts, and which task runs there in each run (-1: idle). */
    public final int firstCpu;

    public final long firstDurationNs;
    public final int firstTaskA, firstTaskB;
    public final long thresholdNs;
    private final Slices[] cpuDiff;
    private boolean[] foreignA = new boolean[0];
    private int[] bToA = new int[0];
    private boolean differ;

    /** Whether task t of the first run is no task of the second (a real trace's other processes). */
    public boolean foreignA(int t) {
        return t >= 0 && t < foreignA.length && foreignA[t];
    }

    /** Whether task t of the second run is no task of the first (the simulation's replay of a recording's other processes). */
    public boolean foreignB(int t) {
        return differ && t >= 0 && t < bToA.length && bToA[t] < -1;
    }

    private Divergence(
            int firstEvent, long firstTimeNs, int cpu, long dur, int ta, int tb, long threshold, Slices[] cpuDiff) {
        this.firstEvent = firstEvent;
        this.firstTimeNs = firstTimeNs;
        this.firstCpu = cpu;
        this.firstDurationNs = dur;
        this.firstTaskA = ta;
        this.firstTaskB = tb;
        this.thresholdNs = threshold;
        this.cpuDiff = cpuDiff;
    }

    /** The intervals (longer than the threshold) in which the CPU runs a different task in the two runs. */
    public Slices cpuDiff(int cpu) {
        return cpuDiff[cpu];
    }

    public static Divergence of(TraceIndex a, TraceIndex b) {
        return of(a, b, DEFAULT_THRESHOLD_NS);
    }

    public static Divergence of(TraceIndex a, TraceIndex b, long thresholdNs) {
        int cpus = Math.min(a.info().cpus(), b.info().cpus());
        Slices[] diff = new Slices[cpus];
        long end = Math.max(a.info().endNs(), b.info().endNs());
        long first = -1, dur = 0;
        int cpu = -1;
        int[] bToA = sameTasks(a.info(), b.info());
        // tasks of a that are no task of b (a real trace's other processes: JVM threads, daemons) count as idle, and so
        // do tasks of b that are no task of a (the simulation's replay of those processes, "others CPUn")
        boolean[] foreign = new boolean[a.info().tasks().length];
        boolean differ = !Arrays.equals(a.info().tasks(), b.info().tasks());
        if (differ) {
            Arrays.fill(foreign, true);
            for (int m : bToA) if (m >= 0) foreign[m] = false;
        }
        for (int c = 0; c < cpus; c++) {
            diff[c] = diff(a.cpuSlices(c), b.cpuSlices(c), bToA, foreign, differ, end, thresholdNs);
            if (diff[c].size() > 0 && (first < 0 || diff[c].start(0) < first)) {
                first = diff[c].start(0);
                dur = diff[c].end(0) - first;
                cpu = c;
            }
        }
        Divergence d = first < 0
                ? new Divergence(-1, -1, -1, 0, -1, -1, thresholdNs, diff)
                : new Divergence(
                        a.lastVisibleAtOrBefore(first),
                        first,
                        cpu,
                        dur,
                        taskAt(a, cpu, first),
                        taskAt(b, cpu, first),
                        thresholdNs,
                        diff);
        d.foreignA = foreign;
        d.bToA = bToA;
        d.differ = differ;
        return d;
    }

    /**
     * For each task of run b, the task of run a that is the same scenario task (-2: none). Two runs
     * of one scenario share their task numbering; a real trace names a task COMM-PID, where COMM is
     * the scenario task's name for the tasks {@code record} started.
     */
    static int[] sameTasks(RunInfo a, RunInfo b) {
        int[] m = new int[b.tasks().length];
        Map<String, Integer> byName = new HashMap<>();
        for (int i = 0; i < a.tasks().length; i++) byName.putIfAbsent(scenarioName(a.tasks()[i]), i);
        boolean same = Arrays.equals(a.tasks(), b.tasks());
        for (int j = 0; j < m.length; j++) m[j] = same ? j : byName.getOrDefault(scenarioName(b.tasks()[j]), -2 - j);
        return m;
    }

    /** A real trace's COMM-PID as the scenario task's name. */
    public static String scenarioName(String task) {
        return task.replaceFirst("-\\d+$", "");
    }

    private static int taskAt(TraceIndex x, int cpu, long t) {
        Slices s = x.cpuSlices(cpu);
        int i = s.at(t);
        return i < 0 ? -1 : s.value(i);
    }

    /** Maximal intervals where the task on the CPU differs (-1 = idle), longer than the threshold. */
    private static Slices diff(
            Slices p, Slices q, int[] qToP, boolean[] foreignP, boolean foreignQ, long end, long threshold) {
        Slices raw = new Slices();
        int i = 0, j = 0;
        long t = 0;
        while (t < end) {
            while (i < p.size() && p.end(i) <= t) i++;
            while (j < q.size() && q.end(j) <= t) j++;
            int tp = i < p.size() && p.start(i) <= t ? p.value(i) : -1;
            if (tp >= 0 && tp < foreignP.length && foreignP[tp]) tp = -1;
            int tq = j < q.size() && q.start(j) <= t ? q.value(j) : -1;
            if (tq >= 0) tq = qToP[tq];
            if (tq < -1 && foreignQ) tq = -1;
            long next = end;
            if (i < p.size()) next = Math.min(next, p.start(i) > t ? p.start(i) : p.end(i));
            if (j < q.size()) next = Math.min(next, q.start(j) > t ? q.start(j) : q.end(j));
            if (next <= t) next = t + 1;
            if (tp != tq) raw.add(t, next, 1, 0);
            t = next;
        }
        Slices out = new Slices();
        for (int k = 0; k < raw.size(); k++)
            if (raw.end(k) - raw.start(k) > threshold) out.add(raw.start(k), raw.end(k), 1, 0);
        return out;
    }
}
