package io.throttlescope.sim;

/**
 * The cfs_rq-based throttle of Linux &lt;= 6.17 (docs/model.md, "4. The legacy model (Linux ≤ 6.17)"): a throttle dequeues
 * the group's entity from its parent, so every task below it leaves the CPU at once.
 */
final class LegacyThrottle implements ThrottleModel {
    private final Simulator s;

    LegacyThrottle(Simulator s) {
        this.s = s;
    }

    @Override
    public String name() {
        return "legacy";
    }

    @Override
    public long initialRuntimeRemaining() {
        return 0;
    }

    /** docs/model.md, "4. The legacy model (Linux ≤ 6.17)" */
    @Override
    public void throttle(CfsRq cfs) {
        Cpu cpu = cfs.cpu;
        long now = s.now;
        cfs.tg.preOrder(
                g -> { // tg_throttle_down
                    CfsRq c = g.cfsRq[cpu.id];
                    if (c.throttleCount == 0 && c.nrQueued > 0) c.throttledClockSelf = now;
                    c.throttleCount++;
                });
        int delta = cfs.hNrQueued;
        SchedEntity se = cfs.tg.se[cpu.id];
        boolean reachedRoot = true;
        for (; se != null; se = se.parent()) {
            if (!se.onRq) {
                reachedRoot = false;
                break;
            }
            CfsRq q = se.cfsRq;
            s.fair.dequeueEntity(q, se, Fair.DEQUEUE_SLEEP | Fair.DEQUEUE_SPECIAL);
            q.hNrQueued -= delta;
            if (q.load > 0) {
                se = se.parent();
                break;
            }
        }
        if (reachedRoot) {
            for (; se != null; se = se.parent()) {
                if (!se.onRq) {
                    reachedRoot = false;
                    break;
                }
                se.cfsRq.hNrQueued -= delta;
            }
        }
        if (reachedRoot) cpu.nrRunning -= delta;
        s.updateWaiting(cpu);
        cfs.throttled = true;
        if (cfs.nrQueued > 0) cfs.throttledClock = now;
        reclassifyQueued(cfs.tg, cpu);
    }

    /** docs/model.md, "4. The legacy model (Linux ≤ 6.17)" */
    @Override
    public boolean unthrottle(CfsRq cfs) {
        Cpu cpu = cfs.cpu;
        cfs.throttled = false;
        s.bw.accountUnthrottle(cfs);
        s.emit(EventKind.UNTHROTTLE, cpu.id, -1, cfs.tg.id, -1, cfs.runtimeRemaining, 0);
        cfs.tg.postOrder(
                g -> { // tg_unthrottle_up
                    CfsRq c = g.cfsRq[cpu.id];
                    if (--c.throttleCount == 0) s.bw.closeSelfClock(c);
                });
        if (cfs.load == 0) return true;
        int delta = cfs.hNrQueued;
        SchedEntity se = cfs.tg.se[cpu.id];
        boolean reachedRoot = true;
        for (; se != null; se = se.parent()) {
            if (se.onRq) {
                // 6.17 unthrottle_cfs_rq() dequeues a delayed entity (DEQUEUE_DELAYED) and enqueues it again; both
                // start with update_curr(). Modelled as a requeue (the same placement here) after that charge.
                if (se.delayed) {
                    s.fair.updateCurr(se.cfsRq, s.now);
                    s.fair.requeueDelayed(se);
                }
                break;
            }
            CfsRq q = se.cfsRq;
            s.fair.enqueueEntity(q, se, Fair.ENQUEUE_WAKEUP);
            q.hNrQueued += delta;
            if (q.throttled) {
                reachedRoot = false;
                break;
            }
        }
        if (reachedRoot) {
            for (; se != null; se = se.parent()) {
                CfsRq q = se.cfsRq;
                q.hNrQueued += delta;
                if (q.throttled) {
                    reachedRoot = false;
                    break;
                }
            }
        }
        if (reachedRoot) cpu.nrRunning += delta;
        s.updateWaiting(cpu);
        reclassifyQueued(cfs.tg, cpu);
        if (cpu.curr == null && cpu.nrRunning > 0) s.reschedCurr(cpu);
        return true;
    }

    @Override
    public boolean hidesBelow(CfsRq cfs) {
        return cfs.throttled;
    }

    @Override
    public boolean restartPickAfterThrottle() {
        return true;
    }

    @Override
    public void onPickedFromThrottled(Task p) {}

    @Override
    public boolean returnToUser(Task p) {
        return false;
    }

    /** docs/model.md, "4. The legacy model (Linux ≤ 6.17)": a cfs_rq of a throttled hierarchy going from 0 to 1 entity starts the clocks. */
    @Override
    public void onFirstEnqueue(CfsRq cfs) {
        if (!cfs.throttledHierarchy()) return;
        if (cfs.throttled && cfs.throttledClock == 0) cfs.throttledClock = s.now;
        if (cfs.throttledClockSelf == 0) cfs.throttledClockSelf = s.now;
    }

    @Override
    public void afterDequeueLevel(CfsRq cfs, int flags) {}

    @Override
    public boolean dequeueParked(Task p, int flags) {
        return false;
    }

    @Override
    public boolean enqueueParked(Task p) {
        return false;
    }

    /** throttled_lb_pair(): neither side may be in a throttled hierarchy. */
    @Override
    public boolean canMigrate(Task p, Cpu src, Cpu dst) {
        return !p.group.cfsRq[src.id].throttledHierarchy() && !p.group.cfsRq[dst.id].throttledHierarchy();
    }

    @Override
    public TaskState queuedState(Task p) {
        return p.cfsRq().throttledHierarchy() ? TaskState.THROTTLED : TaskState.RUNNABLE;
    }

    /** Legacy: after a throttle or unthrottle, queued tasks below change between runnable and held off. */
    private void reclassifyQueued(TaskGroup tg, Cpu c) {
        tg.preOrder(g -> {
            CfsRq q = g.cfsRq[c.id];
            for (int i = 0; i < q.queued.size(); i++) {
                SchedEntity se = q.queued.get(i);
                if (!se.isTask()) continue;
                Task p = se.task;
                if (p.state == TaskState.RUNNABLE || p.state == TaskState.THROTTLED)
                    s.life.setState(p, s.model.queuedState(p));
            }
        });
    }
}
