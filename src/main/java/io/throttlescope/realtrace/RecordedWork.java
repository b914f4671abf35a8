package io.throttlescope.realtrace;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.RunResult;
import io.throttlescope.sim.spec.Dur;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.sim.spec.Step;
import io.throttlescope.sim.spec.TaskSpec;
import io.throttlescope.view.Run;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The work each step of a recorded scenario really did. A worker (the recorder's, or
 * tools/legacy-kernel/tsrun.c in a guest) measures its thread's CPU time around every step it
 * runs: a busy loop, a read() of /dev/zero, the fork that takes cgroup_threadgroup_rwsem's read
 * side, the write to cgroup.procs that takes its write side; and the wall time of every sleep
 * (timers overshoot: a 100 us sleep takes 150-200 us on the host). The recording's header keeps, per
 * task, each step's count and CPU ({@code recorded_work}: one list per task in scenario order, of
 * {@code [plan index, count, cpu ns]}). The simulation beside the recording can then run the work
 * the machine really did instead of the scenario's nominal values: under qemu's TCG a fork used
 * over 1 ms of CPU where the scenario's clone holds the lock for 50 us; on the host a write to
 * cgroup.procs used a few microseconds where the scenario says 200 us.
 */
public final class RecordedWork {
    private RecordedWork() {}

    /**
     * The steps of a program in the order the recorder counts them, which is the order of the plan
     * tsrun reads: busy loops, kernel work, sleeps, forks, cgroup.procs writes and exits, the body
     * of a syscall in place, a loop as its start, its body and {@code null} for its end. Lock
     * releases have no entry (the fork or the write releases its lock itself).
     */
    public static List<Step> planOrder(List<Step> program) {
        List<Step> out = new ArrayList<>();
        walk(program, out);
        return out;
    }

    private static void walk(List<Step> steps, List<Step> out) {
        for (Step s : steps) {
            if (s instanceof Step.Syscall sc) walk(sc.body(), out);
            else if (s instanceof Step.Loop l) {
                out.add(l);
                walk(l.body(), out);
                out.add(null);
            } else if (s instanceof Step.User
                    || s instanceof Step.Kernel
                    || s instanceof Step.Sleep
                    || s instanceof Step.DownRead
                    || s instanceof Step.DownWrite
                    || s instanceof Step.Exit) {
                out.add(s);
            }
        }
    }

    /**
     * The sleeps of a program that lie inside a syscall other than nanosleep (07's read, which sleeps
     * until it is woken): a worker makes each a real blocking syscall that a timer completes (the
     * guest's tsrun a read() of a timerfd, the host's worker an epoll_wait with a timeout), not a
     * nanosleep. By identity: the same step object of the program.
     */
    public static Set<Step> sleepsInSyscalls(List<Step> program) {
        Set<Step> out = Collections.newSetFromMap(new IdentityHashMap<>());
        inSyscalls(program, null, out);
        return out;
    }

    private static void inSyscalls(List<Step> steps, String syscall, Set<Step> out) {
        for (Step s : steps) {
            if (s instanceof Step.Syscall sc) inSyscalls(sc.body(), sc.name().split("\\s+")[0], out);
            else if (s instanceof Step.Loop l) inSyscalls(l.body(), syscall, out);
            else if (s instanceof Step.Sleep
                    && syscall != null
                    && !syscall.equals("nanosleep")
                    && !syscall.equals("clock_nanosleep")) out.add(s);
        }
    }

    /**
     * The scenario with each syscall named as the worker makes it: a syscall whose body takes a read
     * side is a fork (the worker takes cgroup_threadgroup_rwsem's read side by forking), and one of
     * kernel work alone a read() of /dev/zero (06's "long"), whatever the scenario calls it. 27's outside forkers make an {@code exit} that takes the read side; the
     * recording shows them forking, and a syscall named exit is never a task's longest (it is its end):
     * the simulation's forkers blocked behind the stalled writer for 3.9 s had counted 7 ms.
     */
    public static SimSpec namedAsMade(SimSpec s) {
        return eachProgram(s, RecordedWork::named);
    }

