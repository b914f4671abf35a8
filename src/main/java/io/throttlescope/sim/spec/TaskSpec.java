package io.throttlescope.sim.spec;

import java.util.List;

/** A task after {@code count} expansion. cpus is a bit mask over the machine's CPUs. */
public record TaskSpec(
        String name, String cgroup, long[] cpus, int nice, Dur start, boolean kthread, List<Step> program) {}
