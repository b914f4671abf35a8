package io.throttlescope.realtrace;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.RunResult;
import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.TaskState;
import io.throttlescope.sim.spec.CgroupSpec;
import io.throttlescope.sim.spec.KernelSpec;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.text.Escape;
import io.throttlescope.text.IndexedList;
import io.throttlescope.trace.RunInfo;
import io.throttlescope.trace.Trace;
import io.throttlescope.trace.TraceIndex;
import io.throttlescope.view.Run;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.DoubleConsumer;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real trace imported into the form the views and the commands use: a {@link Run} (times
 * relative to the first event) and the observed result object of {@code import --json} (the trace's
 * own clock, fields it cannot know left out).
 */
public final class RealTrace {
    /** At most this many tasks (distinct pids) of a trace are followed; later ones are left out, and the import says so. */
    public static final int MAX_TASKS = Importer.MAX_TASKS;

    /** The kernel functions a --probe may name, sorted. */
    public static SortedSet<String> probeFunctions() {
        return new TreeSet<>(Importer.DEFAULT_PROBES.keySet());
    }

    /** Options of an import: the cgroup map, which kprobe event is which function, the kernel's model. */
    public record Options(CgroupMap map, Map<String, String> probeNames, String model, boolean keepResult) {
        public Options(CgroupMap map, Map<String, String> probeNames, String model) {
            this(map, probeNames, model, true);
        }

        public static Options defaults() {
            return new Options(CgroupMap.empty(), Map.of(), null);
        }

        /** Without {@link RealTrace#result()}: the window and fidelity never ask for it, and it keeps every syscall. */
        public Options withoutResult() {
            return new Options(map, probeNames, model, false);
        }
    }

    public final Run run;
    private final Supplier<JsonObject> observed;
    private JsonObject result;
    private final JsonObject counts;
    public final List<String> skipped;
    public final JsonObject header;
    public final String format;
    public final long startNs;
    public final String model;
    /**
     * Where each limited group's refills fall, fitted from the refill pattern of a trace without
     * throttle probes (group path: ns after the run's start, modulo its period); empty with probes.
     */
    public Map<String, Long> refillPhases = Map.of();

    /**
     * By task (the result's names): how long it waited for a CPU after wake-ups by a task it forked, ns
     * ({@code ChildWakes}: a worker's fork is a thread started and joined); tasks without such waits are absent.
     */
    public Map<String, Long> childWakeWaits = Map.of();

    /**
     * By task: how long, within those waits, its CPU ran the threads it forked, ns ({@code ChildWakes}); the
     * simulation waits for that CPU time too, as the CPU's other work.
     */
    public Map<String, Long> childThreadRuns = Map.of();

    private RealTrace(
            Run run,
            Supplier<JsonObject> observed,
            JsonObject counts,
            List<String> skipped,
            JsonObject header,
            String format,
            long startNs,
            String model) {
        this.run = run;
        this.observed = observed;
        this.counts = counts;
        this.skipped = skipped;
        this.header = header;
        this.format = format;
        this.startNs = startNs;
        this.model = model;
    }

    /**
     * The result object of {@code import --json}, made when first asked for (for a trace of millions
     * of syscalls it is larger than the run itself, and the window never asks).
     */
    public synchronized JsonObject result() {
        if (observed == null)
            throw new IllegalStateException("imported without its result object (Options.withoutResult)");
        if (result == null) result = observed.get();
        return result;
    }

    /** Reads and imports a trace file; IOException with one clear message if it is not a trace at all. */
    public static RealTrace importFile(Path file, Options o) throws IOException {
        return importFile(file, o, null);
    }

    /**
     * As {@link #importFile(Path, Options)}, telling progress (if not null) the fraction done, 0 to 1:
     * nine tenths for reading the file twice, the rest for the index. An exception thrown by
     * progress (a cancelled import) stops the import.
     */
    public static RealTrace importFile(Path file, Options o, DoubleConsumer progress) throws IOException {
        TraceText text = TraceText.open(file, progress == null ? null : f -> progress.accept(0.9 * f));
        RealTrace rt = of(file.getFileName().toString(), text, o, progress == null ? null : () -> progress.accept(0.9));
        if (progress != null) progress.accept(1);
        return rt;
    }

