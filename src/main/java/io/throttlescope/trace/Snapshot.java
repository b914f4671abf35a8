package io.throttlescope.trace;

import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.TaskState;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The state of the simulated machine after one event, rebuilt from the trace alone: who runs
 * where, each task's state, throttled cfs_rqs, pools, limbo order and lock queues. The views read
 * it; nothing here reaches into the simulator.
 */
public final class Snapshot {
    public int event = -1;
    public long time;
    public final int[] cpuCurr;
    public final byte[] state;
    public final int[] taskCpu;
    public final int[] taskGroup;
    public final boolean[] kernel;
    public final int[] waitText;
    /** Event index at which the task was parked (-1 if not parked): limbo lists are newest first. */
    public final int[] parkSeq;

    public final boolean[] work;
    /** throttled[g * cpus + c]: the cfs_rq of group g on CPU c is throttled itself. */
    public final boolean[] throttled;

    public final long[] pool;
    public final Lock[] locks;
    private final RunInfo info;
    private final int[] lockOfText;

    /** A lock's state: readers inside, the writer or mutex owner, who holds block, the queue. */
    public static final class Lock {
        public final List<Integer> readers = new ArrayList<>();
        public int owner = -1;
        public int blockHolder = -1;
        public final List<int[]> waiters = new ArrayList<>(); // {task, op}

        Lock copy() {
            Lock l = new Lock();
            l.readers.addAll(readers);
            l.owner = owner;
            l.blockHolder = blockHolder;
            for (int[] w : waiters) l.waiters.add(w.clone());
            return l;
        }
    }

    Snapshot(RunInfo info, int[] lockOfText) {
        this.info = info;
        this.lockOfText = lockOfText;
        int nt = info.tasks().length, ng = info.groups().length;
        cpuCurr = new int[info.cpus()];
        Arrays.fill(cpuCurr, -1);
        state = new byte[nt];
        taskCpu = new int[nt];
        taskGroup = info.taskGroup().clone();
        kernel = info.kthread().clone();
        waitText = new int[nt];
        Arrays.fill(waitText, -1);
        parkSeq = new int[nt];
        Arrays.fill(parkSeq, -1);
        work = new boolean[nt];
        throttled = new boolean[ng * info.cpus()];
        pool = new long[ng];
        for (int g = 0; g < ng; g++) pool[g] = info.quotaNs()[g];
        locks = new Lock[info.locks().size()];
        for (int i = 0; i < locks.length; i++) locks[i] = new Lock();
    }

    private Snapshot(Snapshot o) {
        info = o.info;
        lockOfText = o.lockOfText;
        event = o.event;
        time = o.time;
        cpuCurr = o.cpuCurr.clone();
        state = o.state.clone();
        taskCpu = o.taskCpu.clone();
        taskGroup = o.taskGroup.clone();
        kernel = o.kernel.clone();
        waitText = o.waitText.clone();
        parkSeq = o.parkSeq.clone();
        work = o.work.clone();
        throttled = o.throttled.clone();
        pool = o.pool.clone();
        locks = new Lock[o.locks.length];
        for (int i = 0; i < locks.length; i++) locks[i] = o.locks[i].copy();
    }

    Snapshot copy() {
        return new Snapshot(this);
    }

    public TaskState state(int task) {
        return TaskState.values()[state[task]];
    }

    public boolean isThrottled(int g, int cpu) {
        return throttled[g * info.cpus() + cpu];
    }

    /** throttle_count: throttled cfs_rqs from this one up to the root on this CPU. */
    public int throttleCount(int g, int cpu) {
        int n = 0;
        for (int x = g; x >= 0; x = info.groupParent()[x]) if (isThrottled(x, cpu)) n++;
        return n;
    }

