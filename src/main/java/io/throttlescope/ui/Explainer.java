package io.throttlescope.ui;

import io.throttlescope.scenario.DurationText;
import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.TaskState;
import io.throttlescope.trace.RunInfo;
import io.throttlescope.trace.Snapshot;
import io.throttlescope.trace.Trace;

/**
 * "What just happened": a few plain sentences for an event, naming the kernel function and the
 * section of kernel-model.md behind it.
 */
public final class Explainer {
    private Explainer() { }

    public static String explain(Run run, Snapshot s, int i) {
        if (i < 0) return "Nothing has happened yet. Press \u2192 (or .) to step to the first event.";
        Trace tr = run.trace();
        RunInfo info = run.info();
        boolean legacy = run.model().id.equals("legacy");
        EventKind k = tr.kind(i);
        String cpu = tr.cpu(i) >= 0 ? "CPU" + tr.cpu(i) : "";
        String task = tr.task(i) >= 0 ? info.tasks()[tr.task(i)] : "";
        String grp = tr.group(i) >= 0 ? info.groups()[tr.group(i)] : "";
        String text = info.str(tr.text(i));
        long a = tr.argA(i), b = tr.argB(i);
        String at = "At " + DurationText.format(tr.time(i)) + ": ";
        return at + switch (k) {
            case START -> task + " is created and woken for the first time.";
            case WAKE -> task + " is woken (try_to_wake_up) and enqueued on " + cpu + "."
                    + (s.state(tr.task(i)) == TaskState.THROTTLED
                        ? " Its hierarchy is throttled, so under the legacy model enqueue_task_fair() stops at the throttled cfs_rq: " + task + " is runnable but invisible to the CPU until the unthrottle (kernel-model.md 4.2)."
                        : inThrottled(s, info, tr.task(i)) && !legacy
                        ? " Its hierarchy is throttled, but the task-based model enqueues it fully (5.8): it can be picked and run its kernel path, and will be parked when it returns to user mode."
                        : "");
            case PICK -> cpu + " picked " + task + " (pick_task_fair: EEVDF, earliest eligible virtual deadline at each level).";
            case SWITCH -> tr.task(i) < 0 ? cpu + " goes idle: nothing runnable is visible to it." : cpu + " switches to " + task + (a >= 0 ? " from " + info.tasks()[(int) a] : "") + ".";
            case PREEMPT -> task + " leaves " + cpu + " but stays queued" + (s.state(tr.task(i)) == TaskState.THROTTLED
                    ? ": its group's hierarchy was just throttled and dequeued from the CPU's runqueue (throttle_cfs_rq, legacy, 4.1)."
                    : " (preempted: its slice ended or a woken task has an earlier deadline).");
            case BLOCK -> task + " blocks (" + text + ")" + (a == 1 ? " in D state (TASK_UNINTERRUPTIBLE), which the hung-task detector watches." : ", sleeping interruptibly.");
            case SLEEP -> task + " sleeps until " + DurationText.format(a) + ".";
            case SYSCALL_ENTER -> task + " enters the kernel: syscall " + text + ".";
            case SYSCALL_EXIT -> task + " returns from " + text + " to user mode after " + DurationText.format(a)
                    + (legacy ? "." : ". The return to user is where the task-based model runs the throttle task work (resume_user_mode_work, 5.5).");
            case MIGRATE -> task + " moves from CPU" + a + " to " + cpu + ".";
            case SLICE_PULL -> cpu + "'s cfs_rq of " + grp + " pulled " + DurationText.format(a) + " from the group's pool (__assign_cfs_rq_runtime, 3.3); runtime_remaining is now " + DurationText.format(b) + ".";
            case SLACK_RETURN -> cpu + "'s cfs_rq of " + grp + " became empty and returned " + DurationText.format(a) + " of slack, keeping 1 ms (__return_cfs_rq_runtime, 3.8). The pool is " + DurationText.format(b) + ".";
            case REFILL -> grp + "'s bandwidth was (re)configured (tg_set_cfs_bandwidth, 3.1): pool " + (a < 0 ? "unlimited" : DurationText.format(a)) + ", every cfs_rq restarts with " + DurationText.format(info.initialRuntime()) + " of runtime.";
            case PERIOD_TIMER -> grp + "'s period timer fires (sched_cfs_period_timer, 3.5): the pool is refilled to " + DurationText.format(a) + (b > 0 ? "; " + b + " throttled cfs_rq" + (b > 1 ? "s wait" : " waits") + " for runtime, oldest first." : ".");
            case SLACK_TIMER -> grp + "'s slack timer fires (do_sched_cfs_slack_timer, 3.8): if the pool holds more than a slice it is distributed to throttled cfs_rqs now, before the period ends.";
            case DISTRIBUTE -> "distribute_cfs_runtime() gives " + cpu + "'s cfs_rq of " + grp + " " + DurationText.format(a) + ": exactly enough to repay its debt and leave 1 ns (3.6). runtime_remaining is now " + DurationText.format(b) + (b > 0 ? "." : ", still not positive: it stays throttled.");
            case THROTTLE -> grp + " has no runtime left on " + cpu + " and the last-chance 1 ns pull failed: throttle_cfs_rq() (3.4). " + (legacy
                    ? "Legacy (4.1): the group's entity is dequeued from its parent, so every task of " + grp + " on " + cpu + " leaves the CPU at once, whatever it is doing, even in the middle of a syscall holding a lock."
                    : "Task-based (5.3): the cfs_rq is only marked throttled; nothing is dequeued. A task of it that gets picked will get the throttle task work and keep running until it returns to user mode.");
            case UNTHROTTLE -> grp + " on " + cpu + " is unthrottled (unthrottle_cfs_rq) with " + DurationText.format(a) + " of runtime. " + (legacy
                    ? "Legacy (4.4): its entity is enqueued again, and all its tasks become visible to the CPU together."
                    : "Task-based (5.7): the tasks on its limbo list are enqueued again one by one, most recently parked first.");
            case UNTHROTTLE_REFUSED -> grp + " on " + cpu + " stays throttled: its runtime_remaining (" + DurationText.format(a) + ") is not positive (5.7 step 0, 956dfda6a708).";
            case TASK_WORK_ADDED -> cpu + " picked " + task + ". Its group " + grp + " is throttled, so task_throttle_setup_work() attached throttle_cfs_rq_work (5.4). "
                    + task + " keeps running" + (s.kernel[tr.task(i)] ? " in the kernel" : "") + " and will be parked when it returns to user mode.";
            case PARKED -> task + " returns to user mode and runs its task work throttle_cfs_rq_work() (5.5): it is dequeued and parked at the head of the limbo list of " + grp + " on " + cpu + ". It stays TASK_RUNNING, so the hung-task detector never reports it.";
            case UNPARKED -> task + " leaves the limbo list of " + grp + " and is enqueued again (tg_unthrottle_up, 5.7, or the fast path of an affinity change or cgroup move, 5.6).";
            case LOCK_WAIT -> task + " cannot take " + text + " now and queues for it (" + opName(a) + ").";
            case LOCK_ACQUIRE -> task + " now holds " + text + " (" + opName(b) + ")" + (a == 1
                    ? ": it was handed the lock by the task that released it (the waker takes it on the sleeper's behalf, 6.3), before " + task + " runs again." : ".");
            case LOCK_GRANT -> task + " is granted " + text + "'s block by the releasing writer's wake-up walk; it now waits for the readers inside to leave (6.3).";
            case LOCK_RELEASE -> task + " releases " + text + ".";
            case HUNG_TASK -> "khungtaskd: INFO: task " + task + " blocked for more than " + (a / 1_000_000_000L) + " seconds (hung-task detector, 7)." + (b != 0 ? " (suppressed: hung_task_warnings ran out)" : "");
            case HUNG_SCAN -> "khungtaskd scans for tasks in D state that have not been switched since its last scan (7).";
            case CGROUP_WRITE -> "Someone writes " + text + " for " + grp + ". Any bandwidth write unthrottles the group (3.1).";
            case SET_AFFINITY -> "sched_setaffinity() on " + task + ".";
            case MOVE -> task + " is moved from " + info.groups()[(int) a] + " to " + grp + " (sched_move_task).";
            case NOTE -> "Note: " + text;
            case FAULT -> "Fault: " + text;
            case EXIT -> task + " exits.";
            case STATE -> task + " is now " + TimelineCanvas.stateName(TaskState.values()[(int) a]) + ".";
        };
    }

    private static boolean inThrottled(Snapshot s, RunInfo info, int t) {
        return s.throttleCount(s.taskGroup[t], s.taskCpu[t]) > 0;
    }

    static String opName(long op) { return op == 0 ? "read" : op == 1 ? "write" : "mutex"; }
}
