package io.throttlescope.sim;

/**
 * The fair class: EEVDF inside each cfs_rq and the hierarchical enqueue, dequeue, pick and put
 * paths of fair.c. Where the two throttle models differ it asks {@link ThrottleModel}.
 */
final class Fair {
    static final int ENQUEUE_WAKEUP = 1, ENQUEUE_INITIAL = 2;
    static final int DEQUEUE_SLEEP = 1, DEQUEUE_THROTTLE = 2, DEQUEUE_SPECIAL = 4, DEQUEUE_DELAYED = 8;

    static final long NICE_0_LOAD = 1024;
    /** normalized_sysctl_sched_base_slice: 0.7 ms, not scaled by the number of CPUs. */
    static final long NORMALIZED_BASE_SLICE = 700_000L;

    static final long[] PRIO_TO_WEIGHT = {
        /* -20 */ 88761, 71755, 56483, 46273, 36291,
        /* -15 */ 29154, 23254, 18705, 14949, 11916,
        /* -10 */ 9548, 7620, 6100, 4904, 3906,
        /*  -5 */ 3121, 2501, 1991, 1586, 1277,
        /*   0 */ 1024, 820, 655, 526, 423,
        /*   5 */ 335, 272, 215, 172, 137,
        /*  10 */ 110, 87, 70, 56, 45,
        /*  15 */ 36, 29, 23, 18, 15,
    };

    private final Simulator s;
    final long baseSlice;
    private long enqueueSeq;

    Fair(Simulator s, int cpus) {
        this.s = s;
        int n = Math.min(cpus, 8);
        int ilog2 = 31 - Integer.numberOfLeadingZeros(n);
        this.baseSlice = 700_000L * (1 + ilog2);
    }

    static long weightOfNice(int nice) {
        return PRIO_TO_WEIGHT[nice + 20];
    }

    /** cgroup v2 cpu.weight (1..10000) to shares, as sched_weight_from_cgroup(). */
    static long sharesOfWeight(int weight) {
        return (weight * 1024L + 50) / 100;
    }

    static long calcDeltaFair(long delta, long weight) {
        return weight == NICE_0_LOAD ? delta : delta * NICE_0_LOAD / weight;
    }

    // ---------------------------------------------------------------- EEVDF within one cfs_rq

    /**
     * avg_vruntime_add(): put se in the queue and in its running sums, as the kernel keeps
     * sum_w_vruntime and sum_weight on enqueue rather than summing every entity at each question.
     */
    private static void queueAdd(CfsRq cfs, SchedEntity se) {
        if (cfs.queued.isEmpty()) {
            cfs.zeroVruntime = se.vruntime;
            cfs.sumWeight = 0;
            cfs.sumWVruntime = 0;
        }
        cfs.queued.add(se);
        cfs.sumWeight += se.weight;
        cfs.sumWVruntime += se.weight * (se.vruntime - cfs.zeroVruntime);
        se.inSums = true;
    }

    /** avg_vruntime_sub(): take se out of the queue and the sums. */
    private static void queueRemove(CfsRq cfs, SchedEntity se) {
        cfs.queued.remove(se);
        cfs.sumWeight -= se.weight;
        cfs.sumWVruntime -= se.weight * (se.vruntime - cfs.zeroVruntime);
        se.inSums = false;
    }

    /**
     * avg_vruntime_update(): keep the reference vruntime near the average so that the products stay
     * small; exact, the sums change by sum_weight x the shift.
     */
    private static void rebase(CfsRq cfs, long v) {
        long d = v - cfs.zeroVruntime;
        if (Math.abs(d) < (1L << 30)) return;
        cfs.sumWVruntime -= cfs.sumWeight * d;
        cfs.zeroVruntime = v;
    }

    /** avg_vruntime(): the load-weighted average vruntime of the queued entities (curr included). */
    long avgVruntime(CfsRq cfs) {
        if (cfs.queued.isEmpty()) return cfs.vbase;
        cfs.vbase = cfs.zeroVruntime + Math.floorDiv(cfs.sumWVruntime, cfs.sumWeight);
        rebase(cfs, cfs.vbase);
        return cfs.vbase;
    }

