package io.throttlescope.cli;

import com.google.gson.GsonBuilder;
import io.throttlescope.files.IoText;
import io.throttlescope.realtrace.RealTrace;
import io.throttlescope.sim.RunResult;
import io.throttlescope.text.Escape;
import io.throttlescope.view.Durations;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "import",
        mixinStandardHelpOptions = true,
        description = {
            "Read a real trace (tracefs text, trace-cmd report with or without -N, perf script) and print what it shows:",
            "tasks, syscalls, time switched out while runnable, throttles (probed, or inferred from the switch pattern).",
            "Unreadable lines are listed with their numbers and skipped."
        })
public final class ImportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TRACE", description = "the trace file")
    Path file;

    @Mixin
    TraceOptions trace = new TraceOptions();

    @Option(
            names = "--model",
            paramLabel = "MODEL",
            description =
                    "the kernel's throttle model: ${COMPLETION-CANDIDATES} (default: from the recorded kernel release, else task)")
    Options.ModelName model;

    @Option(
            names = "--json",
            description =
                    "print the observed result object (cli.md, with \"observed\": true; what a trace cannot tell is left out)")
    boolean json;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut(), err = spec.commandLine().getErr();
        RealTrace.Options read =
                trace.options(model == null ? null : model.name()); // a usage error, before the trace is read
        if (!Files.exists(file)) {
            err.println("error: " + Escape.controls(file.toString()) + " does not exist");
            return 1;
        }
        RealTrace rt;
        try {
            rt = RealTrace.importFile(file, read);
        } catch (IOException e) {
            err.println("error: " + IoText.message(e));
            return 1;
        }
        for (String s : rt.skipped) err.println(Escape.controls(file.toString()) + ": " + s);
        if (json) {
            out.println(new GsonBuilder()
                    .setPrettyPrinting()
                    .serializeNulls()
                    .create()
                    .toJson(rt.result()));
            return 0;
        }
        RunResult r = rt.run.result();
        out.println(rt.run.info().scenario() + ": " + rt.format + ", "
                + rt.run.trace().size() + " events over "
                + Durations.human(rt.run.info().endNs()) + " on "
                + rt.run.info().cpus() + " CPUs, " + r.tasks().size() + " tasks; "
                + (rt.model.equals("task") ? "task-based (6.18+)" : "legacy") + " kernel");
        var counts = rt.counts();
        out.println("throttle probes: " + counts.get("throttle") + ", unthrottle probes: " + counts.get("unthrottle")
                + ", inferred throttles: " + counts.get("inferred_throttle") + " (per CPU; in "
                + counts.get("inferred_throttled_periods")
                + " throttled periods, as cpu.stat counts nr_throttled), lost events: " + counts.get("lost_events")
                + ", skipped lines: " + counts.get("skipped_lines")
                + (counts.get("runs_ended_unseen").getAsInt() > 0
                        ? ", runs ended unseen (lost events or a filtered trace): " + counts.get("runs_ended_unseen")
                        : ""));
        r.tasks().entrySet().stream()
                .sorted(Comparator.comparingLong((Map.Entry<String, RunResult.TaskStat> e) ->
                        -e.getValue().cpu_ns()))
                .limit(12)
                .forEach(e -> {
                    RunResult.TaskStat t = e.getValue();
                    long longest = 0;
                    String which = "";
                    for (RunResult.Syscall s : t.syscalls()) {
                        if (s.exit_ns() != null && s.exit_ns() - s.enter_ns() > longest) {
                            longest = s.exit_ns() - s.enter_ns();
                            which = s.name();
                        }
                    }
                    out.printf(
                            "  %-24s cpu %-9s (kernel %s)  switched out runnable %-9s  D %-8s%s%n",
                            Escape.shortText(e.getKey()),
                            Durations.human(t.cpu_ns()),
                            Durations.human(t.kernel_ns()),
                            Durations.human(t.runnable_ns() + t.throttled_ns() + t.parked_ns()),
                            Durations.human(t.blocked_ns()),
                            longest > 0 ? "  longest syscall " + which + " " + Durations.human(longest) : "");
                });
        if (r.tasks().size() > 12)
            out.println("  ... " + (r.tasks().size() - 12) + " more (import --json lists them all)");
        return 0;
    }
}