    public static RealTrace of(String name, TraceText text, Options o) throws IOException {
        return of(name, text, o, null);
    }

    /** As {@link #of(String, TraceText, Options)}; beforeIndex (if not null) runs between the reading and the index (a cancelled import stops there). */
    static RealTrace of(String name, TraceText text, Options o, Runnable beforeIndex) throws IOException {
        if (text.events == 0) {
            throw new IOException(
                    name + " is not a trace: no line of it is a tracefs, trace-cmd report or perf script event line"
                            + (text.skipped.isEmpty() ? "" : " (" + text.skipped.get(0) + ")"));
        }
        CgroupMap map = o.map();
        if (map.isEmpty() && text.header != null && text.header.has("cgroup_map")) {
            map = CgroupMap.parse(text.header.get("cgroup_map").toString());
        }
        map = map.copy();
        text.inherit(map); // forked children in their parents' groups
        String model = o.model() != null ? o.model() : modelOf(text);
        Map<String, Importer.Probe> probes = new HashMap<>(Importer.DEFAULT_PROBES);
        for (var e : o.probeNames().entrySet()) {
            Importer.Probe p = Importer.DEFAULT_PROBES.get(e.getValue());
            if (p == null)
                throw new IOException("--probe " + e.getKey() + "=" + e.getValue() + ": expected one of "
                        + Importer.DEFAULT_PROBES.keySet());
            probes.put(e.getKey(), p);
        }
        Importer im = new Importer(text, map, probes, model);
        Inference inference = new Inference(text, map, probes, model.equals("task"));
        im.run(inference);
        Map<String, Long> phases = new HashMap<>(); // the refill grids, on the run's clock (0 is its first event)
        for (var e : inference.phases().entrySet())
            phases.put(
                    e.getKey(),
                    Math.floorMod(e.getValue() - im.startNs, map.limits.get(e.getKey())[1]));
        // a recording names each worker COMM-TID by its scenario task (a comm is cut at 15 characters, so two long
        // names
        // could share one): the header's task_names maps them back; without it (older recordings) the comm is the name
        Map<String, String> names = taskNames(text.header);
        for (ImportedTask t : im.tasks) {
            String key = TraceLine.key(t.comm, t.pid), full = names.get(key);
            im.taskNames.set(t.id, full == null ? key : TraceLine.key(full, t.pid));
        }
        im.inferredPeriods = throttledPeriods(im, map, phases);
        // only the import looks ahead: the switch table and the inference's look-ahead go before the index is built
        // (a 4 GB trace has 20 million switches, 37 bytes each with the inference's: the index did not fit beside them)
        text.switches.release();
        inference.release();
        if (beforeIndex != null) beforeIndex.run();
        RealTrace rt = build(name, text, im, model, o.keepResult());
        rt.refillPhases = Map.copyOf(phases);
        rt.childWakeWaits = ChildWakes.byTask(im, text.header);
        rt.childThreadRuns = ChildWakes.threadRunsByTask(im, text.header, rt.run);
        return rt;
    }

    /** COMM-TID to scenario task name, from a recording's header ("task_names"); empty without one. */
    static Map<String, String> taskNames(JsonObject header) {
        Map<String, String> out = new LinkedHashMap<>();
        if (header == null
                || !header.has("task_names")
                || !header.get("task_names").isJsonObject()) return out;
        for (var e : header.getAsJsonObject("task_names").entrySet()) {
            if (e.getValue().isJsonPrimitive()) out.put(e.getKey(), e.getValue().getAsString());
        }
        return out;
    }

    /**
     * The kernel's model: from the kernel release the record header or the file itself (a trace.dat's
     * uname) gives (6.18 and later: task-based), else task-based.
     */
    static String modelOf(TraceText text) {
        String release = release(text);
        return release == null ? "task" : modelOfRelease(release);
    }

    /** The traced kernel's release: the record header's, else the file's own, else null. */
    static String release(TraceText text) {
        if (text.header != null && text.header.has("kernel"))
            return text.header.get("kernel").getAsString();
        return text.kernel;
    }

    public static String modelOfRelease(String release) {
        Matcher m = Pattern.compile("^(\\d+)\\.(\\d+)").matcher(release);
        if (!m.find()) return "task";
        int major = Integer.parseInt(m.group(1)), minor = Integer.parseInt(m.group(2));
        return major > 6 || (major == 6 && minor >= 18) ? "task" : "legacy";
    }

