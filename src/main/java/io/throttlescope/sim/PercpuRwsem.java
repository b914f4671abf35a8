package io.throttlescope.sim;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * percpu_rw_semaphore with its rcu_sync gate (docs/model.md, "9. percpu_rw_semaphore"): handoff by the waker,
 * FIFO wake batching up to the first writer, the writer waiting for readers in D state.
 */
final class PercpuRwsem {
    /** kernel/rcu/sync.c's gp_state, in its order: a writer waits only for a state below PASSED. */
    enum Gp {
        IDLE,
        ENTER,
        PASSED,
        EXIT,
        REPLAY
    }

    record Waiter(Task task, boolean reader) {}

    final String name;
    final int nameIdx;
    private final Simulator s;
    int readCount;
    boolean block;
    Task blockOwner;
    /** rcuwait: the writer waiting for read_count to drain. */
    Task writer;

    final ArrayDeque<Waiter> waiters = new ArrayDeque<>();
    final List<Task> readers = new ArrayList<>();
    Gp gp = Gp.IDLE;
    int gpCount;
    long gpGen;
    final List<Task> gpWaiters = new ArrayList<>();

    PercpuRwsem(Simulator s, String name) {
        this.s = s;
        this.name = name;
        this.nameIdx = s.str(name);
        whyRead = s.str("down_read " + name);
        whyGp = s.str("rcu_sync_enter " + name);
        whyWrite = s.str("down_write " + name);
        whyDrain = s.str("readers of " + name);
    }

    private final int whyRead, whyGp, whyWrite, whyDrain;

    boolean gateIdle() {
        return gp == Gp.IDLE;
    }

    /** percpu_down_read(): true if the read lock is held now, false if the task sleeps for it. */
    boolean downRead(Task t) {
        if (gateIdle() || !block) {
            grantRead(t);
            s.lockBook.lockAcquired(t, nameIdx, Simulator.OP_READ);
            return true;
        }
        wakeWriter(); // a failed trylock wakes the waiting writer
        waiters.addLast(new Waiter(t, true));
        s.lockBook.lockWait(t, nameIdx, "down_read");
        t.onRun = () -> true; // the waker grants the reference before waking
        s.life.blockCurrent(t, TaskState.BLOCKED, whyRead);
        return false;
    }

    private void grantRead(Task t) {
        readCount++;
        readers.add(t);
    }

    /** percpu_up_read(). */
    void upRead(Task t) {
        readers.remove(t);
        readCount--;
        s.lockBook.lockReleased(t);
        s.emit(EventKind.LOCK_RELEASE, t.cpu.id, t.id, -1, nameIdx, 0, 0);
        if (!gateIdle()) wakeWriter();
    }

    /** rcuwait_wake_up(): the writer re-checks read_count when it runs. */
    private void wakeWriter() {
        if (writer != null && writer.state == TaskState.BLOCKED) {
            Task w = writer;
            writer = null;
            s.life.wake(w);
        }
    }

    /**
     * percpu_down_write(): rcu_sync_enter() first, then block. True if owned now; otherwise the task
     * sleeps and resumes via onRun. rcu_sync_enter(): from GP_IDLE the writer moves the gate to GP_ENTER
     * and waits a grace period itself (synchronize_rcu(), then rcu_sync_func() makes it GP_PASSED); in
     * GP_ENTER it waits for that; in GP_PASSED, GP_EXIT or GP_REPLAY it goes on at once (the state is
     * left as it is: a pending exit callback finds gp_count raised and makes it GP_PASSED).
     */
    boolean downWrite(Task t) {
        Gp was = gp;
        gpCount++;
        if (was == Gp.IDLE) {
            gp = Gp.ENTER;
            if (s.kernel.rcuGpNs() == 0) {
                gp = Gp.PASSED; // a grace period of no length
                return takeBlock(t);
            }
            rcuSyncCall();
        }
        if (gp == Gp.ENTER) return waitForGp(t);
        return takeBlock(t);
    }

    /** The grace period's callback, rcu_sync_func(), one grace period from now. */
    private void rcuSyncCall() {
        s.armLockTimer(this, s.now + s.kernel.rcuGpNs(), ++gpGen);
    }

    private boolean waitForGp(Task t) {
        gpWaiters.add(t);
        s.lockBook.lockWait(t, nameIdx, "down_write");
        t.onRun = () -> takeBlock(t);
        s.life.blockCurrent(t, TaskState.BLOCKED, whyGp);
        return false;
    }

    /**
     * rcu_sync_func(), a grace period after the call: writers inside make it GP_PASSED (and wake those
     * waiting in rcu_sync_enter()); an exit that came while it was pending (GP_REPLAY) asks for one more
     * grace period; else the gate is idle again and readers take the fast path.
     */
    void gpTimer(long gen) {
        if (gen != gpGen) return;
        if (gpCount > 0) {
            gp = Gp.PASSED;
            for (Task w : gpWaiters) s.life.wake(w);
            gpWaiters.clear();
        } else if (gp == Gp.REPLAY) {
            gp = Gp.EXIT;
            rcuSyncCall();
        } else {
            gp = Gp.IDLE;
        }
    }

    private boolean takeBlock(Task t) {
        if (!block) {
            block = true;
            blockOwner = t;
            return drainReaders(t);
        }
        waiters.addLast(new Waiter(t, false));
        s.lockBook.lockWait(t, nameIdx, "down_write");
        t.onRun = () -> drainReaders(t); // the waker sets block for us
        s.life.blockCurrent(t, TaskState.BLOCKED, whyWrite);
        return false;
    }

    private boolean drainReaders(Task t) {
        if (readCount == 0) {
            s.lockBook.lockAcquired(t, nameIdx, Simulator.OP_WRITE);
            return true;
        }
        writer = t;
        s.lockBook.lockWait(t, nameIdx, "down_write");
        t.onRun = () -> drainReaders(t);
        s.life.blockCurrent(t, TaskState.BLOCKED, whyDrain);
        return false;
    }

    /** percpu_up_write(): release block, wake readers up to and including the first writer. */
    void upWrite(Task t) {
        block = false;
        blockOwner = null;
        s.lockBook.lockReleased(t);
        s.emit(EventKind.LOCK_RELEASE, t.cpu.id, t.id, -1, nameIdx, 1, 0);
        while (!waiters.isEmpty()) {
            Waiter w = waiters.peekFirst();
            if (w.reader()) {
                if (block) break;
                waiters.pollFirst();
                grantRead(w.task());
                s.lockBook.lockGranted(w.task(), nameIdx, Simulator.OP_READ);
                s.life.wake(w.task());
            } else {
                if (block) break;
                waiters.pollFirst();
                block = true;
                blockOwner = w.task();
                s.emit(EventKind.LOCK_GRANT, -1, w.task().id, -1, nameIdx, 1, 0);
                s.life.wake(w.task());
                break;
            }
        }
        if (--gpCount == 0) { // rcu_sync_exit(): the last writer out
            if (gp == Gp.PASSED) {
                gp = Gp.EXIT;
                rcuSyncCall();
            } else if (gp == Gp.EXIT) {
                gp = Gp.REPLAY; // the pending callback will ask for one more grace period
            }
        }
    }
}
