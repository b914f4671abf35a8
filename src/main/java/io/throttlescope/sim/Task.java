package io.throttlescope.sim;

import io.throttlescope.sim.spec.TaskSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;

/** struct task_struct, plus the cursor of its scenario program. */
final class Task {
    final int id;
    final String name;
    final TaskSpec spec;
    final boolean kthread; // PF_KTHREAD
    final SchedEntity se;
    long[] cpus; // cpus_ptr as a bit mask
    TaskGroup group;
    Cpu cpu; // task_cpu(p)
    TaskState state = TaskState.NEW;
    long stateSince;
    boolean userMode = true; // execution mode: USER or KERNEL
    boolean exiting; // PF_EXITING

    // 6.18 task-based throttle state (docs/model.md, "Structure")
    boolean throttleWorkPending; // sched_throttle_work queued
    boolean throttled; // p->throttled: parked on a limbo list
    CfsRq limboOf; // the limbo list the task sits on, if parked

    long nvcsw, nivcsw;
    long lastSwitchCount, lastSwitchTime; // hung-task bookkeeping

    // program cursor
    private Frame[] frames = new Frame[4]; // reused: a syscall or loop allocates nothing
    int depth;
    /** frames[depth - 1], kept beside the task's other hot fields (one load less at every step). */
    private Frame top;

    long burstLeft; // remaining CPU time of the current user/kernel burst
    boolean burstUser;
    long switchCostLeft; // kernel time owed for being switched in
    /** What a blocked or sleeping task waits for, shown in the app and used by wake-ups. */
    int waitingFor = -1; // string index of what it waits for, -1 if nothing

    BooleanSupplier onRun; // what a woken waiter checks when it next runs
    boolean resumeToUser; // switched in while in user mode: passes ret2user first
    long sleepGen;

    // accounting (ns)
    long cpuNs, userNs, kernelNs;
    final long[] timeIn = new long[TaskState.values().length];
    long exitedAt = -1;
    final List<LockWait> lockWaits = new ArrayList<>();
    int locksHeld;

    static final class Frame {
        Op[] ops;
        int idx;
        long remaining; // loop iterations left (<0 = forever); unused otherwise
        boolean syscall;
        boolean loop;
    }

    void push(Op[] ops, long remaining, boolean syscall, boolean loop) {
        if (depth == frames.length) frames = Arrays.copyOf(frames, depth * 2);
        Frame f = frames[depth];
        if (f == null) frames[depth] = f = new Frame();
        f.ops = ops;
        f.idx = 0;
        f.remaining = remaining;
        f.syscall = syscall;
        f.loop = loop;
        depth++;
        top = f;
    }

    Frame top() {
        return top;
    }

    void pop() {
        depth--;
        top = depth > 0 ? frames[depth - 1] : null;
    }

    /** Index in the run's SyscallLog of the syscall the task is in, -1 if none (syscalls do not nest). */
    int openSyscall = -1;
    /** The open syscall's name (string index) and entry time, kept here so that its exit reads no log row back. */
    int openSyscallName;

    long openSyscallAt;

    static final class LockWait {
        final String lock, op;
        final long start;
        long acquired = -1;

        LockWait(String lock, String op, long start) {
            this.lock = lock;
            this.op = op;
            this.start = start;
        }
    }

    Task(int id, TaskSpec spec, long weight, Op[] program) {
        this.id = id;
        this.name = spec.name();
        this.spec = spec;
        this.kthread = spec.kthread();
        this.cpus = spec.cpus().clone();
        this.se = new SchedEntity(this, null, weight);
        this.userMode = !kthread;
        push(program, 0, false, false);
    }

    boolean allowed(int cpu) {
        return (cpus[cpu >>> 6] & (1L << (cpu & 63))) != 0;
    }

    long switchCount() {
        return nvcsw + nivcsw;
    }

    /** cfs_rq_of(&p->se): the task's own group's cfs_rq on its CPU. */
    CfsRq cfsRq() {
        return group.cfsRq[cpu.id];
    }

    LockWait openWait() {
        return lockWaits.isEmpty() || lockWaits.get(lockWaits.size() - 1).acquired >= 0
                ? null
                : lockWaits.get(lockWaits.size() - 1);
    }

    @Override
    public String toString() {
        return name;
    }
}
