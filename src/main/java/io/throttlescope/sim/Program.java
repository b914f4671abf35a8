package io.throttlescope.sim;

import io.throttlescope.sim.spec.Step;
import java.util.IdentityHashMap;
import java.util.List;

/**
 * Runs a task's scenario program while it is on a CPU: the instantaneous steps (lock operations,
 * syscall entry and the return to user mode) up to the next stretch of CPU time, a block, a park or
 * the exit.
 */
final class Program {
    enum Outcome {
        RUN,
        STOPPED
    }

    private static final int MAX_INSTANT_STEPS = 100_000;
    private final Simulator s;
    private final IdentityHashMap<List<Step>, Op[]> compiled = new IdentityHashMap<>();

    Program(Simulator s) {
        this.s = s;
    }

    /** Compiles a task's program once (tasks made by {@code count} share it). */
    Op[] compile(List<Step> steps) {
        Op[] c = compiled.get(steps);
        if (c != null) return c;
        c = compileSteps(steps);
        compiled.put(steps, c);
        return c;
    }

    /**
     * Compiles steps, a program or a body in one: bodies are not looked up (a program taken from a long
     * trace holds millions of syscall bodies, each its own; the map of them was most of a simulation's
     * start: docs/performance.md).
     */
    private Op[] compileSteps(List<Step> steps) {
        Op[] c = new Op[steps.size()];
        for (int i = 0; i < c.length; i++) c[i] = compile(steps.get(i));
        return c;
    }

    private Op compile(Step st) {
        if (st instanceof Step.User u) return new Op(Op.USER, u.d(), null, -1, null, 0, false);
        if (st instanceof Step.Kernel k) return new Op(Op.KERNEL, k.d(), null, -1, null, 0, false);
        if (st instanceof Step.Syscall sc)
            return new Op(Op.SYSCALL, null, null, s.str(sc.name()), compileSteps(sc.body()), 0, false);
        if (st instanceof Step.Sleep sl) return new Op(Op.SLEEP, sl.d(), null, -1, null, 0, sl.uninterruptible());
        if (st instanceof Step.SleepUntil u) return new Op(Op.SLEEP_UNTIL, null, null, -1, null, u.atNs(), false);
        if (st instanceof Step.UpdateCurr) return new Op(Op.UPDATE_CURR, null, null, -1, null, 0, false);
        if (st instanceof Step.DownRead x)
            return new Op(Op.DOWN_READ, null, s.rwsems.get(x.lock()), -1, null, 0, false);
        if (st instanceof Step.UpRead x) return new Op(Op.UP_READ, null, s.rwsems.get(x.lock()), -1, null, 0, false);
        if (st instanceof Step.DownWrite x)
            return new Op(Op.DOWN_WRITE, null, s.rwsems.get(x.lock()), -1, null, 0, false);
        if (st instanceof Step.UpWrite x) return new Op(Op.UP_WRITE, null, s.rwsems.get(x.lock()), -1, null, 0, false);
        if (st instanceof Step.MutexLock x) return new Op(Op.LOCK, null, s.mutexes.get(x.lock()), -1, null, 0, false);
        if (st instanceof Step.MutexUnlock x)
            return new Op(Op.UNLOCK, null, s.mutexes.get(x.lock()), -1, null, 0, false);
        if (st instanceof Step.Send x) return new Op(Op.SEND, null, s.pipes.get(x.pipe()), -1, null, 0, false);
        if (st instanceof Step.Recv x) return new Op(Op.RECV, null, s.pipes.get(x.pipe()), -1, null, 0, false);
        if (st instanceof Step.Loop l) return new Op(Op.LOOP, null, null, -1, compileSteps(l.body()), l.times(), false);
        Step.Exit x = (Step.Exit) st;
        return new Op(Op.EXIT, x.d(), null, -1, null, 0, false);
    }

    /** Called for the CPU's current task when it has no CPU time left to run. */
    Outcome advance(Task t) {
        if (t.switchCostLeft > 0) return Outcome.RUN; // the switch is paid in the kernel first
        if (t.onRun != null) { // a woken waiter re-checks its condition first
            var check = t.onRun;
            t.onRun = null;
            if (!check.getAsBoolean()) return Outcome.STOPPED;
        }
        if (t.resumeToUser) { // switched in while in user mode: irq-exit path
            t.resumeToUser = false;
            if (returnToUser(t)) return Outcome.STOPPED;
        }
        for (int n = 0; n < MAX_INSTANT_STEPS; n++) {
            if (t.burstLeft > 0 || t.switchCostLeft > 0) return Outcome.RUN;
            if (t.exiting) { // the kernel work of do_exit() is done
                s.life.exitTask(t);
                return Outcome.STOPPED;
            }
            Task.Frame f = t.top();
            if (f.idx >= f.ops.length) {
                if (f.loop) {
                    if (f.remaining < 0 || --f.remaining > 0) {
                        f.idx = 0;
                    } else {
                        t.pop();
                    }
                    continue;
                }
                if (f.syscall) {
                    t.pop();
                    s.life.syscallExit(t);
                    if (returnToUser(t)) return Outcome.STOPPED;
                    continue;
                }
                s.life.exitTask(t);
                return Outcome.STOPPED;
            }
            if (!execute(t, f.ops[f.idx++])) return Outcome.STOPPED;
        }
        s.fault(t.cpu, t, t.name + " ran more than " + MAX_INSTANT_STEPS + " steps without CPU time; it is stopped");
        s.life.exitTask(t);
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
    private boolean execute(Task t, Op op) {
        switch (op.kind) {
            case Op.USER -> {
                t.burstLeft = Math.max(1, op.d.sample(s.rng));
                t.burstUser = true;
            }
            case Op.KERNEL -> {
                t.burstLeft = Math.max(1, op.d.sample(s.rng));
                t.burstUser = false;
            }
            case Op.SYSCALL -> {
                t.push(op.body, 0, true, false);
                t.userMode = false;
                s.life.syscallEnter(t, op.nameIdx);
            }
            case Op.LOOP -> {
                if (op.times != 0 && op.body.length > 0) t.push(op.body, op.times, false, true);
            }
            case Op.SLEEP -> {
                s.life.sleep(t, Math.max(0, op.d.sample(s.rng)), op.flag);
                return false;
            }
            case Op.SLEEP_UNTIL -> { // an instant already passed: no sleep (a sleep of 0 would yield the CPU)
                if (op.times > s.now) {
                    s.life.sleep(t, op.times - s.now, false);
                    return false;
                }
            }
            case Op.UPDATE_CURR -> s.updateCurrOwn(t);
            case Op.DOWN_READ -> {
                return ((PercpuRwsem) op.target).downRead(t);
            }
            case Op.UP_READ -> ((PercpuRwsem) op.target).upRead(t);
            case Op.DOWN_WRITE -> {
                return ((PercpuRwsem) op.target).downWrite(t);
            }
            case Op.UP_WRITE -> ((PercpuRwsem) op.target).upWrite(t);
            case Op.LOCK -> {
                return ((Mutex) op.target).lock(t);
            }
            case Op.UNLOCK -> ((Mutex) op.target).unlock(t);
            case Op.SEND -> {
                return ((Pipe) op.target).send(t);
            }
            case Op.RECV -> {
                return ((Pipe) op.target).recv(t);
            }
            default -> { // EXIT
                long d = op.d == null ? 0 : Math.max(0, op.d.sample(s.rng));
                if (d == 0) {
                    s.life.exitTask(t);
                    return false;
                }
                s.life.beginExit(t, d); // PF_EXITING from here on; the work runs in kernel mode
            }
        }
        return true;
    }
}
