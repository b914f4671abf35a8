package io.throttlescope.compare;

import io.throttlescope.realtrace.CgroupMap;
import io.throttlescope.realtrace.RealPair;
import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.RunResult;
import io.throttlescope.sim.TaskState;
import io.throttlescope.sim.spec.Dur;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.sim.spec.Step;
import io.throttlescope.sim.spec.TaskSpec;
import io.throttlescope.trace.Divergence;
import io.throttlescope.trace.Slices;
import io.throttlescope.view.Run;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Why a figure of a recording may differ from its simulation beyond the tolerance, computed from
 * what the recording and the scenario hold, never from a file's name: a rule gives a reason only
 * where its condition is met by the data, so a renamed trace keeps its verdicts and a trace of the
 * wrong kernel still fails.
 */
public final class KnownDifferences {
    private KnownDifferences() {}

    /**
     * The reason a figure ("task R CPU time (ms)") is known to differ, or null; its tolerance is
     * max(absolute, relative x |real|), as the row's (a rule that takes something away from the real
     * figure judges what is left with the same rule).
     */
    public interface Rules {
        String reason(String figure, double real, double simulated, double absolute, double relative);
    }

    public static Rules none() {
        return (f, r, s, abs, rel) -> null;
    }

    /** The rules for a recording (real run) of a scenario, beside the simulation. */
    public static Rules of(Run real, SimSpec scenario, boolean emulated) {
        return of(real, null, scenario, emulated);
    }

    /** The same, with the simulation's result beside it (null: the rules that read it give no reason). */
    public static Rules of(Run real, RunResult sim, SimSpec scenario, boolean emulated) {
        return of(real, sim, scenario, emulated, Map.of());
    }

    /**
     * The same, with each task's waits for a CPU after wake-ups and preemptions by a task it forked (ns, by task: the
     * recording's {@code RealTrace.childWakeWaits}).
     */
    public static Rules of(
            Run real, RunResult sim, SimSpec scenario, boolean emulated, Map<String, Long> childWakeWaits) {
        return of(real, sim, null, scenario, emulated, childWakeWaits, Map.of(), Set.of());
    }

    /**
     * The same, with the simulated run itself and the recording's own tasks (its header's cgroup map): the
     * rules that read where the recording held a task ({@link RecordedHolds}) need both.
     */
    public static Rules of(Run real, RealPair p, boolean emulated) {
        Run sim = p.simulated();
        return of(
                real,
                sim.result(),
                sim,
                sim.spec(),
                emulated,
                p.real().childWakeWaits,
                p.real().childThreadRuns,
                CgroupMap.ownTasks(p.real().header));
    }

    private static Rules of(
            Run real,
            RunResult sim,
            Run simRun,
            SimSpec scenario,
            boolean emulated,
            Map<String, Long> childWakeWaits,
            Map<String, Long> childThreadRuns,
            Set<String> own) {
        Map<String, String> lockNotHeld = locksNotHeld(real.result(), scenario);
        return (figure, r, s, abs, rel) -> {
            if (!figure.startsWith("task ")) return null;
            String task = figure.substring(5, figure.indexOf(' ', 5));
            String why = lockNotHeld.get(task);
            if (why != null) return why;
            if (figure.endsWith(" switched out while runnable (ms)")) {
                String forked = forks(task, scenario)
                        ? forkJoinWaits(
                                task,
                                r,
                                s,
                                abs,
                                rel,
                                childWakeWaits.getOrDefault(task, 0L) / 1e6,
                                childThreadRuns.getOrDefault(task, 0L) / 1e6)
                        : null;
                return forked != null || simRun == null
                        ? forked
                        : RecordedHolds.onAnIdleCpu(real, task, own, programStart(task, scenario), r, s, abs, rel);
            }
            String never = figure.endsWith(" longest syscall (ms)") && r < s && sim != null
                    ? neverWaited(real.result(), sim, task, scenario)
                    : null;
            if (never != null) return never;
            String jvm =
                    figure.endsWith(" longest syscall (ms)") && r > s ? jvmWait(real.result(), task, scenario) : null;
            if (jvm != null) return jvm;
            String worker =
                    figure.endsWith(" longest syscall (ms)") && r > s ? workersOwnSyscall(real, task, scenario) : null;
            if (worker != null) return worker;
            if (emulated
                    && figure.endsWith(" longest syscall (ms)")
                    && r > s
                    && heldOffInsideLongestSyscall(real, task)
                    && scenarioMakes(real, task, scenario)
                    && slowerThanItsWork(real, task, scenario)) {
                return "under qemu TCG kernel work interrupted by a throttle runs slower afterwards (the translated code is cold"
                        + " again), so the syscall spans more periods than its calibrated work needs; the recording shows "
                        + task
                        + " held off inside it, as the legacy model says";
            }
            if (simRun != null && figure.endsWith(" longest syscall (ms)"))
                return r < s
                        ? RecordedHolds.beforeItsStart(real, sim, task, own, r, s, abs, rel)
                        : RecordedHolds.behindLongerSteps(real, simRun, task, own, r, s, abs, rel);
            return null;
        };
    }

