package io.throttlescope.cli;

import com.google.gson.GsonBuilder;
import io.throttlescope.sim.InvariantViolation;
import io.throttlescope.sim.RunResult;
import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.trace.Trace;
import io.throttlescope.trace.TraceJsonl;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.BufferedWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;

@Command(name = "run", mixinStandardHelpOptions = true, description = "Simulate a scenario without a window and print the result.")
public final class RunCommand implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Parameters(index = "0", paramLabel = "FILE", description = "the scenario file") Path file;
    @Option(names = "--model", paramLabel = "MODEL", description = "throttle model: ${COMPLETION-CANDIDATES} (default: the scenario's)") Options.ModelName model;
    @Option(names = "--json", description = "print the result object") boolean json;
    @Option(names = "--trace", paramLabel = "OUT.jsonl", description = "write every event, one JSON object a line") Path trace;
    @Option(names = "--check", description = "verify the invariants after every event") boolean check;
    @Option(names = "--seed", paramLabel = "N", description = "override the scenario's seed") Long seed;

    @Override public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut(), err = spec.commandLine().getErr();
        if (trace != null) Options.output(trace);
        SimSpec sim = Scenarios.loadOrReport(file, err);
        if (sim == null) return 1;
        if (seed != null) sim = sim.withSeed(seed);
        Simulator.Model m = Options.model(model, sim.defaultModel());
        Trace tr = trace != null ? new Trace() : null;
        Simulator s = new Simulator(sim, m, tr);
        if (check) s.enableChecks();
        try {
            s.run();
        } catch (InvariantViolation v) {
            err.println("invariant broken: " + v.getMessage());
            return 1;
        }
        if (tr != null) {
            SafeOutput.write(trace, w -> TraceJsonl.write(tr, s, w));
        }
        RunResult r = s.result();
        if (json) out.println(resultJson(r));
        else Summary.print(r, out);
        for (String f : r.faults()) err.println("fault: " + f);
        return r.faults().isEmpty() ? 0 : 1;
    }

    public static String resultJson(Object r) {
        return new GsonBuilder().serializeNulls().setPrettyPrinting().disableHtmlEscaping().create().toJson(r);
    }

    public static final class Summary {
        public static void print(RunResult r, PrintWriter out) {
            out.printf("%s  (model %s, %s simulated, %d events)%n", r.scenario(), r.model(),
                    io.throttlescope.scenario.DurationText.format(r.end_ns()), r.events());
            if (!r.cgroups().isEmpty()) {
                out.printf("%-24s %12s %10s %12s %16s%n", "cgroup", "usage_usec", "nr_periods", "nr_throttled", "throttled_usec");
                for (Map.Entry<String, RunResult.CgroupStat> e : r.cgroups().entrySet()) {
                    RunResult.CgroupStat c = e.getValue();
                    out.printf("%-24s %12d %10d %12d %16d%n", e.getKey(), c.usage_usec(), c.nr_periods(), c.nr_throttled(), c.throttled_usec());
                }
            }
            out.printf("%-16s %12s %12s %12s %12s %12s%n", "task", "cpu", "runnable", "throttled", "parked", "blocked(D)");
            for (Map.Entry<String, RunResult.TaskStat> e : r.tasks().entrySet()) {
                RunResult.TaskStat t = e.getValue();
                out.printf("%-16s %12s %12s %12s %12s %12s%n", e.getKey(), ms(t.cpu_ns()), ms(t.runnable_ns()),
                        ms(t.throttled_ns()), ms(t.parked_ns()), ms(t.blocked_ns()));
            }
            out.println("events: " + r.counts());
            if (r.hung_tasks().isEmpty()) out.println("hung tasks: none");
            for (RunResult.HungTask h : r.hung_tasks()) {
                out.printf("INFO: task %s blocked for more than %d seconds (at %s)%s%n", h.task(), h.blocked_for_s(),
                        io.throttlescope.scenario.DurationText.format(h.at_ns()), h.suppressed() ? " [suppressed]" : "");
            }
        }

        private static String ms(long ns) { return String.format(java.util.Locale.ROOT, "%.3fms", ns / 1e6); }
    }
}
