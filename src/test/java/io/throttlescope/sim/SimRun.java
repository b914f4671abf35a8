package io.throttlescope.sim;

import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.trace.Trace;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Test helper: runs a scenario under a model with invariant checks and keeps the trace. */
public final class SimRun {
    public final Simulator sim;
    public final Trace trace;
    public final RunResult result;

    private SimRun(SimSpec spec, Simulator.Model model) {
        trace = new Trace();
        sim = new Simulator(spec, model, trace);
        sim.enableChecks();
        sim.run();
        result = sim.result();
    }

    public static SimRun resource(String path, Simulator.Model model) {
        return new SimRun(load(path), model);
    }

    public static SimRun of(SimSpec spec, Simulator.Model model) {
        return new SimRun(spec, model);
    }

    /** A scenario given as JSON text. */
    public static SimRun json(String json, Simulator.Model model) {
        ScenarioLoader.Loaded l = ScenarioLoader.loadString(json);
        if (!l.ok()) throw new IllegalArgumentException(l.problems().toString());
        return new SimRun(l.spec(), model);
    }

    /** The text of a test resource. */
    public static String text(String path) {
        try (InputStream in = SimRun.class.getResourceAsStream(path)) {
            if (in == null) throw new IllegalArgumentException("no resource " + path);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Every event of the kinds given, as "time kind cpu task", in order. */
    public List<String> events(EventKind... kinds) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < trace.size(); i++) {
            for (EventKind k : kinds)
                if (trace.kind(i) == k) {
                    int t = trace.task(i);
                    out.add(trace.time(i) + " " + k.jsonName + " cpu" + trace.cpu(i) + " "
                            + (t < 0 ? "-" : sim.taskName(t)));
                }
        }
        return out;
    }

    /** A file of the shipped library, {@code scenarios/NAME}. */
    public static SimRun library(String name, Simulator.Model model) {
        ScenarioLoader.Loaded l = ScenarioLoader.load(java.nio.file.Path.of("scenarios", name));
        if (!l.ok()) throw new IllegalArgumentException(name + ": " + l.problems());
        return new SimRun(l.spec(), model);
    }

    /** Sum over tasks whose name starts with the prefix. */
    public long sum(String prefix, java.util.function.ToLongFunction<RunResult.TaskStat> f) {
        long s = 0;
        for (var e : result.tasks().entrySet()) if (e.getKey().startsWith(prefix)) s += f.applyAsLong(e.getValue());
        return s;
    }

    /** The longest lock wait of the tasks whose name starts with the prefix (open waits end at the run's end). */
    public long longestLockWait(String prefix) {
        long m = 0;
        for (var e : result.tasks().entrySet()) {
            if (!e.getKey().startsWith(prefix)) continue;
            for (RunResult.LockWait w : e.getValue().lock_waits()) {
                long end = w.acquired_ns() == null ? result.end_ns() : w.acquired_ns();
                m = Math.max(m, end - w.start_ns());
            }
        }
        return m;
    }

    public static SimSpec load(String path) {
        try (InputStream in = SimRun.class.getResourceAsStream(path)) {
            if (in == null) throw new IllegalArgumentException("no resource " + path);
            ScenarioLoader.Loaded l = ScenarioLoader.loadString(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            if (!l.ok()) throw new IllegalArgumentException(path + ": " + l.problems());
            return l.spec();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public int taskId(String name) {
        for (int i = 0; i < sim.taskCount(); i++) if (sim.taskName(i).equals(name)) return i;
        throw new IllegalArgumentException(name);
    }

    /** Times of the events of a kind, optionally of one task (null = any). */
    public List<Long> times(EventKind k, String task) {
        List<Long> out = new ArrayList<>();
        int id = task == null ? -2 : taskId(task);
        for (int i = 0; i < trace.size(); i++) {
            if (trace.kind(i) == k && (id == -2 || trace.task(i) == id)) out.add(trace.time(i));
        }
        return out;
    }

    public long first(EventKind k, String task) {
        List<Long> t = times(k, task);
        if (t.isEmpty()) throw new AssertionError("no " + k + " event" + (task == null ? "" : " for " + task));
        return t.get(0);
    }

    /** The first event of a kind (for a task, or any if null) at or after a time. */
    public long first(EventKind k, String task, long from) {
        for (long t : times(k, task)) if (t >= from) return t;
        throw new AssertionError("no " + k + " event" + (task == null ? "" : " for " + task) + " at or after " + from);
    }

    /** The event kinds of one task in order, leaving out the given kinds. */
    public List<String> story(String task, EventKind... skip) {
        List<String> out = new ArrayList<>();
        int id = taskId(task);
        outer:
        for (int i = 0; i < trace.size(); i++) {
            if (trace.task(i) != id) continue;
            for (EventKind s : skip) if (trace.kind(i) == s) continue outer;
            out.add(trace.kind(i).jsonName + "@" + trace.time(i));
        }
        return out;
    }

    public RunResult.CgroupStat cg(String path) {
        return result.cgroups().get(path);
    }

    public RunResult.TaskStat task(String name) {
        return result.tasks().get(name);
    }
}
