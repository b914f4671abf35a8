package io.throttlescope.trace;

import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.TaskState;
import java.util.Arrays;

/**
 * Everything the views need from a recorded run, computed once: per-CPU and per-task intervals,
 * budget series, and snapshots of the state every {@value #KEYFRAME} events so that the state
 * after any event is a copy plus at most that many replayed events.
 */
public final class TraceIndex {
    public static final int KEYFRAME = 4096;

    private final Trace trace;
    private final RunInfo info;
    private final Slices[] cpu; // value = task, detail = kernel(1) | group << 1
    private final Slices[] task; // value = TaskState ordinal, detail = wait text, or cpu << 1 | kernel when running
    private final Slices[] held; // value = locks held (> 0)
    private final Slices[] member; // value = the task's cgroup
    private final Series[] quota; // per group: cpu.max quota in force (-1: max), from each refill
    private final Series[] period; // per group: cpu.max period in force, from each cpu.max write
    private final int[] visibleBefore; // per block of KEYFRAME events: visible events before the block
    private final Budgets budgets;
    private final Snapshot[] keyframes;
    private final int[] lockOfText;
    private Snapshot cursor;
    private int[] marks = new int[64];
    private int nMarks;

    public TraceIndex(Trace trace, RunInfo info) {
        this.trace = trace;
        this.info = info;
        int nc = info.cpus(), nt = info.tasks().length, ng = info.groups().length;
        cpu = new Slices[nc];
        for (int i = 0; i < nc; i++) cpu[i] = new Slices();
        task = new Slices[nt];
        held = new Slices[nt];
        member = new Slices[nt];
        for (int i = 0; i < nt; i++) {
            task[i] = new Slices();
            held[i] = new Slices();
            member[i] = new Slices();
        }
        quota = new Series[ng];
        period = new Series[ng];
        for (int g = 0; g < ng; g++) {
            quota[g] = new Series();
            period[g] = new Series();
            quota[g].add(0, info.quotaNs()[g]);
            period[g].add(0, info.periodNs()[g]);
        }
        lockOfText = new int[info.strings().size()];
        Arrays.fill(lockOfText, -1);
        for (int s = 0; s < lockOfText.length; s++)
            lockOfText[s] = info.lockIndex(info.strings().get(s));
        buildIntervals();
        budgets = new Budgets(info, cpu);
        keyframes = buildKeyframes();
        visibleBefore = new int[trace.size() / KEYFRAME + 2];
        int seen = 0;
        for (int i = 0; i < trace.size(); i++) {
            if (i % KEYFRAME == 0) visibleBefore[i / KEYFRAME] = seen;
            if (trace.kind(i) != EventKind.STATE) seen++;
        }
        visibleBefore[visibleBefore.length - 1] = seen;
        steps = seen;
        for (int i = 0; i < trace.size(); i++) {
            if (isMark(trace.kind(i))) {
                if (nMarks == marks.length) marks = Arrays.copyOf(marks, nMarks * 2);
                marks[nMarks++] = i;
            }
        }
        marks = Arrays.copyOf(marks, nMarks); // the index is complete: no growth slack is kept
        int nr = 0; // the ruler's few marks apart: a redraw need not walk the lanes' many
        for (int m = 0; m < nMarks; m++) if (isRulerMark(trace.kind(marks[m]))) nr++;
        rulerMarks = new int[nr];
        nr = 0;
        for (int m = 0; m < nMarks; m++) if (isRulerMark(trace.kind(marks[m]))) rulerMarks[nr++] = marks[m];
        for (Slices[] lanes : new Slices[][] {cpu, task, held, member}) for (Slices l : lanes) l.trim();
        for (Series[] ss : new Series[][] {quota, period}) for (Series x : ss) x.trim();
        budgets.trim();
        laneMarks(); // here, off the FX thread, not in the first redraw
    }

    /** The kinds drawn as marks on the timeline. */
    public static boolean isMark(EventKind k) {
        return switch (k) {
            case THROTTLE, UNTHROTTLE, TASK_WORK_ADDED, PARKED, UNPARKED, SLACK_TIMER, HUNG_TASK, NOTE, FAULT -> true;
            default -> false;
        };
    }

    /** The kinds drawn on the time ruler: slack timer, hung-task report, note, fault. */
    public static boolean isRulerMark(EventKind k) {
        return k == EventKind.SLACK_TIMER || k == EventKind.HUNG_TASK || k == EventKind.NOTE || k == EventKind.FAULT;
    }

    private int[] rulerMarks = new int[0];

    public int rulerMarkCount() {
        return rulerMarks.length;
    }

    public int rulerMark(int i) {
        return rulerMarks[i];
    }

