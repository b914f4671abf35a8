package io.throttlescope.sim;

import java.util.ArrayList;

/** struct cfs_bandwidth: one per task group (docs/model.md, "Structure"). Times in ns. */
final class CfsBandwidth {
    static final long RUNTIME_INF = Long.MAX_VALUE;

    long period = 100_000_000L;
    long quota = RUNTIME_INF;
    long burst;
    long runtime; // the pool
    long runtimeSnap;
    /** Slack returned since the last refill: the kernel adds it to the pool without a cap. */
    long slackSinceRefill;

    boolean idle;
    boolean periodActive;
    long periodExpiry; // next expiry of the period timer (valid while active), phase + k*period
    long timerGen;
    /** The CPU the period timer is pinned to (the one that started it) and the slack timer's. */
    int timerCpu, slackCpu;

    boolean slackStarted;
    long slackGen;
    /** throttled_cfs_rq, in throttle order (head = oldest). */
    final ArrayList<CfsRq> throttledCfsRq = new ArrayList<>();

    long nrPeriods;
    long nrThrottled;
    long throttledTime;
    long nrBurst;
    long burstTime;

    boolean limited() {
        return quota != RUNTIME_INF;
    }
}
