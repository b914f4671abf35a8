package io.throttlescope.view;

import io.throttlescope.sim.TaskState;
import io.throttlescope.text.Escape;
import io.throttlescope.trace.RunInfo;
import io.throttlescope.trace.Snapshot;
import io.throttlescope.trace.TraceIndex;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What every view of the window shows at one cursor, as data: the accessible form of the canvas
 * and what the tests assert. The window's panels are filled from the same row builders
 * ({@link CfsRqRows}, {@link LockRows}, {@link TaskRows}, {@link BudgetScale}, {@link Explainer},
 * {@link LogRows}); {@code describe} prints this object as text or JSON.
 */
public final class Describe {
    private Describe() {}

    /** Samples of a budget lane: one every 2 px of an 800 px plot, as the window draws it. */
    public static final int SAMPLES = 400;

    public record Cursor(int step, int steps, int event, long time_ns, String time) {}

    public record Range(long start_ns, long end_ns, String start, String end) {}

    public record Link(String function, String url) {}

    public record Why(String text, List<Link> kernel_source) {}

    public record CfsRq(
            String cfs_rq,
            boolean throttled,
            int throttle_count,
            Long runtime_remaining_ns,
            String runtime_remaining,
            String running,
            List<String> queued,
            List<String> limbo_list) {}

    public record Lock(
            String lock,
            String type,
            List<String> readers_inside,
            String block_or_owner,
            String writer_waiting_for_readers,
            List<String> wait_queue) {}

    public record Task(
            String task,
            String cgroup,
            String state,
            String mode,
            String waits_for,
            int locks_held,
            String cpu,
            String why_not_running) {}

    public record Axis(long min_ns, long max_ns, List<String> ticks) {}

    public record Budget(
            String cgroup,
            Long quota_ns,
            String quota,
            long period_ns,
            long pool_ns,
            String pool,
            Map<String, String> runtime_remaining,
            List<String> cpu_lines,
            boolean min_max_band,
            Axis axis,
            Map<String, List<long[]>> curves) {}

    public record LogRow(
            String step,
            String time,
            String kind,
            String cpu,
            String task,
            String cgroup,
            String details,
            boolean current) {}

    public record Mark(long time_ns, String time, String kind, String text) {}

    public record View(
            String scenario,
            String model,
            Cursor cursor,
            Range visible_range,
            Why what_just_happened,
            List<CfsRq> runqueues,
            List<Lock> locks,
            List<Task> tasks,
            List<Budget> budgets,
            LogRow selected_event,
            List<LogRow> log,
            List<Mark> ruler_marks,
            boolean question_waits) {}

    /** The views at event i (-1: before the first) with the timeline showing [start, end]. */
    public static View at(Run run, int i, double start, double end, int selectedCpu) {
        return at(run, i, start, end, selectedCpu, false);
    }