    private static RealTrace build(String name, TraceText text, Importer im, String model, boolean keepResult) {
        int nt = im.tasks.size(), ng = im.groups.size();
        String[] tasks = im.taskNames.toArray(new String[0]);
        int[] tg = new int[nt];
        for (int i = 0; i < nt; i++) tg[i] = im.taskGroup.get(i);
        String[] groups = im.groups.toArray(new String[0]);
        int[] parent = new int[ng];
        long[] q = new long[ng], p = new long[ng], ph = new long[ng];
        Map<String, CgroupSpec> cgroups = new LinkedHashMap<>();
        for (int g = 0; g < ng; g++) {
            parent[g] = im.groupParent(g);
            q[g] = im.groupLimits.get(g)[0];
            p[g] = im.groupLimits.get(g)[1];
            if (g > 0)
                cgroups.put(groups[g], new CgroupSpec(groups[g], q[g] < 0 ? -1 : q[g] / 1000, p[g] / 1000, 0, 100, 0));
        }
        String scenario = "real trace " + name;
        String description =
                "Recorded on a real kernel (" + (release(text) != null ? release(text) : "release not recorded") + ", "
                        + (model.equals("task") ? "task-based" : "legacy") + " throttle), read from " + text.format
                        + (text.format.equals("trace.dat") || text.format.equals("perfetto") ? ": " : " text: ")
                        + im.trace.size() + " events, " + nt + " tasks. Throttles are "
                        + (im.hasThrottleProbe()
                                ? "the throttle_cfs_rq probe's hits."
                                : "inferred from the switch pattern (drawn as inferred).");
        List<String> lockTypes = im.locks.stream().map(x -> "contended").toList();
        RunInfo info = new RunInfo(
                scenario,
                model,
                im.endNs,
                im.cpus(),
                tasks,
                new boolean[nt],
                tg,
                groups,
                parent,
                q,
                p,
                ph,
                new IndexedList(im.locks),
                lockTypes,
                List.copyOf(im.strings.list()),
                0,
                0,
                0);
        SimSpec spec = new SimSpec(
                scenario,
                description,
                model,
                new KernelSpec(im.cpus(), 250, false, true, 5_000_000L, 0, 0, 0, 0, true, true, true, 0, 0),
                im.endNs,
                1,
                cgroups,
                Map.of(),
                Map.of(),
                List.of(),
                List.of(),
                List.of());
        RunResult rr = runResult(im, scenario, model, text.header);
        Run run = new Run(spec, Simulator.Model.of(model), info, new TraceIndex(im.trace, info), rr);
        return new RealTrace(
                run,
                keepResult ? () -> observed(im, name, text, model) : null,
                counts(im, text),
                text.skipped,
                text.header,
                text.format,
                im.startNs,
                model);
    }

    /** A task's name in the result (below): a recording's own task under its scenario name; null for a recording's others. */
    static String resultName(Importer im, ImportedTask t, Set<String> workload, Map<String, String> names) {
        String key = TraceLine.key(t.comm, t.pid);
        if (workload.isEmpty()) return im.taskNames.get(t.id);
        return workload.contains(key) ? names.getOrDefault(key, t.comm) : null;
    }

