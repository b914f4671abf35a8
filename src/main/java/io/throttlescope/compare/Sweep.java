package io.throttlescope.compare;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import io.throttlescope.scenario.ScenarioLoader;
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
 * ({@code task.R.2}: R's third step; {@code task.R.0.1}: the second step inside the first).
 */
public final class Sweep {
    /** The default figures: the ones a throttling story turns on. */
    public static final String DEFAULT_METRICS = "longest_lock_wait|longest_syscall|hung-task reports|throttled_usec|run time";

    public record Stat(double mean, double sd) {}

    /** One point: the value written and, per model, each figure's mean and spread. */
    public record Point(String value, Map<String, Stat> legacy, Map<String, Stat> task) {}

    private Sweep() { }

    /** The scenario with the parameter set to the value; IllegalArgumentException names what is wrong. */
    public static String with(String json, String param, String value) {
        JsonObject root = JsonParser.parseString(json).getAsJsonObject();
        JsonElement v = literal(value);
        if (param.startsWith("/")) {
            int colon = param.lastIndexOf(':');
            if (colon < 0) throw new IllegalArgumentException("a cgroup parameter is PATH:FILE, e.g. /G:cpu.max");
            String path = param.substring(0, colon), file = param.substring(colon + 1);
            JsonObject cg = root.has("cgroups") ? root.getAsJsonObject("cgroups") : new JsonObject();
            root.add("cgroups", cg);
            JsonObject g = cg.has(path) ? cg.getAsJsonObject(path) : new JsonObject();
            cg.add(path, g);
            g.add(file, file.equals("cpu.weight") ? v : new JsonPrimitive(value));
        } else if (param.startsWith("kernel.")) {
            JsonObject k = root.has("kernel") ? root.getAsJsonObject("kernel") : new JsonObject();
            root.add("kernel", k);
            k.add(param.substring("kernel.".length()), v);
        } else if (param.startsWith("task.")) {
            String[] p = param.split("\\.");
            if (p.length < 3) throw new IllegalArgumentException("a step parameter is task.NAME.STEP, e.g. task.R.2");
            JsonObject t = null;
            for (JsonElement e : root.getAsJsonArray("tasks")) if (e.getAsJsonObject().get("name").getAsString().equals(p[1])) t = e.getAsJsonObject();
            if (t == null) throw new IllegalArgumentException("no task " + p[1]);
            JsonArray steps = t.getAsJsonArray("program");
            JsonObject step = null;
            for (int i = 2; i < p.length; i++) {
                int n = Integer.parseInt(p[i]);
                if (steps == null || n < 0 || n >= steps.size()) throw new IllegalArgumentException(param + ": no step " + n);
                step = steps.get(n).getAsJsonObject();
                steps = step.has("do") ? step.getAsJsonArray("do") : step.has("loop") ? step.getAsJsonArray("loop") : null;
            }
            String key = null;
            for (String k : new String[] {"user", "kernel", "sleep", "exit"}) if (step.has(k)) key = k;
            if (key == null) throw new IllegalArgumentException(param + " is not a step with a duration (user, kernel, sleep, exit)");
            step.add(key, new JsonPrimitive(value));
        } else {
            throw new IllegalArgumentException("a parameter is /CGROUP:FILE, kernel.KEY or task.NAME.STEP (got " + param + ")");
        }
        return root.toString();
    }

    private static JsonElement literal(String value) {
        String v = value.strip();
        if (v.matches("-?\\d{1,18}")) return new JsonPrimitive(Long.parseLong(v));
        if (v.equals("true") || v.equals("false")) return new JsonPrimitive(Boolean.parseBoolean(v));
        return new JsonPrimitive(value);
    }

    /** Runs the sweep; each scenario must load (IllegalArgumentException with its problems otherwise). */
    public static List<Point> run(String json, String param, List<String> values, Pattern metrics, int runs, int threads) throws Exception {
        List<SimSpec> specs = new ArrayList<>();
        for (String v : values) {
            ScenarioLoader.Loaded l = ScenarioLoader.loadString(with(json, param, v));
            if (!l.ok()) throw new IllegalArgumentException(param + " = " + v + ": " + l.problems().get(0).path() + ": " + l.problems().get(0).message());
            specs.add(l.spec());
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
        try {
            List<List<Future<RunResult>>> jobs = new ArrayList<>();
            for (SimSpec s : specs) {
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
                jobs.add(f);
            }
            List<Point> out = new ArrayList<>();
            for (int i = 0; i < specs.size(); i++) {
                List<Future<RunResult>> f = jobs.get(i);
                List<RunResult> legacy = new ArrayList<>(), task = new ArrayList<>();
                for (int k = 0; k < f.size(); k++) (k < runs ? legacy : task).add(f.get(k).get());
                out.add(new Point(values.get(i), stats(legacy, metrics), stats(task, metrics)));
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    private static Map<String, Stat> stats(List<RunResult> rs, Pattern metrics) {
        Map<String, List<Double>> by = new LinkedHashMap<>();
        for (RunResult r : rs) for (Metric m : Metrics.of(r)) if (metrics.matcher(m.name()).find()) by.computeIfAbsent(m.name(), k -> new ArrayList<>()).add(m.value());
        Map<String, Stat> out = new LinkedHashMap<>();
        for (var e : by.entrySet()) {
            double mean = e.getValue().stream().mapToDouble(Double::doubleValue).average().orElse(0);
            double var = e.getValue().stream().mapToDouble(x -> (x - mean) * (x - mean)).sum() / Math.max(1, e.getValue().size() - 1);
            out.put(e.getKey(), new Stat(mean, e.getValue().size() > 1 ? Math.sqrt(var) : 0));
        }
        return out;
    }
}
