package io.throttlescope.sim;

/**
 * Where tasks go: wake-up and fork placement, the newly idle pull and the periodic balance, under
 * the model's migration rule (docs/model.md, "4. The legacy model (Linux ≤ 6.17)" and "5. The task-based model (Linux 6.18)"). A simplification of the kernel's
 * scheduling domains.
 */
final class Balancer {
    private final Simulator s;

    Balancer(Simulator s) {
        this.s = s;
    }

    /** Newly idle balance: pull a queued task this CPU may run, under the model's migration rule. */
    Task idleBalance(Cpu dst) {
        Cpu bestSrc = null;
        Task best = null;
        int bestLoad = 0;
        Cpu[] cpus = s.cpus;
        int n = cpus.length;
        for (int i = 1, j = dst.id + 1; i < n; i++, j++) {
            if (j == n) j = 0;
            // nothing queued there besides its running task (the bit Invariants checks), or no busier than the best
            if (!s.hasWaiting(j)) continue;
            Cpu src = cpus[j];
            int load = src.nrRunning;
            if (load <= bestLoad) continue;
            Task p = findMigratable(src.cfs, src, dst);
            if (p != null) {
                bestSrc = src;
                best = p;
                bestLoad = load;
            }
        }
        if (best == null) return null;
        s.life.moveQueued(best, dst);
        s.markDirty(bestSrc);
        return s.fair.pickTask(dst);
    }

    private Task findMigratable(CfsRq cfs, Cpu src, Cpu dst) {
        for (int i = 0; i < cfs.queued.size(); i++) {
            SchedEntity se = cfs.queued.get(i);
            if (se.isTask()) {
                Task p = se.task;
                if (p != src.curr && !se.delayed && p.allowed(dst.id) && s.model.canMigrate(p, src, dst)) return p;
            } else {
                Task p = findMigratable(se.myQ, src, dst);
                if (p != null) return p;
            }
        }
        return null;
    }

    /** select_task_rq: the previous CPU if idle, else an idle CPU the task may use, else the previous one. */
    int selectCpu(Task t) {
        int prev = t.cpu.id;
        if (t.allowed(prev) && idle(s.cpus[prev])) return prev;
        Cpu[] cpus = s.cpus;
        for (int i = 1, c = prev + 1; i < cpus.length; i++, c++) {
            if (c == cpus.length) c = 0; // the next CPU round the ring, without a division
            if (t.allowed(c) && idle(cpus[c])) return c;
        }
        return t.allowed(prev) ? prev : s.firstAllowed(t);
    }

    private static boolean idle(Cpu c) {
        return c.curr == null && c.nrRunning == 0;
    }

    /** A new task goes to the least loaded CPU it may use (sched_balance_fork, simplified). */
    int selectForkCpu(Task t) {
        int best = -1;
        for (int i = 0; i < s.cpus.length; i++) {
            if (!t.allowed(i)) continue;
            if (best < 0 || s.cpus[i].nrRunning < s.cpus[best].nrRunning) best = i;
        }
        return best < 0 ? t.cpu.id : best;
    }

    /**
     * Periodic load balancing, simplified: every 4th tick a busy CPU pulls one queued task from
     * the busiest CPU if that one runs at least two more tasks, under the model's migration rule.
     */
    void periodicBalance(Cpu dst) {
        if (++dst.ticks % 4 != 0) return;
        Cpu busiest = null;
        for (Cpu c : s.cpus) if (c != dst && (busiest == null || c.nrRunning > busiest.nrRunning)) busiest = c;
        if (busiest == null || busiest.nrRunning - dst.nrRunning < 2) return;
        Task p = findMigratable(busiest.cfs, busiest, dst);
        if (p == null) return;
        s.life.moveQueued(p, dst);
        s.markDirty(busiest);
    }
}