    /** The scenario with each task's program as {@code f} makes it (the same scenario if none changes). */
    private static SimSpec eachProgram(SimSpec s, UnaryOperator<List<Step>> f) {
        List<TaskSpec> tasks = new ArrayList<>();
        boolean changed = false;
        for (TaskSpec t : s.tasks()) {
            List<Step> p = f.apply(t.program());
            changed |= p != t.program();
            tasks.add(p == t.program() ? t : t.withProgram(p));
        }
        return changed ? s.withTasks(tasks) : s;
    }

    private static List<Step> named(List<Step> steps) {
        return eachStep(steps, RecordedWork::namedStep);
    }

    private static Step namedStep(Step st) {
        if (st instanceof Step.Syscall sc
                && !FORKS.contains(sc.name().split("\\s+")[0])
                && sc.body().stream().anyMatch(b -> b instanceof Step.DownRead)
                && sc.body().stream().noneMatch(b -> b instanceof Step.DownWrite)) {
            return new Step.Syscall("clone", sc.body(), sc.path());
        }
        if (st instanceof Step.Syscall sc
                && !sc.name().split("\\s+")[0].equals("read")
                && !sc.body().isEmpty()
                && sc.body().stream().allMatch(b -> b instanceof Step.Kernel)) {
            return new Step.Syscall("read", sc.body(), sc.path()); // kernel work is a read() of /dev/zero
        }
        return st;
    }

    /** The steps with each step outside a loop as {@code f} makes it, loops walked into (the same list if none changes). */
    private static List<Step> eachStep(List<Step> steps, UnaryOperator<Step> f) {
        List<Step> out = new ArrayList<>();
        boolean changed = false;
        for (Step st : steps) {
            Step n;
            if (st instanceof Step.Loop l) {
                List<Step> b = eachStep(l.body(), f);
                n = b == l.body() ? l : new Step.Loop(b, l.times(), l.path());
            } else n = f.apply(st);
            changed |= n != st;
            out.add(n);
        }
        return changed ? out : steps;
    }

    /**
     * The scenario with a charge of the task's group where each fork of its worker wakes the new task
     * (docs/real-kernels.md, "The work each step really did"): wake_up_new_task() enqueues the child in
     * its parent's cfs_rq, and enqueue_entity() runs update_curr() there, so the kernel charges the
     * forker's group at the end of every fork, after copy_process() has let go of the read side. A
     * forker of a group out of quota is throttled right there: in the 6.12 recording of 27 R#2, let in
     * at the refill 112.9 ms in, forked at 113.5, its child was woken at 114.906 and /G throttled at
     * 114.935; the simulation's forker ran on to the next tick, 116.0, 2.8 ms over /G's 1 ms, and /G
     * stayed throttled two periods more.
     */
    public static SimSpec withForkCharges(SimSpec s) {
        return eachProgram(s, RecordedWork::forkCharged);
    }

    private static List<Step> forkCharged(List<Step> steps) {
        return eachStep(steps, st -> {
            if (!(st instanceof Step.Syscall sc && FORKS.contains(sc.name().split("\\s+")[0]))) return st;
            List<Step> body = new ArrayList<>(sc.body());
            for (int k = 0; k < body.size(); k++) {
                if (!(body.get(k) instanceof Step.UpRead)) continue;
                if (k + 1 < body.size() && body.get(k + 1) instanceof Step.UpdateCurr) return st;
                body.add(k + 1, new Step.UpdateCurr(sc.path()));
                return new Step.Syscall(sc.name(), body, sc.path());
            }
            return st;
        });
    }

    /** True if the recording measured its steps. */
    public static boolean has(JsonObject header) {
        return header != null
                && header.has("recorded_work")
                && header.get("recorded_work").isJsonArray();
    }

