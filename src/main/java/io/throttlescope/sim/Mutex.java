package io.throttlescope.sim;

import java.util.ArrayDeque;

/** A sleeping mutex: FIFO handoff, waiters in D state. */
final class Mutex {
    final String name;
    final int nameIdx;
    private final Simulator s;
    Task owner;
    final ArrayDeque<Task> waiters = new ArrayDeque<>();

    Mutex(Simulator s, String name) {
        this.s = s;
        this.name = name;
        this.nameIdx = s.str(name);
        this.why = s.str("mutex " + name);
    }

    private final int why;

    boolean lock(Task t) {
        if (owner == null) {
            owner = t;
            s.lockAcquired(t, nameIdx, Simulator.OP_MUTEX);
            return true;
        }
        waiters.addLast(t);
        s.lockWait(t, nameIdx, "lock");
        t.onRun = () -> true;
        s.blockCurrent(t, TaskState.BLOCKED, why);
        return false;
    }

    void unlock(Task t) {
        owner = null;
        s.lockReleased(t);
        s.emit(EventKind.LOCK_RELEASE, t.cpu.id, t.id, -1, nameIdx, 0, 0);
        Task next = waiters.pollFirst();
        if (next != null) {
            owner = next;
            s.lockGranted(next, nameIdx, Simulator.OP_MUTEX);
            s.wake(next);
        }
    }
}