    /** entity_eligible(): lag &gt;= 0, i.e. vruntime not past the weighted average. */
    private static boolean eligible(CfsRq cfs, SchedEntity se) {
        return (se.vruntime - cfs.zeroVruntime) * cfs.sumWeight <= cfs.sumWVruntime;
    }

    /** pick_eevdf(): the eligible entity with the earliest virtual deadline. */
    SchedEntity pickEevdf(CfsRq cfs) {
        int n = cfs.queued.size();
        if (n == 0) return null;
        if (n == 1) return cfs.queued.get(0);
        SchedEntity best = null;
        for (int i = 0; i < n; i++) {
            SchedEntity e = cfs.queued.get(i);
            if (!eligible(cfs, e)) continue;
            if (best == null
                    || e.deadline < best.deadline
                    || (e.deadline == best.deadline && e.enqueueSeq < best.enqueueSeq)) best = e;
        }
        if (best == null) {
            for (int i = 0; i < n; i++) {
                SchedEntity e = cfs.queued.get(i);
                if (best == null || e.vruntime < best.vruntime) best = e;
            }
        }
        return best;
    }

    /** update_curr() for one level: advance vruntime and the deadline, charge bandwidth. */
    void updateCurr(CfsRq cfs, long now) {
        SchedEntity c = cfs.curr;
        if (c == null) return;
        long delta = now - c.execStart;
        if (delta <= 0) return;
        c.execStart = now;
        c.sumExec += delta;
        long dv = calcDeltaFair(delta, c.weight);
        c.vruntime += dv;
        if (c.inSums) cfs.sumWVruntime += c.weight * dv;
        boolean resched = false;
        if (c.vruntime >= c.deadline) { // update_deadline()
            c.slice = baseSlice;
            c.deadline = c.vruntime + calcDeltaFair(c.slice, c.weight);
            resched = true;
        }
        chargeBandwidth(cfs, now);
        // if (resched || !protect_slice(curr)) resched_curr_lazy()
        if (cfs.nrQueued > 1 && (resched || c.vruntime >= c.vprot)) s.reschedCurr(cfs.cpu);
    }

    /**
     * account_cfs_rq_runtime() for the time since the last bandwidth charge. update_curr() does
     * it; exact accounting also does it alone, between update_curr() calls, so that exhaustion is
     * seen at its instant without making that instant a scheduling point.
     */
    void chargeBandwidth(CfsRq cfs, long now) {
        SchedEntity c = cfs.curr;
        if (c == null) return;
        long delta = now - c.bwStart;
        if (delta <= 0) return;
        c.bwStart = now;
        s.bw.accountCfsRqRuntime(cfs, delta);
    }

    /** place_entity(): vruntime from the average and the preserved lag; a fresh deadline. */
    private void placeEntity(CfsRq cfs, SchedEntity se, int flags) {
        long vslice = calcDeltaFair(se.slice, se.weight);
        long v = avgVruntime(cfs);
        long lag = 0;
        if (cfs.nrQueued > 0 && se.vlag != 0) {
            long load = cfs.load;
            lag = se.vlag;
            if (load > 0) lag = lag * (load + se.weight) / load;
        }
        se.vruntime = v - lag;
        if (se.relDeadline) { // PLACE_REL_DEADLINE: keep the relative deadline
            se.relDeadline = false;
            se.deadline += se.vruntime;
            return;
        }
        if ((flags & ENQUEUE_INITIAL) != 0) vslice /= 2;
        se.deadline = se.vruntime + vslice;
    }

