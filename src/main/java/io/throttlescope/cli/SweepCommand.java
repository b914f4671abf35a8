package io.throttlescope.cli;

import io.throttlescope.compare.Comparison;
import io.throttlescope.compare.Sweep;
import io.throttlescope.text.Escape;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "sweep",
        mixinStandardHelpOptions = true,
        description = {
            "Sweep one parameter of a scenario over values and simulate both models at every point (in parallel on the machine's",
            "cores): P is /CGROUP:FILE (/G:cpu.max), kernel.KEY (kernel.hz) or task.NAME.STEP (task.R.2, its second step's",
            "duration). Values are comma-separated as the file would write them: \"5000 100000,10000 100000\"."
        })
public final class SweepCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the scenario file")
    Path file;

    @Option(names = "--param", required = true, paramLabel = "P", description = "the parameter to sweep")
    String param;

    @Option(names = "--values", required = true, paramLabel = "V1,V2,...", description = "the values, comma-separated")
    String values;

    @Option(
            names = "--metric",
            paramLabel = "REGEX",
            description = "figures to report (regular expression; default: " + Sweep.DEFAULT_METRICS + ")")
    String metric;

    @Option(
            names = "--runs",
            defaultValue = "1",
            paramLabel = "N",
            description = "runs per point and model, seeds 1..N, for error bars (default 1: the scenario's seed)")
    int runs;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Option(names = "--csv", description = "print CSV: value,metric,model,mean,sd")
    boolean csv;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut(), err = spec.commandLine().getErr();
        List<String> vs = Arrays.stream(values.split(","))
                .map(String::strip)
                .filter(v -> !v.isEmpty())
                .toList();
        if (vs.isEmpty()) throw new UsageException("--values needs at least one value");
        if (vs.size() > 200) throw new UsageException("--values: at most 200 points (got " + vs.size() + ")");
        if (runs < 1 || runs > 100) throw new UsageException("--runs must be 1 to 100 (got " + runs + ")");
        if (json && csv) throw new UsageException("--json and --csv: choose one");
        Pattern only = Options.regex(metric == null ? Sweep.DEFAULT_METRICS : metric, "--metric");
        if (!Files.isRegularFile(file)) {
            err.println("error: " + Escape.controls(file.toString()) + " is not a regular file");
            return 1;
        }
        if (Scenarios.loadOrReport(file, err) == null) return 1;
        try { // a parameter the scenario does not have is a usage error, found before any work
            Sweep.with(Files.readString(file), param, vs.get(0));
        } catch (IllegalArgumentException e) {
            throw new UsageException("--param " + Escape.message(e.getMessage()));
        }
        List<Sweep.Point> points;
        try {
            points = Sweep.run(
                    Files.readString(file),
                    param,
                    vs,
                    only,
                    runs,
                    Runtime.getRuntime().availableProcessors());
        } catch (IllegalArgumentException e) {
            err.println("error: " + Escape.message(e.getMessage()));
            return 1;
        }
        if (json) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("format", 1);
            o.put("param", param);
            o.put("runs", runs);
            o.put("points", points);
            out.println(RunCommand.resultJson(o));
        } else if (csv) {
            out.println("value,metric,model,mean,sd");
            for (Sweep.Point p : points) {
                for (var e : p.legacy().entrySet())
                    out.println(csv(p.value()) + "," + csv(e.getKey()) + ",legacy,"
                            + e.getValue().mean() + "," + e.getValue().sd());
                for (var e : p.task().entrySet())
                    out.println(csv(p.value()) + "," + csv(e.getKey()) + ",task,"
                            + e.getValue().mean() + "," + e.getValue().sd());
            }
        } else {
            Set<String> names = new LinkedHashSet<>();
            for (Sweep.Point p : points) {
                names.addAll(p.legacy().keySet());
                names.addAll(p.task().keySet());
            }
            out.printf(
                    "%s swept over %s (%d run%s per point and model)%n",
                    Escape.controls(param), Escape.controls(String.join(" | ", vs)), runs, runs == 1 ? "" : "s");
            for (String n : names) {
                out.println();
                out.println(Escape.controls(n));
                out.printf(Locale.ROOT, "  %-20s %22s %22s%n", "value", "legacy", "task-based");
                for (Sweep.Point p : points)
                    out.printf(
                            Locale.ROOT,
                            "  %-20s %22s %22s%n",
                            Escape.controls(p.value()),
                            cell(p.legacy().get(n), runs),
                            cell(p.task().get(n), runs));
            }
        }
        out.flush();
        return 0;
    }

    private static String cell(Sweep.Stat s, int runs) {
        if (s == null) return "-";
        return Comparison.format(s.mean()) + (runs > 1 ? " \u00b1 " + Comparison.format(s.sd()) : "");
    }

    private static String csv(String s) {
        return "\"" + s.replace("\"", "\"\"") + "\"";
    }
}
