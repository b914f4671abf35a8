package io.throttlescope.sim;

import io.throttlescope.sim.spec.Step;

/**
 * Runs a task's scenario program while it is on a CPU: the instantaneous steps (lock operations,
 * syscall entry and the return to user mode) up to the next stretch of CPU time, a block, a park or
 * the exit.
 */
final class Program {
    enum Outcome { RUN, STOPPED }

    private static final int MAX_INSTANT_STEPS = 100_000;
    private final Simulator s;

    Program(Simulator s) { this.s = s; }

    /** Called for the CPU's current task when it has no CPU time left to run. */
    Outcome advance(Task t) {
        if (t.switchCostLeft > 0) return Outcome.RUN;   // the switch is paid in the kernel first
        if (t.onRun != null) {                 // a woken waiter re-checks its condition first
            var check = t.onRun;
            t.onRun = null;
            if (!check.getAsBoolean()) return Outcome.STOPPED;
        }
        if (t.resumeToUser) {                  // switched in while in user mode: irq-exit path
            t.resumeToUser = false;
            if (returnToUser(t)) return Outcome.STOPPED;
        }
        for (int n = 0; n < MAX_INSTANT_STEPS; n++) {
            if (t.burstLeft > 0 || t.switchCostLeft > 0) return Outcome.RUN;
            Task.Frame f = t.frames.get(t.frames.size() - 1);
            if (f.idx >= f.steps.size()) {
                if (f.loop) {
                    if (f.remaining < 0 || --f.remaining > 0) {
                        f.idx = 0;
                    } else {
                        t.frames.remove(t.frames.size() - 1);
                    }
                    continue;
                }
                if (f.syscall != null) {
                    t.frames.remove(t.frames.size() - 1);
                    s.syscallExit(t);
                    if (returnToUser(t)) return Outcome.STOPPED;
                    continue;
                }
                s.exitTask(t);
                return Outcome.STOPPED;
            }
            Step step = f.steps.get(f.idx++);
            if (!execute(t, step)) return Outcome.STOPPED;
        }
        s.fault(t.cpu, t, "more than " + MAX_INSTANT_STEPS + " steps without CPU time; the task is stopped");
        s.exitTask(t);
        return Outcome.STOPPED;
    }

    /** ret2user: the task-based model's task work runs here; true if the task was parked. */
    private boolean returnToUser(Task t) {
        t.userMode = true;
        if (s.model.returnToUser(t)) {
            s.reschedCurr(t.cpu);
            return true;
        }
        return false;
    }

    /** Executes one step; false if the task stopped running (blocked or exited). */
    private boolean execute(Task t, Step step) {
        if (step instanceof Step.User u) {
            t.burstLeft = Math.max(1, u.d().sample(s.rng));
            t.burstUser = true;
        } else if (step instanceof Step.Kernel k) {
            t.burstLeft = Math.max(1, k.d().sample(s.rng));
            t.burstUser = false;
        } else if (step instanceof Step.Syscall sc) {
            t.frames.add(new Task.Frame(sc.body(), 0, sc, false));
            t.userMode = false;
            s.syscallEnter(t, sc.name());
        } else if (step instanceof Step.Loop l) {
            if (l.times() != 0 && !l.body().isEmpty()) t.frames.add(new Task.Frame(l.body(), l.times(), null, true));
        } else if (step instanceof Step.Sleep sl) {
            s.sleep(t, Math.max(0, sl.d().sample(s.rng)), sl.uninterruptible());
            return false;
        } else if (step instanceof Step.DownRead d) {
            return s.rwsem(d.lock()).downRead(t);
        } else if (step instanceof Step.UpRead u) {
            s.rwsem(u.lock()).upRead(t);
        } else if (step instanceof Step.DownWrite d) {
            return s.rwsem(d.lock()).downWrite(t);
        } else if (step instanceof Step.UpWrite u) {
            s.rwsem(u.lock()).upWrite(t);
        } else if (step instanceof Step.MutexLock m) {
            return s.mutex(m.lock()).lock(t);
        } else if (step instanceof Step.MutexUnlock m) {
            s.mutex(m.lock()).unlock(t);
        } else if (step instanceof Step.Send sd) {
            return s.pipe(sd.pipe()).send(t);
        } else if (step instanceof Step.Recv rc) {
            return s.pipe(rc.pipe()).recv(t);
        } else if (step instanceof Step.Exit) {
            s.exitTask(t);
            return false;
        }
        return true;
    }
}
