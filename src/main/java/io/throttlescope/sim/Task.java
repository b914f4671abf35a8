package io.throttlescope.sim;

import io.throttlescope.sim.spec.Step;
import io.throttlescope.sim.spec.TaskSpec;

import java.util.ArrayList;
import java.util.List;

/** struct task_struct, plus the cursor of its scenario program. */
final class Task {
    final int id;
    final String name;
    final TaskSpec spec;
    final boolean kthread;      // PF_KTHREAD
    final SchedEntity se;
    long[] cpus;                // cpus_ptr as a bit mask
    TaskGroup group;
    Cpu cpu;                    // task_cpu(p)
    TaskState state = TaskState.NEW;
    long stateSince;
    boolean userMode = true;    // execution mode: USER or KERNEL
    boolean exiting;            // PF_EXITING

    // 6.18 task-based throttle state (kernel-model.md 1.1)
    boolean throttleWorkPending; // sched_throttle_work queued
    boolean throttled;           // p->throttled: parked on a limbo list
    CfsRq limboOf;               // the limbo list the task sits on, if parked

    long nvcsw, nivcsw;
    long lastSwitchCount, lastSwitchTime;   // hung-task bookkeeping

    // program cursor
    final ArrayList<Frame> frames = new ArrayList<>();
    long burstLeft;             // remaining CPU time of the current user/kernel burst
    boolean burstUser;
    long switchCostLeft;        // kernel time owed for being switched in
    /** What a blocked or sleeping task waits for, shown in the app and used by wake-ups. */
    String waitingFor;
    java.util.function.BooleanSupplier onRun; // what a woken waiter checks when it next runs
    boolean resumeToUser;       // switched in while in user mode: passes ret2user first
    long sleepGen;

    // accounting (ns)
    long cpuNs, userNs, kernelNs;
    final long[] timeIn = new long[TaskState.values().length];
    long exitedAt = -1;
    final List<long[]> syscalls = new ArrayList<>();      // {nameIdx, enter, exit(-1)}
    final List<String> syscallNames = new ArrayList<>();
    final List<LockWait> lockWaits = new ArrayList<>();
    int locksHeld;

    static final class Frame {
        final List<Step> steps;
        int idx;
        long remaining;          // loop iterations left (<0 = forever); unused otherwise
        final Step.Syscall syscall; // non-null for a syscall frame
        final boolean loop;
        Frame(List<Step> steps, long remaining, Step.Syscall syscall, boolean loop) {
            this.steps = steps;
            this.remaining = remaining;
            this.syscall = syscall;
            this.loop = loop;
        }
    }

    static final class LockWait {
        final String lock, op;
        final long start;
        long acquired = -1;
        LockWait(String lock, String op, long start) { this.lock = lock; this.op = op; this.start = start; }
    }

    Task(int id, TaskSpec spec, long weight) {
        this.id = id;
        this.name = spec.name();
        this.spec = spec;
        this.kthread = spec.kthread();
        this.cpus = spec.cpus().clone();
        this.se = new SchedEntity(this, null, weight);
        this.userMode = !kthread;
        frames.add(new Frame(spec.program(), 0, null, false));
    }

    boolean allowed(int cpu) { return (cpus[cpu >>> 6] & (1L << (cpu & 63))) != 0; }

    long switchCount() { return nvcsw + nivcsw; }

    /** cfs_rq_of(&p->se): the task's own group's cfs_rq on its CPU. */
    CfsRq cfsRq() { return group.cfsRq[cpu.id]; }

    LockWait openWait() {
        return lockWaits.isEmpty() || lockWaits.get(lockWaits.size() - 1).acquired >= 0 ? null
                : lockWaits.get(lockWaits.size() - 1);
    }

    @Override public String toString() { return name; }
}
