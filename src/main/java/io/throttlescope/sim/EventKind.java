package io.throttlescope.sim;

/**
 * The kinds of trace events (cli.md, "The trace"). Each kind names what its two numeric
 * arguments mean, so a trace stays a set of primitive columns.
 */
public enum EventKind {
    START("start", null, null),
    WAKE("wake", null, null),
    PICK("pick", null, null),
    SWITCH("switch", "prev", null),
    PREEMPT("preempt", null, null),
    BLOCK("block", "uninterruptible", null),
    SLEEP("sleep", "until_ns", null),
    SYSCALL_ENTER("syscall_enter", null, null),
    SYSCALL_EXIT("syscall_exit", "duration_ns", null),
    MIGRATE("migrate", "from_cpu", null),
    SLICE_PULL("slice_pull", "amount_ns", "runtime_remaining_ns"),
    SLACK_RETURN("slack_return", "amount_ns", "pool_ns"),
    REFILL("refill", "pool_ns", "quota_ns"),
    PERIOD_TIMER("period_timer", "pool_ns", "throttled_cfs_rqs"),
    SLACK_TIMER("slack_timer", "pool_ns", null),
    DISTRIBUTE("distribute", "amount_ns", "runtime_remaining_ns"),
    THROTTLE("throttle", "runtime_remaining_ns", null),
    UNTHROTTLE("unthrottle", "runtime_remaining_ns", null),
    UNTHROTTLE_REFUSED("unthrottle_refused", "runtime_remaining_ns", null),
    TASK_WORK_ADDED("task_work_added", null, null),
    PARKED("parked", null, null),
    UNPARKED("unparked", null, null),
    LOCK_WAIT("lock_wait", "op", null),
    LOCK_ACQUIRE("lock_acquire", "handoff", "op"),
    LOCK_RELEASE("lock_release", "write", null),
    LOCK_GRANT("lock_grant", "write", null),
    HUNG_TASK("hung_task", "blocked_for_ns", "suppressed"),
    HUNG_SCAN("hung_scan", null, null),
    /** A cgroup file write; errno 0 if it took effect, 22 (EINVAL) if the kernel refused it. */
    CGROUP_WRITE("cgroup_write", "errno", null),
    SET_AFFINITY("set_affinity", null, null),
    MOVE("move", "from_group", null),
    NOTE("note", null, null),
    FAULT("fault", null, null),
    /** do_exit() began with kernel work still to do (PF_EXITING set). */
    EXITING("exiting", "work_ns", null),
    EXIT("exit", null, null),
    /** A task changed state (bookkeeping for the views: a = the new TaskState ordinal). */
    STATE("state", "state", null);

    public final String jsonName;
    public final String argA;
    public final String argB;

    EventKind(String jsonName, String argA, String argB) {
        this.jsonName = jsonName;
        this.argA = argA;
        this.argB = argB;
    }

    private static final EventKind[] VALUES = values();

    public static EventKind of(int ordinal) {
        return VALUES[ordinal];
    }
}
