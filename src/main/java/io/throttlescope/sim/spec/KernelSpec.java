package io.throttlescope.sim.spec;

/** The simulated machine and kernel settings (scenario-format.md, "kernel"). Times in ns. */
public record KernelSpec(int cpus, int hz, boolean exactAccounting, boolean fullPreemption,
                         long bandwidthSliceNs, long hungTaskTimeoutNs, long hungTaskCheckIntervalNs,
                         long rcuGpNs, long switchCostNs) {
    public static KernelSpec defaults() {
        return new KernelSpec(1, 250, false, true, 5_000_000L, 120_000_000_000L, 0, 0, 0);
    }
}