    /**
     * The result the views and the compare table use. For a recording, only the tasks it started,
     * under their scenario names (so they line up with the simulation's), and the cgroups' cpu.stat
     * as read at its end; otherwise every task as COMM-PID.
     */
    private static RunResult runResult(Importer im, String scenario, String model, JsonObject header) {
        Set<String> workload = CgroupMap.ownTasks(header);
        Map<String, RunResult.TaskStat> ts = new LinkedHashMap<>();
        Map<String, String> names = taskNames(header);
        for (ImportedTask t : im.tasks) {
            // cut every task's syscall columns to size in place (no copy beside them while the index is built)
            if (t.syscalls.length != 3 * t.nSyscalls) t.syscalls = Arrays.copyOf(t.syscalls, 3 * t.nSyscalls);
            String name = resultName(im, t, workload, names);
            if (name == null) continue;
            List<RunResult.Syscall> sc = new SyscallView(t.syscalls, im.startNs);
            long[] in = t.timeIn;
            ts.put(
                    name,
                    new RunResult.TaskStat(
                            t.cpuNs,
                            t.userNs,
                            t.kernelNs,
                            in[TaskState.RUNNABLE.ordinal()],
                            in[TaskState.THROTTLED.ordinal()],
                            in[TaskState.PARKED.ordinal()],
                            in[TaskState.SLEEPING.ordinal()],
                            in[TaskState.BLOCKED.ordinal()],
                            null,
                            sc,
                            List.of()));
        }
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("throttle", im.probeHits[Importer.Probe.THROTTLE_CFS_RQ.ordinal()]);
        counts.put("unthrottle", im.probeHits[Importer.Probe.UNTHROTTLE_CFS_RQ.ordinal()]);
        Map<String, RunResult.CgroupStat> cg = new LinkedHashMap<>();
        JsonObject start = header != null
                        && header.has("cpu_stat_start")
                        && header.get("cpu_stat_start").isJsonObject()
                ? header.getAsJsonObject("cpu_stat_start")
                : new JsonObject();
        if (header != null && header.has("cpu_stat")) {
            for (var e : header.getAsJsonObject("cpu_stat").entrySet()) {
                JsonObject x = since(
                        e.getValue().getAsJsonObject(),
                        start.has(e.getKey()) && start.get(e.getKey()).isJsonObject()
                                ? start.getAsJsonObject(e.getKey())
                                : new JsonObject());
                long usage = 0, user = 0, sys = 0;
                for (ImportedTask t : im.tasks) {
                    if (!workload.contains(TraceLine.key(t.comm, t.pid))
                            || !im.groups.get(im.taskGroup.get(t.id)).startsWith(e.getKey())) continue;
                    usage += t.cpuNs;
                    user += t.userNs;
                    sys += t.kernelNs;
                }
                cg.put(
                        e.getKey(),
                        new RunResult.CgroupStat(
                                get(x, "usage_usec", usage / 1000),
                                get(x, "user_usec", user / 1000),
                                get(x, "system_usec", sys / 1000),
                                get(x, "nr_periods", 0),
                                get(x, "nr_throttled", 0),
                                get(x, "throttled_usec", 0),
                                get(x, "nr_bursts", 0),
                                get(x, "burst_usec", 0),
                                get(x, "local_throttled_usec", 0)));
            }
        }
        return new RunResult(
                1,
                scenario,
                model,
                im.endNs,
                im.trace.size(),
                cg,
                ts,
                hungTasks(im, workload, names, header),
                counts,
                List.of());
    }

    /**
     * The counters as the recording counts them: cpu.stat at its end less cpu.stat at its start
     * (recordings made before the start was sampled have only the end; a fresh group starts near 0).
     */
    static JsonObject since(JsonObject end, JsonObject start) {
        JsonObject d = new JsonObject();
        for (var f : end.entrySet()) {
            long v = exactLong(f.getValue());
            d.addProperty(f.getKey(), start.has(f.getKey()) ? Math.max(0, v - exactLong(start.get(f.getKey()))) : v);
        }
        return d;
    }

    /**
     * The hung-task detector's reports in the trace (sched_process_hang) for the tasks the recording
     * started, under their scenario names; blocked for at least the timeout the header gives.
     */
    private static List<RunResult.HungTask> hungTasks(
            Importer im, Set<String> workload, Map<String, String> names, JsonObject header) {
        long timeoutS = hungTimeoutS(header);
        List<RunResult.HungTask> out = new ArrayList<>();
        for (int i = 0; i < im.trace.size(); i++) {
            if (im.trace.kind(i) != EventKind.HUNG_TASK || im.trace.task(i) < 0) continue;
            ImportedTask t = im.tasks.get(im.trace.task(i));
            String key = TraceLine.key(t.comm, t.pid);
            String name = workload.isEmpty()
                    ? im.taskNames.get(t.id)
                    : workload.contains(key) ? names.getOrDefault(key, t.comm) : null;
            if (name != null)
                out.add(new RunResult.HungTask(name, im.trace.time(i), timeoutS, timeoutS * 1_000_000_000L, false));
        }
        return out;
    }

