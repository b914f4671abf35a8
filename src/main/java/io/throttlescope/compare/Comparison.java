package io.throttlescope.compare;

import io.throttlescope.sim.RunResult;
import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.spec.SimSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.regex.Pattern;

/**
 * Both models on one scenario, N runs each with seeds 1..N (one run: the scenario's own seed),
 * and the table of the kernel thread's benchmark reports: legacy, task-based, change in percent.
 */
public final class Comparison {
    /** Mean and relative standard deviation (sample standard deviation over the mean, in percent). */
    public record Stat(double mean, double rsd_pct) {
        static Stat of(List<Double> xs) {
            double mean = xs.stream().mapToDouble(Double::doubleValue).average().orElse(0);
            if (xs.size() < 2 || mean == 0) return new Stat(mean, 0);
            double ss = 0;
            for (double x : xs) ss += (x - mean) * (x - mean);
            return new Stat(mean, Math.sqrt(ss / (xs.size() - 1)) / Math.abs(mean) * 100);
        }
    }

    /** One printed row; change_pct is null when the legacy mean is 0 and the task-based one is not. */
    public record Row(String metric, Stat legacy, Stat task, Double change_pct, long legacyWorstNs, long taskWorstNs) {
        public Sense sense() {
            return Sense.of(metric);
        }
        /** The change as an improvement (positive = better for this metric), or null. */
        public Double improvementPct() {
            return sense().improvement(change_pct);
        }
        /** 1 better, -1 worse, 0 the same or no better direction. */
        public int verdict() {
            Double i = improvementPct();
            return i == null || Math.abs(i) < 0.005 ? 0 : i > 0 ? 1 : -1;
        }
        /**
         * Shown as integers: a count or a figure in microseconds whose means are whole; a figure in
         * milliseconds (its name has "_ms") always has three decimals, whatever its value.
         */
        public boolean integral() {
            return !MILLIS.matcher(metric).find()
                    && legacy.mean() == Math.rint(legacy.mean())
                    && task.mean() == Math.rint(task.mean());
        }
    }

    private static final Pattern MILLIS = Pattern.compile("_ms\\b");

    public final int runs;
    /** Each run's figures (Metrics.of of its result), one list a run: a run's whole result is not kept. */
    private final List<List<Metric>> legacy = new ArrayList<>();

    private final List<List<Metric>> task = new ArrayList<>();
    public final List<Row> table = new ArrayList<>();

    private Comparison(int runs) {
        this.runs = runs;
    }

    public static Comparison run(SimSpec spec, int runs) {
        return run(spec, runs, (m, r) -> {});
    }

    /**
     * Runs each model N times (seeds 1..N; one run: the scenario's seed), every legacy run first, and
     * hands each result to {@code each} as it is made (compare --json writes it out then) before
     * keeping only its figures: sixty runs of a scenario with half a million syscalls would otherwise
     * hold a hundred and twenty results of half a million syscalls each.
     */
    public static Comparison run(SimSpec spec, int runs, BiConsumer<Simulator.Model, RunResult> each) {
        Comparison c = new Comparison(runs);
        for (Simulator.Model m : Simulator.Model.values()) {
            for (int i = 1; i <= runs; i++) {
                SimSpec s = runs == 1 ? spec : spec.withSeed(i);
                Simulator sim = new Simulator(s, m, null);
                sim.run();
                RunResult r = sim.result();
                each.accept(m, r);
                (m == Simulator.Model.LEGACY ? c.legacy : c.task).add(Metrics.of(r));
            }
        }
        c.tabulate();
        return c;
    }

    /** A comparison of results already computed (the app's two runs). */
    public static Comparison of(RunResult legacy, RunResult task) {
        Comparison c = new Comparison(1);
        c.legacy.add(Metrics.of(legacy));
        c.task.add(Metrics.of(task));
        c.tabulate();
        return c;
    }

