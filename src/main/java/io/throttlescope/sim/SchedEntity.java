package io.throttlescope.sim;

/** struct sched_entity: a task's, or a task group's on one CPU (then {@code myQ} is set). */
final class SchedEntity {
    final Task task; // null for a group entity
    final CfsRq myQ; // the cfs_rq a group entity represents; null for a task
    long weight;
    long vruntime;
    long deadline;
    long vlag;
    long slice;
    boolean onRq;
    boolean inSums; // counted in its cfs_rq's avg_vruntime sums (in queued)
    /** The cfs_rq this entity is (or would be) queued on. */
    CfsRq cfsRq;

    long execStart;
    long bwStart; // when the bandwidth was last charged (exact accounting charges between update_curr calls)
    long vprot; // slice protection (RUN_TO_PARITY): curr keeps the CPU while vruntime < vprot
    boolean relDeadline;
    boolean delayed; // sched_delayed: asleep but still queued until picked or woken (DELAY_DEQUEUE)      //
    // PLACE_REL_DEADLINE: deadline kept relative across a non-sleep dequeue
    long sumExec;
    /** Order of insertion, used to break ties deterministically. */
    long enqueueSeq;

    SchedEntity(Task task, CfsRq myQ, long weight) {
        this.task = task;
        this.myQ = myQ;
        this.weight = weight;
    }

    SchedEntity parent() {
        return cfsRq == null ? null : cfsRq.parentSe; // cfsRq.tg.se[cpu], null at the root
    }

    boolean isTask() {
        return task != null;
    }

    @Override
    public String toString() {
        return task != null ? task.name : "se(" + myQ + ")";
    }
}
