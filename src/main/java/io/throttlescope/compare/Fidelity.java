package io.throttlescope.compare;

import io.throttlescope.realtrace.CgroupMap;
import io.throttlescope.realtrace.RealPair;
import io.throttlescope.realtrace.RecordedStarts;
import io.throttlescope.sim.RunResult;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.view.Run;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * How close the simulation comes to a real recording of the same scenario under the same model:
 * for each figure, the real and the simulated value, the tolerance it must meet and why.
 */
public final class Fidelity {
    /** One figure: |real - simulated| must be at most max(absolute, relative x real). */
    public record Row(
            String trace,
            String figure,
            double real,
            double simulated,
            double absolute,
            double relative,
            String why,
            String known,
            double asWritten) {
        public Row(
                String trace,
                String figure,
                double real,
                double simulated,
                double absolute,
                double relative,
                String why) {
            this(trace, figure, real, simulated, absolute, relative, why, null, Double.NaN);
        }

        public Row(
                String trace,
                String figure,
                double real,
                double simulated,
                double absolute,
                double relative,
                String why,
                String known) {
            this(trace, figure, real, simulated, absolute, relative, why, known, Double.NaN);
        }

        public double allowed() {
            return Math.max(absolute, relative * Math.abs(real));
        }

        public boolean within() {
            return Math.abs(real - simulated) <= allowed();
        }

        public boolean ok() {
            return within() || known() != null;
        }

        public String verdict() {
            return String.format(
                    Locale.ROOT,
                    "%s: %s real %s, simulated %s%s (allowed +-%s): %s",
                    trace,
                    figure,
                    num(real),
                    num(simulated),
                    Double.isNaN(asWritten) ? "" : " (as written " + num(asWritten) + ")",
                    num(allowed()),
                    within() ? "holds" : known() != null ? "differs, known: " + known() : "differs");
        }
    }

    private Fidelity() {}

    static final String NOISE = "real machines run other work and the workers' busy loops are calibrated, not exact";
    static final String TCG = "under qemu TCG the guest's clock and CPU speed wobble";
    static final String PERIOD = "the recording stops mid-period: the last period may or may not be counted";

    /**
     * The rows of a recording beside its simulation, as {@code fidelity} prints them and the window's
     * compare table shows them: the tolerances doubled for a guest under qemu, the known differences
     * computed from the data, the hung-task row where the recorded kernel could report.
     */
    public static List<Row> of(String name, RealPair p) {
        Run real = judgedRun(p);
        return of(
                name,
                real.result(),
                p.simulated().result(),
                emulated(p),
                KnownDifferences.of(real, p, emulated(p)),
                hungTaskWatched(p));
    }

    /**
     * A recording's figures as the rows judge them beside the simulation of spec: without the syscalls
     * a task made before its program started; where its header is not at hand (the window's compare
     * table uses {@link #judgedReal(RealPair)} for the recording it opened, which also leaves out the
     * time before).
     */
    public static RunResult judgedReal(Run real, SimSpec spec) {
        return RecordedStarts.fromProgramStarts(real, spec).result();
    }

    /**
     * A recording's figures as its rows judge them (the window's compare table shows these): each of its
     * own tasks from its program's start, the syscalls it entered before, its CPU time and its time
     * switched out while runnable before left out (docs/real-kernels.md, "Start skew").
     */
    public static RunResult judgedReal(RealPair p) {
        return judgedRun(p).result();
    }

    private static Run judgedRun(RealPair p) {
        return RecordedStarts.fromProgramStarts(
                p.real().run, p.simulated().spec(), CgroupMap.ownTasks(p.real().header));
    }

    /**
     * The same rows with the scenario as written beside them, where the recording measured its steps:
     * one more simulation, which only {@code fidelity} prints (the window shows the verdicts alone).
     */
    public static List<Row> withAsWritten(String name, RealPair p, List<Row> rows) {
        if (p.asWritten() == null) return rows;
        var written = Run.simulate(p.asWritten(), p.simulated().model()).result();
        return withAsWritten(
                rows, of(name, judgedReal(p), written, emulated(p), KnownDifferences.none(), hungTaskWatched(p)));
    }

