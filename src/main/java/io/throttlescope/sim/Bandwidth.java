package io.throttlescope.sim;

import java.util.ArrayList;

/**
 * Runtime accounting common to both models (docs/model.md, "2. Charging runtime and debt"): slices pulled from the
 * group's pool, the period timer and refill, distribution in throttle order, slack return.
 */
final class Bandwidth {
    static final long MIN_CFS_RQ_RUNTIME = 1_000_000L; // 1 ms
    static final long MIN_BANDWIDTH_EXPIRATION = 2_000_000L; // 2 ms
    static final long CFS_BANDWIDTH_SLACK_PERIOD = 5_000_000L; // 5 ms

    private final Simulator s;
    final long slice;

    Bandwidth(Simulator s, long slice) {
        this.s = s;
        this.slice = slice;
    }

    /** account_cfs_rq_runtime() (docs/model.md, "2. Charging runtime and debt"). */
    void accountCfsRqRuntime(CfsRq cfs, long delta) {
        if (!cfs.runtimeEnabled) return;
        cfs.runtimeRemaining -= delta;
        if (cfs.runtimeRemaining > 0) return;
        if (cfs.throttled) return;
        if (!assignCfsRqRuntime(cfs, slice) && cfs.curr != null) s.reschedCurr(cfs.cpu);
    }

    /** __assign_cfs_rq_runtime() (docs/model.md, "2. Charging runtime and debt"): the debt is repaid first, then up to target. */
    boolean assignCfsRqRuntime(CfsRq cfs, long target) {
        CfsBandwidth b = cfs.tg.bw;
        long minAmount = target - cfs.runtimeRemaining;
        long amount = 0;
        if (!b.limited()) {
            amount = minAmount;
        } else {
            startCfsBandwidth(cfs.tg, cfs.cpu.id);
            if (b.runtime > 0) {
                amount = Math.min(b.runtime, minAmount);
                b.runtime -= amount;
                b.idle = false;
            }
        }
        cfs.runtimeRemaining += amount;
        // the last-chance pull of 1 ns names its caller, throttle_cfs_rq (the explanation tells it from a slice pull)
        if (amount > 0)
            s.emit(
                    EventKind.SLICE_PULL,
                    cfs.cpu.id,
                    -1,
                    cfs.tg.id,
                    target == 1 ? s.str("throttle_cfs_rq") : -1,
                    amount,
                    cfs.runtimeRemaining);
        return cfs.runtimeRemaining > 0;
    }

    /** check_cfs_rq_runtime() (docs/model.md, "3. When a cfs_rq is throttled (both models)"): true if the cfs_rq is (now) throttled. */
    boolean checkCfsRqRuntime(CfsRq cfs) {
        if (!cfs.runtimeEnabled || cfs.runtimeRemaining > 0) return false;
        if (cfs.throttled) return true;
        return throttleCfsRq(cfs);
    }

    /** check_enqueue_throttle() (docs/model.md, "3. When a cfs_rq is throttled (both models)"). */
    void checkEnqueueThrottle(CfsRq cfs) {
        if (!cfs.runtimeEnabled || cfs.curr != null || cfs.throttled) return;
        accountCfsRqRuntime(cfs, 0);
        if (cfs.runtimeRemaining <= 0) throttleCfsRq(cfs);
    }

    /** throttle_cfs_rq(): the common last-chance pull, then the model's part. */
    boolean throttleCfsRq(CfsRq cfs) {
        if (assignCfsRqRuntime(cfs, 1)) return false;
        cfs.tg.bw.throttledCfsRq.add(cfs);
        cfs.onThrottledList = true;
        s.emit(EventKind.THROTTLE, cfs.cpu.id, -1, cfs.tg.id, -1, cfs.runtimeRemaining, 0);
        s.model.throttle(cfs);
        return true;
    }

    /** Removes the cfs_rq from its group's throttled list and closes throttled_clock (docs/model.md, "What `cpu.stat` reports"). */
    void accountUnthrottle(CfsRq cfs) {
        CfsBandwidth b = cfs.tg.bw;
        if (cfs.throttledClock != 0) {
            b.throttledTime += s.now - cfs.throttledClock;
            cfs.throttledClock = 0;
        }
        b.throttledCfsRq.remove(cfs);
        cfs.onThrottledList = false;
    }

