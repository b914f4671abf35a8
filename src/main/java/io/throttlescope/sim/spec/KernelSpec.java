package io.throttlescope.sim.spec;

/**
 * The simulated machine and kernel settings (docs/scenario-format.md, "kernel"). Times in ns.
 * The scheduler features default as in the kernel (features.h): DELAY_DEQUEUE, RUN_TO_PARITY and
 * PLACE_REL_DEADLINE on; {@code ipiLatencyNs} is how long a remote unthrottle takes to arrive;
 * {@code tickPhaseNs} where the ticks fall: at phase + k * (1 s / hz), 0 to one tick.
 */
public record KernelSpec(
        int cpus,
        int hz,
        boolean exactAccounting,
        boolean fullPreemption,
        long bandwidthSliceNs,
        long hungTaskTimeoutNs,
        long hungTaskCheckIntervalNs,
        long rcuGpNs,
        long switchCostNs,
        boolean delayDequeue,
        boolean runToParity,
        boolean placeRelDeadline,
        long ipiLatencyNs,
        long tickPhaseNs) {
    public static final long DEFAULT_IPI_LATENCY_NS = 2_000L;

    /** The settings with the ticks at whole multiples of the tick (phase 0). */
    public KernelSpec(
            int cpus,
            int hz,
            boolean exactAccounting,
            boolean fullPreemption,
            long bandwidthSliceNs,
            long hungTaskTimeoutNs,
            long hungTaskCheckIntervalNs,
            long rcuGpNs,
            long switchCostNs,
            boolean delayDequeue,
            boolean runToParity,
            boolean placeRelDeadline,
            long ipiLatencyNs) {
        this(
                cpus,
                hz,
                exactAccounting,
                fullPreemption,
                bandwidthSliceNs,
                hungTaskTimeoutNs,
                hungTaskCheckIntervalNs,
                rcuGpNs,
                switchCostNs,
                delayDequeue,
                runToParity,
                placeRelDeadline,
                ipiLatencyNs,
                0);
    }

    /** The same settings with the ticks at phase + k * (1 s / hz). */
    public KernelSpec withTickPhase(long phaseNs) {
        return new KernelSpec(
                cpus,
                hz,
                exactAccounting,
                fullPreemption,
                bandwidthSliceNs,
                hungTaskTimeoutNs,
                hungTaskCheckIntervalNs,
                rcuGpNs,
                switchCostNs,
                delayDequeue,
                runToParity,
                placeRelDeadline,
                ipiLatencyNs,
                phaseNs);
    }

    public static KernelSpec defaults() {
        return new KernelSpec(
                1, 250, false, true, 5_000_000L, 120_000_000_000L, 0, 0, 0, true, true, true, DEFAULT_IPI_LATENCY_NS);
    }
}
