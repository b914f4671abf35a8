package io.throttlescope.sim;

/** Where a task is. Every task is in exactly one of these places at any instant. */
public enum TaskState {
    /** Created later by the scenario. */
    NEW,
    /** On a CPU. */
    RUNNING,
    /** Queued on a cfs_rq that a pick can reach. */
    RUNNABLE,
    /** Legacy model: queued, but its hierarchy was dequeued by a throttle (held off the CPU). */
    THROTTLED,
    /** Task-based model: dequeued at the return to user onto its cfs_rq's limbo list. */
    PARKED,
    /** TASK_INTERRUPTIBLE. */
    SLEEPING,
    /** TASK_UNINTERRUPTIBLE ("D"). */
    BLOCKED,
    EXITED
}
