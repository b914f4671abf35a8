package io.throttlescope.compare;

import io.throttlescope.realtrace.RecordedActions;
import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.RunResult;
import io.throttlescope.sim.TaskState;
import io.throttlescope.trace.Slices;
import io.throttlescope.trace.Trace;
import io.throttlescope.trace.TraceIndex;
import io.throttlescope.view.Run;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Three reasons a figure differs from its simulation, each read from where the recording shows the task
 * held (docs/real-kernels.md, "Known differences"): a hold before its program began, where the
 * simulation's fell inside a syscall; a wait for a CPU behind other tasks' stretches on it longer than
 * any of theirs in the simulation; and a wait for a CPU that ran no task in the trace.
 */
public final class RecordedHolds {
    private RecordedHolds() {}

    /** The trace's task index of a scenario task (the recording's own where {@code own} names them). */
    private static int taskIndex(Run run, String name, Set<String> own) {
        return RecordedActions.taskOf(run.info(), name, own);
    }

    /**
     * A reason where the real task's longest syscall is shorter than the simulated one because the
     * recording held it off before its program began: its worker, woken at "go" (its first wake-up in the
     * trace), did not run for H ms (its group throttled, the refills taken by its siblings), so it could
     * not even start its offset's sleep, and its long hold fell before any step; the simulation held it
     * inside a syscall that began before the real task first ran. Only where H is longer than the real
     * figure and, as what the rule puts in the figure's place, within its own tolerance (max(absolute,
     * relative x H)) of the simulated one.
     */
    public static String beforeItsStart(
            Run real,
            RunResult sim,
            String task,
            Set<String> own,
            double r,
            double s,
            double absolute,
            double relative) {
        if (r >= s || sim == null) return null;
        int t = taskIndex(real, task, own);
        RunResult.TaskStat st = sim.tasks().get(task);
        if (t < 0 || st == null) return null;
        Trace tr = real.trace();
        long go = -1, ran = -1;
        for (int i : real.index().taskEvents(t)) {
            if (go < 0 && tr.kind(i) == EventKind.WAKE && tr.task(i) == t) go = tr.time(i);
            else if (go >= 0 && tr.kind(i) == EventKind.SWITCH && tr.task(i) == t) {
                ran = tr.time(i);
                break;
            }
        }
        if (go < 0 || ran < 0) return null;
        RunResult.Syscall held = null;
        for (RunResult.Syscall c : st.syscalls())
            if (held == null || c.durationUpTo(sim.end_ns()) > held.durationUpTo(sim.end_ns())) held = c;
        if (held == null || held.enter_ns() >= ran) return null; // the simulation did not hold it early
        double h = (ran - go) / 1e6;
        if (h <= r || Math.abs(h - s) > Math.max(absolute, relative * h)) return null;
        return String.format(
                Locale.ROOT,
                "the recording held %s off before its program began: woken at \"go\" %.1f ms in, it first ran at"
                        + " %.1f ms (%.1f ms later), so its long hold fell before any syscall; the simulation"
                        + " held it inside one from %.1f ms (%.1f ms), within the tolerance of that hold",
                task,
                go / 1e6,
                ran / 1e6,
                h,
                held.enter_ns() / 1e6,
                s);
    }