    /**
     * A task switched out while runnable for longer than simulated, by about the time it waited for a
     * CPU after wake-ups and preemptions by the threads it forked (waitedMs, from the trace): a worker
     * makes a read side as a thread started and joined, so the thread's first run preempts it, it sleeps
     * while the thread runs and the thread's start and exit wake it, to wait for a CPU again; the
     * scenario's step runs straight through. Of those waits, the CPU ran the task's own threads for
     * threadsMs: the simulation replays the threads' CPU time as the CPU's other work and may wait for
     * it as well, all of it or none. So the figure without the mechanism lies between the figure less
     * all the waits and the figure less the waits but the threads' runs: a reason where the simulation
     * is within that range, each end with its own tolerance (max(absolute, relative x the end)).
     */
    public static String forkJoinWaits(
            String task, double real, double sim, double absolute, double relative, double waitedMs, double threadsMs) {
        double least = real - waitedMs, most = least + Math.max(0, Math.min(threadsMs, waitedMs));
        if (Math.abs(real - sim) <= Math.max(absolute, relative * Math.abs(real))
                || waitedMs <= 0
                || sim < least - Math.max(absolute, relative * Math.abs(least))
                || sim > most + Math.max(absolute, relative * Math.abs(most))) return null;
        String why = String.format(
                Locale.ROOT,
                "%s waited %.1f ms for a CPU after wake-ups and preemptions by the threads its worker forked (the"
                        + " worker makes a read side as a thread started and joined: the new thread's first run"
                        + " preempts it, it sleeps while the thread runs, and the thread's start and exit wake it);"
                        + " the scenario's step runs straight through: without those waits %.1f ms",
                task,
                waitedMs,
                least);
        return Math.abs(least - sim) <= Math.max(absolute, relative * Math.abs(least))
                ? why + ", within the tolerance of the simulation"
                : why
                        + String.format(
                                Locale.ROOT,
                                ", %.1f with the %.1f ms its threads ran in them (the simulation waits for their CPU time as"
                                        + " the CPU's other work): the simulation's %.1f ms is within that range",
                                most,
                                most - least,
                                sim);
    }

    /** Where the scenario's task begins its program (its start, fixed where the recording showed it), 0 if drawn. */
    private static long programStart(String task, SimSpec scenario) {
        for (TaskSpec ts : scenario.tasks())
            if (ts.name().equals(task) && ts.start() instanceof Dur.Fixed f) return f.ns();
        return 0;
    }

    /** Whether the scenario's task takes a read side (its worker forks for it). */
    public static boolean forks(String task, SimSpec scenario) {
        for (TaskSpec ts : scenario.tasks()) {
            if (!ts.name().equals(task)) continue;
            Set<String> made = new HashSet<>();
            workerCalls(ts.program(), made);
            if (made.contains("clone")) return true;
        }
        return false;
    }

