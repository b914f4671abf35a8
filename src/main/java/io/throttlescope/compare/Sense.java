package io.throttlescope.compare;

/**
 * Which way a metric is better, and how much it matters: the results table colours a change by
 * better or worse (not by sign), puts the headline rows first, and the guide's tables give
 * "improvement" as the kernel thread's reports do (positive = better).
 */
public enum Sense {
    LOWER_IS_BETTER,
    HIGHER_IS_BETTER,
    NEITHER;

    public static Sense of(String metric) {
        if (metric.startsWith("syscalls completed") || metric.endsWith(" user_usec")) return HIGHER_IS_BETTER;
        if (metric.equals("hung-task reports")
                || metric.contains("wait_ms")
                || metric.contains("longest_syscall")
                || metric.contains("runnable_ms")
                || metric.contains("held_off_ms")
                || metric.contains("blocked_ms")
                || metric.endsWith("throttled_usec")
                || metric.endsWith("nr_throttled")
                || metric.endsWith("system_usec")
                || metric.startsWith("run time")) return LOWER_IS_BETTER;
        return NEITHER;
    }

    /** 0 for the headline rows (hung-task reports, longest lock waits, syscall latency), 1 for the rest. */
    public static int rank(String metric) {
        if (metric.equals("hung-task reports")) return 0;
        if (metric.startsWith("lock ")) return 1;
        if (metric.contains("longest_lock_wait")) return 2;
        if (metric.contains("longest_syscall")) return 3;
        return 4;
    }

    public static boolean headline(String metric) {
        return rank(metric) < 4;
    }

    /**
     * The change as an improvement in percent (positive = better), as the kernel thread's tables give
     * it: base 18.35 s, head 18.78 s of a lower-is-better time is -2.34%. Null where the metric has no
     * better direction or the base is 0.
     */
    public Double improvement(Double changePct) {
        if (changePct == null || this == NEITHER) return null;
        return this == LOWER_IS_BETTER ? -changePct : changePct;
    }
}
