package io.throttlescope.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** struct task_group: a cgroup with one cfs_rq and one group entity per CPU. */
final class TaskGroup {
    final int id;
    final String path;
    final TaskGroup parent;
    final List<TaskGroup> children = new ArrayList<>();
    final CfsRq[] cfsRq;
    final SchedEntity[] se; // null entries for the root group
    final CfsBandwidth bw = new CfsBandwidth();
    final int depth;
    long shares = 1024;
    /** tg->load_avg: the runnable load of the group's cfs_rqs summed over CPUs (instant weights, not PELT). */
    long loadSum;

    long periodPhase;
    // usage split by the mode tasks ran in (cpu.stat usage_usec/user_usec/system_usec), hierarchical
    long usageUser;
    /** Tick samples (ns, one TICK_NSEC each) of user and system time: account_process_tick(). */
    long tickUser, tickSystem;

    long usageSystem;

    TaskGroup(int id, String path, TaskGroup parent, Cpu[] cpus) {
        this.id = id;
        this.path = path;
        this.parent = parent;
        this.depth = parent == null ? 0 : parent.depth + 1;
        this.cfsRq = new CfsRq[cpus.length];
        this.se = new SchedEntity[cpus.length];
    }

    boolean isRoot() {
        return parent == null;
    }

    /** Pre-order walk over this group and all its descendants (walk_tg_tree_from, down). */
    void preOrder(Consumer<TaskGroup> f) {
        f.accept(this);
        for (TaskGroup c : children) c.preOrder(f);
    }

    /** Post-order walk (children before parents, walk_tg_tree_from, up). */
    void postOrder(Consumer<TaskGroup> f) {
        for (TaskGroup c : children) c.postOrder(f);
        f.accept(this);
    }

    @Override
    public String toString() {
        return path;
    }
}
