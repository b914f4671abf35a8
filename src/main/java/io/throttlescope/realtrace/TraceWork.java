package io.throttlescope.realtrace;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.throttlescope.sim.TaskState;
import io.throttlescope.sim.spec.Dur;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.sim.spec.Step;
import io.throttlescope.sim.spec.TaskSpec;
import io.throttlescope.trace.Slices;
import io.throttlescope.view.Run;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The work each step really did, read from the trace itself where the recording did not measure it
 * (docs/real-kernels.md, "The work each step really did"): recordings made before the workers
 * measured their steps, and traces a worker of ours made but whose header lost the measurements. A
 * worker makes each step as one syscall of its own kind (a fork for a read side, a write for the
 * write side, a read() of /dev/zero for kernel work, a nanosleep for a sleep) and its user work between
 * syscalls, so the task's time on a CPU inside each syscall of that kind after its program started is
 * that step's work, and its time asleep inside a nanosleep is the sleep. A kind of step that a task's
 * program has more than once is left as written (the trace cannot tell which step a syscall was), as
 * are sleeps inside other syscalls and user work where the task makes no syscall to count its
 * iterations by. The result has the form of the header's {@code recorded_work}, so that the
 * simulation beside the recording does this work as it does a measured one.
 */
final class TraceWork {
    private TraceWork() {}

    private enum Kind {
        FORK,
        WRITE,
        READ,
        SLEEP,
        USER
    }

    private static final Set<String> SLEEPS = Set.of("nanosleep", "clock_nanosleep");

    /**
     * A header whose {@code recorded_work} is read from the trace: the recording's own header where it
     * measured its steps or the trace is not a recording of a scenario's workers; else a copy with the
     * work the trace shows. {@code started} is the scenario with each task's start as the recording
     * shows it (RecordedStarts): what a task did before it is its worker's wait, no step.
     */
    static JsonObject header(Run real, JsonObject header, SimSpec started) {
        if (header == null
                || RecordedWork.has(header)
                || real.result() == null
                || CgroupMap.ownTasks(header).isEmpty()) return header; // not our workers: their steps are unknown
        List<JsonArray> each = new ArrayList<>();
        Map<String, Map<Integer, long[]>> pooled = new HashMap<>(); // a scenario task's copies' sums by plan index
        List<Set<Integer>> unfinished = new ArrayList<>(); // per task: its steps of a kind it never finished
        for (TaskSpec t : started.tasks()) {
            Set<Integer> none = new HashSet<>();
            JsonArray work = work(real, header, t, none);
            unfinished.add(none);
            each.add(work);
            for (var e : work) {
                JsonArray a = e.getAsJsonArray();
                long[] sum = pooled.computeIfAbsent(family(t.name()), k -> new HashMap<>())
                        .computeIfAbsent(a.get(0).getAsInt(), k -> new long[2]);
                sum[0] += a.get(1).getAsLong();
                sum[1] += a.get(2).getAsLong();
            }
        }
        if (pooled.isEmpty()) return header;
        JsonArray all = new JsonArray();
        for (int i = 0; i < each.size(); i++) { // a step a copy never finished did what its siblings' did
            JsonArray work = each.get(i);
            Set<Integer> has = new HashSet<>();
            for (var e : work) has.add(e.getAsJsonArray().get(0).getAsInt());
            var family = pooled.getOrDefault(family(started.tasks().get(i).name()), Map.of());
            for (var f : new TreeMap<>(family).entrySet()) {
                if (has.contains(f.getKey()) || !unfinished.get(i).contains(f.getKey()))
                    continue; // a kind the copy skipped (too many calls) stays as written
                JsonArray e = new JsonArray();
                e.add(f.getKey());
                e.add(1);
                e.add(f.getValue()[1] / f.getValue()[0]);
                work.add(e);
            }
            all.add(work);
        }
        JsonObject out = header.deepCopy();
        out.add("recorded_work", all);
        out.addProperty("recorded_work_from", "trace");
        return out;
    }

    private static final Set<String> EXITS = Set.of("exit", "exit_group");

