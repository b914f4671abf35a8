package io.throttlescope.sim;

import java.util.ArrayDeque;

/** A pipe of messages: senders block while it is full, receivers while it is empty (interruptible). */
final class Pipe {
    final String name;
    final int capacity;
    private final Simulator s;
    int count;
    final ArrayDeque<Task> receivers = new ArrayDeque<>();
    final ArrayDeque<Task> senders = new ArrayDeque<>();

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
}