    /**
     * The scenario with every measured step's work as the recording measured it (the mean CPU of
     * its runs): a busy loop and an exit's kernel work directly; a syscall's body as a whole (its
     * fork or cgroup.procs write and its kernel work) on the body's kernel step. Steps that never
     * ran, sleeps and tasks the header does not measure keep the scenario's values.
     */
    public static SimSpec apply(SimSpec s, JsonObject header) {
        return apply(s, header, Map.of(), Map.of());
    }

    /**
     * As {@link #apply(SimSpec, JsonObject)}, with the forks that never finished in the recording: a
     * task whose clone was still under way at the end measured nothing for it, and its clone takes
     * more than the CPU the recording shows it used inside (by task name, ns): {@link #UNFINISHED_NS}.
     * Under qemu's TCG, 27's forkers in /G (1 ms a second) never finished a fork in 10 s: each had used
     * 1.2 to 1.7 ms inside it by the end, where the scenario's clone does its work in 50 us.
     *
     * <p>And with the CPU each task's forks used inside the kernel as the trace shows it (by task name,
     * {mean ns a finished fork, forks finished}: {@link TraceWork#inForks}). A worker measures a fork as the CPU
     * its thread used to start a thread and join it; what of that lies outside the fork syscall is the
     * JVM's user work, before the syscall, and under the task-based model only the syscall's part runs
     * on past a throttle. In a 6.18 recording of 27 a forker's one measured fork used 1.17 ms, its clone3s
     * 68 us: run as kernel work, the forker's simulated CPU was 6.0 ms against the real 1.9 (now 2.9), and
     * its forks were 1.4 ms long where the trace's took 0.07. Only where that is sure: a program with
     * one fork step, measured (not the CPU of a fork still under way), whose count of forks the trace
     * agrees with (within 5%, or 2), and in which the trace shows the forks on a CPU.
     */
    public static SimSpec apply(
            SimSpec s, JsonObject header, Map<String, Long> unfinishedFork, Map<String, long[]> forkKernel) {
        if (!has(header)) return s;
        JsonArray all = header.getAsJsonArray("recorded_work");
        List<TaskSpec> tasks = new ArrayList<>();
        for (int i = 0; i < s.tasks().size(); i++) {
            TaskSpec t = s.tasks().get(i);
            List<Step> plan = planOrder(t.program());
            double[] mean = i < all.size() ? means(all.get(i), plan.size()) : null;
            Long open = unfinishedFork.get(t.name());
            if (mean != null && open != null)
                for (int k = 0; k < plan.size(); k++)
                    if (plan.get(k) instanceof Step.DownRead && Double.isNaN(mean[k]))
                        mean[k] = Math.max(open, UNFINISHED_NS); // it never finished: nor does it in the simulation
            long kernel = mean == null ? -1 : inKernel(forkKernel.get(t.name()), all.get(i), plan);
            tasks.add(mean == null ? t : t.withProgram(rebuild(t.program(), mean, new int[1], kernel)));
        }
        return s.withTasks(tasks);
    }

    /**
     * The kernel's part of the program's one fork step ({@code inTrace}: mean ns, forks finished in the
     * trace), or -1 where the split is not sure: no fork step or several, one not measured (its count
     * 0: the CPU of a fork under way at the end stands as kernel work), a count the trace does not agree
     * with, or no CPU in the trace's forks.
     */
    static long inKernel(long[] inTrace, JsonElement measured, List<Step> plan) {
        if (inTrace == null || inTrace[0] <= 0) return -1;
        int fork = -1;
        for (int k = 0; k < plan.size(); k++) {
            if (!(plan.get(k) instanceof Step.DownRead)) continue;
            if (fork >= 0) return -1; // several fork steps: which took which is not known
            fork = k;
        }
        if (fork < 0) return -1;
        long count = 0;
        try {
            for (JsonElement x : measured.getAsJsonArray()) {
                JsonArray a = x.getAsJsonArray();
                if (a.get(0).getAsInt() == fork) count = RealTrace.exactLong(a.get(1));
            }
        } catch (RuntimeException bad) {
            return -1; // a stranger's header
        }
        return count > 0 && Math.abs(inTrace[1] - count) <= Math.max(2, count / 20) ? inTrace[0] : -1;
    }