    private void tabulate() {
        Map<String, List<Metric>> l = collect(legacy), t = collect(task);
        List<String> names = new ArrayList<>(l.keySet());
        for (String n : t.keySet()) if (!l.containsKey(n)) names.add(n);
        for (String n : names) {
            List<Metric> lm = l.getOrDefault(n, List.of()), tm = t.getOrDefault(n, List.of());
            Stat ls = Stat.of(lm.stream().map(Metric::value).toList()),
                    ts = Stat.of(tm.stream().map(Metric::value).toList());
            Double change;
            if (ls.mean() != 0) change = (ts.mean() - ls.mean()) / Math.abs(ls.mean()) * 100;
            else change = ts.mean() == 0 ? Double.valueOf(0) : null;
            table.add(new Row(n, ls, ts, change, worst(lm), worst(tm)));
        }
        // the headline rows first (hung-task reports, lock waits, syscall latency), the rest in their order
        List<Row> sorted = new ArrayList<>(table);
        sorted.sort(Comparator.comparingInt(r -> Sense.rank(r.metric())));
        table.clear();
        table.addAll(sorted);
    }

    private static long worst(List<Metric> ms) {
        return ms.isEmpty() ? -1 : ms.get(0).worstAtNs();
    }

    private static Map<String, List<Metric>> collect(List<List<Metric>> rs) {
        Map<String, List<Metric>> out = new LinkedHashMap<>();
        for (List<Metric> r : rs)
            for (Metric m : r)
                out.computeIfAbsent(m.name(), k -> new ArrayList<>()).add(m);
        return out;
    }

    /** The two models gave the same figure in every run. */
    public static boolean sameFigures(Row r) {
        return same(r);
    }

    /**
     * Whether a recording beside its simulation can tell this figure: a trace has no lock events
     * (its lock waits would read 0, which is not what happened).
     */
    public static boolean recordingTells(String metric) {
        return !metric.startsWith("lock ") && !metric.endsWith(" longest_lock_wait_ms");
    }

    /** A number as the tables print it. */
    public static String format(double v) {
        return num(v);
    }

    static boolean same(Row r) {
        return r.change_pct() != null
                && Math.abs(r.change_pct()) < 1e-9
                && r.legacy().rsd_pct() < 1e-9
                && r.task().rsd_pct() < 1e-9;
    }

    /** Only the rows whose metric matches the regular expression. */
    public String text(boolean onlyDifferent, Pattern metric) {
        Comparison c = new Comparison(runs);
        c.legacy.addAll(legacy);
        c.task.addAll(task);
        for (Row r : table) if (metric.matcher(r.metric()).find()) c.table.add(r);
        return c.text(onlyDifferent);
    }

    /** "3.62±2.99%" like the kernel thread's tables; a plain number with one run. */
    public String cell(Stat s) {
        return cell(s, s.mean() == Math.rint(s.mean()));
    }

    String cell(Stat s, boolean integral) {
        String v = value(s.mean(), integral);
        return runs > 1 ? v + "\u00B1" + String.format(Locale.ROOT, "%.2f%%", s.rsd_pct()) : v;
    }

    public static String change(Double c) {
        if (c == null) return "new";
        if (Math.abs(c) < 0.005) return "0.00%";
        return String.format(Locale.ROOT, "%+.2f%%", c);
    }

    static String num(double v) {
        return value(v, v == Math.rint(v));
    }

    /** One number format: counts as integers, everything else with three decimals. */
    public static String value(double v, boolean integral) {
        if (integral && Math.abs(v) < 1e15) return String.valueOf((long) v);
        return String.format(Locale.ROOT, "%.3f", v);
    }

    /** The improvement column: "+12.30%" (better), "-2.34%" (worse), "" where the metric has no better direction. */
    public static String improvement(Row r) {
        Double i = r.improvementPct();
        if (i == null) return r.sense() == Sense.NEITHER ? "" : "new";
        return Math.abs(i) < 0.005 ? "0.00%" : String.format(Locale.ROOT, "%+.2f%%", i);
    }

    /** The whole table as text, aligned: what `compare` prints and what the app copies. */
    public String text(boolean onlyDifferent) {
        int w = 10;
        for (Row r : table) w = Math.max(w, r.metric().length());
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(
                Locale.ROOT,
                "%-" + w + "s  %20s  %20s  %9s  %11s%n",
                "metric",
                "legacy",
                "task-based",
                "change",
                "improvement"));
        for (Row r : table) {
            if (onlyDifferent && same(r)) continue;
            sb.append(String.format(
                    Locale.ROOT,
                    "%-" + w + "s  %20s  %20s  %9s  %11s%n",
                    r.metric(),
                    cell(r.legacy(), r.integral()),
                    cell(r.task(), r.integral()),
                    change(r.change_pct()),
                    improvement(r)));
        }
        return sb.toString();
    }
}