    /** throttled_clock_self closes when the level leaves the throttled hierarchy (tg_unthrottle_up). */
    void closeSelfClock(CfsRq c) {
        if (c.throttledClockSelf != 0) {
            c.throttledClockSelfTime += s.now - c.throttledClockSelf;
            c.throttledClockSelf = 0;
        }
    }

    // ---------------------------------------------------------------- period timer (docs/model.md, "6. Period timer,
    // refill, distribution and slack (both models)")

    /** start_cfs_bandwidth(): arm the period timer at the next boundary after now, pinned to this CPU. */
    void startCfsBandwidth(TaskGroup tg, int cpu) {
        CfsBandwidth b = tg.bw;
        if (b.periodActive) return;
        b.periodActive = true;
        b.timerCpu = cpu;
        while (b.periodExpiry <= s.now) b.periodExpiry += b.period;
        s.armGroupTimer(tg, Simulator.EV_PERIOD, b.periodExpiry, ++b.timerGen);
    }

    /** __refill_cfs_bandwidth_runtime(). */
    void refill(CfsBandwidth b) {
        if (!b.limited()) return;
        b.runtime += b.quota;
        long over = b.runtimeSnap - b.runtime;
        if (over > 0) {
            b.burstTime += over;
            b.nrBurst++;
        }
        b.runtime = Math.min(b.runtime, b.quota + b.burst);
        b.runtimeSnap = b.runtime;
        b.slackSinceRefill = 0;
    }

    /** sched_cfs_period_timer() at its expiry. */
    void periodTimer(TaskGroup tg) {
        CfsBandwidth b = tg.bw;
        b.periodExpiry += b.period; // hrtimer_forward_now: overrun 1
        boolean idle = doPeriodTimer(tg, 1);
        if (idle) {
            b.periodActive = false;
        } else {
            s.armGroupTimer(tg, Simulator.EV_PERIOD, b.periodExpiry, ++b.timerGen);
        }
    }

    /** do_sched_cfs_period_timer(): returns true when the timer should stop. */
    private boolean doPeriodTimer(TaskGroup tg, long overrun) {
        CfsBandwidth b = tg.bw;
        if (!b.limited()) return true;
        boolean throttled = !b.throttledCfsRq.isEmpty();
        b.nrPeriods += overrun;
        refill(b);
        s.emit(EventKind.PERIOD_TIMER, -1, -1, tg.id, -1, b.runtime, b.throttledCfsRq.size());
        if (b.idle && !throttled) return true;
        if (!throttled) {
            b.idle = true;
            return false;
        }
        b.nrThrottled += overrun;
        for (int guard = 0; throttled && b.runtime > 0 && guard < 64; guard++) {
            throttled = distributeCfsRuntime(tg, b.timerCpu);
        }
        b.idle = false;
        return false;
    }

    /**
     * distribute_cfs_runtime() (docs/model.md, "6. Period timer, refill, distribution and slack (both models)") run on CPU {@code here}: oldest throttle first, exactly enough to
     * leave 1 ns. A cfs_rq of another CPU is unthrottled there by an IPI that arrives ipi_latency
     * later (unthrottle_cfs_rq_async()); this CPU's own are unthrottled after the loop. Returns
     * whether some cfs_rq is still throttled for want of runtime.
     */
    boolean distributeCfsRuntime(TaskGroup tg, int here) {
        CfsBandwidth b = tg.bw;
        boolean throttled = false;
        ArrayList<CfsRq> local = new ArrayList<>();
        ArrayList<CfsRq> snapshot = new ArrayList<>(b.throttledCfsRq);
        for (CfsRq cfs : snapshot) {
            if (b.runtime == 0) {
                throttled = true;
                break;
            }
            if (!cfs.throttled || cfs.csdPending) continue;
            // no update_curr() here or in unthrottle_cfs_rq(): under tick accounting the local runtime
            // topped up is stale (the pending delta lands at the next tick); exact accounting has none
            s.advance(cfs.cpu);
            long amount = Math.min(b.runtime, -cfs.runtimeRemaining + 1);
            b.runtime -= amount;
            cfs.runtimeRemaining += amount;
            s.emit(EventKind.DISTRIBUTE, cfs.cpu.id, -1, tg.id, -1, amount, cfs.runtimeRemaining);
            if (cfs.runtimeRemaining <= 0) {
                throttled = true;
            } else if (cfs.cpu.id == here) {
                local.add(cfs);
            } else {
                unthrottleAsync(cfs);
            }
        }
        for (CfsRq cfs : local) if (cfs.throttled) unthrottleHere(cfs);
        return throttled;
    }