    /**
     * The CPU each task of the recording used inside a fork that had not returned by its end (clone,
     * clone3, fork or vfork entered and never left), by scenario task name; tasks without one are
     * absent.
     */
    public static Map<String, Long> unfinishedForks(Run real, SimSpec s, JsonObject header) {
        Map<String, Long> out = new HashMap<>();
        var result = real.result();
        if (result == null) return out;
        String[] names = real.info().tasks();
        for (TaskSpec t : s.tasks()) {
            var stat = result.tasks().get(t.name());
            if (stat == null || stat.syscalls().isEmpty()) continue;
            var last = stat.syscalls().get(stat.syscalls().size() - 1);
            if (last.exit_ns() != null || !FORKS.contains(last.name())) continue;
            int task = RecordedActions.taskOf(real.info(), t.name(), CgroupMap.ownTasks(header));
            if (task < 0 || task >= names.length) continue;
            // its time on a CPU since it entered the fork
            long cpu = TraceWork.time(real.index().taskSlices(task), last.enter_ns(), Long.MAX_VALUE, true);
            if (cpu > 0) out.put(t.name(), cpu);
        }
        return out;
    }

    /**
     * The scenario with its workers' reads of their own CPU clock (docs/real-kernels.md, "Where the
     * workers' kernel charged them", {@link Step.UpdateCurr}): a worker reads its thread's CPU clock
     * before and after each step it measures (a busy loop, the syscall of its fork, write or read, and
     * before its exit's work), each a clock_gettime syscall in which the kernel charges the task's
     * group. Only for the tasks whose recording shows clock_gettime calls.
     */
    public static SimSpec withClockReads(SimSpec s, RunResult real) {
        if (real == null) return s;
        List<TaskSpec> tasks = new ArrayList<>();
        boolean changed = false;
        for (TaskSpec t : s.tasks()) {
            var stat = real.tasks().get(t.name());
            boolean reads = stat != null && stat.syscalls().stream().anyMatch(c -> CLOCK_READ.equals(c.name()));
            List<Step> p = reads ? clocked(t.program(), null) : t.program();
            changed |= p != t.program();
            tasks.add(p == t.program() ? t : t.withProgram(p));
        }
        return changed ? s.withTasks(tasks) : s;
    }

    /** The syscall a worker reads its thread's CPU clock with. */
    static final String CLOCK_READ = "clock_gettime";

    private static List<Step> clocked(List<Step> steps, String loopPath) {
        List<Step> out = new ArrayList<>();
        boolean changed = false;
        for (int i = 0; i < steps.size(); i++) {
            Step st = steps.get(i);
            if (st instanceof Step.Loop l) {
                List<Step> b = clocked(l.body(), l.path());
                out.add(b == l.body() ? l : new Step.Loop(b, l.times(), l.path()));
                changed |= b != l.body();
                continue;
            }
            // the pairing's own steps (the worker's CPU around its steps, the kernel's exit work) have the
            // path of their loop or of the step before them: no step the worker measured
            boolean added = st.path().equals(loopPath)
                    || st.path().equals("$") // the worker's CPU in a program of one exit step
                    || (i > 0 && steps.get(i - 1).path().equals(st.path()));
            // a fork's JVM work before its syscall (its path) is one measured step with it
            boolean forkWork = st instanceof Step.User
                    && i + 1 < steps.size()
                    && steps.get(i + 1) instanceof Step.Syscall
                    && steps.get(i + 1).path().equals(st.path());
            boolean measured = st instanceof Step.User
                    || (st instanceof Step.Syscall sc
                            && sc.body().stream()
                                    .anyMatch(b -> b instanceof Step.Kernel
                                            || b instanceof Step.DownRead
                                            || b instanceof Step.DownWrite))
                    || (st instanceof Step.Exit x && x.d() != null);
            if (added || !measured) {
                out.add(st);
                continue;
            }
            changed = true;
            out.add(clockRead(st.path()));
            out.add(st instanceof Step.Syscall sc ? betweenSteps(sc) : st);
            if (forkWork) out.add(betweenSteps((Step.Syscall) steps.get(++i)));
            if (!(st instanceof Step.Exit)) out.add(clockRead(st.path()));
        }
        return changed ? out : steps;
    }

