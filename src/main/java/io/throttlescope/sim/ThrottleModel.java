package io.throttlescope.sim;

/**
 * What differs between the legacy cfs_rq-based throttle (docs/model.md, "4. The legacy model (Linux ≤ 6.17)") and the
 * task-based throttle of Linux 6.18 (section 5). Everything else is common code.
 */
interface ThrottleModel {
    /** runtime_remaining given to every cfs_rq when quota is (re)configured (3.1 step 4). */
    long initialRuntimeRemaining();

    /** The model-specific part of throttle_cfs_rq(), after the common last-chance pull. */
    void throttle(CfsRq cfs);

    /** unthrottle_cfs_rq(). Returns false if the model refused (5.7 step 0). */
    boolean unthrottle(CfsRq cfs);

    /** Legacy: enqueue and dequeue walks stop at a throttled cfs_rq (docs/model.md, "4. The legacy model (Linux ≤ 6.17)"). */
    boolean hidesBelow(CfsRq cfs);

    /** Legacy: pick restarts from the root when a level throttles (docs/model.md, "4. The legacy model (Linux ≤ 6.17)"). */
    boolean restartPickAfterThrottle();

    /** The pick path saw a throttled level on the way to this task (docs/model.md, "5. The task-based model (Linux 6.18)"). */
    void onPickedFromThrottled(Task p);

    /** The task passes the return to user mode; true if it was parked there (docs/model.md, "5. The task-based model (Linux 6.18)"). */
    boolean returnToUser(Task p);

    /** enqueue_entity() side effects when a cfs_rq goes from 0 to 1 entity (docs/model.md, "4. The legacy model (Linux ≤ 6.17)" and "5. The task-based model (Linux 6.18)"). */
    void onFirstEnqueue(CfsRq cfs);

    /** dequeue_entities() per level, e.g. record_throttle_clock() (docs/model.md, "5. The task-based model (Linux 6.18)"). */
    void afterDequeueLevel(CfsRq cfs, int flags);

    /** dequeue_throttled_task() fast path; true if handled (docs/model.md, "5. The task-based model (Linux 6.18)"). */
    boolean dequeueParked(Task p, int flags);

    /** enqueue_throttled_task() fast path; true if the task went onto a limbo list (docs/model.md, "5. The task-based model (Linux 6.18)"). */
    boolean enqueueParked(Task p);

    /** can_migrate_task() for the idle balance (docs/model.md, "4. The legacy model (Linux ≤ 6.17)" and "5. The task-based model (Linux 6.18)"). */
    boolean canMigrate(Task p, Cpu src, Cpu dst);

    /** The state a queued, non-running task is in under this model. */
    TaskState queuedState(Task p);

    String name();
}
