package io.throttlescope.sim;

import java.util.IdentityHashMap;

/**
 * The simulator's invariants (issue 2), checked after every event with {@code run --check}:
 * every task is in exactly one place, parked tasks sit on their own cfs_rq's limbo list, limbo
 * lists are non-empty only in throttled hierarchies, group usage equals its tasks' CPU time, and
 * the pool never exceeds quota plus burst; avg_vruntime's running sums equal its queue's.
 */
final class Invariants {
    private final Simulator s;

    Invariants(Simulator s) {
        this.s = s;
    }

    void check() {
        IdentityHashMap<Task, String> place = new IdentityHashMap<>();
        for (Cpu c : s.cpus) {
            if (c.curr != null) {
                put(place, c.curr, "running on CPU" + c.id);
                // the CPU's timer ends the task's stretch of work when it is due, never after
                if (c.curr.burstLeft < 0 || c.curr.switchCostLeft < 0)
                    fail(c.curr + " on CPU" + c.id + " ran past its work: " + c.curr.burstLeft + " ns of work and "
                            + c.curr.switchCostLeft + " ns of switch left");
            }
            boolean waiting = c.nrRunning - (c.curr != null && c.curr.state == TaskState.RUNNING ? 1 : 0) > 0;
            if (s.hasWaiting(c.id) != waiting)
                fail("CPU" + c.id + "'s waiting bit says " + s.hasWaiting(c.id) + " but its runqueue " + waiting);
        }
        for (TaskGroup g : s.groups) {
            for (CfsRq q : g.cfsRq) {
                if (q.parentSe != (g.parent == null ? null : g.se[q.cpu.id]))
                    fail("the parent entity kept for " + q + " is not its group's entity");
                long w = 0, wv = 0;
                for (SchedEntity se : q.queued) {
                    w += se.weight;
                    wv += se.weight * (se.vruntime - q.zeroVruntime);
                    if (!se.inSums) fail(se + " is queued on " + q + " but not in its avg_vruntime sums");
                    if (se.isTask() && se.task != q.cpu.curr)
                        put(place, se.task, (se.delayed ? "delayed on " : "queued on ") + q);
                }
                if (!q.queued.isEmpty() && (w != q.sumWeight || wv != q.sumWVruntime)) {
                    fail("avg_vruntime sums of " + q + " are " + q.sumWeight + "/" + q.sumWVruntime
                            + " but its queue sums to " + w + "/" + wv);
                }
                if (!q.limbo.isEmpty() && !q.throttledHierarchy())
                    fail("limbo list of " + q + " is not empty outside a throttled hierarchy");
                for (Task p : q.limbo) {
                    put(place, p, "limbo list of " + q);
                    if (p.cfsRq() != q) fail(p + " is parked on " + q + " but its own cfs_rq is " + p.cfsRq());
                    if (!p.throttled) fail(p + " is on a limbo list without p->throttled");
                }
                CfsBandwidth b = q.tg.bw;
                if (q.runtimeEnabled && b.runtime > b.quota + b.burst + b.slackSinceRefill) {
                    fail("pool of " + q.tg + " exceeds quota + burst (+ slack returned since the refill)");
                }
            }
        }
        for (Task t : s.tasks) {
            String where = place.get(t);
            boolean ok = switch (t.state) {
                case RUNNING -> where != null && where.startsWith("running");
                case RUNNABLE, THROTTLED -> where != null && where.startsWith("queued");
                case PARKED -> where != null && where.startsWith("limbo");
                case SLEEPING, BLOCKED -> where == null || where.startsWith("delayed");
                case NEW, EXITED -> where == null;
            };
            if (!ok)
                fail(t + " is " + t.state + " but "
                        + (where == null ? "is on no CPU, runqueue or limbo list" : "is " + where));
            if (t.state == TaskState.THROTTLED && !t.cfsRq().throttledHierarchy())
                fail(t + " is held off but its hierarchy is not throttled");
        }
        for (TaskGroup g : s.groups) {
            if (g.isRoot()) continue;
            long seTime = 0;
            for (SchedEntity se : g.se) {
                seTime += se.sumExec;
                // under tick accounting the running entity may not have been charged since the last tick
                if (se.cfsRq.curr == se && se.cfsRq.cpu.curr != null) seTime += se.cfsRq.cpu.runStart - se.execStart;
            }
            long usage = g.usageUser + g.usageSystem;
            if (seTime != usage) fail("usage of " + g + " is " + usage + " ns but its entities ran " + seTime + " ns");
        }
        long all = 0;
        for (Task t : s.tasks) all += t.cpuNs;
        TaskGroup root = s.groups.get(0);
        if (root.usageUser + root.usageSystem != all) fail("root usage differs from the sum of task CPU time");
    }

    private void put(IdentityHashMap<Task, String> place, Task t, String where) {
        String old = place.put(t, where);
        if (old != null) fail(t + " is in two places: " + old + " and " + where);
    }

    private void fail(String why) {
        throw new InvariantViolation("after event " + s.events + " at t=" + s.now + " ns: " + why);
    }
}