    /**
     * For each task that waits on a lock in the scenario: a reason if the recording could not hold
     * that lock as the scenario does (its holder's syscall, which holds it through kernel work of
     * H ms, took under half of H in the recording): then the waiter does not wait as simulated.
     */
    static Map<String, String> locksNotHeld(RunResult real, SimSpec scenario) {
        Map<String, List<String>> waiters = new HashMap<>();
        List<String[]> holders = new ArrayList<>(); // {task, syscall, lock, held ns}
        for (TaskSpec t : scenario.tasks()) walk(t.name(), t.program(), null, waiters, holders);
        Map<String, String> out = new HashMap<>();
        for (String[] h : holders) {
            RunResult.TaskStat rt = real.tasks().get(h[0]);
            if (rt == null) continue;
            String sys = h[1].split("\\s+")[0];
            long longest = 0;
            for (RunResult.Syscall sc : rt.syscalls())
                if (sc.name().equals(sys) && sc.exit_ns() != null)
                    longest = Math.max(longest, sc.exit_ns() - sc.enter_ns());
            long held = Long.parseLong(h[3]);
            if (longest == 0 || longest * 2 >= held) continue;
            for (String w : waiters.getOrDefault(h[2], List.of())) {
                if (w.equals(h[0])) continue;
                out.put(
                        w,
                        String.format(
                                Locale.ROOT,
                                "the recording could not hold %s through %s's %.1f ms in %s (the real %s took %.3f ms),"
                                        + " so %s does not wait on it as the scenario does",
                                h[2],
                                h[0],
                                held / 1e6,
                                h[1],
                                sys,
                                longest / 1e6,
                                w));
            }
        }
        return out;
    }

    /**
     * A reason if the simulation has the task wait at least 1 ms for a lock that it takes inside a
     * syscall, and every syscall of that name the recorded task made was under half that wait: the
     * recording shows it never waited (01 on 6.18: R's clone3 took 34 us, where the simulation has R
     * wait 5 ms for cgroup_threadgroup_rwsem that W holds; the real writes are short).
     */
    public static String neverWaited(RunResult real, RunResult sim, String task, SimSpec scenario) {
        RunResult.TaskStat st = sim.tasks().get(task), rt = real.tasks().get(task);
        if (st == null || rt == null || st.lock_waits() == null) return null;
        RunResult.LockWait longest = null;
        for (RunResult.LockWait w : st.lock_waits())
            if (w.acquired_ns() != null
                    && (longest == null || w.acquired_ns() - w.start_ns() > longest.acquired_ns() - longest.start_ns()))
                longest = w;
        if (longest == null) return null;
        long wait = longest.acquired_ns() - longest.start_ns();
        if (wait < 1_000_000L) return null;
        String inside = null;
        for (TaskSpec ts : scenario.tasks())
            if (ts.name().equals(task)) inside = syscallTaking(ts.program(), longest.lock(), null);
        if (inside == null) return null;
        String sys = inside.split("\\s+")[0];
        long most = -1;
        String name = null;
        for (RunResult.Syscall c : rt.syscalls())
            if (c.name().startsWith(sys) && c.exit_ns() != null && c.exit_ns() - c.enter_ns() > most) {
                most = c.exit_ns() - c.enter_ns();
                name = c.name();
            }
        if (most < 0 || most * 2 >= wait) return null;
        return String.format(
                Locale.ROOT,
                "%s's %s took at most %.3f ms in the recording: it never waited for %s, which the simulation has it"
                        + " wait %.1f ms for",
                task,
                name,
                most / 1e6,
                longest.lock(),
                wait / 1e6);
    }

    /** The syscall of a program inside which it takes the lock (its scenario name), or null. */
    private static String syscallTaking(List<Step> steps, String lock, String syscall) {
        for (Step s : steps) {
            String found = null;
            if (s instanceof Step.Syscall sc) found = syscallTaking(sc.body(), lock, sc.name());
            else if (s instanceof Step.Loop l) found = syscallTaking(l.body(), lock, syscall);
            else if ((s instanceof Step.DownRead d && d.lock().equals(lock))
                    || (s instanceof Step.DownWrite w && w.lock().equals(lock))
                    || (s instanceof Step.MutexLock m && m.lock().equals(lock))) found = syscall;
            if (found != null) return found;
        }
        return null;
    }

    private static void walk(
            String task, List<Step> steps, String syscall, Map<String, List<String>> waiters, List<String[]> holders) {
        Map<String, Long> holding = new HashMap<>();
        for (Step s : steps) {
            if (s instanceof Step.Syscall sc) walk(task, sc.body(), sc.name(), waiters, holders);
            else if (s instanceof Step.Loop l) walk(task, l.body(), syscall, waiters, holders);
            else if (s instanceof Step.DownRead d) take(task, d.lock(), waiters, holding);
            else if (s instanceof Step.DownWrite d) take(task, d.lock(), waiters, holding);
            else if (s instanceof Step.MutexLock d) take(task, d.lock(), waiters, holding);
            else if (s instanceof Step.Kernel k) holding.replaceAll((lock, ns) -> ns + k.d().typical());
            else if (s instanceof Step.UpRead u) release(task, syscall, u.lock(), holding, holders);
            else if (s instanceof Step.UpWrite u) release(task, syscall, u.lock(), holding, holders);
            else if (s instanceof Step.MutexUnlock u) release(task, syscall, u.lock(), holding, holders);
        }
    }

