package io.throttlescope.sim;

/**
 * What differs between the legacy cfs_rq-based throttle (kernel-model.md section 4) and the
 * task-based throttle of Linux 6.18 (section 5). Everything else is common code.
 */
interface ThrottleModel {
    /** runtime_remaining given to every cfs_rq when quota is (re)configured (3.1 step 4). */
    long initialRuntimeRemaining();

    /** The model-specific part of throttle_cfs_rq(), after the common last-chance pull. */
    void throttle(CfsRq cfs);

    /** unthrottle_cfs_rq(). Returns false if the model refused (5.7 step 0). */
    boolean unthrottle(CfsRq cfs);

    /** Legacy: enqueue and dequeue walks stop at a throttled cfs_rq (4.2, 4.3). */
    boolean hidesBelow(CfsRq cfs);

    /** Legacy: pick restarts from the root when a level throttles (4.5). */
    boolean restartPickAfterThrottle();

    /** The pick path saw a throttled level on the way to this task (5.4). */
    void onPickedFromThrottled(Task p);

    /** The task passes the return to user mode; true if it was parked there (5.5). */
    boolean returnToUser(Task p);

    /** enqueue_entity() side effects when a cfs_rq goes from 0 to 1 entity (4.2 / 5.9). */
    void onFirstEnqueue(CfsRq cfs);

    /** dequeue_entities() per level, e.g. record_throttle_clock() (5.9). */
    void afterDequeueLevel(CfsRq cfs, int flags);

    /** dequeue_throttled_task() fast path; true if handled (5.6). */
    boolean dequeueParked(Task p, int flags);

    /** enqueue_throttled_task() fast path; true if the task went onto a limbo list (5.6). */
    boolean enqueueParked(Task p);

    /** can_migrate_task() for the idle balance (4.7, 5.11). */
    boolean canMigrate(Task p, Cpu src, Cpu dst);

    /** The state a queued, non-running task is in under this model. */
    TaskState queuedState(Task p);

    String name();
}
