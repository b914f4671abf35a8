package io.throttlescope.sim;

/**
 * The task-based throttle of Linux 6.18 (docs/model.md, "5. The task-based model (Linux 6.18)"): a throttle only marks the
 * hierarchy; a task picked from it gets the throttle task work and is parked on its own cfs_rq's
 * limbo list when it returns to user mode; unthrottle re-enqueues the limbo tasks one by one.
 */
final class TaskBasedThrottle implements ThrottleModel {
    private final Simulator s;

    TaskBasedThrottle(Simulator s) {
        this.s = s;
    }

    @Override
    public String name() {
        return "task";
    }

    /** 956dfda6a708: a freshly configured cfs_rq starts with 1 ns. */
    @Override
    public long initialRuntimeRemaining() {
        return 1;
    }

    /** docs/model.md, "5. The task-based model (Linux 6.18)": flag the cfs_rq and count the hierarchy; nothing is dequeued. */
    @Override
    public void throttle(CfsRq cfs) {
        int cpu = cfs.cpu.id;
        cfs.tg.preOrder(
                g -> { // tg_throttle_down
                    CfsRq c = g.cfsRq[cpu];
                    if (c.throttleCount++ == 0 && !c.limbo.isEmpty()) {
                        s.fault(c.cpu, null, "tg_throttle_down: limbo list of " + c + " is not empty");
                    }
                });
        cfs.throttled = true;
    }

    /** docs/model.md, "5. The task-based model (Linux 6.18)" */
    @Override
    public boolean unthrottle(CfsRq cfs) {
        Cpu cpu = cfs.cpu;
        if (cfs.runtimeEnabled && cfs.runtimeRemaining <= 0) {
            s.emit(EventKind.UNTHROTTLE_REFUSED, cpu.id, -1, cfs.tg.id, -1, cfs.runtimeRemaining, 0);
            return false;
        }
        cfs.throttled = false;
        s.bw.accountUnthrottle(cfs);
        s.emit(EventKind.UNTHROTTLE, cpu.id, -1, cfs.tg.id, -1, cfs.runtimeRemaining, 0);
        cfs.tg.postOrder(
                g -> { // tg_unthrottle_up
                    CfsRq c = g.cfsRq[cpu.id];
                    if (--c.throttleCount != 0) return;
                    s.bw.closeSelfClock(c);
                    while (!c.limbo.isEmpty()) { // head to tail: most recently parked first
                        Task p = c.limbo.pollFirst();
                        p.limboOf = null;
                        p.throttled = false;
                        s.fair.enqueueTask(p, Fair.ENQUEUE_WAKEUP);
                        s.life.setState(p, s.model.queuedState(p));
                        s.emit(EventKind.UNPARKED, cpu.id, p.id, c.tg.id, -1, 0, 0);
                    }
                });
        if (cpu.curr == null && cpu.nrRunning > 0) s.reschedCurr(cpu);
        return true;
    }

    @Override
    public boolean hidesBelow(CfsRq cfs) {
        return false;
    }

    @Override
    public boolean restartPickAfterThrottle() {
        return false;
    }

    /** task_throttle_setup_work() (docs/model.md, "5. The task-based model (Linux 6.18)"). */
    @Override
    public void onPickedFromThrottled(Task p) {
        if (p.throttleWorkPending || p.exiting || p.kthread) return;
        p.throttleWorkPending = true;
        s.emit(EventKind.TASK_WORK_ADDED, p.cpu.id, p.id, p.group.id, -1, 0, 0);
    }

    /** throttle_cfs_rq_work() (docs/model.md, "5. The task-based model (Linux 6.18)"), run by task_work_run() on the way to user mode. */
    @Override
    public boolean returnToUser(Task p) {
        if (!p.throttleWorkPending) return false;
        p.throttleWorkPending = false;
        if (p.exiting) return false;
        CfsRq c = p.cfsRq();
        if (c.throttleCount == 0) return false;
        // the park is said first: what its dequeue does (an emptied cfs_rq's slack return) follows it
        s.life.setState(p, TaskState.PARKED);
        s.emit(EventKind.PARKED, p.cpu.id, p.id, c.tg.id, -1, 0, 0);
        s.fair.dequeueTask(p, Fair.DEQUEUE_SLEEP | Fair.DEQUEUE_SPECIAL | Fair.DEQUEUE_THROTTLE);
        c.limbo.addFirst(p);
        p.limboOf = c;
        p.throttled = true;
        return true;
    }

    @Override
    public void onFirstEnqueue(CfsRq cfs) {}

    /** record_throttle_clock(): accounting starts when the first task is parked (docs/model.md, "5. The task-based model (Linux 6.18)"). */
    @Override
    public void afterDequeueLevel(CfsRq cfs, int flags) {
        if ((flags & Fair.DEQUEUE_THROTTLE) == 0 || !cfs.throttledHierarchy()) return;
        if (cfs.throttled && cfs.throttledClock == 0) cfs.throttledClock = s.now;
        if (cfs.throttledClockSelf == 0) cfs.throttledClockSelf = s.now;
    }

    /** dequeue_throttled_task() (docs/model.md, "5. The task-based model (Linux 6.18)"). */
    @Override
    public boolean dequeueParked(Task p, int flags) {
        if (!p.throttled) return false;
        if (p.limboOf != null) p.limboOf.limbo.remove(p);
        p.limboOf = null;
        if ((flags & Fair.DEQUEUE_SLEEP) != 0) p.throttled = false;
        return true;
    }

    /** enqueue_throttled_task() (docs/model.md, "5. The task-based model (Linux 6.18)"). */
    @Override
    public boolean enqueueParked(Task p) {
        if (!p.throttled) return false;
        CfsRq c = p.cfsRq();
        if (c.throttledHierarchy() && p.cpu.curr != p) {
            c.limbo.addFirst(p);
            p.limboOf = c;
            s.life.setState(p, TaskState.PARKED);
            return true;
        }
        p.throttled = false;
        s.emit(EventKind.UNPARKED, p.cpu.id, p.id, c.tg.id, -1, 0, 0);
        return false;
    }

    /** 0d4eaf8caf8c: never balance a task to a throttled hierarchy; from one is allowed. */
    @Override
    public boolean canMigrate(Task p, Cpu src, Cpu dst) {
        return !p.group.cfsRq[dst.id].throttledHierarchy();
    }

    @Override
    public TaskState queuedState(Task p) {
        return TaskState.RUNNABLE;
    }
}