    private static void take(String task, String lock, Map<String, List<String>> waiters, Map<String, Long> holding) {
        waiters.computeIfAbsent(lock, k -> new ArrayList<>()).add(task);
        holding.put(lock, 0L);
    }

    private static void release(
            String task, String syscall, String lock, Map<String, Long> holding, List<String[]> holders) {
        Long held = holding.remove(lock);
        if (held != null && held >= 1_000_000 && syscall != null)
            holders.add(new String[] {task, syscall, lock, String.valueOf(held)});
    }

    /**
     * A reason if the recorded task's longest syscall is a futex that no step of its scenario makes:
     * a wait of the worker's JVM (a safepoint, say), which the scenario does not model; not a futex of
     * the worker's clone step ({@link #joinsAClone}). On the host the pile-up's writer's longest syscall was
     * a 21.6 ms futex, not a write.
     */
    public static String jvmWait(RunResult real, String task, SimSpec scenario) {
        RunResult.TaskStat t = real.tasks().get(task);
        if (t == null) return null;
        RunResult.Syscall longest = longest(t, real.end_ns());
        if (longest == null || !longest.name().equals("futex")) return null;
        if (joinsAClone(t, longest)) return null;
        long d = longest.durationUpTo(real.end_ns());
        for (TaskSpec ts : scenario.tasks()) {
            if (!ts.name().equals(task)) continue;
            if (usesSyscall(ts.program(), "futex")) return null;
            // the worker sleeps on a futex (parkNanos): one as long as a sleep of the task is that wait, and so is one
            // as
            // long as a start offset that was drawn (a fixed or recorded start's wait is not in the figures:
            // RecordedStarts.fromProgramStarts)
            if ((!(ts.start() instanceof Dur.Fixed) && near(d, ts.start().typical()))
                    || sleeps(ts.program()).stream().anyMatch(x -> near(d, x))) return null;
        }
        return String.format(
                Locale.ROOT,
                "%s's longest recorded syscall is a futex (%.1f ms), a wait of its worker's JVM that no step of the"
                        + " scenario makes",
                task,
                d / 1e6);
    }

    /**
     * The system calls a worker makes between a clone and the end of that step (the JVM's start of a
     * thread: its signal mask, its stack, the handshake with the new thread, and the join).
     */
    private static final Set<String> THREAD_START = Set.of(
            "futex",
            "rt_sigprocmask",
            "mmap",
            "mprotect",
            "munmap",
            "madvise",
            "sched_yield",
            "gettid",
            "prctl",
            "set_robust_list",
            "rseq",
            "sched_getaffinity");

    /**
     * True if the futex is part of a clone step: a worker makes the scenario's clone by starting a
     * thread and joining it, so the clone3 is followed by futexes (the start's handshake, then the
     * join, which waits for the new thread to run and exit in the task's group). In the 6.18 recording
     * of 27, R#1's 1,001 ms futex came after clone3, rt_sigprocmask and two futexes, and R#2's 1,000.6
     * ms one after clone3, rt_sigprocmask, futexes and gettid: the start and join of a thread held by
     * the throttled /G, no wait of the JVM outside the scenario.
     */
    static boolean joinsAClone(RunResult.TaskStat t, RunResult.Syscall futex) {
        List<RunResult.Syscall> calls = t.syscalls();
        int i = calls.indexOf(futex);
        for (int j = i - 1; j >= 0; j--) {
            String n = calls.get(j).name();
            if (n.equals("clone") || n.equals("clone3")) return true;
            if (!THREAD_START.contains(n)) return false;
        }
        return false;
    }

    /** A wait of {@code d} ns is one of {@code want} ns: within a fifth of it and 2 ms (timers overshoot; the task may be held off after). */
    private static boolean near(long d, long want) {
        return want > 0 && Math.abs(d - want) <= Math.max(2_000_000L, want / 5);
    }

