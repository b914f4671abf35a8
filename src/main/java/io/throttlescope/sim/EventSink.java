package io.throttlescope.sim;

/**
 * Receives every event the simulator makes, in order. {@code cpu}, {@code task}, {@code group} are
 * indices (-1 when not applicable); {@code text} indexes the run's string table (lock, pipe, syscall
 * name, note text) or is -1.
 */
public interface EventSink {
    void event(long t, EventKind kind, int cpu, int task, int group, int text, long a, long b);

    EventSink NONE = (t, k, c, ta, g, x, a, b) -> {};
}