    /**
     * The scenario with the kernel work each task did in its exit, where its program ends without an
     * exit step of its own: a program that ends makes the worker's thread exit, and the kernel's exit
     * work (tearing down the memory a fork copied) is CPU time in the task's group. In the 6.12
     * recording of 01, R's exit_group used 2.6 ms of /G's quota and was throttled inside it for 92 ms,
     * which a simulation that ended R at its last step did not show. The work is the task's time on a
     * CPU from its exit's entry to the end. By task name, for the tasks whose program ends and whose
     * recording shows it exit.
     */
    static Map<String, Long> exitCpu(SimSpec s, Run real, JsonObject header) {
        Map<String, Long> out = new HashMap<>();
        if (real.result() == null) return out;
        for (TaskSpec t : s.tasks()) {
            List<Step> p = t.program();
            Step last = p.isEmpty() ? null : p.get(p.size() - 1);
            var stat = real.result().tasks().get(t.name());
            int task = RecordedActions.taskOf(real.info(), t.name(), CgroupMap.ownTasks(header));
            if (last == null
                    || last instanceof Step.Exit
                    || (last instanceof Step.Loop l && l.times() < 0)
                    || stat == null
                    || task < 0
                    || task >= real.info().tasks().length
                    || stat.syscalls().isEmpty()) continue;
            var c = stat.syscalls().get(stat.syscalls().size() - 1);
            long cpu = EXITS.contains(c.name())
                    ? time(real.index().taskSlices(task), c.enter_ns(), Long.MAX_VALUE, true)
                    : 0;
            if (cpu > 0) out.put(t.name(), cpu);
        }
        return out;
    }

    /**
     * The mean CPU each task used inside the forks it finished (clone, clone3, fork or vfork entered and
     * left after its start) and how many it finished, by scenario task name, for a recording of our
     * workers; tasks that finished none are absent. What a fork step measured beyond this was its
     * worker's, in user mode ({@link RecordedWork#apply(SimSpec, JsonObject, Map, Map)}).
     */
    static Map<String, long[]> inForks(Run real, JsonObject header, SimSpec started) {
        Map<String, long[]> out = new HashMap<>();
        if (real.result() == null || CgroupMap.ownTasks(header).isEmpty()) return out;
        for (TaskSpec t : started.tasks()) {
            var stat = real.result().tasks().get(t.name());
            int task = RecordedActions.taskOf(real.info(), t.name(), CgroupMap.ownTasks(header));
            if (stat == null || task < 0 || task >= real.info().tasks().length) continue;
            long start = t.start() instanceof Dur.Fixed f ? f.ns() : t.start() instanceof Dur.Uniform u ? u.lo() : 0;
            Slices sl = real.index().taskSlices(task);
            long n = 0, ns = 0;
            for (var c : stat.syscalls()) {
                if (c.enter_ns() < start || c.exit_ns() == null || !RecordedWork.FORKS.contains(c.name())) continue;
                n++;
                ns += time(sl, c.enter_ns(), c.exit_ns(), true);
            }
            if (n > 0) out.put(t.name(), new long[] {ns / n, n});
        }
        return out;
    }

    /** The scenario with each task's exit work of {@link #exitCpu} (by task name, ns) at the end of its program. */
    static SimSpec withExits(SimSpec s, Map<String, Long> exits) {
        if (exits.isEmpty()) return s;
        List<TaskSpec> out = new ArrayList<>();
        for (TaskSpec t : s.tasks()) {
            Long cpu = exits.get(t.name());
            List<Step> p = t.program();
            if (cpu == null || p.isEmpty()) {
                out.add(t);
                continue;
            }
            List<Step> program = new ArrayList<>(p);
            program.add(new Step.Exit(Dur.ns(cpu), p.get(p.size() - 1).path()));
            out.add(t.withProgram(program));
        }
        return s.withTasks(out);
    }

    /** The scenario task a task is a copy of ({@code R#2} of {@code R}), or its own name. */
    private static String family(String name) {
        return name.replaceFirst("#\\d+$", "");
    }

    /** True if the header's work was read from the trace, not measured by the workers. */
    static boolean fromTrace(JsonObject header) {
        if (header == null || !header.has("recorded_work_from")) return false;
        var v = header.get("recorded_work_from"); // a stranger's header may hold anything there
        return v.isJsonPrimitive() && v.getAsJsonPrimitive().isString() && "trace".equals(v.getAsString());
    }

