package io.throttlescope.sim;

/**
 * What the kernel accepts in cpu.max and cpu.max.burst: the checks of tg_set_cfs_bandwidth()
 * (kernel/sched/core.c). A write that fails them returns EINVAL and changes nothing.
 */
public final class CgroupFiles {
    /** max_cfs_runtime in microseconds: MAX_BW = 2^44 - 1. */
    public static final long MAX_BW_US = (1L << 44) - 1;

    public static final long MIN_PERIOD_US = 1000, MAX_PERIOD_US = 1_000_000, MIN_QUOTA_US = 1000;
    public static final int EINVAL = 22;

    private CgroupFiles() {}

    /** Why tg_set_cfs_bandwidth() refuses these values (quota &lt; 0 means max), or null if it accepts them. */
    public static String refusal(long quotaUs, long periodUs, long burstUs) {
        if (periodUs < MIN_PERIOD_US || periodUs > MAX_PERIOD_US) {
            return "the period " + periodUs + "us is outside the kernel's bounds " + MIN_PERIOD_US + " to "
                    + MAX_PERIOD_US + " us";
        }
        if (quotaUs < 0) return null;
        if (quotaUs < MIN_QUOTA_US)
            return "the quota " + quotaUs + "us is below the kernel's minimum of " + MIN_QUOTA_US + " us";
        if (quotaUs > MAX_BW_US)
            return "the quota " + quotaUs + "us is above the kernel's maximum of " + MAX_BW_US + " us";
        if (burstUs > quotaUs)
            return "the burst " + burstUs + "us is larger than the quota " + quotaUs
                    + "us (the kernel requires burst <= quota)";
        if (burstUs + quotaUs > MAX_BW_US) return "quota + burst exceeds the kernel's maximum of " + MAX_BW_US + " us";
        return null;
    }
}