    /**
     * The same; {@code question} true while a lesson's question waits at the cursor: then nothing
     * after the cursor is shown (the budget lanes and their axes, the ruler's marks, the log), as
     * the window covers it.
     */
    public static View at(Run run, int i, double start, double end, int selectedCpu, boolean question) {
        TraceIndex idx = run.index();
        RunInfo info = run.info();
        Snapshot s = idx.at(i);
        long t = i < 0 ? 0 : run.trace().time(i);
        long horizon = question ? t : Long.MAX_VALUE;
        Explanation ex = Explainer.explain(run, s, i, horizon);
        List<Link> links =
                ex.functions().stream().map(f -> new Link(f, ex.link(f))).toList();
        List<CfsRq> rqs = CfsRqRows.of(run, s).stream()
                .map(r -> new CfsRq(
                        r.cfsRq(),
                        r.throttled(),
                        r.throttleCount(),
                        r.runtimeNs().get(),
                        r.runtime(),
                        r.running(),
                        r.queued(),
                        r.limbo()))
                .toList();
        List<Lock> locks = LockRows.of(run, s).stream()
                .map(r -> new Lock(
                        r.lock(),
                        r.mutex() ? "mutex" : "percpu_rwsem",
                        r.inside(),
                        r.block(),
                        r.waitingForReaders(),
                        r.queue()))
                .toList();
        Map<String, Integer> ids = new HashMap<>();
        for (int k = info.tasks().length - 1; k >= 0; k--)
            ids.put(info.tasks()[k], k); // the first of a name, as indexOf
        List<Task> tasks = TaskRows.of(run, s).stream()
                .map(r -> {
                    int id = ids.getOrDefault(r.task(), -1);
                    String why = id < 0 || s.state(id) == TaskState.RUNNING
                            ? ""
                            : WaitChain.text(WaitChain.of(run, s, id, !question));
                    return new Task(
                            r.task(), r.cgroup(), r.state(), r.mode(), r.waitsFor(), r.locksHeld(), r.cpu(), why);
                })
                .toList();
        List<Budget> budgets = new ArrayList<>();
        for (int g = 0; g < info.groups().length; g++) {
            if (info.quotaNs()[g] < 0
                    && (idx.quotas(g).size() == 1 || idx.quotas(g).time(1) > horizon)) continue; // limited by then
            BudgetScale sc = BudgetScale.of(run, g, start, end, SAMPLES, selectedCpu, horizon);
            BudgetValues bv = BudgetValues.at(run, g, i, horizon); // every value as of this step
            long q = bv.quotaNs(), pv = bv.poolNs();
            Map<String, String> rt = new LinkedHashMap<>();
            bv.runtimeNs().forEach((c, v) -> rt.put("CPU" + c, Durations.human(v)));
            List<String> lines = new ArrayList<>();
            for (int c : sc.cpus) lines.add("CPU" + c);
            Map<String, List<long[]>> curves = new LinkedHashMap<>(); // the points the lane draws, one a sample
            for (int k = 0; k < sc.cpus.length; k++) {
                List<long[]> pts = new ArrayList<>();
                for (int j = 0; j < sc.curves[k].length; j++) {
                    double at = sc.t0 + j * sc.dt;
                    if (at < 0 || at > info.endNs() || Double.isNaN(sc.curves[k][j])) continue;
                    pts.add(new long[] {Math.round(at), Math.round(sc.curves[k][j])});
                }
                curves.put("CPU" + sc.cpus[k], pts);
            }
            budgets.add(new Budget(
                    info.groups()[g],
                    q < 0 ? null : q,
                    q < 0 ? "max" : Durations.human(q),
                    bv.periodNs(),
                    pv,
                    pv < 0 ? "unlimited" : Durations.human(pv),
                    rt,
                    lines,
                    sc.bandLow != null,
                    new Axis(
                            sc.min,
                            sc.max,
                            Arrays.stream(sc.ticks).mapToObj(Durations::human).toList()),
                    curves));
        }
        LogRow selected = i < 0 ? null : log(LogRows.of(run, i, horizon), true);
        List<LogRow> log = LogRows.around(run, i, 3, question ? 0 : 3, horizon).stream()
                .map(r -> log(r, r.event() == i))
                .toList();
        List<Mark> marks = new ArrayList<>();
        int[] onRuler = RulerMarks.of(run, start, end, horizon);
        List<Long> markTimes =
                Arrays.stream(onRuler).mapToObj(e -> run.trace().time(e)).toList();
        for (int k = 0; k < onRuler.length; k++) {
            int e = onRuler[k];
            marks.add(new Mark(
                    markTimes.get(k),
                    NoteTimes.label(markTimes, k),
                    run.trace().kind(e).jsonName,
                    info.str(run.trace().text(e))));
        }
        return new View(
                info.scenario(),
                run.model().id,
                new Cursor(idx.stepOf(i), idx.steps(), i, t, Durations.atEvent(run, i, horizon)),
                new Range((long) start, (long) end, Durations.human((long) start), Durations.human((long) end)),
                new Why(ex.text(), links),
                rqs,
                locks,
                tasks,
                budgets,
                selected,
                log,
                marks,
                question);
    }

    private static LogRow log(LogRows.Row r, boolean current) {
        return new LogRow(r.step(), r.time(), r.kind(), r.cpu(), r.task(), r.cgroup(), r.details(), current);
    }