    /**
     * A reason where the real task's longest syscall is longer than the simulated one because, inside
     * it, the task waited for its CPU while other tasks of the scenario ran on it at a stretch (from a
     * switch in to a switch out) longer than any of theirs in the simulation, which replays each step at
     * its measured mean or as written (under qemu one 100 us read of Q#0 ran 7.4 ms where its mean was
     * 1.4 ms). What each such stretch ran beyond the simulation's longest, counted only while the task
     * waited, is taken out: a reason only where what is left is within the row's tolerance
     * (max(absolute, relative x what is left)) of the simulation.
     */
    public static String behindLongerSteps(
            Run real, Run sim, String task, Set<String> own, double r, double s, double absolute, double relative) {
        if (r <= s || sim == null) return null;
        RunResult res = real.result();
        RunResult.TaskStat ts = res.tasks().get(task);
        int t = taskIndex(real, task, own);
        if (ts == null || t < 0) return null;
        RunResult.Syscall longest = null;
        for (RunResult.Syscall c : ts.syscalls())
            if (longest == null || c.durationUpTo(res.end_ns()) > longest.durationUpTo(res.end_ns())) longest = c;
        if (longest == null) return null;
        long from = longest.enter_ns(), to = from + longest.durationUpTo(res.end_ns());
        Map<String, long[]> excess = beyond(real, sim, t, own, from, to);
        long out = 0;
        List<String> parts = new ArrayList<>();
        for (var e : excess.entrySet()) {
            out += e.getValue()[2];
            parts.add(String.format(
                    Locale.ROOT,
                    "%s ran %.1f ms at a stretch (in the simulation at most %.1f)",
                    e.getKey().substring(0, e.getKey().lastIndexOf('@')),
                    e.getValue()[0] / 1e6,
                    e.getValue()[1] / 1e6));
        }
        if (out <= 0) return null;
        double left = r - out / 1e6;
        if (Math.abs(left - s) > Math.max(absolute, relative * Math.abs(left))) return null;
        return String.format(
                Locale.ROOT,
                "inside its longest syscall (a %s) %s waited for its CPU while %s: the simulation replays each step at"
                        + " its measured mean or as written; without the %.1f ms they ran beyond that, %.1f ms, within"
                        + " the tolerance of the simulation",
                longest.name(),
                task,
                String.join(", ", parts),
                out / 1e6,
                left);
    }

    /**
     * A reason where the real task's time switched out while runnable is longer than simulated by about
     * the time it was counted waiting for a CPU that ran no task in the trace: the wake-up of an idle CPU
     * (the interrupt, the exit from idle, a virtual CPU the host did not run: in the older 6.18 recording
     * of 27 CPU1 logged nothing for 8.2 ms after its idle task woke the writer) or a switch the trace
     * lost (the host's older recordings lack the idle task's switch-outs: the woken task's own next event
     * follows with no switch before it).
     * The simulation has no such wait: it switches to a task woken onto an idle CPU at once. Only waits
     * that follow a wake-up (the slice before asleep or blocked) from the task's program start ({@code
     * from}, ns) count; a reason only where the figure less that time is within its own tolerance
     * (max(absolute, relative x what is left)) of the simulation.
     */
    public static String onAnIdleCpu(
            Run real, String task, Set<String> own, long from, double r, double s, double absolute, double relative) {
        int t = taskIndex(real, task, own);
        if (r <= s || t < 0 || Math.abs(r - s) <= Math.max(absolute, relative * Math.abs(r))) return null;
        long idle = 0;
        int times = 0;
        Slices mine = real.index().taskSlices(t);
        for (int k = Math.max(1, mine.firstEndingAfter(from)); k < mine.size(); k++) {
            int before = mine.value(k - 1);
            if (mine.value(k) != TaskState.RUNNABLE.ordinal()
                    || (before != TaskState.SLEEPING.ordinal() && before != TaskState.BLOCKED.ordinal()))
                continue; // a wait after a wake-up: not a preemption's, nor one the import guessed for a throttle
            int cpu = nextCpu(mine, k);
            if (cpu < 0) continue;
            long a = Math.max(from, mine.start(k)), b = mine.end(k), busy = 0;
            Slices on = real.index().cpuSlices(cpu);
            for (int j = Math.max(0, on.firstEndingAfter(a)); j < on.size() && on.start(j) < b; j++)
                busy += Math.min(b, on.end(j)) - Math.max(a, on.start(j));
            if (b - a > busy) {
                idle += b - a - busy;
                times++;
            }
        }
        double left = r - idle / 1e6;
        if (idle <= 0 || Math.abs(left - s) > Math.max(absolute, relative * Math.abs(left))) return null;
        return String.format(
                Locale.ROOT,
                "%s was counted waiting %.1f ms (in %d waits) for a CPU that ran no task in the trace: the wake-up of"
                        + " an idle CPU (its interrupt, the exit from idle, a virtual CPU the host did not run) or a"
                        + " switch the trace lost (its own next event follows with none); the simulation switches to a"
                        + " task woken onto an idle CPU at once: without that time %.1f ms, within the tolerance of the"
                        + " simulation",
                task,
                idle / 1e6,
                times,
                left);
    }