    /**
     * A syscall of the worker's fork or write followed by its read() (the scenario's kernel work, which
     * the pairing puts in the same syscall): the worker reads its clock after the one and before the
     * other, so the group is charged between them.
     */
    private static Step.Syscall betweenSteps(Step.Syscall sc) {
        List<Step> body = sc.body();
        for (int k = 0; k + 1 < body.size(); k++) {
            if ((body.get(k) instanceof Step.UpRead || body.get(k) instanceof Step.UpWrite)
                    && body.subList(k + 1, body.size()).stream().anyMatch(b -> b instanceof Step.Kernel)) {
                List<Step> out = new ArrayList<>(body);
                out.add(k + 1, new Step.UpdateCurr(sc.path()));
                return new Step.Syscall(sc.name(), out, sc.path());
            }
        }
        return sc;
    }

    private static Step clockRead(String path) {
        return new Step.Syscall(CLOCK_READ, List.of(new Step.UpdateCurr(path)), path);
    }

    /**
     * The work of a fork the recording shows under way at its end, measured by nobody: more than it
     * used, and more than any simulation beside a recording can give it (twice the longest a simulation
     * runs), so that it is still under way at the end there too. Given only what it had used (1.2 to 1.7 ms in the measured 6.12
     * recording of 27), a forker finished its fork in the simulation, took the read side, was
     * throttled holding it and stalled the writer for 7 s, which the real writer never was.
     */
    static final long UNFINISHED_NS = 2 * ScenarioLoader.MAX_DURATION_NS;

    /** The syscalls that make a fork (a read side of cgroup_threadgroup_rwsem). */
    static final Set<String> FORKS = Set.of("clone", "clone3", "fork", "vfork");

    /** A loop run fewer times than this gives no per-iteration figure. */
    static final int MIN_ITERATIONS = 10;

    /**
     * The scenario with each task's work around its measured steps (docs/real-kernels.md, "The work
     * each step really did"): a worker runs its loop, reads its thread's CPU clock around each step and
     * parks for its sleeps, and that CPU is in the trace but in no step's measurement. The task's CPU
     * in the recording, less what its steps measured (sleeps aside), over the loop's iterations, is
     * added to each iteration as user work at the end of its first loop. In a 6.18 recording of 27 the
     * writer used 138 us a write where its steps measured 94: 1.1 s of CPU over 10 s that the
     * simulation did not do, so it waited less for its CPU than the real writer.
     */
    public static SimSpec withOverhead(SimSpec s, SimSpec written, JsonObject header, RunResult real) {
        return withOverhead(s, written, header, real, Map.of());
    }

    /** As above; the CPU a task used in a fork still under way at the end is that fork's, not its loop's. */
    public static SimSpec withOverhead(
            SimSpec s, SimSpec written, JsonObject header, RunResult real, Map<String, Long> unfinishedFork) {
        if (!has(header) || real == null) return s;
        JsonArray all = header.getAsJsonArray("recorded_work");
        List<TaskSpec> tasks = new ArrayList<>();
        boolean changed = false;
        for (int i = 0; i < s.tasks().size(); i++) {
            TaskSpec t = s.tasks().get(i);
            var stat = real.tasks().get(t.name());
            long extra = i < all.size() && i < written.tasks().size() && stat != null
                    ? perIteration(
                            all.get(i),
                            planOrder(written.tasks().get(i).program()),
                            stat.cpu_ns() - unfinishedFork.getOrDefault(t.name(), 0L),
                            hasLoop(written.tasks().get(i).program()))
                    : 0; // the plan is the scenario's as written: its indices are the recorder's
            List<Step> program = extra > 0 ? withTail(t.program(), extra) : null;
            if (program == null) {
                tasks.add(t);
                continue;
            }
            changed = true;
            tasks.add(t.withProgram(program));
        }
        return changed ? s.withTasks(tasks) : s;
    }

