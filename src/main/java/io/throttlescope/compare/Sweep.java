package io.throttlescope.compare;

import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.scenario.ScenarioParams;
import io.throttlescope.sim.RunResult;
import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.spec.SimSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Pattern;

/**
 * One parameter of a scenario swept over values, both models simulated at every point (the points
 * in parallel on the machine's cores), the chosen figures as mean and standard deviation over the
 * runs (seeds 1..runs; one run: the scenario's seed). A parameter names a cgroup file
 * ({@code /G:cpu.max}), a kernel key ({@code kernel.hz}) or a task's step duration
 * (steps count from 1, as What if? names them: {@code task.R.3} is R's third step, {@code task.R.1.2} the second step inside the first).
 */
public final class Sweep {
    /** The default figures: the ones a throttling story turns on. */
    public static final String DEFAULT_METRICS =
            "longest_lock_wait|longest_syscall|hung-task reports|throttled_usec|run time";

    public record Stat(double mean, double sd) {}

    /** One point: the value written and, per model, each figure's mean and spread. */
    public record Point(String value, Map<String, Stat> legacy, Map<String, Stat> task) {}

    private Sweep() {}

    /** The scenario with the parameter set to the value; IllegalArgumentException names what is wrong. */
    public static String with(String json, String param, String value) {
        return ScenarioParams.set(json, param, value);
    }

    /** Runs the sweep; each scenario must load (IllegalArgumentException with its problems otherwise). */
    public static List<Point> run(
            String json, String param, List<String> values, Pattern metrics, int runs, int threads) throws Exception {
        List<SimSpec> specs = new ArrayList<>();
        for (String v : values) {
            ScenarioLoader.Loaded l = ScenarioLoader.loadString(with(json, param, v));
            if (!l.ok())
                throw new IllegalArgumentException(
                        param + " = " + v + ": " + l.problems().get(0).path() + ": "
                                + l.problems().get(0).message());
            specs.add(l.spec());
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
        try {
            // point by point: a point's full results (every syscall of every task) are dropped once its figures
            // are taken, so memory holds one point's runs, not the whole sweep's
            List<Point> out = new ArrayList<>();
            for (int i = 0; i < specs.size(); i++) {
                SimSpec s = specs.get(i);
                List<Future<RunResult>> f = new ArrayList<>();
                for (Simulator.Model m : Simulator.Model.values()) {
                    for (int r = 1; r <= runs; r++) {
                        SimSpec seeded = runs == 1 ? s : s.withSeed(r);
                        f.add(pool.submit(() -> {
                            Simulator sim = new Simulator(seeded, m, null);
                            sim.run();
                            return sim.result();
                        }));
                    }
                }
                List<RunResult> legacy = new ArrayList<>(), task = new ArrayList<>();
                for (int k = 0; k < f.size(); k++)
                    (k < runs ? legacy : task).add(f.get(k).get());
                out.add(new Point(values.get(i), stats(legacy, metrics), stats(task, metrics)));
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    private static Map<String, Stat> stats(List<RunResult> rs, Pattern metrics) {
        Map<String, List<Double>> by = new LinkedHashMap<>();
        for (RunResult r : rs)
            for (Metric m : Metrics.of(r))
                if (metrics.matcher(m.name()).find())
                    by.computeIfAbsent(m.name(), k -> new ArrayList<>()).add(m.value());
        Map<String, Stat> out = new LinkedHashMap<>();
        for (var e : by.entrySet()) {
            double mean = e.getValue().stream()
                    .mapToDouble(Double::doubleValue)
                    .average()
                    .orElse(0);
            double var = e.getValue().stream()
                            .mapToDouble(x -> (x - mean) * (x - mean))
                            .sum()
                    / Math.max(1, e.getValue().size() - 1);
            out.put(e.getKey(), new Stat(mean, e.getValue().size() > 1 ? Math.sqrt(var) : 0));
        }
        return out;
    }
}