    /** unthrottle_cfs_rq_async(): queue on the target CPU's csd list; the first one sends the IPI. */
    private void unthrottleAsync(CfsRq cfs) {
        long latency = s.kernel.ipiLatencyNs();
        if (latency == 0) {
            unthrottleHere(cfs);
            return;
        }
        Cpu c = cfs.cpu;
        cfs.csdPending = true;
        boolean first = c.csdList.isEmpty();
        c.csdList.add(cfs);
        if (first) s.armCsd(c, s.now + latency);
    }

    /** __cfsb_csd_unthrottle() on the target CPU when the IPI arrives: re-check, then unthrottle. */
    void csdUnthrottle(Cpu c) {
        ArrayList<CfsRq> list = new ArrayList<>(c.csdList);
        c.csdList.clear();
        s.advance(c); // update_rq_clock() only: no update_curr(), the pending levels are not charged
        for (CfsRq cfs : list) {
            cfs.csdPending = false;
            if (cfs.throttled) {
                s.model.unthrottle(cfs);
                s.markDirty(c);
            }
        }
    }

    private void unthrottleHere(CfsRq cfs) {
        s.advance(cfs.cpu);
        s.model.unthrottle(cfs);
        s.markDirty(cfs.cpu);
    }

    // ---------------------------------------------------------------- slack (docs/model.md, "6. Period timer, refill,
    // distribution and slack (both models)")

    /** return_cfs_rq_runtime(): an emptied cfs_rq gives back all but 1 ms. */
    void returnCfsRqRuntime(CfsRq cfs) {
        if (!cfs.runtimeEnabled || cfs.nrQueued != 0) return;
        long slack = cfs.runtimeRemaining - MIN_CFS_RQ_RUNTIME;
        if (slack <= 0) return;
        CfsBandwidth b = cfs.tg.bw;
        if (b.limited()) {
            b.runtime += slack;
            b.slackSinceRefill += slack;
            s.emit(EventKind.SLACK_RETURN, cfs.cpu.id, -1, cfs.tg.id, -1, slack, b.runtime);
            if (b.runtime > slice && !b.throttledCfsRq.isEmpty()) startSlackTimer(cfs.tg, cfs.cpu.id);
        }
        cfs.runtimeRemaining -= slack;
    }

    private boolean refreshWithin(CfsBandwidth b, long within) {
        if (!b.periodActive) return true;
        return b.periodExpiry - s.now < within;
    }

    private void startSlackTimer(TaskGroup tg, int cpu) {
        CfsBandwidth b = tg.bw;
        if (refreshWithin(b, CFS_BANDWIDTH_SLACK_PERIOD + MIN_BANDWIDTH_EXPIRATION)) return;
        if (b.slackStarted) return;
        b.slackStarted = true;
        b.slackCpu = cpu;
        s.armGroupTimer(tg, Simulator.EV_SLACK, s.now + CFS_BANDWIDTH_SLACK_PERIOD, ++b.slackGen);
    }

    /** do_sched_cfs_slack_timer(). */
    void slackTimer(TaskGroup tg) {
        CfsBandwidth b = tg.bw;
        b.slackStarted = false;
        s.emit(EventKind.SLACK_TIMER, -1, -1, tg.id, -1, b.runtime, 0);
        if (refreshWithin(b, MIN_BANDWIDTH_EXPIRATION)) return;
        if (b.limited() && b.runtime > slice) distributeCfsRuntime(tg, b.slackCpu);
    }
}