    /** A recording made in a guest under qemu's TCG (its tolerances are doubled). */
    private static boolean emulated(RealPair p) {
        return p.real().header != null
                && p.real().header.has("recorded_by")
                && p.real().header.get("recorded_by").getAsString().contains("qemu");
    }

    /** Whether the recorded kernel's hung-task detector could report within the recording. */
    private static boolean hungTaskWatched(RealPair p) {
        var kernel = p.simulated().spec().kernel();
        return kernel.hungTaskTimeoutNs() > 0
                && kernel.hungTaskTimeoutNs() < p.simulated().info().endNs();
    }

    /** A trace file's name as the rows give it: without .txt or .txt.gz. */
    public static String traceName(Path file) {
        return file.getFileName().toString().replaceAll("\\.txt(\\.gz)?$", "");
    }

    /** The rows for one recording; {@code emulated} widens the tolerances for a guest under TCG. */
    public static List<Row> of(String trace, RunResult real, RunResult sim, boolean emulated) {
        return of(trace, real, sim, emulated, KnownDifferences.none());
    }

    /**
     * The same, with the reasons a figure may differ computed from the recording and its scenario
     * (never from the trace's name): a row beyond its tolerance is "known" only where a rule's
     * condition holds in the data.
     */
    public static List<Row> of(
            String trace, RunResult real, RunResult sim, boolean emulated, KnownDifferences.Rules rules) {
        return of(trace, real, sim, emulated, rules, false);
    }

    /**
     * The same; {@code hungTaskWatched} where the recorded kernel's hung-task detector could report
     * within the recording (its timeout is shorter than the run), which adds the row of the tasks
     * it reported (sched_process_hang) beside those the simulation reports.
     */
    public static List<Row> of(
            String trace,
            RunResult real,
            RunResult sim,
            boolean emulated,
            KnownDifferences.Rules rules,
            boolean hungTaskWatched) {
        List<Row> out = new ArrayList<>();
        for (Row r : rowsOf(trace, real, sim, emulated, hungTaskWatched)) {
            out.add(
                    r.within()
                            ? r
                            : new Row(
                                    r.trace(),
                                    r.figure(),
                                    r.real(),
                                    r.simulated(),
                                    r.absolute(),
                                    r.relative(),
                                    r.why(),
                                    rules.reason(r.figure(), r.real(), r.simulated(), r.absolute(), r.relative()),
                                    Double.NaN));
        }
        return out;
    }

    static final String HUNG =
            "khungtaskd scans at its own instants (since boot, not since the recording's start), so a task blocked"
                    + " about as long as the timeout may be reported on one side only";

