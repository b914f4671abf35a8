package io.throttlescope.sim.spec;

/** A cgroup's interface files. quotaUs &lt; 0 means "max". */
public record CgroupSpec(String path, long quotaUs, long periodUs, long burstUs, int weight, long phaseNs) {
    public static final long MAX = -1;

    public static CgroupSpec unlimited(String path) {
        return new CgroupSpec(path, MAX, 100_000, 0, 100, 0);
    }
}