    /** enqueue_entity(). */
    void enqueueEntity(CfsRq cfs, SchedEntity se, int flags) {
        updateCurr(cfs, s.now);
        updateCfsGroup(se);
        if (se.slice == 0) se.slice = baseSlice;
        placeEntity(cfs, se, flags);
        se.enqueueSeq = enqueueSeq++;
        se.onRq = true;
        se.cfsRq = cfs;
        queueAdd(cfs, se);
        cfs.addLoad(se.weight);
        cfs.nrQueued++;
        if (cfs.nrQueued == 1) {
            s.bw.checkEnqueueThrottle(cfs);
            s.model.onFirstEnqueue(cfs);
        }
    }

    /**
     * dequeue_entity(): save the lag, remove, return slack if the cfs_rq became empty. With
     * DELAY_DEQUEUE a sleeping entity that is not eligible (it ran ahead of the average) stays
     * queued, marked sched_delayed, until it is picked or woken; returns false then.
     */
    boolean dequeueEntity(CfsRq cfs, SchedEntity se, int flags) {
        updateCurr(cfs, s.now);
        boolean finishing = se.delayed;
        if (!finishing
                && s.kernel.delayDequeue()
                && (flags & DEQUEUE_SLEEP) != 0
                && (flags & DEQUEUE_SPECIAL) == 0
                && !eligible(cfs, se)) {
            se.delayed = true;
            return false;
        }
        updateEntityLag(cfs, se);
        if (finishing) { // finish_delayed_dequeue_entity(), DELAY_ZERO
            se.delayed = false;
            if (se.vlag > 0) se.vlag = 0;
        }
        if ((flags & DEQUEUE_SLEEP) == 0 && s.kernel.placeRelDeadline()) { // PLACE_REL_DEADLINE
            se.deadline -= se.vruntime;
            se.relDeadline = true;
        }
        queueRemove(cfs, se);
        se.onRq = false;
        cfs.addLoad(-se.weight);
        cfs.nrQueued--;
        s.bw.returnCfsRqRuntime(cfs);
        updateCfsGroup(se);
        return true;
    }

    /** requeue_delayed_entity(): woken while delayed; with positive lag it is placed again at lag 0 (DELAY_ZERO). */
    void requeueDelayed(SchedEntity se) {
        CfsRq cfs = se.cfsRq;
        updateEntityLag(cfs, se); // no update_curr(): V with curr as last charged
        if (se.vlag > 0) {
            queueRemove(cfs, se);
            cfs.addLoad(-se.weight);
            cfs.nrQueued--;
            se.vlag = 0;
            placeEntity(cfs, se, 0);
            queueAdd(cfs, se);
            cfs.addLoad(se.weight);
            cfs.nrQueued++;
        }
        se.delayed = false;
    }

    /** update_entity_lag(): vlag = V - v, clamped to a slice or a tick of virtual time. */
    private void updateEntityLag(CfsRq cfs, SchedEntity se) {
        long avg = avgVruntime(cfs);
        long limit = calcDeltaFair(Math.max(2 * se.slice, s.tickNs), se.weight);
        se.vlag = Math.max(-limit, Math.min(limit, avg - se.vruntime));
    }

    static final long MIN_SHARES = 2;

    /**
     * calc_group_shares(): a group entity weighs tg->shares x (its cfs_rq's load / the group's load
     * on all CPUs), clamped to [MIN_SHARES, shares]. Loads are the runnable weights now, not PELT
     * averages, so the weight follows a change at once rather than over ~32 ms.
     */
    static long calcGroupShares(CfsRq q) {
        TaskGroup tg = q.tg;
        long load = q.load;
        long tgWeight = tg.loadSum;
        long shares = tg.shares * load;
        if (tgWeight > 0) shares /= tgWeight;
        return Math.max(MIN_SHARES, Math.min(tg.shares, shares));
    }

    /** update_cfs_group(): a group entity takes its share of the group's weight on this CPU. */
    void updateCfsGroup(SchedEntity se) {
        if (se == null || se.isTask()) return;
        reweightEntity(se.cfsRq, se, calcGroupShares(se.myQ));
    }

