package io.throttlescope.realtrace;

import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.RunResult;
import io.throttlescope.sim.TaskState;
import io.throttlescope.sim.spec.Dur;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.sim.spec.TaskSpec;
import io.throttlescope.trace.Trace;
import io.throttlescope.trace.TraceIndex;
import io.throttlescope.view.Run;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * When each task of a recording really started its program (docs/real-kernels.md, "Start skew"): a
 * worker sleeps from "go" for its task's start offset, so its program begins when the kernel wakes it
 * from that sleep, never before the offset and often later (a timer's slack, a busy CPU: 3 ms late on a
 * quiet host, up to 73 ms beside busy loops). That wake-up is the first of the task's at or after its
 * written start; the simulation beside the recording starts the task there. A task with no such
 * wake-up in the trace (a stranger's trace, a start before the trace) keeps its written start.
 */
public final class RecordedStarts {
    private RecordedStarts() {}

    /** How late a worker may start: the recordings beside four busy loops started up to 73 ms late. */
    static final long LATEST_NS = 100_000_000L;

    /**
     * When the recording's task named as the scenario's task was woken for its start, -1 if the trace
     * does not say. A worker with a start offset is woken twice: at "go" (it waited for it) and when its
     * sleep of the offset ends, not before the offset's least value ({@code from}); a worker without
     * one starts at the "go" wake-up. None after {@code until} is taken for it.
     */
    static long wokenAt(RealTrace rt, String name, long from, long until, boolean sleeps) {
        Set<String> own = CgroupMap.ownTasks(rt.header);
        if (own.isEmpty()) return -1; // not a recording of ours: no worker slept for its start
        int task = RecordedActions.taskOf(rt.run.info(), name, own);
        if (task < 0) return -1;
        Trace tr = rt.run.trace();
        boolean go = !sleeps; // the wake-up at "go" passed
        // no further than the latest start there can be: a task never woken read a long trace to its end
        for (int i = Math.max(0, tr.firstAtOrAfter(0)); i < tr.size() && tr.time(i) <= until; i++) {
            if (tr.kind(i) != EventKind.WAKE || tr.task(i) != task) continue;
            if (go && tr.time(i) >= from) return tr.time(i);
            go = true;
        }
        return -1;
    }

    /** The scenario with each task starting when the recording shows it woken for its start. */
    public static SimSpec apply(SimSpec spec, RealTrace rt) {
        List<TaskSpec> out = new ArrayList<>();
        boolean changed = false;
        for (TaskSpec t : spec.tasks()) {
            Dur d = t.start();
            // the least start the worker may have drawn (an exponential start has none to tell its wake-up by)
            long least = d == null ? 0 : d instanceof Dur.Uniform u ? u.lo() : d instanceof Dur.Fixed f ? f.ns() : -1;
            long most = d == null ? 0 : d instanceof Dur.Uniform u ? u.hi() : d instanceof Dur.Fixed f ? f.ns() : 0;
            // far past the greatest start the worker could draw, a wake-up is another one (the trace missed the
            // start's)
            long at = least < 0 ? -1 : wokenAt(rt, t.name(), least, most + LATEST_NS, least > 0);
            if (at < 0 || (d instanceof Dur.Fixed f && f.ns() == at)) {
                out.add(t);
                continue;
            }
            changed = true;
            out.add(t.withStart(Dur.ns(at)));
        }
        return changed ? spec.withTasks(out) : spec;
    }

    /** Where the task's program begins: its fixed start; -1 if drawn. */
    static long programStart(TaskSpec t) {
        return t.start() instanceof Dur.Fixed f ? f.ns() : -1;
    }

    /**
     * Where each of the recording's own tasks began its program: the recording's task index to the
     * start {@code started} gives it (none for a task whose start the trace does not tell).
     */
    public static Map<Integer, Long> programStarts(SimSpec started, RealTrace rt) {
        Map<Integer, Long> out = new LinkedHashMap<>();
        eachOwnStart(started, rt, (name, task, at) -> out.put(task, at));
        return out;
    }

    /**
     * Each scenario task's time on a CPU before its program began ({@link #programStarts}): its worker's
     * wait for "go" and for its start offset, which no step measured; the simulation replays it as its
     * group's other work ({@link ForeignWork}).
     */
    public static Map<String, Long> cpuBeforeStart(SimSpec started, RealTrace rt) {
        Map<String, Long> out = new LinkedHashMap<>();
        eachOwnStart(started, rt, (name, task, at) -> {
            long cpu = before(rt.run, task, at)[0];
            if (cpu > 0) out.put(name, cpu);
        });
        return out;
    }

    /** A scenario task of the recording's own, its task index in the trace and its program's start. */
    private interface OwnStart {
        void accept(String name, int task, long at);
    }

    /** Each scenario task the recording's own tasks name, whose program's start {@code started} fixes. */
    private static void eachOwnStart(SimSpec started, RealTrace rt, OwnStart f) {
        Set<String> own = CgroupMap.ownTasks(rt.header);
        if (own.isEmpty()) return;
        for (TaskSpec t : started.tasks()) {
            int task = RecordedActions.taskOf(rt.run.info(), t.name(), own);
            long at = programStart(t);
            if (task >= 0 && at > 0) f.accept(t.name(), task, at);
        }
    }

    /** A task's time before {@code at}: {running, runnable, throttled, parked, sleeping, blocked} ns. */
    static long[] before(Run run, int task, long at) {
        long[] out = new long[6];
        var sl = run.index().taskSlices(task);
        for (int k = 0; k < sl.size() && sl.start(k) < at; k++) {
            long d = Math.min(sl.end(k), at) - Math.max(0, sl.start(k));
            if (d <= 0) continue;
            int v = sl.value(k);
            if (v == TaskState.RUNNING.ordinal()) out[0] += d;
            else if (v == TaskState.RUNNABLE.ordinal()) out[1] += d;
            else if (v == TaskState.THROTTLED.ordinal()) out[2] += d;
            else if (v == TaskState.PARKED.ordinal()) out[3] += d;
            else if (v == TaskState.SLEEPING.ordinal()) out[4] += d;
            else if (v == TaskState.BLOCKED.ordinal()) out[5] += d;
        }
        return out;
    }

    /**
     * The scenario with each task that may run on several CPUs kept on the one CPU the recording
     * shows it run on, where it ran on one only (docs/real-kernels.md, "Start skew"): the kernel
     * placed it there and its balancer never moved it (of three tasks in a group on two CPUs it gives
     * none a reason to: two against one either way), while the simulation's own placement put
     * another task alone on a CPU. The CPU a task ran on is the recording's word, as its start is.
     * A task that moved in the recording stays free to move.
     */
    public static SimSpec withRecordedCpus(SimSpec spec, RealTrace rt) {
        Set<String> own = CgroupMap.ownTasks(rt.header);
        if (own.isEmpty()) return spec;
        List<TaskSpec> out = new ArrayList<>();
        boolean changed = false;
        int running = TaskState.RUNNING.ordinal();
        for (TaskSpec t : spec.tasks()) {
            int task = RecordedActions.taskOf(rt.run.info(), t.name(), own);
            int only = -1;
            if (task >= 0 && Long.bitCount(t.cpus()[0]) + (t.cpus().length > 1 ? 2 : 0) > 1) {
                var sl = rt.run.index().taskSlices(task);
                for (int k = 0; k < sl.size() && only != -2; k++) {
                    if (sl.value(k) != running) continue;
                    int cpu = TraceIndex.runningCpu(sl.detail(k));
                    only = only == -1 || only == cpu ? cpu : -2;
                }
            }
            if (only < 0 || only >= 64 || (t.cpus()[0] & (1L << only)) == 0) {
                out.add(t);
                continue;
            }
            long[] mask = new long[t.cpus().length];
            mask[0] = 1L << only;
            out.add(new TaskSpec(t.name(), t.cgroup(), mask, t.nice(), t.start(), t.kthread(), t.program()));
            changed = true;
        }
        return changed ? spec.withTasks(out) : spec;
    }

    /**
     * The recorded run without the syscalls each task made before its program started (its start in
     * {@code spec}, the simulation's): the worker's wait for "go" and for its start offset is no step of
     * the scenario, and a figure such as the longest syscall counted it (27's Q#1: a 14.4 ms futex).
     */
    public static Run fromProgramStarts(Run real, SimSpec spec) {
        return fromProgramStarts(real, spec, Set.of());
    }

    /**
     * As above; {@code own}, the recording's own tasks (its header's cgroup map), also takes out of each
     * task's CPU time and its time switched out while runnable, asleep or blocked what it spent so before
     * its program began: the worker's wait for "go" and its start offset (in the 6.12 recording of 27,
     * R#1's worker ran 1.28 ms and slept 29 ms before its program began at 31.3 ms). The split of its CPU
     * between user and kernel mode stays the whole run's (the trace does not tell that of the part before).
     */
    public static Run fromProgramStarts(Run real, SimSpec spec, Set<String> own) {
        RunResult r = real.result();
        Map<String, RunResult.TaskStat> kept = new LinkedHashMap<>();
        boolean changed = false;
        for (var e : r.tasks().entrySet()) {
            RunResult.TaskStat t = e.getValue();
            long start = -1;
            for (TaskSpec ts : spec.tasks()) if (ts.name().equals(e.getKey())) start = programStart(ts);
            List<RunResult.Syscall> sc = new ArrayList<>();
            for (RunResult.Syscall c : t.syscalls()) if (c.enter_ns() >= start) sc.add(c);
            changed |= sc.size() != t.syscalls().size();
            t = t.withSyscalls(sc);
            int task = own.isEmpty() || start <= 0 ? -1 : RecordedActions.taskOf(real.info(), e.getKey(), own);
            long[] b = task < 0 ? new long[6] : before(real, task, start);
            if (b[0] + b[1] + b[2] + b[3] + b[4] + b[5] > 0) {
                changed = true;
                t = new RunResult.TaskStat(
                        Math.max(0, t.cpu_ns() - b[0]),
                        t.user_ns(),
                        t.kernel_ns(),
                        Math.max(0, t.runnable_ns() - b[1]),
                        Math.max(0, t.throttled_ns() - b[2]),
                        Math.max(0, t.parked_ns() - b[3]),
                        Math.max(0, t.sleeping_ns() - b[4]),
                        Math.max(0, t.blocked_ns() - b[5]),
                        t.exited_ns(),
                        t.syscalls(),
                        t.lock_waits());
            }
            kept.put(e.getKey(), t);
        }
        if (!changed) return real;
        return new Run(real.spec(), real.model(), real.info(), real.index(), r.withTasks(kept));
    }
}
