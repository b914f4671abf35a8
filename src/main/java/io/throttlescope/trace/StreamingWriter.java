package io.throttlescope.trace;

import io.throttlescope.sim.EventSink;
import io.throttlescope.sim.Simulator;
import java.io.IOException;

/** Writes a run's output as the simulator records it: attach before the run, finish after it. */
public interface StreamingWriter extends EventSink {
    void attach(Simulator s) throws IOException;

    void finish() throws IOException;
}
