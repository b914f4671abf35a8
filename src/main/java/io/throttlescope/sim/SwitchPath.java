package io.throttlescope.sim;

/**
 * The switch path of a CPU (the model's scheduling section): run it until its current task needs
 * CPU time or it is idle, calling __schedule() where it must (a resched at a preemptible point, a
 * task that stopped running), then arm the CPU's next event: the end of the task's work, the next
 * tick, or under exact accounting the instant its budget runs out.
 */
final class SwitchPath {
    private final Simulator s;

    SwitchPath(Simulator s) {
        this.s = s;
    }

    private boolean preemptible(Task t) {
        return s.kernel.fullPreemption() || (t.userMode && !t.kthread);
    }

    /** Runs the CPU until its current task needs CPU time (or it is idle), then arms its timer. */
    void service(Cpu c) {
        for (int guard = 0; ; guard++) {
            if (guard > 1_000_000) {
                s.fault(c, c.curr, "CPU" + c.id + " made no progress");
                break;
            }
            Task t = c.curr;
            if (t == null) {
                if (c.nrRunning > 0 || c.wantBalance || c.needResched) {
                    c.wantBalance = false;
                    schedule(c);
                    if (c.curr == null) break;
                    continue;
                }
                break;
            }
            if (c.needResched && preemptible(t)) {
                schedule(c);
                continue;
            }
            if (t.switchCostLeft > 0 || (t.burstLeft > 0 && !t.resumeToUser && t.onRun == null)) break;
            if (s.program.advance(t) == Program.Outcome.STOPPED) {
                if (c.curr == t && t.state != TaskState.RUNNING) schedule(c);
            }
        }
        armCpuTimer(c);
    }

    /** __schedule(): put the previous task back, pick the next one, switch. */
    private void schedule(Cpu c) {
        s.sync(c);
        c.needResched = false;
        Task prev = c.curr;
        if (prev != null) {
            s.fair.putPrev(prev);
            if (prev.state == TaskState.RUNNING && !prev.allowed(c.id)) {
                c.curr = null;
                s.updateWaiting(c);
                s.life.moveQueued(prev, s.cpus[s.balancer.selectCpu(prev)]);
                prev.nivcsw++;
                prev = null;
            }
        }
        c.curr = null;
        s.updateWaiting(c);
        Task next = s.fair.pickTask(c);
        if (next == null) next = s.balancer.idleBalance(c);
        boolean throughThrottle = next != null && s.fair.pickedThroughThrottle;
        if (prev != null && prev != next) {
            if (prev.state == TaskState.RUNNING) {
                prev.nivcsw++;
                s.life.setState(prev, s.model.queuedState(prev));
                s.emit(EventKind.PREEMPT, c.id, prev.id, prev.group.id, -1, 0, 0);
            } else if (prev.state == TaskState.PARKED) {
                prev.nivcsw++;
            } else {
                prev.nvcsw++;
            }
        }
        c.curr = next;
        s.updateWaiting(c);
        c.runStart = s.now;
        if (next == null) {
            if (prev != null) s.emit(EventKind.SWITCH, c.id, -1, -1, -1, prev.id, 0);
            return;
        }
        s.fair.setNext(next, s.now);
        s.emit(EventKind.PICK, c.id, next.id, next.group.id, -1, 0, 0);
        if (throughThrottle) s.model.onPickedFromThrottled(next); // task_throttle_setup_work() after the pick
        if (next != prev) {
            next.switchCostLeft = s.kernel.switchCostNs();
            s.emit(EventKind.SWITCH, c.id, next.id, next.group.id, -1, prev == null ? -1 : prev.id, 0);
        }
        s.life.setState(next, TaskState.RUNNING);
        if (next.userMode && !next.kthread) next.resumeToUser = true;
        if (c.busySince < 0) c.busySince = s.now;
    }

    private void armCpuTimer(Cpu c) {
        Task t = c.curr;
        if (t == null) {
            if (c.pendingEventAt != Long.MAX_VALUE) {
                c.pendingEventAt = Long.MAX_VALUE;
                s.queue.cancelCpu(c.id);
            }
            c.busySince = -1;
            return;
        }
        if (c.nextTick <= s.now) c.nextTick = s.tickAfter(s.now);
        // the work left is as of the last charge (c.runStart), each level's runtime left as of its last
        // bandwidth charge (se.bwStart): a CPU serviced without one (an affinity change while its task
        // runs on in the kernel, not preemptible) still ends the stretch when it was due, not later
        long at = Math.min(c.runStart + t.switchCostLeft + t.burstLeft, c.nextTick);
        if (s.kernel.exactAccounting()) {
            for (SchedEntity se = t.se; se != null; se = se.parent()) {
                CfsRq q = se.cfsRq;
                if (q.runtimeEnabled && !q.throttled && q.runtimeRemaining > 0)
                    at = Math.min(at, se.bwStart + q.runtimeRemaining);
            }
        }
        at = Math.max(at, s.now); // already due (no path leaves it so): now, never before the clock
        if (at != c.pendingEventAt) {
            c.pendingEventAt = at;
            s.queue.armCpu(c.id, at); // in place of the timer it had
        }
    }
}
