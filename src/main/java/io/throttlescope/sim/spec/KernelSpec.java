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

    /** The same settings with the ticks at phase + k * (1 s / hz). */
    public KernelSpec withTickPhase(long phaseNs) {
        return with(hz, exactAccounting, hungTaskTimeoutNs, hungTaskCheckIntervalNs, phaseNs);
    }

    /** The same settings with a recorded kernel's hung-task detector (ns). */
    public KernelSpec withHungTask(long timeoutNs, long checkIntervalNs) {
        return with(hz, exactAccounting, timeoutNs, checkIntervalNs, tickPhaseNs);
    }

    /** The same settings accounting at a recorded kernel's tick. */
    public KernelSpec withTickAccounting(int hz) {
        return with(hz, false, hungTaskTimeoutNs, hungTaskCheckIntervalNs, tickPhaseNs);
    }

    private KernelSpec with(int hz, boolean exact, long hungTimeoutNs, long hungIntervalNs, long phaseNs) {
        return new KernelSpec(
                cpus,
                hz,
                exact,
                fullPreemption,
                bandwidthSliceNs,
                hungTimeoutNs,
                hungIntervalNs,
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
                1,
                250,
                false,
                true,
                5_000_000L,
                120_000_000_000L,
                0,
                0,
                0,
                true,
                true,
                true,
                DEFAULT_IPI_LATENCY_NS,
                0);
    }
}
