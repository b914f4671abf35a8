package io.throttlescope.sim.spec;

import java.util.List;

/** A task after {@code count} expansion. cpus is a bit mask over the machine's CPUs. */
public record TaskSpec(
        String name, String cgroup, long[] cpus, int nice, Dur start, boolean kthread, List<Step> program) {
    /** The same task with another program. */
    public TaskSpec withProgram(List<Step> p) {
        return new TaskSpec(name, cgroup, cpus, nice, start, kthread, p);
    }

    /** The same task starting at another time. */
    public TaskSpec withStart(Dur d) {
        return new TaskSpec(name, cgroup, cpus, nice, d, kthread, program);
    }
}
