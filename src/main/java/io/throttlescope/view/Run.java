package io.throttlescope.view;

import io.throttlescope.sim.RunResult;
import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.trace.RunInfo;
import io.throttlescope.trace.Trace;
import io.throttlescope.trace.TraceIndex;
import java.util.function.DoubleConsumer;

/** One simulated run as the views see it: the recorded trace, its index and the result object. */
public record Run(SimSpec spec, Simulator.Model model, RunInfo info, TraceIndex index, RunResult result) {

    /** Simulates (no JavaFX here: may run on any thread). */
    public static Run simulate(SimSpec spec, Simulator.Model model) {
        return simulate(spec, model, null);
    }

    /** Simulates, reporting the fraction of simulated time done. */
    public static Run simulate(SimSpec spec, Simulator.Model model, DoubleConsumer progress) {
        Trace trace = new Trace();
        Simulator s = new Simulator(spec, model, trace);
        if (progress != null) s.onProgress(progress);
        s.run();
        RunInfo info = RunInfo.of(s);
        return new Run(spec, model, info, new TraceIndex(trace, info), s.result());
    }

    public Trace trace() {
        return index.trace();
    }

    /** A run is itself: two runs are never compared by content (hashing a result walks every syscall; caches key on runs). */
    @Override
    public boolean equals(Object o) {
        return this == o;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(this);
    }

    /** True for a run imported from a real kernel's trace. */
    public boolean isReal() {
        return info.scenario().startsWith("real trace ");
    }

    /** What the views call the run: "legacy", "task-based", or "real" for an imported trace. */
    public String label() {
        return isReal() ? "real" : model == Simulator.Model.LEGACY ? "legacy" : "task-based";
    }
}