    /**
     * The task's CPU outside its measured steps per iteration of its loop (the most runs of a step), or
     * 0; a program without a loop ran each step once, and all of it comes at its end.
     */
    static long perIteration(JsonElement e, List<Step> plan, long cpuNs) {
        return perIteration(e, plan, cpuNs, true);
    }

    static long perIteration(JsonElement e, List<Step> plan, long cpuNs, boolean loops) {
        long measured = 0, iterations = 0;
        try {
            for (JsonElement x : e.getAsJsonArray()) {
                JsonArray a = x.getAsJsonArray();
                int i = a.get(0).getAsInt();
                long count = RealTrace.exactLong(a.get(1)), cpu = RealTrace.exactLong(a.get(2));
                if (i < 0 || i >= plan.size() || count <= 0 || cpu < 0) return 0;
                if (plan.get(i) instanceof Step.Sleep) continue; // its wall time, not CPU
                measured += cpu;
                iterations = Math.max(iterations, count);
            }
        } catch (RuntimeException bad) {
            return 0; // a stranger's header
        }
        if (!loops) return iterations == 0 ? 0 : Math.max(0, cpuNs - measured);
        return iterations < MIN_ITERATIONS ? 0 : Math.max(0, (cpuNs - measured) / iterations);
    }

    private static boolean hasLoop(List<Step> program) {
        for (Step s : program) if (s instanceof Step.Loop) return true;
        return false;
    }

    /**
     * The program with a user step of {@code ns} at the end of its first top-level loop's body, or, in
     * a program without a loop, before its end (its exit, if it has one).
     */
    private static List<Step> withTail(List<Step> program, long ns) {
        List<Step> out = new ArrayList<>(program);
        if (!hasLoop(program)) {
            int at = !out.isEmpty() && out.get(out.size() - 1) instanceof Step.Exit ? out.size() - 1 : out.size();
            out.add(
                    at,
                    new Step.User(Dur.ns(ns), at == 0 ? "$" : out.get(at - 1).path()));
            return out;
        }
        for (int i = 0; i < out.size(); i++) {
            if (!(out.get(i) instanceof Step.Loop l)) continue;
            List<Step> body = new ArrayList<>(l.body());
            body.add(new Step.User(Dur.ns(ns), l.path()));
            out.set(i, new Step.Loop(body, l.times(), l.path()));
            return out;
        }
        return null;
    }

    /** Mean CPU ns per plan index (NaN where the step did not run), or null if the entry is not a list of measurements. */
    static double[] means(JsonElement e, int size) {
        if (e == null || !e.isJsonArray()) return null;
        double[] m = new double[size];
        Arrays.fill(m, Double.NaN);
        try {
            for (JsonElement x : e.getAsJsonArray()) {
                JsonArray a = x.getAsJsonArray();
                int i = a.get(0).getAsInt();
                long count = RealTrace.exactLong(a.get(1)), cpu = RealTrace.exactLong(a.get(2));
                if (i >= 0 && i < size && count > 0 && cpu >= 0) m[i] = (double) cpu / count;
            }
        } catch (RuntimeException bad) {
            return null; // a stranger's header: the scenario's values stand
        }
        return m;
    }