    /**
     * The stretches other tasks of the scenario ran on the CPU task t waited for between from and to,
     * where longer than any of that task's in the simulation: "U@start" to {stretch, the simulation's
     * longest, what it ran beyond that while t waited} (ns).
     */
    static Map<String, long[]> beyond(Run real, Run sim, int t, Set<String> own, long from, long to) {
        RunResult res = real.result();
        Map<Integer, String> others = new HashMap<>(); // trace index -> scenario name
        for (String name : res.tasks().keySet()) {
            int u = taskIndex(real, name, own);
            if (u >= 0 && u != t && sim.result().tasks().containsKey(name)) others.put(u, name);
        }
        long[] simMost = longestStretches(sim);
        Map<String, long[]> excess = new LinkedHashMap<>(); // "U@start" -> {stretch, simulation's longest, beyond}
        Slices mine = real.index().taskSlices(t);
        for (int k = Math.max(0, mine.firstEndingAfter(from)); k < mine.size() && mine.start(k) < to; k++) {
            if (mine.value(k) != TaskState.RUNNABLE.ordinal()) continue;
            long a = Math.max(from, mine.start(k)), b = Math.min(to, mine.end(k));
            int cpu = nextCpu(mine, k);
            if (cpu < 0 || b <= a) continue;
            Slices on = real.index().cpuSlices(cpu);
            for (int j = Math.max(0, on.firstEndingAfter(a)); j < on.size() && on.start(j) < b; j++) {
                String u = others.get(on.value(j));
                int su = taskIndex(sim, u == null ? "" : u, Set.of());
                if (u == null || su < 0 || simMost[su] <= 0) continue;
                int first = j, last = j; // the whole stretch: the lane splits it where the mode changes
                while (first > 0 && on.value(first - 1) == on.value(j) && on.end(first - 1) == on.start(first)) first--;
                while (last + 1 < on.size() && on.value(last + 1) == on.value(j) && on.start(last + 1) == on.end(last))
                    last++;
                long stretch = on.end(last) - on.start(first);
                if (stretch <= simMost[su]) continue;
                long[] e = excess.computeIfAbsent(u + "@" + on.start(first), x -> new long[3]);
                e[0] = stretch;
                e[1] = simMost[su];
                e[2] = Math.min(stretch - simMost[su], e[2] + Math.min(b, on.end(j)) - Math.max(a, on.start(j)));
            }
        }
        return excess;
    }

    /** Each task's longest stretch on a CPU in a run (from a switch in to a switch out), ns. */
    static long[] longestStretches(Run run) {
        long[] most = new long[run.info().tasks().length];
        for (int c = 0; c < run.info().cpus(); c++) {
            Slices on = run.index().cpuSlices(c);
            for (int j = 0; j < on.size(); ) {
                int last = j;
                while (last + 1 < on.size() && on.value(last + 1) == on.value(j) && on.start(last + 1) == on.end(last))
                    last++;
                int v = on.value(j);
                if (v >= 0 && v < most.length) most[v] = Math.max(most[v], on.end(last) - on.start(j));
                j = last + 1;
            }
        }
        return most;
    }

    /** The CPU a runnable task ran on next (the one it waited for), -1 if it never ran again. */
    private static int nextCpu(Slices mine, int k) {
        for (int n = k + 1; n < mine.size(); n++)
            if (mine.value(n) == TaskState.RUNNING.ordinal()) return TraceIndex.runningCpu(mine.detail(n));
        return -1;
    }
}
