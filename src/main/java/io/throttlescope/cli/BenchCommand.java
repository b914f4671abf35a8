package io.throttlescope.cli;

import io.throttlescope.scenario.DurationText;
import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.text.Escape;
import io.throttlescope.trace.Trace;
import io.throttlescope.ui.UiBench;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        description = "Measure the simulator on a generated large run (events per second, bytes per event).")
public final class BenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--cpus",
            defaultValue = "64",
            description = "CPUs of the generated scenario (default: ${DEFAULT-VALUE})")
    int cpus;

    @Option(names = "--groups", defaultValue = "16", description = "limited cgroups (default: ${DEFAULT-VALUE})")
    int groups;

    @Option(names = "--pairs", defaultValue = "20", description = "sender/receiver pairs per group")
    int pairs;

    @Option(names = "--duration", defaultValue = "1s", description = "simulated time (default: ${DEFAULT-VALUE})")
    String duration;

    @Option(
            names = "--model",
            defaultValue = "task",
            description = "throttle model: legacy or task (default: ${DEFAULT-VALUE})")
    String model;

    @Option(names = "--repeat", defaultValue = "5", description = "measured runs")
    int repeat;

    @Option(names = "--warmup", defaultValue = "3", description = "runs before measuring, for the JIT compiler")
    int warmup;

    @Option(
            names = "--ui",
            description = "measure the window instead: timeline redraws and cursor steps on the generated run")
    boolean ui;

    @Option(
            names = "--trace",
            paramLabel = "FILE",
            description = "with --ui: measure the import and the window on this real trace instead of a generated run")
    Path trace;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (trace != null) {
            if (!ui) throw new UsageException("--trace goes with --ui (bench --ui --trace FILE)");
            if (!Files.isRegularFile(trace))
                throw new UsageException("--trace: " + Escape.controls(trace.toString()) + " is not a regular file");
            UiBench.runTrace(trace, out);
            return 0;
        }
        if (cpus < 1 || cpus > 4096) throw new UsageException("--cpus must be 1 to 4096 (got " + cpus + ")");
        if (groups < 1 || groups > 1000) throw new UsageException("--groups must be 1 to 1000 (got " + groups + ")");
        if (pairs < 1 || pairs > 1000) throw new UsageException("--pairs must be 1 to 1000 (got " + pairs + ")");
        if (repeat < 1 || warmup < 0) throw new UsageException("--repeat must be at least 1 and --warmup at least 0");
        if (DurationText.parse(duration) <= 0) {
            throw new UsageException(
                    "--duration needs a duration such as 1s or 500ms (got '" + Escape.controls(duration) + "')");
        }
        if (!model.equals("legacy") && !model.equals("task"))
            throw new UsageException("--model must be legacy or task");
        ScenarioLoader.Loaded l = ScenarioLoader.loadString(BenchScenario.json(cpus, groups, pairs, duration));
        if (!l.ok()) {
            l.problems().forEach(p -> out.println(p.format("bench")));
            return 1;
        }
        SimSpec sim = l.spec();
        if (ui) {
            UiBench.run(sim, out);
            return 0;
        }
        Simulator.Model m = Simulator.Model.of(model);
        out.printf(Locale.ROOT, "scenario: %s, %s simulated, model %s%n", sim.name(), duration, m.id);
        double best = 0;
        long events = 0;
        List<Double> rates = new ArrayList<>();
        List<Double> anchors = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        for (int r = 1 - warmup; r <= repeat; r++) {
            Trace tr = new Trace();
            Simulator s = new Simulator(sim, m, tr);
            long t0 = System.nanoTime();
            s.run();
            long el = System.nanoTime() - t0;
            long n = tr.size();
            double bytesPerEvent = tr.bytesPerEvent();
            tr = null; // the run's trace may go before the anchor fills its own
            s = null;
            double eps = n / (el / 1e9);
            // the anchor right after each run, in the same JVM: the same events through a bare binary heap
            // recording 28 bytes each; a pair's ratio is measured within the same second, so that the
            // machine's speed drifting between runs moves both sides
            double anchor = BenchAnchor.rate(n, sim.tasks().size(), r + warmup);
            if (r <= 0) {
                out.printf(Locale.ROOT, "warm-up: %,d events in %.0f ms%n", n, el / 1e6);
                continue;
            }
            best = Math.max(best, eps);
            events = n;
            rates.add(eps);
            anchors.add(anchor);
            ratios.add(eps / anchor);
            out.printf(
                    Locale.ROOT,
                    "run %d: %,d events in %.0f ms = %.2f million events/s, %.1f bytes/event in the trace;"
                            + " anchor %.2f million events/s, %.0f%%%n",
                    r,
                    n,
                    el / 1e6,
                    eps / 1e6,
                    bytesPerEvent,
                    anchor / 1e6,
                    100 * eps / anchor);
        }
        double median = median(rates);
        out.printf(
                Locale.ROOT,
                "best: %.2f, median: %.2f million simulated events per second (one thread)%n",
                best / 1e6,
                median / 1e6);
        double anchor = anchors.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        out.printf(
                Locale.ROOT,
                "anchor: %,d events through a bare binary heap of %d timers, 28 bytes recorded each: %.2f million events/s;"
                        + " the simulator's best is %.0f%% of it, its median %.0f%%; run by run: median %.0f%%, best %.0f%%%n",
                events,
                sim.tasks().size(),
                anchor / 1e6,
                100 * best / anchor,
                100 * median / anchor,
                100 * median(ratios),
                100 * ratios.stream().mapToDouble(Double::doubleValue).max().orElse(0));
        return 0;
    }

    private static double median(List<Double> xs) {
        List<Double> sorted = new ArrayList<>(xs);
        Collections.sort(sorted);
        return sorted.isEmpty() ? 0 : sorted.get(sorted.size() / 2);
    }
}
