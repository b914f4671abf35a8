package io.throttlescope.sim;

import java.util.ArrayDeque;

/**
 * A sleeping mutex as kernel/locking/mutex.c has it (docs/model.md, "10. Mutex and pipes"). Waiters queue FIFO in
 * D state. Unlock releases the lock and wakes the first waiter, which must run to take it, so a
 * newcomer can take a released mutex first (lock stealing). A woken first waiter that finds it
 * taken sets MUTEX_FLAG_HANDOFF and sleeps again; the next unlock then hands the lock to it
 * directly. Optimistic spinning on a running owner is not modelled.
 */
final class Mutex {
    final String name;
    final int nameIdx;
    private final Simulator s;
    private final int why, whyHandoff;
    Task owner;
    /** MUTEX_FLAG_HANDOFF: the next unlock gives the lock to the first waiter. */
    boolean handoff;

    final ArrayDeque<Task> waiters = new ArrayDeque<>();

    Mutex(Simulator s, String name) {
        this.s = s;
        this.name = name;
        this.nameIdx = s.str(name);
        this.why = s.str("mutex " + name);
        this.whyHandoff = s.str("mutex " + name + " (MUTEX_FLAG_HANDOFF set: the next unlock hands it over)");
    }

    /** mutex_lock(): a free mutex is taken at once, waiters or not; otherwise queue and sleep. */
    boolean lock(Task t) {
        if (owner == t)
            s.fault(
                    t.cpu,
                    t,
                    t.name + " locks the mutex " + name
                            + " it already holds: it waits for itself forever (self-deadlock)");
        if (owner == null) {
            take(t);
            return true;
        }
        waiters.addLast(t);
        s.lockBook.lockWait(t, nameIdx, "lock");
        sleep(t, why);
        return false;
    }

    private void take(Task t) {
        owner = t;
        s.lockBook.lockAcquired(t, nameIdx, Simulator.OP_MUTEX);
    }

    private void sleep(Task t, int reason) {
        t.onRun = () -> retry(t);
        s.life.blockCurrent(t, TaskState.BLOCKED, reason);
    }

    /** The woken waiter runs again in __mutex_lock_common(): owned already (handed over), free, or taken again. */
    private boolean retry(Task t) {
        if (owner == t) return true;
        if (owner == null) {
            waiters.remove(t);
            take(t);
            return true;
        }
        if (waiters.peekFirst() == t) handoff = true; // __mutex_trylock_or_handoff(first)
        sleep(t, whyHandoff);
        return false;
    }

    /** __mutex_unlock_slowpath(). */
    void unlock(Task t) {
        owner = null;
        s.lockBook.lockReleased(t);
        s.emit(EventKind.LOCK_RELEASE, t.cpu.id, t.id, -1, nameIdx, 0, 0);
        Task first = waiters.peekFirst();
        if (first == null) {
            handoff = false;
            return;
        }
        if (handoff) { // __mutex_handoff(): the waiter owns it before it runs
            handoff = false;
            waiters.pollFirst();
            owner = first;
            s.lockBook.lockGranted(first, nameIdx, Simulator.OP_MUTEX);
        }
        s.life.wake(first); // wake_up_q(): it takes the lock itself when it runs
    }
}