    private static List<Row> rowsOf(
            String trace, RunResult real, RunResult sim, boolean emulated, boolean hungTaskWatched) {
        List<Row> rows = new ArrayList<>();
        double k = emulated ? 2 : 1;
        String why = emulated ? NOISE + "; " + TCG : NOISE;
        for (Map.Entry<String, RunResult.TaskStat> e : real.tasks().entrySet()) {
            RunResult.TaskStat r = e.getValue(), s = sim.tasks().get(e.getKey());
            if (s == null) continue;
            String t = e.getKey();
            rows.add(new Row(
                    trace,
                    "task " + t + " longest syscall (ms)",
                    longest(r, real.end_ns()),
                    longest(s, sim.end_ns()),
                    5 * k,
                    0.2 * k,
                    why));
            rows.add(new Row(
                    trace,
                    "task " + t + " switched out while runnable (ms)",
                    (r.runnable_ns() + r.throttled_ns() + r.parked_ns()) / 1e6,
                    (s.runnable_ns() + s.throttled_ns() + s.parked_ns()) / 1e6,
                    15 * k,
                    0.15 * k,
                    why + "; a throttle ends at a refill, so it follows the period phase"));
            rows.add(new Row(
                    trace, "task " + t + " CPU time (ms)", r.cpu_ns() / 1e6, s.cpu_ns() / 1e6, 5 * k, 0.15 * k, why));
        }
        for (Map.Entry<String, RunResult.CgroupStat> e : real.cgroups().entrySet()) {
            RunResult.CgroupStat r = e.getValue(), s = sim.cgroups().get(e.getKey());
            if (s == null) continue;
            rows.add(new Row(trace, e.getKey() + " nr_throttled", r.nr_throttled(), s.nr_throttled(), 1, 0, PERIOD));
            rows.add(new Row(
                    trace,
                    e.getKey() + " throttled_usec (ms)",
                    r.throttled_usec() / 1e3,
                    s.throttled_usec() / 1e3,
                    20 * k,
                    0.15 * k,
                    why + "; a throttle still going on at the end is not counted"));
        }
        if (hungTaskWatched) {
            Set<String> realHung = new LinkedHashSet<>(), simHung = new LinkedHashSet<>();
            for (RunResult.HungTask h : real.hung_tasks()) realHung.add(h.task());
            for (RunResult.HungTask h : sim.hung_tasks()) if (real.tasks().containsKey(h.task())) simHung.add(h.task());
            rows.add(new Row(
                    trace,
                    "tasks reported hung (sched_process_hang)",
                    realHung.size(),
                    simHung.size(),
                    1 * k,
                    0,
                    HUNG));
        }
        return rows;
    }

    static double longest(RunResult.TaskStat t, long end) {
        long m = 0;
        for (RunResult.Syscall s : t.syscalls())
            m = Math.max(m, s.durationUpTo(end)); // exit and exit_group never return
        return m / 1e6;
    }

    /**
     * The rows with the value the scenario as written gives beside each (the recording measured its
     * steps, and the verdicts are on the simulation that does their measured work).
     */
    public static List<Row> withAsWritten(List<Row> rows, List<Row> asWritten) {
        Map<String, Double> by = new HashMap<>();
        for (Row r : asWritten) by.put(r.figure(), r.simulated());
        List<Row> out = new ArrayList<>();
        for (Row r : rows)
            out.add(new Row(
                    r.trace(),
                    r.figure(),
                    r.real(),
                    r.simulated(),
                    r.absolute(),
                    r.relative(),
                    r.why(),
                    r.known(),
                    by.getOrDefault(r.figure(), Double.NaN)));
        return out;
    }

    /** The reasons of the known differences among the rows, one markdown bullet each. */
    public static String knownNotes(List<Row> rows) {
        StringBuilder b = new StringBuilder();
        Set<String> seen = new LinkedHashSet<>();
        for (Row r : rows)
            if (!r.within() && r.known() != null && seen.add(r.known()))
                b.append("- ").append(r.known()).append('\n');
        return b.toString();
    }

    /** The table of docs/real-kernels.md (markdown). */
    public static String markdown(List<Row> rows) {
        StringBuilder b = new StringBuilder(
                "| trace | figure | real | simulated | as written | allowed | |\n|---|---|---:|---:|---:|---:|---|\n");
        for (Row r : rows) {
            b.append("| ")
                    .append(r.trace())
                    .append(" | ")
                    .append(r.figure())
                    .append(" | ")
                    .append(num(r.real()))
                    .append(" | ")
                    .append(num(r.simulated()))
                    .append(" | ")
                    .append(Double.isNaN(r.asWritten()) ? "" : num(r.asWritten()))
                    .append(" | \u00b1")
                    .append(num(r.allowed()))
                    .append(" | ")
                    .append(r.within() ? "holds" : r.known() != null ? "differs (known, below)" : "**differs**")
                    .append(" |\n");
        }
        return b.toString();
    }

    /** A figure as the rows print it: whole, or to a tenth. */
    public static String num(double v) {
        return Math.abs(v - Math.rint(v)) < 1e-9
                ? String.format(Locale.ROOT, "%.0f", v)
                : String.format(Locale.ROOT, "%.1f", v);
    }
}
