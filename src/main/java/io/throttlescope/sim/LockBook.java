package io.throttlescope.sim;

/**
 * What each task waits for and holds, and the lock events: a wait is recorded once when it begins,
 * an acquisition when the task takes the lock itself or is handed it by the waker (a handoff).
 */
final class LockBook {
    private final Simulator s;

    LockBook(Simulator s) {
        this.s = s;
    }

    private static int opCode(String op) {
        return op.equals("down_read")
                ? Simulator.OP_READ
                : op.equals("down_write") ? Simulator.OP_WRITE : Simulator.OP_MUTEX;
    }

    void lockWait(Task t, int lock, String op) {
        if (t.openWait() == null) {
            t.lockWaits.add(new Task.LockWait(s.strings.get(lock), op, s.now));
            s.emit(EventKind.LOCK_WAIT, t.cpu.id, t.id, t.group.id, lock, opCode(op), 0);
        }
    }

    void lockAcquired(Task t, int lock, int op) {
        Task.LockWait w = t.openWait();
        if (w != null) w.acquired = s.now;
        t.locksHeld++;
        s.emit(EventKind.LOCK_ACQUIRE, t.cpu.id, t.id, t.group.id, lock, 0, op);
    }

    /** Handoff: the waker gives the lock to a sleeping waiter before waking it. */
    void lockGranted(Task t, int lock, int op) {
        Task.LockWait w = t.openWait();
        if (w != null) w.acquired = s.now;
        t.locksHeld++;
        s.emit(EventKind.LOCK_ACQUIRE, t.cpu.id, t.id, t.group.id, lock, 1, op);
    }

    void lockReleased(Task t) {
        t.locksHeld--;
    }
}