    /** The hung-task timeout a recording's header gives (whole seconds), 0 if none. */
    private static long hungTimeoutS(JsonObject header) {
        try {
            if (header != null && header.has("hung_task"))
                return Math.max(0, exactLong(header.getAsJsonObject("hung_task").get("timeout_secs")));
        } catch (RuntimeException ignored) {
        }
        return 0;
    }

    private static long get(JsonObject o, String k, long dflt) {
        return o.has(k) ? exactLong(o.get(k)) : dflt;
    }

    /**
     * A header's whole number, exactly: Gson's getAsLong() wraps one past the range of a long
     * ({@code "cpus": 18446744073709551618} read as 2) and cuts a fraction; both are refused here.
     */
    static long exactLong(JsonElement e) {
        try {
            return e.getAsBigDecimal().longValueExact();
        } catch (ArithmeticException
                | NumberFormatException
                | UnsupportedOperationException
                | IllegalStateException x) {
            throw new IllegalArgumentException("not a whole number in range: " + Escape.shortText(e.toString()));
        }
    }

    /**
     * The periods in which a group was throttled, as cpu.stat's nr_throttled counts them (the period
     * timer adds one for each period that ends with a cfs_rq of the group throttled), from the inferred
     * throttles: an inferred throttle on a CPU lasts until a task of its group runs there again, and
     * every refill of the group's grid (its fitted phase, else the run's start) inside it counts that
     * period once, however many CPUs were throttled in it. Inferred throttles count episodes per CPU:
     * two CPUs throttled in one period are two throttles and one throttled period.
     */
    static long throttledPeriods(Importer im, CgroupMap map, Map<String, Long> phases) {
        Trace tr = im.trace;
        int cpus = Math.max(1, im.cpus());
        Map<Integer, long[]> since = new HashMap<>(); // group -> per-CPU start of the open inferred throttle (-1: none)
        Map<Integer, Set<Long>> periods = new HashMap<>();
        for (int i = 0; i < tr.size(); i++) {
            int g = tr.group(i), c = tr.cpu(i);
            if (g <= 0 || c < 0 || c >= cpus) continue;
            EventKind k = tr.kind(i);
            if (k == EventKind.THROTTLE && tr.argB(i) == 1) {
                long[] open = since.computeIfAbsent(g, x -> filled(cpus));
                if (open[c] < 0) open[c] = tr.time(i);
            } else if (k == EventKind.SWITCH && tr.task(i) >= 0 && since.containsKey(g) && since.get(g)[c] >= 0) {
                countPeriods(im, map, phases, g, since.get(g)[c], tr.time(i), periods);
                since.get(g)[c] = -1;
            }
        }
        for (var e : since.entrySet())
            for (long t0 : e.getValue()) if (t0 >= 0) countPeriods(im, map, phases, e.getKey(), t0, im.endNs, periods);
        long n = 0;
        for (Set<Long> p : periods.values()) n += p.size();
        return n;
    }

    private static long[] filled(int n) {
        long[] a = new long[n];
        Arrays.fill(a, -1);
        return a;
    }

    /** Adds the refills of group g's grid in (t0, t1] to its set of throttled periods. */
    private static void countPeriods(
            Importer im,
            CgroupMap map,
            Map<String, Long> phases,
            int g,
            long t0,
            long t1,
            Map<Integer, Set<Long>> periods) {
        String path = im.groups.get(g);
        long[] limits = map.limits.get(path);
        if (limits == null || limits[1] <= 0) return;
        long period = limits[1], phase = phases.getOrDefault(path, 0L);
        long first = Math.floorDiv(t0 - phase, period) + 1, last = Math.floorDiv(t1 - phase, period);
        Set<Long> set = periods.computeIfAbsent(g, x -> new HashSet<>());
        for (long k = first; k <= last && set.size() < 10_000_000; k++) set.add(k);
    }

    /** The counts of the result object: probe hits, inferred throttles, lost events, skipped lines. */
    public JsonObject counts() {
        return counts;
    }

