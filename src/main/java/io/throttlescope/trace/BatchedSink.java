package io.throttlescope.trace;

import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.Simulator;
import java.io.IOException;
import java.io.Writer;

/**
 * A sink that writes events as the simulator records them, a few thousand at a time: what is
 * written holds a batch, not the whole trace. Names come from the simulator as it runs. The first
 * error writing is kept and thrown by {@link #finish()}; the run goes on without writing.
 */
public abstract class BatchedSink implements StreamingWriter {
    private static final int BATCH = 4096;
    protected final Writer out;
    protected Simulator sim;
    private Trace batch = new Trace();
    private long base;
    private IOException failed;

    protected BatchedSink(Writer out) {
        this.out = out;
    }

    @Override
    public void attach(Simulator s) {
        sim = s;
    }

    /** Writes event i of the batch, the run's event number seq. */
    protected abstract void write(Trace batch, int i, long seq) throws IOException;

    @Override
    public final void event(long t, EventKind k, int cpu, int task, int group, int text, long a, long b) {
        batch.event(t, k, cpu, task, group, text, a, b);
        if (batch.size() == BATCH) flushBatch();
    }

    private void flushBatch() {
        if (failed == null) {
            try {
                for (int i = 0; i < batch.size(); i++) write(batch, i, base + i);
            } catch (IOException e) {
                failed = e;
            }
        }
        base += batch.size();
        batch = new Trace();
    }

    /** Writes what is left; throws what writing failed with. */
    @Override
    public void finish() throws IOException {
        flushBatch();
        out.flush();
        if (failed != null) throw failed;
    }
}
