package io.throttlescope.sim;

import java.util.ArrayDeque;
import java.util.ArrayList;

/** struct cfs_rq: one per task group per CPU (the root group's is the CPU's rq->cfs). */
public final class CfsRq {
    final TaskGroup tg;
    final Cpu cpu;
    /** Queued entities including curr (EEVDF considers curr a candidate). */
    final ArrayList<SchedEntity> queued = new ArrayList<>(4);

    SchedEntity curr;
    long load;
    long vbase; // avg_vruntime when last computed (used while empty)
    /** avg_vruntime's running sums over queued: sum_weight and sum_w_vruntime = sum of w x (v - zeroVruntime). */
    long sumWeight, sumWVruntime, zeroVruntime;

    int nrQueued;
    int hNrQueued;

    // bandwidth state (docs/model.md, "Structure")
    boolean runtimeEnabled;
    long runtimeRemaining;
    boolean throttled;
    int throttleCount;
    long throttledClock; // 0 = not accounting
    long throttledClockSelf; // 0 = not accounting
    long throttledClockSelfTime;
    boolean onThrottledList;
    /** On its CPU's cfsb_csd_list: an asynchronous unthrottle (IPI) is on its way. */
    boolean csdPending;
    /** throttled_limbo_list: head first (parking uses list_add). Task-based model only. */
    final ArrayDeque<Task> limbo = new ArrayDeque<>();

    /**
     * The group entity that represents this cfs_rq in its parent's (tg->se[cpu]), null for a root
     * cfs_rq: the parent of every entity queued here, kept so that a walk up the hierarchy reads one
     * field a level (set once, when the group is made).
     */
    SchedEntity parentSe;

    CfsRq(TaskGroup tg, Cpu cpu) {
        this.tg = tg;
        this.cpu = cpu;
    }

    /** Changes load.weight, keeping the group's sum over CPUs (tg->load_avg, here of runnable weight) up to date. */
    void addLoad(long delta) {
        load += delta;
        tg.loadSum += delta;
    }

    boolean throttledHierarchy() {
        return throttleCount != 0;
    }

    public String groupPath() {
        return tg.path;
    }

    public int cpuId() {
        return cpu.id;
    }

    public boolean isThrottled() {
        return throttled;
    }

    public int throttleCount() {
        return throttleCount;
    }

    public long runtimeRemaining() {
        return runtimeRemaining;
    }

    public boolean runtimeEnabled() {
        return runtimeEnabled;
    }

    @Override
    public String toString() {
        return tg.path + "@cpu" + cpu.id;
    }
}