    private static JsonObject counts(Importer im, TraceText text) {
        JsonObject counts = new JsonObject();
        counts.addProperty("throttle", im.probeHits[Importer.Probe.THROTTLE_CFS_RQ.ordinal()]);
        counts.addProperty("unthrottle", im.probeHits[Importer.Probe.UNTHROTTLE_CFS_RQ.ordinal()]);
        counts.addProperty("inferred_throttle", im.inferredThrottles);
        counts.addProperty("inferred_throttled_periods", im.inferredPeriods);
        long lost = 0;
        for (long[] l : text.lost)
            lost += Math.max(0, l[2]); // a loss whose count the file did not keep adds none (its notice is in the run)
        if (text.header != null && text.header.has("lost_events")) { // a recording counts its buffer's overruns itself
            try {
                lost += Math.max(0, exactLong(text.header.get("lost_events")));
            } catch (RuntimeException ignored) {
            }
        }
        counts.addProperty("lost_events", lost);
        counts.addProperty("skipped_lines", text.skipped.size());
        counts.addProperty("runs_ended_unseen", im.unseenEnds);
        return counts;
    }

    /** The result object of cli.md for what a trace can tell, with "observed": true. */
    private static JsonObject observed(Importer im, String name, TraceText text, String model) {
        JsonObject o = new JsonObject();
        o.addProperty("format", 1);
        o.addProperty("observed", true);
        o.addProperty("scenario", "real trace " + name);
        o.addProperty("model", model);
        o.addProperty("trace_format", text.format);
        o.addProperty("start_ns", im.startNs);
        o.addProperty("end_ns", im.startNs + im.endNs);
        o.addProperty("events", im.trace.size());
        JsonObject cg = new JsonObject();
        if (text.header != null && text.header.has("cpu_stat")) {
            for (var e : text.header.getAsJsonObject("cpu_stat").entrySet()) cg.add(e.getKey(), e.getValue());
        }
        o.add("cgroups", cg);
        JsonObject tasks = new JsonObject();
        for (ImportedTask t : im.tasks) {
            JsonObject x = new JsonObject();
            x.addProperty("cpu_ns", t.cpuNs);
            x.addProperty("user_ns", t.userNs);
            x.addProperty("kernel_ns", t.kernelNs);
            x.addProperty(
                    "runnable_ns",
                    t.timeIn[TaskState.RUNNABLE.ordinal()]
                            + t.timeIn[TaskState.THROTTLED.ordinal()]
                            + t.timeIn[TaskState.PARKED.ordinal()]);
            long held = t.timeIn[TaskState.THROTTLED.ordinal()] + t.timeIn[TaskState.PARKED.ordinal()];
            if (held > 0) x.addProperty(model.equals("task") ? "parked_ns" : "throttled_ns", held);
            x.addProperty("sleeping_ns", t.timeIn[TaskState.SLEEPING.ordinal()]);
            x.addProperty("blocked_ns", t.timeIn[TaskState.BLOCKED.ordinal()]);
            if (t.exited) x.addProperty("exited", true);
            JsonArray sc = new JsonArray();
            for (int i = 0; i < t.nSyscalls; i++) {
                long[] s = t.syscalls;
                JsonObject y = new JsonObject();
                y.addProperty("name", Syscalls.name((int) s[3 * i]));
                y.addProperty("enter_ns", s[3 * i + 1]);
                if (s[3 * i + 2] >= 0) y.addProperty("exit_ns", s[3 * i + 2]);
                else y.add("exit_ns", JsonNull.INSTANCE);
                sc.add(y);
            }
            x.add("syscalls", sc);
            tasks.add(im.taskNames.get(t.id), x);
        }
        o.add("tasks", tasks);
        long timeoutS = hungTimeoutS(text.header);
        JsonArray hung = new JsonArray(); // every report in the trace, as run --json lists them
        for (int i = 0; i < im.trace.size(); i++) {
            if (im.trace.kind(i) != EventKind.HUNG_TASK || im.trace.task(i) < 0) continue;
            JsonObject h = new JsonObject();
            h.addProperty("task", im.taskNames.get(im.tasks.get(im.trace.task(i)).id));
            h.addProperty("at_ns", im.startNs + im.trace.time(i));
            h.addProperty("blocked_for_s", timeoutS);
            h.addProperty("blocked_for_ns", timeoutS * 1_000_000_000L);
            h.addProperty("suppressed", false);
            hung.add(h);
        }
        o.add("hung_tasks", hung);
        JsonObject counts = counts(im, text);
        counts.addProperty("hung_task", hung.size());
        o.add("counts", counts);
        return o;
    }
}