    /** reweight_entity() (6.15+): keep the lag and the relative deadline in weighted terms, place again. */
    void reweightEntity(CfsRq cfs, SchedEntity se, long weight) {
        if (se.weight == weight) return;
        boolean on = se.onRq;
        if (on) {
            updateCurr(cfs, s.now); // commit outstanding execution time, whoever runs
            updateEntityLag(cfs, se);
            se.deadline -= se.vruntime;
            se.relDeadline = true;
            queueRemove(cfs, se);
            cfs.addLoad(-se.weight);
            cfs.nrQueued--;
        }
        se.vlag = se.vlag * se.weight / weight;
        if (se.relDeadline) se.deadline = se.deadline * se.weight / weight;
        se.weight = weight;
        if (on) {
            placeEntity(cfs, se, 0);
            queueAdd(cfs, se);
            cfs.addLoad(weight);
            cfs.nrQueued++;
        }
    }

    /** The second loops of enqueue_task_fair() / dequeue_entities() and entity_tick(): update_cfs_group() up the hierarchy. */
    void updateGroupsAbove(SchedEntity se) {
        for (SchedEntity p = se; p != null; p = p.parent()) if (!p.isTask() && p.onRq) updateCfsGroup(p);
    }

    /** enqueue_task_fair(). Returns true if the task is reachable from the CPU's root. */
    boolean enqueueTask(Task p, int flags) {
        if (s.model.enqueueParked(p)) return false;
        SchedEntity se = p.se;
        se.cfsRq = p.cfsRq();
        for (; se != null; se = se.parent()) {
            if (se.onRq) {
                if (se.delayed) requeueDelayed(se);
                break;
            }
            CfsRq cfs = se.cfsRq;
            enqueueEntity(cfs, se, flags);
            cfs.hNrQueued++;
            if (s.model.hidesBelow(cfs)) return false;
            flags = ENQUEUE_WAKEUP;
        }
        for (; se != null; se = se.parent()) {
            CfsRq cfs = se.cfsRq;
            updateCfsGroup(se);
            cfs.hNrQueued++;
            if (s.model.hidesBelow(cfs)) return false;
        }
        p.cpu.nrRunning++;
        s.updateWaiting(p.cpu);
        return true;
    }

    /** dequeue_task_fair(). */
    void dequeueTask(Task p, int flags) {
        if (s.model.dequeueParked(p, flags)) return;
        dequeueEntities(p.se, flags);
    }

    /**
     * dequeue_entities(): from a task (or a delayed group entity being picked) up the hierarchy.
     * Returns false if the task itself was delayed (it stays queued and counted).
     */
    boolean dequeueEntities(SchedEntity start, int flags) {
        int h = start.isTask() ? 1 : 0;
        Cpu cpu = start.cfsRq.cpu;
        SchedEntity se = start;
        for (; se != null; se = se.parent()) {
            CfsRq cfs = se.cfsRq;
            if (!dequeueEntity(cfs, se, flags)) {
                if (se == start && se.isTask()) return false;
                break; // a delayed group entity stays; the counts above drop
            }
            cfs.hNrQueued -= h;
            s.model.afterDequeueLevel(cfs, flags);
            if (s.model.hidesBelow(cfs)) return true;
            if (cfs.load > 0) {
                se = se.parent();
                break;
            }
            flags |= DEQUEUE_SLEEP;
            flags &= ~(DEQUEUE_SPECIAL | DEQUEUE_DELAYED);
        }
        for (; se != null; se = se.parent()) {
            CfsRq cfs = se.cfsRq;
            updateCfsGroup(se);
            cfs.hNrQueued -= h;
            s.model.afterDequeueLevel(cfs, flags);
            if (s.model.hidesBelow(cfs)) return true;
        }
        cpu.nrRunning -= h;
        s.updateWaiting(cpu);
        return true;
    }

    /** Whether the last {@link #pickTask} passed a throttled level on the way to the task it returned. */
    boolean pickedThroughThrottle;

