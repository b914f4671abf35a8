package io.throttlescope.sim;

import java.util.ArrayList;

/** struct rq: one per CPU. */
final class Cpu {
    final int id;
    final CfsRq cfs; // rq->cfs, the root group's cfs_rq
    Task curr; // null = idle
    int nrRunning; // rq->nr_running (fair tasks reachable from the root)
    boolean needResched;
    boolean wantBalance; // an overloaded CPU asked this idle one to pull work
    long nextTick;
    long ticks;
    long pendingEventAt = Long.MAX_VALUE;
    long runStart; // when curr's current burst segment was last charged
    long busySince = -1;
    /** rq->cfsb_csd_list: cfs_rqs another CPU's distribution asked this CPU to unthrottle. */
    final ArrayList<CfsRq> csdList = new ArrayList<>();

    Cpu(int id, TaskGroup root) {
        this.id = id;
        this.cfs = new CfsRq(root, this);
    }
}