    /** The view as text, one section per panel. */
    public static String text(View v) {
        StringBuilder sb = new StringBuilder();
        sb.append(e(v.scenario()))
                .append("  (")
                .append(v.model().equals("legacy") ? "legacy model" : "task-based model")
                .append(")\n");
        sb.append(String.format(
                Locale.ROOT,
                "step %d of %d at %s; visible range %s to %s%n",
                v.cursor().step(),
                v.cursor().steps(),
                v.cursor().time(),
                v.visible_range().start(),
                v.visible_range().end()));
        sb.append("\nWhat just happened\n  ")
                .append(e(v.what_just_happened().text()))
                .append('\n');
        for (Link l : v.what_just_happened().kernel_source())
            sb.append("  ").append(l.function()).append(": ").append(l.url()).append('\n');
        if (!v.runqueues().isEmpty()) {
            sb.append("\nRunqueues and limbo lists\n");
            table(
                    sb,
                    List.of("cfs_rq", "throttled", "count", "runtime", "running", "queued", "limbo list"),
                    v.runqueues().stream()
                            .map(r -> List.of(
                                    r.cfs_rq(),
                                    r.throttled() ? "yes" : "no",
                                    String.valueOf(r.throttle_count()),
                                    r.runtime_remaining(),
                                    r.running(),
                                    String.join(", ", r.queued()),
                                    String.join(" -> ", r.limbo_list())))
                            .toList());
        }
        if (!v.locks().isEmpty()) {
            sb.append("\nLocks\n");
            table(
                    sb,
                    List.of("lock", "readers inside", "block / owner", "writer waiting for readers", "wait queue"),
                    v.locks().stream()
                            .map(r -> List.of(
                                    r.lock() + (r.type().equals("mutex") ? " (mutex)" : ""),
                                    String.join(", ", r.readers_inside()),
                                    r.block_or_owner(),
                                    r.writer_waiting_for_readers(),
                                    String.join(" -> ", r.wait_queue())))
                            .toList());
        }
        sb.append("\nTasks\n");
        table(
                sb,
                List.of("task", "cgroup", "state", "mode", "cpu", "waits for", "locks"),
                v.tasks().stream()
                        .map(r -> List.of(
                                r.task(),
                                r.cgroup(),
                                r.state(),
                                r.mode(),
                                r.cpu(),
                                r.waits_for(),
                                r.locks_held() == 0 ? "" : String.valueOf(r.locks_held())))
                        .toList());
        boolean anyWhy = v.tasks().stream().anyMatch(r -> !r.why_not_running().isEmpty());
        if (anyWhy) {
            sb.append("\nWhy isn't it running?\n");
            for (Task r : v.tasks())
                if (!r.why_not_running().isEmpty())
                    sb.append("  ").append(e(r.why_not_running())).append('\n');
        }
        for (Budget b : v.budgets()) {
            sb.append("\nBudget of ")
                    .append(e(b.cgroup()))
                    .append(": quota ")
                    .append(b.quota())
                    .append(" per ")
                    .append(Durations.human(b.period_ns()))
                    .append(", pool ")
                    .append(b.pool())
                    .append('\n');
            for (Map.Entry<String, String> e : b.runtime_remaining().entrySet())
                sb.append("  ")
                        .append(e(e.getKey()))
                        .append(" runtime_remaining ")
                        .append(e.getValue())
                        .append('\n');
            sb.append("  axis ")
                    .append(Durations.human(b.axis().min_ns()))
                    .append(" to ")
                    .append(Durations.human(b.axis().max_ns()))
                    .append(", ticks ")
                    .append(String.join(" ", b.axis().ticks()))
                    .append("; lines: ")
                    .append(String.join(", ", b.cpu_lines()))
                    .append(b.min_max_band() ? " and the min-max band of all CPUs" : "")
                    .append('\n');
        }
        if (!v.ruler_marks().isEmpty()) {
            sb.append("\nOn the ruler\n");
            for (Mark m : v.ruler_marks())
                sb.append("  ")
                        .append(m.time())
                        .append(' ')
                        .append(m.kind())
                        .append(m.text().isEmpty() ? "" : ": " + e(m.text()))
                        .append('\n');
        }
        if (v.question_waits()) sb.append("\n(a lesson's question waits: nothing after the cursor is shown)\n");
        sb.append("\nEvent log\n");
        table(
                sb,
                List.of("", "step", "time", "kind", "cpu", "task", "cgroup", "details"),
                v.log().stream()
                        .map(r -> List.of(
                                r.current() ? ">" : "",
                                r.step(),
                                r.time(),
                                r.kind(),
                                r.cpu(),
                                r.task(),
                                r.cgroup(),
                                r.details()))
                        .toList());
        return sb.toString();
    }

    /** A name or text from a file or a trace, with its control characters escaped: it cannot drive the terminal. */
    private static String e(String s) {
        return Escape.controls(s);
    }

    private static void table(StringBuilder sb, List<String> head, List<List<String>> rows0) {
        List<List<String>> rows =
                rows0.stream().map(r -> r.stream().map(Describe::e).toList()).toList();
        int[] w = new int[head.size()];
        for (int k = 0; k < w.length; k++) w[k] = head.get(k).length();
        for (List<String> r : rows)
            for (int k = 0; k < w.length; k++) w[k] = Math.max(w[k], r.get(k).length());
        List<List<String>> all = new ArrayList<>();
        all.add(head);
        all.addAll(rows);
        for (List<String> r : all) {
            StringBuilder line = new StringBuilder("  ");
            for (int k = 0; k < w.length; k++) {
                line.append(r.get(k)); // cells were escaped by the caller's rows
                if (k < w.length - 1) line.append(" ".repeat(w[k] - r.get(k).length() + 2));
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
    }
}
