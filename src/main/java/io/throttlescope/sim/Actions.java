package io.throttlescope.sim;

import io.throttlescope.sim.spec.ActionSpec;

/** The scenario's timed outside actions: cgroup file writes, affinity changes, cgroup moves, wake-ups. */
final class Actions {
    private final Simulator s;

    Actions(Simulator s) {
        this.s = s;
    }

    void doAction(ActionSpec a) {
        if (a instanceof ActionSpec.WriteFile w) {
            write(s.group(w.cgroup()), w.file(), w.value().trim());
        } else if (a instanceof ActionSpec.SetAffinity sa) {
            Task t = s.taskByName.get(sa.task());
            t.cpus = sa.cpus().clone();
            s.emit(EventKind.SET_AFFINITY, t.cpu.id, t.id, t.group.id, -1, 0, 0);
            switch (t.state) {
                case SLEEPING, BLOCKED -> {
                    if (!t.allowed(t.cpu.id)) s.life.finishDelayed(t);
                }
                case RUNNING -> {
                    if (!t.allowed(t.cpu.id)) s.reschedCurr(t.cpu);
                }
                case RUNNABLE, THROTTLED, PARKED -> {
                    if (!t.allowed(t.cpu.id)) s.life.moveQueued(t, s.cpus[s.balancer.selectCpu(t)]);
                }
                default -> {}
            }
        } else if (a instanceof ActionSpec.Move mv) {
            moveTask(s.taskByName.get(mv.task()), s.group(mv.cgroup()));
        } else if (a instanceof ActionSpec.Wake wk) {
            Task t = s.taskByName.get(wk.task());
            if (t.state == TaskState.SLEEPING && t.waitingFor == Simulator.SLEEP_WHY) s.life.wake(t);
        }
    }

    /**
     * A write to a cgroup file. cpu.max and cpu.max.burst go through tg_set_cfs_bandwidth(), which
     * checks the values against the settings in force now and refuses them with EINVAL (the write
     * then changes nothing and is logged as failed).
     */
    private void write(TaskGroup g, String file, String value) {
        String text = file + " " + value;
        CfsBandwidth b = g.bw;
        long quotaUs = b.limited() ? b.quota / 1000 : -1, periodUs = b.period / 1000, burstUs = b.burst / 1000;
        switch (file) {
            case "cpu.max" -> {
                String[] parts = value.split("\\s+");
                quotaUs = parts[0].equals("max") ? -1 : Long.parseLong(parts[0]);
                if (parts.length > 1) periodUs = Long.parseLong(parts[1]);
            }
            case "cpu.max.burst" -> burstUs = Long.parseLong(value);
            case "cpu.weight" -> {
                s.emit(EventKind.CGROUP_WRITE, -1, -1, g.id, s.str(text), 0, 0);
                setWeight(g, Integer.parseInt(value));
                return;
            }
            default -> {
                s.fault(null, null, "cannot write " + file);
                return;
            }
        }
        String refused = CgroupFiles.refusal(quotaUs, periodUs, burstUs);
        if (refused != null) {
            s.emit(
                    EventKind.CGROUP_WRITE,
                    -1,
                    -1,
                    g.id,
                    s.str(text + " (refused: " + refused + ")"),
                    CgroupFiles.EINVAL,
                    0);
            return;
        }
        s.emit(EventKind.CGROUP_WRITE, -1, -1, g.id, s.str(text), 0, 0);
        setBandwidth(g, quotaUs < 0 ? -1 : quotaUs * 1000, periodUs * 1000, burstUs * 1000);
    }

    /** sched_move_task(): dequeue, change group, enqueue; a running task is rescheduled. */
    void moveTask(Task t, TaskGroup to) {
        TaskGroup from = t.group;
        if (t.state == TaskState.EXITED || from == to) return;
        Cpu c = t.cpu;
        s.emit(EventKind.MOVE, c.id, t.id, to.id, -1, from.id, 0);
        switch (t.state) {
            case RUNNING -> {
                s.sync(c);
                s.fair.dequeueTask(t, 0);
                s.fair.putPrev(t);
                t.group = to;
                t.se.cfsRq = to.cfsRq[c.id];
                s.fair.enqueueTask(t, 0);
                s.fair.setNext(t, s.now);
                s.reschedCurr(c);
            }
            case RUNNABLE, THROTTLED, PARKED -> {
                s.sync(c);
                s.fair.dequeueTask(t, 0);
                t.group = to;
                t.se.cfsRq = to.cfsRq[c.id];
                s.fair.enqueueTask(t, 0);
                s.life.setState(t, t.throttled ? TaskState.PARKED : s.model.queuedState(t));
                s.life.afterEnqueue(t, c);
            }
            default -> {
                s.life.finishDelayed(t);
                t.group = to;
                t.se.cfsRq = to.cfsRq[c.id];
            }
        }
    }

    void setWeight(TaskGroup g, int weight) {
        long shares = Fair.sharesOfWeight(weight);
        g.shares = shares;
        for (Cpu c : s.cpus) { // sched_group_set_shares(): update_cfs_group() from the group up
            SchedEntity se = g.se[c.id];
            if (se == null) continue;
            s.advance(c);
            if (se.onRq) s.fair.updateGroupsAbove(se);
            else s.fair.updateCfsGroup(se);
        }
    }

    /** tg_set_cfs_bandwidth() (docs/model.md, "1. Configuring a group"). quota &lt; 0 means "max". */
    void setBandwidth(TaskGroup g, long quota, long period, long burst) {
        CfsBandwidth b = g.bw;
        b.period = period;
        b.quota = quota < 0 ? CfsBandwidth.RUNTIME_INF : quota;
        b.burst = burst;
        // tg_set_cfs_bandwidth() does not call update_curr(): the delta pending since the last charge
        // lands on the new budget at the next tick (exact accounting has no pending delta)
        for (Cpu c : s.cpus) s.advance(c);
        s.bw.refill(b);
        s.emit(EventKind.REFILL, -1, -1, g.id, -1, b.limited() ? b.runtime : -1, b.limited() ? b.quota : -1);
        if (b.limited()) s.bw.startCfsBandwidth(g, 0); // the writer's CPU: the write is not tied to one, CPU0 stands in
        for (Cpu c : s.cpus) {
            CfsRq cfs = g.cfsRq[c.id];
            cfs.runtimeEnabled = b.limited();
            cfs.runtimeRemaining = s.model.initialRuntimeRemaining();
            if (cfs.throttled) s.model.unthrottle(cfs);
            s.markDirty(c);
        }
    }
}