    /** One task's {@code [plan index, count, ns]} entries, empty if the trace does not say. */
    private static JsonArray work(Run real, JsonObject header, TaskSpec t, Set<Integer> unfinished) {
        JsonArray out = new JsonArray();
        var stat = real.result().tasks().get(t.name());
        int task = RecordedActions.taskOf(real.info(), t.name(), CgroupMap.ownTasks(header));
        if (stat == null || task < 0 || task >= real.info().tasks().length) return out;
        List<Step> plan = RecordedWork.planOrder(t.program());
        int[] at = new int[Kind.values().length]; // the plan index of each kind's only step, -1 none, -2 several
        Arrays.fill(at, -1);
        int[] loopOf = new int[plan.size()]; // the plan index of each step's innermost loop, -1 at the top
        Set<Step> inSyscalls = RecordedWork.sleepsInSyscalls(t.program());
        int[] loops = new int[plan.size() + 1];
        int depth = 0;
        for (int k = 0; k < plan.size(); k++) {
            Step s = plan.get(k);
            loopOf[k] = depth == 0 ? -1 : loops[depth - 1];
            if (s instanceof Step.Loop) loops[depth++] = k;
            else if (s == null) depth--;
            Kind kind = kindOf(s);
            if (kind == null) continue;
            if (kind == Kind.SLEEP && inSyscalls.contains(s)) {
                at[Kind.READ.ordinal()] = -2; // a timerfd's read() is a sleep, not kernel work
                at[Kind.SLEEP.ordinal()] = -2;
                continue;
            }
            at[kind.ordinal()] = at[kind.ordinal()] == -1 ? k : -2;
        }
        long start = t.start() instanceof Dur.Fixed f ? f.ns() : t.start() instanceof Dur.Uniform u ? u.lo() : 0;
        Slices sl = real.index().taskSlices(task);
        long[] count = new long[Kind.values().length], ns = new long[Kind.values().length];
        long inAny = 0; // CPU inside any syscall since the start, finished or not
        for (var c : stat.syscalls()) {
            if (c.enter_ns() < start) continue;
            long end = c.exit_ns() != null ? c.exit_ns() : Long.MAX_VALUE;
            long cpu = time(sl, c.enter_ns(), end, true);
            inAny += cpu;
            if (c.exit_ns() == null) continue; // under way at the end: its work is not known
            Kind kind = RecordedWork.FORKS.contains(c.name())
                    ? Kind.FORK
                    : c.name().equals("write") ? Kind.WRITE : c.name().equals("read") ? Kind.READ : null;
            if (kind != null) {
                count[kind.ordinal()]++;
                ns[kind.ordinal()] += cpu;
            } else if (SLEEPS.contains(c.name())) {
                count[Kind.SLEEP.ordinal()]++;
                ns[Kind.SLEEP.ordinal()] += time(sl, c.enter_ns(), end, false);
            }
        }
        // how often the trace says each loop ran: the fewest calls of a kind in it (a JVM makes reads of its own)
        Map<Integer, Long> runs = new HashMap<>();
        for (Kind k : Kind.values())
            if (k != Kind.USER && at[k.ordinal()] >= 0 && count[k.ordinal()] > 0)
                runs.merge(loopOf[at[k.ordinal()]], count[k.ordinal()], Math::min);
        runs.put(-1, 1L); // a step outside any loop runs once
        for (Kind k : Kind.values()) {
            int i = k.ordinal();
            if (at[i] < 0) continue;
            Long n = runs.get(loopOf[at[i]]);
            if (k == Kind.USER) count[i] = n == null ? 0 : n;
            else if (count[i] > 0 // one never finished stays: its siblings' may stand for it (below)
                    && (n == null || count[i] > n + 1 || (loopOf[at[i]] < 0 && count[i] != 1)))
                at[i] = -2; // more calls than the steps could make: some are the worker's own
        }
        ns[Kind.USER.ordinal()] = Math.max(0, time(sl, start, Long.MAX_VALUE, true) - inAny);
        for (Kind k : Kind.values()) {
            int i = k.ordinal();
            if (at[i] >= 0 && count[i] == 0) unfinished.add(at[i]);
            if (at[i] < 0 || count[i] == 0) continue;
            JsonArray e = new JsonArray();
            e.add(at[i]);
            e.add(count[i]);
            e.add(ns[i]);
            out.add(e);
        }
        return out;
    }

    private static Kind kindOf(Step s) {
        if (s instanceof Step.DownRead) return Kind.FORK;
        if (s instanceof Step.DownWrite) return Kind.WRITE;
        if (s instanceof Step.Kernel || (s instanceof Step.Exit x && x.d() != null)) return Kind.READ;
        if (s instanceof Step.Sleep) return Kind.SLEEP;
        if (s instanceof Step.User) return Kind.USER;
        return null;
    }

    /** The task's time on a CPU (or asleep: sleeping or blocked) within [from, to). */
    static long time(Slices sl, long from, long to, boolean running) {
        long sum = 0;
        for (int k = Math.max(0, sl.firstEndingAfter(from)); k < sl.size() && sl.start(k) < to; k++) {
            int v = sl.value(k);
            boolean counts = running
                    ? v == TaskState.RUNNING.ordinal()
                    : v == TaskState.SLEEPING.ordinal() || v == TaskState.BLOCKED.ordinal();
            if (counts) sum += Math.min(to, sl.end(k)) - Math.max(from, sl.start(k));
        }
        return sum;
    }
}
