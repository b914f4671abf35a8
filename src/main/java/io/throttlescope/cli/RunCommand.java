package io.throttlescope.cli;

import com.google.gson.GsonBuilder;
import io.throttlescope.files.SafeOutput;
import io.throttlescope.scenario.DurationText;
import io.throttlescope.sim.InvariantViolation;
import io.throttlescope.sim.RunResult;
import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.text.Escape;
import io.throttlescope.trace.TraceJsonl;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = "Simulate a scenario without a window and print the result.")
public final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the scenario file")
    Path file;

    @Option(
            names = "--model",
            paramLabel = "MODEL",
            description = "throttle model: ${COMPLETION-CANDIDATES} (default: the scenario's)")
    Options.ModelName model;

    @Option(names = "--json", description = "print the result object")
    boolean json;

    @Option(names = "--trace", paramLabel = "OUT.jsonl", description = "write every event, one JSON object a line")
    Path trace;

    @Option(names = "--check", description = "verify the invariants after every event")
    boolean check;

    @Option(names = "--seed", paramLabel = "N", description = "override the scenario's seed")
    Long seed;

    @Option(
            names = "--max-events",
            paramLabel = "N",
            description = "stop the run after N events, with one line and exit 1 (default 20000000)")
    Long maxEvents;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut(), err = spec.commandLine().getErr();
        if (trace != null) Options.output(trace, file);
        long budget = Options.maxEvents(maxEvents);
        SimSpec sim = Scenarios.loadOrReport(file, err);
        if (sim == null) return 1;
        if (seed != null) sim = sim.withSeed(seed);
        Simulator.Model m = Options.model(model, sim.defaultModel());
        SimSpec spec0 = sim;
        Simulator[] ran = new Simulator[1];
        String[] broken = new String[1];
        Progress progress = new Progress(err);
        SafeOutput.Body body = w -> {
            TraceJsonl.Streaming sink = w == null ? null : new TraceJsonl.Streaming(w);
            Simulator s = new Simulator(spec0, m, sink);
            if (sink != null) sink.attach(s);
            s.setMaxEvents(budget);
            s.onProgress(progress::update);
            if (check) s.enableChecks();
            ran[0] = s;
            try {
                s.run();
            } catch (InvariantViolation v) {
                broken[0] = v.getMessage();
            }
            if (sink != null) sink.finish();
        };
        if (trace != null) SafeOutput.write(trace, body);
        else body.write(null);
        progress.done();
        if (broken[0] != null) {
            err.println("invariant broken: " + broken[0]);
            return 1;
        }
        Simulator s = ran[0];
        if (s.budgetExceeded()) {
            err.println("error: the run stopped after " + budget + " events (--max-events) at "
                    + DurationText.format(s.now()) + " of " + DurationText.format(spec0.durationNs())
                    + "; raise --max-events or shorten the scenario");
            return 1;
        }
        RunResult r = s.result();
        if (json) out.println(resultJson(r));
        else Summary.print(r, out);
        for (String f : r.faults()) err.println("fault: " + Escape.controls(f));
        return r.faults().isEmpty() ? 0 : 1;
    }

    /** A progress line on stderr for runs that take more than a second. */
    static final class Progress {
        private final PrintWriter err;
        private final long t0 = System.nanoTime();
        private boolean shown;

        Progress(PrintWriter err) {
            this.err = err;
        }

        void update(double f) {
            if (System.nanoTime() - t0 < 1_000_000_000L) return;
            shown = true;
            err.printf("\rsimulating: %3.0f%%", f * 100);
            err.flush();
        }

        void done() {
            if (shown) {
                err.print("\r                \r");
                err.flush();
            }
        }
    }

    public static String resultJson(Object r) {
        return new GsonBuilder()
                .serializeNulls()
                .setPrettyPrinting()
                .disableHtmlEscaping()
                .create()
                .toJson(r);
    }

    public static final class Summary {
        public static void print(RunResult r, PrintWriter out) {
            out.printf(
                    "%s  (model %s, %s simulated, %d events)%n",
                    Escape.controls(r.scenario()), r.model(), DurationText.format(r.end_ns()), r.events());
            if (!r.cgroups().isEmpty()) {
                out.printf(
                        "%-24s %12s %10s %12s %16s%n",
                        "cgroup", "usage_usec", "nr_periods", "nr_throttled", "throttled_usec");
                for (Map.Entry<String, RunResult.CgroupStat> e : r.cgroups().entrySet()) {
                    RunResult.CgroupStat c = e.getValue();
                    out.printf(
                            "%-24s %12d %10d %12d %16d%n",
                            Escape.controls(e.getKey()),
                            c.usage_usec(),
                            c.nr_periods(),
                            c.nr_throttled(),
                            c.throttled_usec());
                }
            }
            out.printf(
                    "%-16s %12s %12s %12s %12s %12s%n", "task", "cpu", "runnable", "throttled", "parked", "blocked(D)");
            for (Map.Entry<String, RunResult.TaskStat> e : r.tasks().entrySet()) {
                RunResult.TaskStat t = e.getValue();
                out.printf(
                        "%-16s %12s %12s %12s %12s %12s%n",
                        Escape.controls(e.getKey()),
                        ms(t.cpu_ns()),
                        ms(t.runnable_ns()),
                        ms(t.throttled_ns()),
                        ms(t.parked_ns()),
                        ms(t.blocked_ns()));
            }
            out.println("events: " + r.counts());
            if (r.hung_tasks().isEmpty()) out.println("hung tasks: none");
            for (RunResult.HungTask h : r.hung_tasks()) {
                out.printf(
                        "INFO: task %s blocked for more than %d seconds (at %s)%s%n",
                        h.task(),
                        h.blocked_for_s(),
                        DurationText.format(h.at_ns()),
                        h.suppressed() ? " [suppressed]" : "");
            }
        }

        private static String ms(long ns) {
            return String.format(Locale.ROOT, "%.3fms", ns / 1e6);
        }
    }
}