    /** The typical durations of a program's sleeps. */
    private static List<Long> sleeps(List<Step> steps) {
        List<Long> out = new ArrayList<>();
        for (Step s : steps) {
            if (s instanceof Step.Sleep sl) out.add(sl.d().typical());
            else if (s instanceof Step.Syscall sc) out.addAll(sleeps(sc.body()));
            else if (s instanceof Step.Loop l) out.addAll(sleeps(l.body()));
        }
        return out;
    }

    /**
     * A reason if the recorded task's longest syscall is none of those its worker makes for the
     * scenario's steps (not a futex: see jvmWait) and a throttle held the task off inside it: a call
     * of the worker's own, caught by the throttle as the legacy model catches a task wherever it is.
     * 12 under 6.12 has no syscall step: its 70.6 ms was tsrun's clock_gettime of the thread's CPU
     * clock, and the reason given was TCG's cold translated code.
     */
    static String workersOwnSyscall(Run real, String task, SimSpec scenario) {
        RunResult.TaskStat t = real.result().tasks().get(task);
        if (t == null) return null;
        RunResult.Syscall longest = longest(t, real.info().endNs());
        if (longest == null || longest.name().equals("futex") || scenarioMakes(real, task, scenario)) return null;
        if (!heldOffInsideLongestSyscall(real, task)) return null;
        TaskSpec ts = scenario.tasks().stream()
                .filter(x -> x.name().equals(task))
                .findFirst()
                .orElse(null);
        String what = switch (longest.name()) {
            case "clock_gettime" -> "the worker's read of the thread's CPU clock around each step";
            case "nanosleep", "clock_nanosleep" ->
                ts != null && ts.start().typical() > 0
                        ? "the worker's wait for the task's start offset"
                        : "a sleep of the worker's own";
            default -> "a call of the worker's own";
        };
        return String.format(
                Locale.ROOT,
                "%s's longest recorded syscall is a %s (%.1f ms) that no step of the scenario makes, %s; a throttle"
                        + " held %s off inside it",
                task,
                longest.name(),
                longest.durationUpTo(real.info().endNs()) / 1e6,
                what,
                task);
    }

    /**
     * True if the recorded task's longest syscall is one its worker makes for a step of the scenario:
     * the syscall a step names, read() for kernel work (a read of /dev/zero), clone() or fork() for
     * a read side of cgroup_threadgroup_rwsem, write() for its write side, nanosleep() or
     * clock_nanosleep() for a sleep, exit() or exit_group() for an exit.
     */
    static boolean scenarioMakes(Run real, String task, SimSpec scenario) {
        RunResult.TaskStat t = real.result().tasks().get(task);
        RunResult.Syscall longest = t == null ? null : longest(t, real.info().endNs());
        if (longest == null) return false;
        for (TaskSpec ts : scenario.tasks()) {
            if (!ts.name().equals(task)) continue;
            Set<String> made = new HashSet<>();
            workerCalls(ts.program(), made);
            if (made.contains(longest.name())) return true;
        }
        return false;
    }

    private static void workerCalls(List<Step> steps, Set<String> out) {
        for (Step s : steps) {
            if (s instanceof Step.Syscall sc
                    && !sc.body().isEmpty()
                    && sc.body().stream().allMatch(b -> b instanceof Step.UpdateCurr)) {
                continue; // the worker's read of its CPU clock, put beside a step by the pairing: no step's
            }
            if (s instanceof Step.Syscall sc) {
                out.add(sc.name().split("\\s+")[0]);
                workerCalls(sc.body(), out);
            } else if (s instanceof Step.Loop l) workerCalls(l.body(), out);
            else if (s instanceof Step.Kernel) out.add("read");
            else if (s instanceof Step.DownRead) out.addAll(List.of("clone", "clone3", "fork", "wait4"));
            else if (s instanceof Step.DownWrite) out.add("write");
            else if (s instanceof Step.Sleep) out.addAll(List.of("nanosleep", "clock_nanosleep"));
            else if (s instanceof Step.Exit) out.addAll(List.of("exit", "exit_group", "read"));
        }
    }