    /**
     * A syscall's body as the worker ran it: the fork or the cgroup.procs write takes and releases
     * its lock itself, and the kernel work the scenario puts inside the lock is a read() the worker
     * makes after it, outside the lock. A cgroup.procs write holds the write side through its attach,
     * so {@code down_write; kernel 200us; up_write} becomes {@code down_write; kernel <the write's CPU>;
     * up_write; kernel <the read's CPU>}. A fork does its work (copying the process) before
     * cgroup_can_fork takes the read side for a few instructions: {@code kernel <the fork's CPU>;
     * down_read; up_read; kernel <the read's CPU>}. Steps that did not run keep their place and value.
     */
    private static List<Step> body(List<Step> steps, double[] mean, int[] at, long forkKernel, double[] before) {
        List<Step> out = new ArrayList<>();
        double after = 0;
        String afterPath = null;
        for (Step b : steps) {
            if (b instanceof Step.DownRead) { // a fork: its work (copying the process) comes before the lock
                double m = mean[at[0]++];
                if (!Double.isNaN(m) && forkKernel >= 0 && forkKernel < m) { // the rest is the JVM's, in user mode
                    before[0] += m - forkKernel;
                    m = forkKernel;
                }
                if (!Double.isNaN(m)) out.add(new Step.Kernel(Dur.ns(Math.max(1, Math.round(m))), b.path()));
                out.add(b);
            } else if (b instanceof Step.DownWrite) { // a cgroup.procs write: the attach runs under the lock
                double m = mean[at[0]++];
                out.add(b);
                if (!Double.isNaN(m)) out.add(new Step.Kernel(Dur.ns(Math.max(1, Math.round(m))), b.path()));
            } else if (b instanceof Step.Kernel k) {
                double m = mean[at[0]++];
                if (Double.isNaN(m)) out.add(k);
                else {
                    after += m;
                    afterPath = k.path();
                }
            } else if (b instanceof Step.Loop
                    || b instanceof Step.User
                    || b instanceof Step.Exit
                    || b instanceof Step.Sleep
                    || b instanceof Step.Syscall) {
                out.addAll(rebuild(List.of(b), mean, at, forkKernel));
            } else {
                out.add(b);
            }
        }
        if (afterPath != null) out.add(new Step.Kernel(Dur.ns(Math.max(1, Math.round(after))), afterPath));
        return out;
    }

    private static List<Step> rebuild(List<Step> steps, double[] mean, int[] at, long forkKernel) {
        List<Step> out = new ArrayList<>();
        for (Step s : steps) {
            if (s instanceof Step.Syscall sc) {
                double[] before = new double[1];
                List<Step> body = body(sc.body(), mean, at, forkKernel, before);
                long user = Math.round(before[0]);
                if (user > 0) out.add(new Step.User(Dur.ns(user), sc.path()));
                out.add(new Step.Syscall(sc.name(), body, sc.path()));
            } else if (s instanceof Step.Loop l) {
                at[0]++;
                List<Step> body = rebuild(l.body(), mean, at, forkKernel);
                at[0]++;
                out.add(new Step.Loop(body, l.times(), l.path()));
            } else if (s instanceof Step.User u) {
                double m = mean[at[0]++];
                out.add(Double.isNaN(m) ? u : new Step.User(Dur.ns(Math.max(1, Math.round(m))), u.path()));
            } else if (s instanceof Step.Exit x) {
                double m = mean[at[0]++];
                out.add(Double.isNaN(m) || x.d() == null ? x : new Step.Exit(Dur.ns(Math.round(m)), x.path()));
            } else if (s instanceof Step.Sleep sl) {
                double m = mean[at[0]++];
                out.add(
                        Double.isNaN(m)
                                ? sl
                                : new Step.Sleep(Dur.ns(Math.max(0, Math.round(m))), sl.uninterruptible(), sl.path()));
            } else if (s instanceof Step.Kernel || s instanceof Step.DownRead || s instanceof Step.DownWrite) {
                at[0]++;
                out.add(s);
            } else {
                out.add(s);
            }
        }
        return out;
    }
}
