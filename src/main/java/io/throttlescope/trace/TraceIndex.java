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
    public static final int KEYFRAME = 1024;

    private final Trace trace;
    private final RunInfo info;
    private final Slices[] cpu;        // value = task, detail = kernel(1) | group << 1
    private final Slices[] task;       // value = TaskState ordinal, detail = wait text or cpu
    private final Slices[] held;       // value = locks held (> 0)
    private final Series[] pool;       // per group
    private final Series[] remaining;  // per group x cpu, known points
    private final Snapshot[] keyframes;
    private final int[] lockOfText;
    private Snapshot cursor;
    private int[] marks = new int[64];
    private int nMarks;

    /** Step-wise or point series of (time, value). */
    public static final class Series {
        long[] t = new long[16];
        long[] v = new long[16];
        byte[] k = new byte[16];
        int n;

        void add(long time, long value) { add(time, value, null); }

        void add(long time, long value, EventKind kind) {
            if (n == t.length) { t = Arrays.copyOf(t, n * 2); v = Arrays.copyOf(v, n * 2); k = Arrays.copyOf(k, n * 2); }
            t[n] = time; v[n] = value; k[n] = (byte) (kind == null ? -1 : kind.ordinal()); n++;
        }

        /** The kind of event that made point i (null if none recorded). */
        public EventKind kind(int i) { return k[i] < 0 ? null : EventKind.of(k[i]); }

        public int size() { return n; }
        public long time(int i) { return t[i]; }
        public long value(int i) { return v[i]; }

        /** Index of the last point at or before time, -1 if none. */
        public int lastAtOrBefore(long time) {
            int lo = 0, hi = n;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (t[mid] <= time) lo = mid + 1; else hi = mid;
            }
            return lo - 1;
        }
    }

    public TraceIndex(Trace trace, RunInfo info) {
        this.trace = trace;
        this.info = info;
        int nc = info.cpus(), nt = info.tasks().length, ng = info.groups().length;
        cpu = new Slices[nc];
        for (int i = 0; i < nc; i++) cpu[i] = new Slices();
        task = new Slices[nt];
        held = new Slices[nt];
        for (int i = 0; i < nt; i++) { task[i] = new Slices(); held[i] = new Slices(); }
        pool = new Series[ng];
        remaining = new Series[ng * nc];
        for (int g = 0; g < ng; g++) {
            pool[g] = new Series();
            for (int c = 0; c < nc; c++) remaining[g * nc + c] = new Series();
        }
        lockOfText = new int[info.strings().size()];
        Arrays.fill(lockOfText, -1);
        for (int s = 0; s < lockOfText.length; s++) lockOfText[s] = info.lockIndex(info.strings().get(s));
        buildIntervals();
        keyframes = buildKeyframes();
        for (int i = 0; i < trace.size(); i++) {
            if (isMark(trace.kind(i))) {
                if (nMarks == marks.length) marks = Arrays.copyOf(marks, nMarks * 2);
                marks[nMarks++] = i;
            }
        }
    }

    /** The kinds drawn as marks on the timeline. */
    public static boolean isMark(EventKind k) {
        return switch (k) {
            case THROTTLE, UNTHROTTLE, TASK_WORK_ADDED, PARKED, UNPARKED, SLACK_TIMER, HUNG_TASK, NOTE, FAULT -> true;
            default -> false;
        };
    }

    public int markCount() { return nMarks; }
    public int mark(int i) { return marks[i]; }

    /** Index into the marks of the first mark at or after time t. */
    public int firstMarkAtOrAfter(long t) {
        int lo = 0, hi = nMarks;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (trace.time(marks[mid]) < t) lo = mid + 1; else hi = mid;
        }
        return lo;
    }

    public Trace trace() { return trace; }
    public RunInfo info() { return info; }
    public int size() { return trace.size(); }
    public Slices cpuSlices(int c) { return cpu[c]; }
    public Slices taskSlices(int t) { return task[t]; }
    public Slices heldSlices(int t) { return held[t]; }
    public Series pool(int g) { return pool[g]; }
    public static boolean kernelMode(int detail) { return (detail & 1) != 0; }
    public static int group(int detail) { return detail >>> 1; }

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
                case SYSCALL_ENTER, SYSCALL_EXIT -> {
                    if (c >= 0 && curr[c] == ta) closeCpu(c, curr, since, kern, grp, t);
                    kern[ta] = k == EventKind.SYSCALL_ENTER || info.kthread()[ta];
                }
                case MOVE -> {
                    if (c >= 0 && curr[c] == ta) closeCpu(c, curr, since, kern, grp, t);
                    grp[ta] = trace.group(i);
                }
                case STATE -> {
                    task[ta].add(stSince[ta], t, st[ta], stDetail[ta]);
                    st[ta] = (int) trace.argA(i);
                    stSince[ta] = t;
                    stDetail[ta] = st[ta] == TaskState.RUNNING.ordinal() ? c : -1;
                }
                case BLOCK -> stDetail[ta] = trace.text(i);
                case LOCK_ACQUIRE, LOCK_RELEASE -> {
                    if (locksHeld[ta] > 0) held[ta].add(heldSince[ta], t, locksHeld[ta], 0);
                    locksHeld[ta] += k == EventKind.LOCK_ACQUIRE ? 1 : -1;
                    heldSince[ta] = t;
                }
                default -> { }
            }
            if (k == EventKind.SWITCH) since[c] = t;
            if ((k == EventKind.SYSCALL_ENTER || k == EventKind.SYSCALL_EXIT || k == EventKind.MOVE) && c >= 0 && curr[c] == ta) since[c] = t;
        }
        for (int c = 0; c < nc; c++) closeCpu(c, curr, since, kern, grp, end);
        for (int t = 0; t < nt; t++) {
            task[t].add(stSince[t], end, st[t], stDetail[t]);
            if (locksHeld[t] > 0) held[t].add(heldSince[t], end, locksHeld[t], 0);
        }
    }

    private void closeCpu(int c, int[] curr, long[] since, boolean[] kern, int[] grp, long t) {
        int ta = curr[c];
        if (ta >= 0) cpu[c].add(since[c], t, ta, (kern[ta] ? 1 : 0) | grp[ta] << 1);
        since[c] = t;
    }

    /** CPU time that tasks of group g (or below it) ran on CPU c in [from, to). */
    public long usage(int g, int c, long from, long to) {
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
     * group's tasks ran on that CPU since (exact-accounting view).
     */
    public long remainingAt(int g, int c, long t) {
        Series s = remaining[g * info.cpus() + c];
        int i = s.lastAtOrBefore(t);
        if (i < 0) return info.quotaNs()[g] < 0 ? 0 : info.initialRuntime();
        return s.value(i) - usage(g, c, s.time(i), t);
    }

    public Series remainingPoints(int g, int c) { return remaining[g * info.cpus() + c]; }

    /**
     * runtime_remaining of (g, c) sampled at t0, t0 + dt, ... into out, in one sweep over the
     * known points and the CPU's slices (what {@link #remainingAt} gives, without a search per sample).
     */
    public void remainingCurve(int g, int c, double t0, double dt, double[] out) {
        Series s = remaining[g * info.cpus() + c];
        Slices sl = cpu[c];
        int p = s.lastAtOrBefore((long) t0);
        long base = p < 0 ? (info.quotaNs()[g] < 0 ? 0 : info.initialRuntime()) : s.value(p);
        long from = p < 0 ? 0 : s.time(p);
        int si = sl.firstEndingAfter(from);
        long used = 0;       // usage from 'from' up to 'upTo'
        long upTo = from;
        for (int k = 0; k < out.length; k++) {
            long t = (long) (t0 + k * dt);
            while (p + 1 < s.size() && s.time(p + 1) <= t) {
                p++;
                base = s.value(p);
                from = s.time(p);
                used = 0;
                upTo = from;
                si = sl.firstEndingAfter(from);
            }
            if (t < upTo) { out[k] = base - used; continue; }
            // add the usage in [upTo, t)
            while (si < sl.size() && sl.start(si) < t) {
                long a = Math.max(upTo, sl.start(si)), b = Math.min(t, sl.end(si));
                if (b > a && info.isWithin(group(sl.detail(si)), g)) used += b - a;
                if (sl.end(si) <= t) si++; else break;
            }
            upTo = t;
            out[k] = base - used;
        }
    }

    private Snapshot[] buildKeyframes() {
        Snapshot s = new Snapshot(info, lockOfText);
        int n = trace.size();
        Snapshot[] kf = new Snapshot[n / KEYFRAME + 1];
        for (int i = 0; i < n; i++) {
            s.apply(trace, i);
            recordBudget(i);
            if (i % KEYFRAME == 0) kf[i / KEYFRAME] = s.copy();
        }
        return kf;
    }

    private void recordBudget(int i) {
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