    private static boolean usesSyscall(List<Step> steps, String name) {
        for (Step s : steps) {
            if (s instanceof Step.Syscall sc
                    && (sc.name().split("\\s+")[0].equals(name) || usesSyscall(sc.body(), name))) return true;
            if (s instanceof Step.Loop l && usesSyscall(l.body(), name)) return true;
        }
        return false;
    }

    /**
     * True if the recorded task used half as much CPU again inside its longest syscall as the work of any
     * step its worker makes with that call has in the simulation beside it: the kernel code ran slower
     * than its work (what the TCG reason says), by more than one call's spread about the mean a work read
     * from the trace is. A fork still under way at the end, given more work than any simulation can run
     * (RecordedWork), never is: in the 6.12 recording of 27, R#2's fork held off for 7.9 s had been
     * given the TCG reason with nothing in the recording to show it.
     */
    static boolean slowerThanItsWork(Run real, String task, SimSpec scenario) {
        RunResult.TaskStat t = real.result().tasks().get(task);
        RunResult.Syscall longest = t == null ? null : longest(t, real.info().endNs());
        if (longest == null) return false;
        long work = -1;
        for (TaskSpec ts : scenario.tasks())
            if (ts.name().equals(task)) work = workOfCall(ts.program(), longest.name());
        if (work <= 0) return false;
        long a = longest.enter_ns(), b = longest.exit_ns() == null ? real.info().endNs() : longest.exit_ns();
        String[] names = real.info().tasks();
        var tr = real.trace();
        for (int i = 0; i < names.length; i++) {
            if (!Divergence.scenarioName(names[i]).equals(task)) continue;
            boolean made = false; // the task that entered it (a fork's child has the worker's name)
            for (int e : real.index().taskEvents(i))
                if (tr.time(e) == a && tr.kind(e) == EventKind.SYSCALL_ENTER) made = true;
            if (!made) continue;
            long cpu = 0;
            Slices sl = real.index().taskSlices(i);
            for (int k = sl.firstEndingAfter(a); k < sl.size() && sl.start(k) < b; k++)
                if (sl.value(k) == TaskState.RUNNING.ordinal())
                    cpu += Math.min(b, sl.end(k)) - Math.max(a, sl.start(k));
            return 2 * cpu > 3 * work;
        }
        return false;
    }

    /** The most work (kernel and user, typical) of a step its worker makes with the system call {@code call}; 0 if none. */
    private static long workOfCall(List<Step> steps, String call) {
        long most = 0;
        for (Step s : steps) {
            if (s instanceof Step.Loop l) most = Math.max(most, workOfCall(l.body(), call));
            if (!(s instanceof Step.Syscall sc)) continue;
            Set<String> made = new HashSet<>();
            workerCalls(List.of(sc), made);
            if (!made.contains(call)) continue;
            long w = 0;
            for (Step b : sc.body())
                if (b instanceof Step.Kernel k) w += k.d().typical();
                else if (b instanceof Step.User u) w += u.d().typical();
            most = Math.max(most, w);
        }
        return most;
    }

    /** True if the recorded task was held off by a throttle (not parked) during its longest syscall. */
    static boolean heldOffInsideLongestSyscall(Run real, String task) {
        RunResult.TaskStat t = real.result().tasks().get(task);
        if (t == null) return false;
        RunResult.Syscall longest = longest(t, real.info().endNs());
        if (longest == null) return false;
        long a = longest.enter_ns(), b = longest.exit_ns() == null ? real.info().endNs() : longest.exit_ns();
        String[] names = real.info().tasks();
        for (int i = 0; i < names.length; i++) {
            if (!Divergence.scenarioName(names[i]).equals(task)) continue;
            Slices s = real.index().taskSlices(i);
            for (int k = s.firstEndingAfter(a); k < s.size() && s.start(k) < b; k++) {
                if (s.value(k) == TaskState.THROTTLED.ordinal()) return true;
            }
        }
        return false;
    }

    /** A task's longest syscall up to {@code end} (exit and exit_group never return), or null if it made none. */
    private static RunResult.Syscall longest(RunResult.TaskStat t, long end) {
        RunResult.Syscall longest = null;
        for (RunResult.Syscall sc : t.syscalls())
            if (longest == null || sc.durationUpTo(end) > longest.durationUpTo(end)) longest = sc;
        return longest;
    }
}
