package io.throttlescope.view;

import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.TaskState;
import io.throttlescope.trace.RunInfo;
import io.throttlescope.trace.Trace;
import java.util.List;

/**
 * What an event of a real trace says. A trace records what the kernel did, not why: the texts say
 * which tracepoint or probe logged it, and for what the importer inferred, how.
 */
final class RealExplainer {
    private RealExplainer() {}

    static String text(Run run, int i, boolean legacy, List<String> fns) {
        Trace tr = run.trace();
        RunInfo info = run.info();
        EventKind k = tr.kind(i);
        int t = tr.task(i), c = tr.cpu(i), g = tr.group(i);
        String task = t < 0 ? "" : info.tasks()[t],
                cpu = c < 0 ? "a CPU" : "CPU" + c,
                grp = g < 0 ? "" : info.groups()[g];
        String text = info.str(tr.text(i));
        return switch (k) {
            case THROTTLE ->
                tr.argB(i) == 1
                        ? "inferred throttle of " + grp + " on " + cpu
                                + ": a task of it was switched out runnable and stayed off its CPU while no"
                                + " other task of " + grp + " ran there (no throttle_cfs_rq probe in this trace; "
                                + (legacy
                                        ? "before 6.18 the whole group leaves the CPU wherever its tasks were)."
                                        : "on 6.18 that is the park at the return to user mode).")
                        : "the throttle_cfs_rq probe fired on " + cpu + ": " + grp + " has used up its runtime there"
                                + fn(fns, "throttle_cfs_rq") + ".";
            case UNTHROTTLE ->
                "the unthrottle_cfs_rq probe fired on " + cpu + (grp.isEmpty() ? "" : " for " + grp)
                        + ": the refill gave it runtime" + fn(fns, "unthrottle_cfs_rq") + ".";
            case PARKED ->
                tr.argB(i) == 1
                        ? task + " is parked (inferred): switched out runnable right at its return to user mode while "
                                + grp + " is throttled, the" + " 6.18 task work at work"
                                + fn(fns, "throttle_cfs_rq_work") + "."
                        : "the throttle_cfs_rq_work probe fired: " + task + " is parked on its cfs_rq's limbo list"
                                + fn(fns, "throttle_cfs_rq_work") + ".";
            case TASK_WORK_ADDED ->
                "the task_throttle_setup_work probe fired: " + task + " got the throttle task work"
                        + fn(fns, "task_throttle_setup_work") + ".";
            case SWITCH ->
                t < 0
                        ? cpu + " goes idle (sched_switch)."
                        : "sched_switch: " + cpu + " runs " + task
                                + (tr.argA(i) >= 0 ? " after " + info.tasks()[(int) tr.argA(i)] : "") + ".";
            case PREEMPT -> task + " was switched out still runnable (prev_state R or R+).";
            case BLOCK ->
                task + " was switched out " + (tr.argA(i) == 1 ? "in D state (TASK_UNINTERRUPTIBLE)" : "sleeping")
                        + " in " + text + ".";
            case WAKE -> "sched_wakeup: " + task + " is woken onto " + cpu + ".";
            case START -> "sched_wakeup_new: " + task + " runs for the first time.";
            case MIGRATE -> "sched_migrate_task: " + task + " moves from CPU" + tr.argA(i) + " to " + cpu + ".";
            case SYSCALL_ENTER -> task + " enters the kernel: syscall " + text + " (raw_syscalls:sys_enter).";
            case SYSCALL_EXIT ->
                task + " returns from " + text + " to user mode after " + Durations.human(tr.argA(i))
                        + " (raw_syscalls:sys_exit).";
            case EXITING ->
                "sched_process_exit: " + task + " is in do_exit(); it runs in the kernel until its last switch-out.";
            case EXIT -> task + " is gone (its last switch-out, prev_state Z or X).";
            case LOCK_WAIT -> task + " starts to wait for " + text + " (lock:contention_begin).";
            case LOCK_ACQUIRE -> task + " stops waiting for " + text + " (lock:contention_end).";
            case HUNG_TASK -> "sched_process_hang: the hung-task detector reported " + task + ".";
            case MOVE -> "cgroup_attach_task: " + task + " moves to " + grp + ".";
            case NOTE -> "Note: " + text;
            case STATE -> task + " is now " + States.name(TaskState.values()[(int) tr.argA(i)]) + ".";
            default -> k.jsonName + (task.isEmpty() ? "" : " of " + task) + ".";
        };
    }

    private static String fn(List<String> fns, String f) {
        fns.add(f);
        return " (" + f + "())";
    }
}
