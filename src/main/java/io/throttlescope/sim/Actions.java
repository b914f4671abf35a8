package io.throttlescope.sim;

import io.throttlescope.sim.spec.ActionSpec;

/** The scenario's timed outside actions: cgroup file writes, affinity changes, cgroup moves, wake-ups. */
final class Actions {
    private final Simulator s;

    Actions(Simulator s) { this.s = s; }

    void doAction(ActionSpec a) {
        if (a instanceof ActionSpec.WriteFile w) {
            TaskGroup g = s.group(w.cgroup());
            s.emit(EventKind.CGROUP_WRITE, -1, -1, g.id, s.str(w.file() + " " + w.value()), 0, 0);
            switch (w.file()) {
                case "cpu.max" -> {
                    String[] parts = w.value().trim().split("\\s+");
                    long period = parts.length > 1 ? Long.parseLong(parts[1]) * 1000 : g.bw.period;
                    long quota = parts[0].equals("max") ? -1 : Long.parseLong(parts[0]) * 1000;
                    s.setBandwidth(g, quota, period, g.bw.burst);
                }
                case "cpu.max.burst" -> s.setBandwidth(g, g.bw.limited() ? g.bw.quota : -1, g.bw.period,
                        Long.parseLong(w.value().trim()) * 1000);
                case "cpu.weight" -> setWeight(g, Integer.parseInt(w.value().trim()));
                default -> s.fault(null, null, "cannot write " + w.file());
            }
        } else if (a instanceof ActionSpec.SetAffinity sa) {
            Task t = s.taskByName.get(sa.task());
            t.cpus = sa.cpus().clone();
            s.emit(EventKind.SET_AFFINITY, t.cpu.id, t.id, t.group.id, -1, 0, 0);
            switch (t.state) {
                case RUNNING -> { if (!t.allowed(t.cpu.id)) s.reschedCurr(t.cpu); }
                case RUNNABLE, THROTTLED, PARKED -> { if (!t.allowed(t.cpu.id)) s.moveQueued(t, s.cpus[s.balancer.selectCpu(t)]); }
                default -> { }
            }
        } else if (a instanceof ActionSpec.Move mv) {
            moveTask(s.taskByName.get(mv.task()), s.group(mv.cgroup()));
        } else if (a instanceof ActionSpec.Wake wk) {
            Task t = s.taskByName.get(wk.task());
            if (t.state == TaskState.SLEEPING && t.waitingFor == Simulator.SLEEP_WHY) s.wake(t);
        }
    }

    /** sched_move_task(): dequeue, change group, enqueue; a running task is rescheduled. */
    void moveTask(Task t, TaskGroup to) {
        TaskGroup from = t.group;
        if (t.state == TaskState.EXITED || from == to) return;
        Cpu c = t.cpu;
        s.emit(EventKind.MOVE, c.id, t.id, to.id, -1, from.id, 0);
        switch (t.state) {
            case RUNNING -> {
                s.sync(c);
                s.fair.dequeueTask(t, 0);
                s.fair.putPrev(t);
                t.group = to;
                t.se.cfsRq = to.cfsRq[c.id];
                s.fair.enqueueTask(t, 0);
                s.fair.setNext(t, s.now);
                s.reschedCurr(c);
            }
            case RUNNABLE, THROTTLED, PARKED -> {
                s.sync(c);
                s.fair.dequeueTask(t, 0);
                t.group = to;
                t.se.cfsRq = to.cfsRq[c.id];
                s.fair.enqueueTask(t, 0);
                s.setState(t, t.throttled ? TaskState.PARKED : s.model.queuedState(t));
                s.afterEnqueue(t, c);
            }
            default -> {
                t.group = to;
                t.se.cfsRq = to.cfsRq[c.id];
            }
        }
    }

    void setWeight(TaskGroup g, int weight) {
        long shares = Fair.sharesOfWeight(weight);
        g.shares = shares;
        for (Cpu c : s.cpus) {
            SchedEntity se = g.se[c.id];
            if (se == null) continue;
            s.sync(c);
            if (se.onRq) se.cfsRq.load += shares - se.weight;
            se.weight = shares;
        }
    }
}