    /** pick_task_fair(): walk from the root, checking each level's runtime. */
    Task pickTask(Cpu cpu) {
        pickedThroughThrottle = false;
        again:
        for (int guard = 0; guard < 10_000; guard++) {
            CfsRq cfs = cpu.cfs;
            boolean throttled = false;
            while (true) {
                if (cfs.nrQueued == 0) return null;
                if (s.bw.checkCfsRqRuntime(cfs)) {
                    if (s.model.restartPickAfterThrottle()) continue again;
                    throttled = true;
                }
                SchedEntity se = pickEevdf(cfs);
                if (se == null) return null;
                if (se.delayed) { // pick_next_entity(): a delayed entity leaves now
                    dequeueEntities(se, DEQUEUE_SLEEP | DEQUEUE_DELAYED);
                    continue again;
                }
                if (se.isTask()) {
                    pickedThroughThrottle = throttled;
                    return se.task;
                }
                cfs = se.myQ;
            }
        }
        s.fault(cpu, null, "pick did not converge");
        return null;
    }

    /** put_prev_task_fair(): charge was done by sync; check each level's runtime, clear curr. */
    void putPrev(Task prev) {
        for (SchedEntity se = prev.se; se != null; se = se.parent()) {
            CfsRq cfs = se.cfsRq;
            s.bw.checkCfsRqRuntime(cfs);
            if (cfs.curr == se) cfs.curr = null;
        }
    }

    /** set_next_task_fair(): make each level's entity current and charge 0 at every level. */
    void setNext(Task next, long now) {
        for (SchedEntity se = next.se; se != null; se = se.parent()) {
            CfsRq cfs = se.cfsRq;
            cfs.curr = se;
            se.execStart = now;
            se.bwStart = now;
            setProtectSlice(cfs, se);
        }
        for (SchedEntity se = next.se; se != null; se = se.parent()) s.bw.accountCfsRqRuntime(se.cfsRq, 0);
    }

    /**
     * set_protect_slice(): with RUN_TO_PARITY the shortest slice queued here, without it the
     * normalized base slice (0.7 ms, "a minimum quantum"), never more than the entity's own slice.
     */
    private void setProtectSlice(CfsRq cfs, SchedEntity se) {
        long slice = NORMALIZED_BASE_SLICE;
        if (s.kernel.runToParity()) {
            slice = Long.MAX_VALUE; // cfs_rq_min_slice() over the others (se is out of the tree)
            for (int i = 0; i < cfs.queued.size(); i++) {
                SchedEntity e = cfs.queued.get(i);
                if (e != se) slice = Math.min(slice, e.slice);
            }
        }
        slice = Math.min(slice, se.slice);
        se.vprot =
                slice != se.slice ? Math.min(se.deadline, se.vruntime + calcDeltaFair(slice, se.weight)) : se.deadline;
    }

    private static int depth(SchedEntity se) {
        return se.cfsRq.tg.depth;
    }

    /**
     * check_preempt_wakeup_fair(): update_curr() at the common level, then preempt curr if the woken
     * entity would be picked there. With RUN_TO_PARITY an eligible curr keeps the rest of the
     * slice it was picked with (protect_slice()).
     */
    boolean shouldPreempt(Task curr, Task p) {
        if (p.throttled) return false;
        SchedEntity se = curr.se, pse = p.se;
        int sd = depth(se), pd = depth(pse);
        while (sd > pd) {
            se = se.parent();
            sd--;
        }
        while (pd > sd) {
            pse = pse.parent();
            pd--;
        }
        while (se != null && pse != null && se.cfsRq != pse.cfsRq) {
            se = se.parent();
            pse = pse.parent();
        }
        if (se == null || pse == null || !pse.onRq) return false;
        CfsRq cfs = pse.cfsRq;
        updateCurr(cfs, s.now);
        if (cfs.curr == se
                && se.onRq
                && se.vprot > se.vruntime
                && eligible(cfs, se)) { // __pick_eevdf(cfs_rq, true), any feature
            return false;
        }
        return pickEevdf(cfs) == pse;
    }
}
