package io.throttlescope.sim;

/**
 * A task's life through its states: woken (try_to_wake_up(), requeued in place when DELAY_DEQUEUE
 * kept it queued), moved between CPUs, blocked or asleep, exiting, in and out of system calls; every
 * change of state is recorded here, once.
 */
final class TaskLife {
    private final Simulator s;

    TaskLife(Simulator s) {
        this.s = s;
    }

    /** try_to_wake_up(): the task becomes runnable on a CPU chosen by the placement rule. */
    void wake(Task t) {
        if (t.state != TaskState.SLEEPING && t.state != TaskState.BLOCKED && t.state != TaskState.NEW) return;
        boolean fresh = t.state == TaskState.NEW;
        t.sleepGen++;
        t.waitingFor = -1;
        if (t.se.delayed) { // ttwu_runnable(): still queued, requeued in place
            s.advance(t.cpu);
            s.fair.requeueDelayed(t.se);
            setState(t, s.model.queuedState(t));
            s.emit(EventKind.WAKE, t.cpu.id, t.id, t.group.id, -1, 0, 0);
            afterEnqueue(t, t.cpu);
            return;
        }
        Cpu target = s.cpus[fresh ? s.balancer.selectForkCpu(t) : s.balancer.selectCpu(t)];
        if (target != t.cpu) {
            s.emit(EventKind.MIGRATE, target.id, t.id, t.group.id, -1, t.cpu.id, 0);
            t.cpu = target;
        }
        t.se.cfsRq = t.group.cfsRq[target.id];
        s.advance(target); // enqueue_entity() runs update_curr() on the levels it enqueues into
        s.fair.enqueueTask(t, Fair.ENQUEUE_WAKEUP | (fresh ? Fair.ENQUEUE_INITIAL : 0));
        setState(t, t.throttled ? TaskState.PARKED : s.model.queuedState(t));
        s.emit(EventKind.WAKE, target.id, t.id, t.group.id, -1, 0, 0);
        afterEnqueue(t, target);
    }

    void afterEnqueue(Task t, Cpu c) {
        if (c.curr == null) {
            if (c.nrRunning > 0) s.reschedCurr(c);
        } else if (t.state == TaskState.RUNNABLE && s.fair.shouldPreempt(c.curr, t)) {
            s.reschedCurr(c);
        }
        s.markDirty(c);
    }

    /** A sleeping task still queued by DELAY_DEQUEUE leaves its runqueue s.now (before a move or a migration). */
    void finishDelayed(Task t) {
        if (!t.se.delayed) return;
        s.advance(t.cpu);
        s.fair.dequeueEntities(t.se, Fair.DEQUEUE_SLEEP | Fair.DEQUEUE_DELAYED);
        s.markDirty(t.cpu);
    }

    /** Moves a queued or parked task to another CPU (affinity change, balance). */
    void moveQueued(Task t, Cpu dst) {
        Cpu src = t.cpu;
        s.advance(src);
        s.advance(dst);
        s.fair.dequeueTask(t, 0);
        if (src != dst) s.emit(EventKind.MIGRATE, dst.id, t.id, t.group.id, -1, src.id, 0);
        t.cpu = dst;
        t.se.cfsRq = t.group.cfsRq[dst.id];
        s.fair.enqueueTask(t, 0);
        setState(t, t.throttled ? TaskState.PARKED : s.model.queuedState(t));
        s.markDirty(src);
        afterEnqueue(t, dst);
    }

    /** The running task stops: it blocks or sleeps. */
    void blockCurrent(Task t, TaskState st, int why) {
        s.sync(t.cpu);
        // the block is said first: what dequeue_task() does for it (an emptied cfs_rq's slack return) follows it,
        // so no view shows a cfs_rq returning its slack beside its task still running (the fifth review)
        setState(t, st);
        t.waitingFor = why;
        s.emit(EventKind.BLOCK, t.cpu.id, t.id, t.group.id, why, st == TaskState.BLOCKED ? 1 : 0, 0);
        s.fair.dequeueTask(t, Fair.DEQUEUE_SLEEP);
    }

    void sleep(Task t, long d, boolean uninterruptible) {
        t.onRun = null;
        blockCurrent(t, uninterruptible ? TaskState.BLOCKED : TaskState.SLEEPING, s.SLEEP_WHY);
        s.emit(EventKind.SLEEP, t.cpu.id, t.id, t.group.id, -1, s.now + d, 0);
        s.queue.push(s.now + d, s.EV_WAKE_TIMER, t.id, ++t.sleepGen);
    }

    /** do_exit() with kernel work: PF_EXITING is set first, so the task-based s.model never parks it. */
    void beginExit(Task t, long workNs) {
        t.exiting = true;
        t.throttleWorkPending = false; // exiting tasks never return to user: the work is dropped
        t.userMode = false;
        t.burstLeft = workNs;
        t.burstUser = false;
        s.emit(EventKind.EXITING, t.cpu.id, t.id, t.group.id, -1, workNs, 0);
    }

    void exitTask(Task t) {
        t.exiting = true;
        if (t.locksHeld > 0) s.fault(t.cpu, t, t.name + " exits holding " + t.locksHeld + " lock(s)");
        s.sync(t.cpu);
        setState(t, TaskState.EXITED); // said first, as a block is: its dequeue's slack return follows it
        t.exitedAt = s.now;
        s.emit(EventKind.EXIT, t.cpu.id, t.id, t.group.id, -1, 0, 0);
        s.fair.dequeueTask(t, Fair.DEQUEUE_SLEEP | Fair.DEQUEUE_SPECIAL); // TASK_DEAD is a special state: never delayed
    }

    void syscallEnter(Task t, int name) {
        t.openSyscall = s.syscalls.enter(t.id, name, s.now);
        t.openSyscallName = name;
        t.openSyscallAt = s.now;
        s.emit(EventKind.SYSCALL_ENTER, t.cpu.id, t.id, t.group.id, name, 0, 0);
    }

    void syscallExit(Task t) {
        int i = t.openSyscall;
        if (i < 0) return;
        t.openSyscall = -1;
        s.syscalls.exit(i, s.now);
        s.emit(EventKind.SYSCALL_EXIT, t.cpu.id, t.id, t.group.id, t.openSyscallName, s.now - t.openSyscallAt, 0);
    }

    void setState(Task t, TaskState st) {
        t.timeIn[t.state.ordinal()] += s.now - t.stateSince;
        t.stateSince = s.now;
        if (t.state != st && !s.finished) {
            t.state = st;
            s.emit(EventKind.STATE, t.cpu.id, t.id, t.group.id, -1, st.ordinal(), 0);
        }
        t.state = st;
        Cpu c = t.cpu;
        if (c != null && c.curr == t) s.updateWaiting(c);
    }
}
