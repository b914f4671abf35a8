package io.throttlescope.sim;

/** A pipe of messages: senders block while it is full, receivers while it is empty (interruptible). */
final class Pipe {
    final String name;
    final int capacity;
    private final Simulator s;
    int count;
    private final Waiters receivers = new Waiters();
    private final Waiters senders = new Waiters();

    Pipe(Simulator s, String name, int capacity) {
        this.s = s;
        this.name = name;
        this.capacity = capacity;
        this.whyFull = s.str("pipe " + name + " full");
        this.whyEmpty = s.str("pipe " + name + " empty");
    }

    private final int whyFull, whyEmpty;

    boolean send(Task t) {
        Task r = receivers.pollFirst();
        if (r != null) { // hand the message to a waiting receiver
            s.life.wake(r);
            return true;
        }
        if (count < capacity) {
            count++;
            return true;
        }
        senders.addLast(t);
        t.onRun = () -> true; // the receiver that makes room moves our message in
        s.life.blockCurrent(t, TaskState.SLEEPING, whyFull);
        return false;
    }

    boolean recv(Task t) {
        if (count > 0) {
            count--;
            Task w = senders.pollFirst();
            if (w != null) {
                count++;
                s.life.wake(w);
            }
            return true;
        }
        receivers.addLast(t);
        t.onRun = () -> true;
        s.life.blockCurrent(t, TaskState.SLEEPING, whyEmpty);
        return false;
    }

    /**
     * The tasks waiting on one side, first come first served: a ring whose count an empty check reads
     * without touching the ring (a send finds no receiver waiting about half the time).
     */
    private static final class Waiters {
        private Task[] ring = new Task[4];
        private int head, size;

        Task pollFirst() {
            if (size == 0) return null;
            Task t = ring[head];
            ring[head] = null;
            head = (head + 1) & (ring.length - 1);
            size--;
            return t;
        }

        void addLast(Task t) {
            if (size == ring.length) { // grow, the oldest first (the length stays a power of two)
                Task[] r = new Task[ring.length * 2];
                for (int i = 0; i < size; i++) r[i] = ring[(head + i) & (ring.length - 1)];
                ring = r;
                head = 0;
            }
            ring[(head + size) & (ring.length - 1)] = t;
            size++;
        }
    }
}