    /** Index into the ruler's marks of the first at or after time t. */
    public int firstRulerMarkAtOrAfter(long t) {
        int lo = 0, hi = rulerMarks.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (trace.time(rulerMarks[mid]) < t) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    private volatile int[][] cpuMarks, taskMarks;

    /** The lane marks (throttle, unthrottle, task work, park, unpark, hung-task report) of CPU c, in time order. */
    public int[] cpuMarks(int c) {
        laneMarks();
        return cpuMarks[c];
    }

    /** The lane marks of task t, in time order. */
    public int[] taskMarks(int t) {
        laneMarks();
        return taskMarks[t];
    }

    /** Each lane's marks: a redraw walks only the lanes on screen, not every mark of the run. */
    private synchronized void laneMarks() {
        if (taskMarks != null) return;
        int nc = info.cpus(), nt = info.tasks().length;
        int[] cn = new int[nc], tn = new int[nt];
        for (int m = 0; m < nMarks; m++) {
            int e = marks[m];
            if (isRulerMark(trace.kind(e)) && trace.kind(e) != EventKind.HUNG_TASK) continue;
            int c = trace.cpu(e), t = trace.task(e);
            if (c >= 0 && c < nc) cn[c]++;
            if (t >= 0 && t < nt) tn[t]++;
        }
        int[][] cm = new int[nc][], tm = new int[nt][];
        for (int c = 0; c < nc; c++) cm[c] = new int[cn[c]];
        for (int t = 0; t < nt; t++) tm[t] = new int[tn[t]];
        Arrays.fill(cn, 0);
        Arrays.fill(tn, 0);
        for (int m = 0; m < nMarks; m++) {
            int e = marks[m];
            if (isRulerMark(trace.kind(e)) && trace.kind(e) != EventKind.HUNG_TASK) continue;
            int c = trace.cpu(e), t = trace.task(e);
            if (c >= 0 && c < nc) cm[c][cn[c]++] = e;
            if (t >= 0 && t < nt) tm[t][tn[t]++] = e;
        }
        cpuMarks = cm;
        taskMarks = tm;
    }

    private volatile int[][] taskEvents;

    /**
     * Every event of task t (all kinds, state changes too), in trace order: what a per-task
     * question reads instead of scanning an instant that may hold every task's events.
     */
    public int[] taskEvents(int t) {
        int[][] te = taskEvents;
        if (te == null) te = buildTaskEvents();
        return te[t];
    }

    private synchronized int[][] buildTaskEvents() {
        if (taskEvents != null) return taskEvents;
        int nt = info.tasks().length, n = trace.size();
        int[] count = new int[nt];
        for (int e = 0; e < n; e++) {
            int t = trace.task(e);
            if (t >= 0 && t < nt) count[t]++;
        }
        int[][] te = new int[nt][];
        for (int t = 0; t < nt; t++) te[t] = new int[count[t]];
        Arrays.fill(count, 0);
        for (int e = 0; e < n; e++) {
            int t = trace.task(e);
            if (t >= 0 && t < nt) te[t][count[t]++] = e;
        }
        taskEvents = te;
        return te;
    }

    /** The last visible event at or before event i (-1 if none). */
    public int lastVisibleAtOrBeforeEvent(int i) {
        while (i >= 0 && !visible(trace.kind(i))) i--;
        return i;
    }

    /** Index into a lane's marks of the first at or after time t. */
    public int firstAtOrAfter(int[] laneMarks, long t) {
        int lo = 0, hi = laneMarks.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (trace.time(laneMarks[mid]) < t) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    public int markCount() {
        return nMarks;
    }

    public int mark(int i) {
        return marks[i];
    }

    /** Index into the marks of the first mark at or after time t. */
    public int firstMarkAtOrAfter(long t) {
        int lo = 0, hi = nMarks;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (trace.time(marks[mid]) < t) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    private int steps;

    /** Events that stepping visits (every kind but the {@code state} bookkeeping). */
    public static boolean visible(EventKind k) {
        return k != EventKind.STATE;
    }

    /** How many steps the run has: its visible events. */
    public int steps() {
        return steps;
    }

    /**
     * The step number of event i, the one numbering the window, the log, describe and --step use:
     * the count of visible events up to and including i (1 is the first visible event; 0 before it).
     * A bookkeeping event has the number of the visible event before it.
     */
    public int stepOf(int i) {
        if (i < 0) return 0;
        i = Math.min(i, trace.size() - 1);
        int block = i / KEYFRAME, n = visibleBefore[block];
        for (int j = block * KEYFRAME; j <= i; j++) if (visible(trace.kind(j))) n++;
        return n;
    }

    /** The event index of step n (1..steps()); -1 for step 0. */
    public int eventOfStep(int n) {
        if (n <= 0) return -1;
        if (n > steps) throw new IllegalArgumentException("step " + n + " is past the last step " + steps);
        int lo = 0, hi = visibleBefore.length - 2; // last block whose count before it is < n
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (visibleBefore[mid] < n) lo = mid;
            else hi = mid - 1;
        }
        int seen = visibleBefore[lo];
        for (int j = lo * KEYFRAME; j < trace.size(); j++) {
            if (visible(trace.kind(j)) && ++seen == n) return j;
        }
        throw new IllegalStateException("step " + n);
    }

    /** The last visible event at or before time t (-1 if none). */
    public int lastVisibleAtOrBefore(long t) {
        int i = trace.firstAtOrAfter(t + 1) - 1;
        while (i >= 0 && !visible(trace.kind(i))) i--;
        return i;
    }

    /** The cgroups a task belonged to, over time (value = group). */
    public Slices membership(int t) {
        return member[t];
    }

    /** The quota in force for group g at time t (-1: unlimited), following cpu.max writes. */
    public long quotaAt(int g, long t) {
        int i = quota[g].lastAtOrBefore(t);
        return quota[g].value(Math.max(0, i));
    }

    /** The quota of g as of event i (-1: as configured): a view at a step never shows a later event's value of the same instant. */
    public long quotaAtEvent(int g, int i) {
        return quota[g].value(Math.max(0, quota[g].lastAtOrBeforeEvent(i)));
    }

    public long periodAtEvent(int g, int i) {
        return period[g].value(Math.max(0, period[g].lastAtOrBeforeEvent(i)));
    }

    /** runtime_remaining of (g, c) as of event i (at its time; -1: before the first event). */
    public long remainingAtEvent(int g, int c, int i) {
        return budgets.remainingAt(g, c, i < 0 ? 0 : trace.time(i), i);
    }

    /** The global pool of g as of event i (-1: before the first event). */
    public long poolAtEvent(int g, int i) {
        return budgets.poolAt(g, i);
    }

    /** The period in force for group g at time t. */
    public long periodAt(int g, long t) {
        int i = period[g].lastAtOrBefore(t);
        return period[g].value(Math.max(0, i));
    }

    /** Every quota group g had (the initial one and each write's). */
    public Series quotas(int g) {
        return quota[g];
    }

    /** RUNNING task-lane slices: the CPU. */
    public static int runningCpu(int detail) {
        return detail >> 1;
    }

    /** RUNNING task-lane slices: in kernel mode. */
    public static boolean runningKernel(int detail) {
        return (detail & 1) != 0;
    }

    public Trace trace() {
        return trace;
    }

    public RunInfo info() {
        return info;
    }

    public int size() {
        return trace.size();
    }

    public Slices cpuSlices(int c) {
        return cpu[c];
    }

    public Slices taskSlices(int t) {
        return task[t];
    }

    public Slices heldSlices(int t) {
        return held[t];
    }

    public Series pool(int g) {
        return budgets.pool(g);
    }

    /** CPU time that tasks of group g (or below it) ran on CPU c in [from, to). */
    public long usage(int g, int c, long from, long to) {
        return budgets.usage(g, c, from, to);
    }

    /** runtime_remaining of (g, c) at time t (see {@link Budgets#remainingAt}). */
    public long remainingAt(int g, int c, long t) {
        return budgets.remainingAt(g, c, t);
    }

    /** The last instant at or before t at which CPU c's running task was charged (see {@link Budgets#chargedUpTo}). */
    public long chargedUpTo(int c, long t) {
        return budgets.chargedUpTo(c, t);
    }

    /** The points at which events reported runtime_remaining of (g, c). */
    public Series remainingPoints(int g, int c) {
        return budgets.remainingPoints(g, c);
    }

    /**
     * The lowest and highest runtime_remaining of all of g's CPUs in each sample's span, read from
     * the whole run's band; false where the samples are too close for it (see {@link Budgets#band}).
     */
    public boolean remainingBand(int g, double t0, double dt, double[] low, double[] high) {
        return budgets.band(g, t0, dt, low, high);
    }

    /** runtime_remaining of (g, c) sampled at t0, t0 + dt, ... (see {@link Budgets#remainingCurve}). */
    public void remainingCurve(int g, int c, double t0, double dt, double[] out) {
        budgets.remainingCurve(g, c, t0, dt, out);
    }

    public static boolean kernelMode(int detail) {
        return (detail & 1) != 0;
    }

    public static int group(int detail) {
        return detail >>> 1;
    }

    private void buildIntervals() {
        int nc = info.cpus(), nt = info.tasks().length;
        int[] curr = new int[nc];
        long[] since = new long[nc];
        Arrays.fill(curr, -1);
        boolean[] kern = info.kthread().clone();
        int[] grp = info.taskGroup().clone();
        int[] st = new int[nt];
        long[] stSince = new long[nt];
        int[] stDetail = new int[nt];
        int[] locksHeld = new int[nt];
        long[] heldSince = new long[nt];
        long[] memberSince = new long[nt];
        long end = info.endNs();
        for (int i = 0; i < trace.size(); i++) {
            EventKind k = trace.kind(i);
            long t = trace.time(i);
            int c = trace.cpu(i), ta = trace.task(i);
            switch (k) {
                case SWITCH -> {
                    closeCpu(c, curr, since, kern, grp, t);
                    curr[c] = ta;
                }
                case SYSCALL_ENTER, SYSCALL_EXIT, EXITING -> {
                    if (c >= 0 && curr[c] == ta) closeCpu(c, curr, since, kern, grp, t);
                    kern[ta] = k != EventKind.SYSCALL_EXIT || info.kthread()[ta];
                    if (st[ta] == TaskState.RUNNING.ordinal()) { // the task lane shows the mode too
                        task[ta].add(stSince[ta], t, st[ta], stDetail[ta]);
                        stSince[ta] = t;
                        stDetail[ta] = (runningCpu(stDetail[ta]) << 1) | (kern[ta] ? 1 : 0);
                    }
                }
                case MOVE -> {
                    if (c >= 0 && curr[c] == ta) closeCpu(c, curr, since, kern, grp, t);
                    member[ta].add(memberSince[ta], t, grp[ta], 0);
                    memberSince[ta] = t;
                    grp[ta] = trace.group(i);
                }
                case STATE -> {
                    task[ta].add(stSince[ta], t, st[ta], stDetail[ta]);
                    st[ta] = (int) trace.argA(i);
                    stSince[ta] = t;
                    stDetail[ta] = st[ta] == TaskState.RUNNING.ordinal() ? (c << 1) | (kern[ta] ? 1 : 0) : -1;
                }
                case REFILL -> quota[trace.group(i)].add(t, trace.argB(i), k, i);
                case CGROUP_WRITE -> {
                    long p = trace.argA(i) != 0 ? -1 : writtenPeriod(info.str(trace.text(i)));
                    if (p > 0) period[trace.group(i)].add(t, p, k, i);
                }
                case BLOCK -> stDetail[ta] = trace.text(i);
                case LOCK_ACQUIRE, LOCK_RELEASE -> {
                    if (locksHeld[ta] > 0) held[ta].add(heldSince[ta], t, locksHeld[ta], 0);
                    locksHeld[ta] += k == EventKind.LOCK_ACQUIRE ? 1 : -1;
                    heldSince[ta] = t;
                }
                default -> {}
            }
            if (k == EventKind.SWITCH) since[c] = t;
            if ((k == EventKind.SYSCALL_ENTER
                            || k == EventKind.SYSCALL_EXIT
                            || k == EventKind.EXITING
                            || k == EventKind.MOVE)
                    && c >= 0
                    && curr[c] == ta) since[c] = t;
        }
        for (int c = 0; c < nc; c++) closeCpu(c, curr, since, kern, grp, end);
        for (int t = 0; t < nt; t++) {
            task[t].add(stSince[t], end, st[t], stDetail[t]);
            if (locksHeld[t] > 0) held[t].add(heldSince[t], end, locksHeld[t], 0);
            member[t].add(memberSince[t], Math.max(end, memberSince[t] + 1), grp[t], 0);
        }
    }

    /** The period of a "cpu.max QUOTA PERIOD" write (microseconds in the file), or -1. */
    static long writtenPeriod(String write) {
        String[] w = write.trim().split("\\s+");
        if (w.length != 3 || !w[0].equals("cpu.max")) return -1;
        try {
            return Long.parseLong(w[2]) * 1000;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private void closeCpu(int c, int[] curr, long[] since, boolean[] kern, int[] grp, long t) {
        int ta = curr[c];
        if (ta >= 0) cpu[c].add(since[c], t, ta, (kern[ta] ? 1 : 0) | grp[ta] << 1);
        since[c] = t;
    }

    private Snapshot[] buildKeyframes() {
        Snapshot s = new Snapshot(info, lockOfText);
        int n = trace.size();
        Snapshot[] kf = new Snapshot[n / KEYFRAME + 1];
        for (int i = 0; i < n; i++) {
            s.apply(trace, i);
            budgets.record(trace, i);
            if (i % KEYFRAME == 0) kf[i / KEYFRAME] = s.copy();
        }
        return kf;
    }

    /** The state after event i (i = -1: before the first event). */
    public Snapshot at(int i) {
        if (i < 0) return new Snapshot(info, lockOfText);
        i = Math.min(i, trace.size() - 1);
        Snapshot base;
        if (cursor != null && cursor.event <= i && i - cursor.event < KEYFRAME) {
            base = cursor;
        } else {
            base = keyframes[i / KEYFRAME].copy();
        }
        for (int j = base.event + 1; j <= i; j++) base.apply(trace, j);
        cursor = base;
        return base.copy();
    }
}