    /**
     * Tasks by cfs_rq (index g * cpus + c), in one pass: the queued ones (runnable or held off,
     * not running) when parked is false, else the parked ones in limbo-list order (head first:
     * most recently parked first). Entries with no task are null.
     */
    public List<List<Integer>> tasksByCfsRq(boolean parked) {
        int nc = info.cpus();
        List<List<Integer>> out = new ArrayList<>(Collections.nCopies(info.groups().length * nc, (List<Integer>) null));
        for (int t = 0; t < state.length; t++) {
            int s = state[t];
            boolean match = parked
                    ? s == TaskState.PARKED.ordinal()
                    : (s == TaskState.RUNNABLE.ordinal() || s == TaskState.THROTTLED.ordinal())
                            && cpuCurr[taskCpu[t]] != t;
            if (!match) continue;
            int key = taskGroup[t] * nc + taskCpu[t];
            if (out.get(key) == null) out.set(key, new ArrayList<>());
            out.get(key).add(t);
        }
        if (parked)
            for (List<Integer> l : out) if (l != null) l.sort((a, b) -> Integer.compare(parkSeq[b], parkSeq[a]));
        return out;
    }

    /** Applies event i of the trace. */
    void apply(Trace tr, int i) {
        event = i;
        time = tr.time(i);
        EventKind k = tr.kind(i);
        int c = tr.cpu(i), t = tr.task(i), g = tr.group(i);
        long a = tr.argA(i), b = tr.argB(i);
        switch (k) {
            case STATE -> {
                state[t] = (byte) a;
                if (c >= 0) taskCpu[t] = c;
                if (g >= 0) taskGroup[t] = g;
                if (a != TaskState.BLOCKED.ordinal() && a != TaskState.SLEEPING.ordinal()) waitText[t] = -1;
                if (a != TaskState.PARKED.ordinal()) parkSeq[t] = -1;
                else if (parkSeq[t] < 0) parkSeq[t] = i;
            }
            case SWITCH -> cpuCurr[c] = t;
            case WAKE, MIGRATE -> taskCpu[t] = c;
            case MOVE -> taskGroup[t] = g;
            case SYSCALL_ENTER, EXITING -> kernel[t] = true;
            case SYSCALL_EXIT -> kernel[t] = info.kthread()[t];
            case BLOCK -> {
                waitText[t] = tr.text(i);
                String why = info.str(tr.text(i));
                if (why.startsWith("readers of ")) {
                    int l = info.lockIndex(why.substring("readers of ".length()));
                    if (l >= 0) {
                        locks[l].blockHolder = t;
                        locks[l].waiters.removeIf(w -> w[0] == t);
                    }
                }
            }
            case TASK_WORK_ADDED -> work[t] = true;
            case PARKED -> {
                work[t] = false;
                parkSeq[t] = i;
            }
            case THROTTLE -> throttled[g * info.cpus() + c] = true;
            case UNTHROTTLE -> throttled[g * info.cpus() + c] = false;
            case SLICE_PULL, DISTRIBUTE -> {
                if (pool[g] >= 0) pool[g] -= a;
            }
            case SLACK_RETURN -> pool[g] = b;
            case PERIOD_TIMER -> pool[g] = a;
            case REFILL -> pool[g] = a;
            case LOCK_WAIT -> {
                int l = lock(tr.text(i));
                if (l >= 0) locks[l].waiters.add(new int[] {t, (int) a});
            }
            case LOCK_ACQUIRE -> {
                int l = lock(tr.text(i));
                if (l < 0) break;
                Lock x = locks[l];
                x.waiters.removeIf(w -> w[0] == t);
                if (b == Simulator.OP_READ) x.readers.add(t);
                else {
                    x.owner = t;
                    if (b == Simulator.OP_WRITE) x.blockHolder = t;
                }
            }
            case LOCK_GRANT -> {
                int l = lock(tr.text(i));
                if (l >= 0) {
                    locks[l].blockHolder = t;
                    locks[l].waiters.removeIf(w -> w[0] == t);
                }
            }
            case LOCK_RELEASE -> {
                int l = lock(tr.text(i));
                if (l < 0) break;
                Lock x = locks[l];
                boolean mutex = "mutex".equals(info.lockTypes().get(l));
                if (a == 1 || mutex) {
                    if (x.owner == t) x.owner = -1;
                    if (x.blockHolder == t) x.blockHolder = -1;
                } else {
                    x.readers.remove(Integer.valueOf(t));
                }
            }
            default -> {}
        }
    }

    private int lock(int text) {
        return text < 0 || text >= lockOfText.length ? -1 : lockOfText[text];
    }
}
