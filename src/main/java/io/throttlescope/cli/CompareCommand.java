package io.throttlescope.cli;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.stream.JsonWriter;
import io.throttlescope.compare.Comparison;
import io.throttlescope.compare.Sense;
import io.throttlescope.sim.RunResult;
import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.spec.SimSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        description =
                "Run both models (N times each, seeds 1..N) and print one table: legacy, task-based, change in percent.")
public final class CompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the scenario file")
    Path file;
    /** More runs say nothing new about a mean and its spread, and each is two simulations. */
    static final int MAX_RUNS = 1000;

    @Option(
            names = "--runs",
            defaultValue = "1",
            paramLabel = "N",
            description = "runs per model, with seeds 1..N (default 1: the scenario's seed)")
    int runs;

    @Option(names = "--json", description = "print the comparison object")
    boolean json;

    @Option(names = "--all", description = "also print the rows that are equal under both models")
    boolean all;

    @Option(
            names = "--metric",
            paramLabel = "REGEX",
            description = "print only the metrics that match, e.g. 'run time'")
    String metric;

    @Override
    public Integer call() {
        if (runs > MAX_RUNS)
            throw new UsageException("--runs must be at most " + MAX_RUNS + " (got " + runs
                    + "): each run is simulated under both models");
        if (runs < 1) {
            spec.commandLine().getErr().println("error: --runs must be at least 1");
            return 2;
        }
        Pattern only = metric == null ? null : Options.regex(metric, "--metric");
        SimSpec sim = Scenarios.loadOrReport(file, spec.commandLine().getErr());
        if (sim == null) return 1;
        if (json) return json(sim);
        Comparison c = Comparison.run(sim, runs);
        spec.commandLine()
                .getOut()
                .printf(
                        "%s  (%d run%s per model%s)%n",
                        sim.name(),
                        runs,
                        runs == 1 ? "" : "s",
                        runs == 1 ? ", the scenario's seed" : ", seeds 1.." + runs);
        spec.commandLine().getOut().print(metric == null ? c.text(!all) : c.text(false, only));
        spec.commandLine().getOut().flush();
        return 0;
    }

    /**
     * The comparison object, written as the runs are made: each run's result goes out as soon as it
     * exists and only its figures are kept, so sixty runs of a large scenario take the memory of one.
     */
    private int json(SimSpec sim) {
        PrintWriter out = spec.commandLine().getOut();
        Gson gson = new GsonBuilder()
                .serializeNulls()
                .setPrettyPrinting()
                .disableHtmlEscaping()
                .create();
        try {
            JsonWriter w = gson.newJsonWriter(out);
            w.beginObject();
            w.name("format").value(1);
            w.name("scenario").value(sim.name());
            w.name("runs").value(runs);
            w.name("legacy").beginArray();
            Simulator.Model[] at = {Simulator.Model.LEGACY};
            Comparison c = Comparison.run(sim, runs, (m, r) -> {
                try {
                    if (m != at[0]) { // every legacy run comes first
                        w.endArray();
                        w.name("task").beginArray();
                        at[0] = m;
                    }
                    gson.toJson(r, RunResult.class, w);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            w.endArray();
            List<Map<String, Object>> rows = new ArrayList<>();
            for (Comparison.Row r : c.table) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("metric", r.metric());
                row.put("legacy", r.legacy());
                row.put("task", r.task());
                row.put("change_pct", r.change_pct());
                row.put(
                        "better",
                        r.sense() == Sense.NEITHER ? null : r.sense() == Sense.LOWER_IS_BETTER ? "lower" : "higher");
                row.put("improvement_pct", r.improvementPct());
                rows.add(row);
            }
            w.name("table");
            gson.toJson(gson.toJsonTree(rows), w);
            w.endObject();
            w.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.println();
        out.flush();
        return 0;
    }
}
