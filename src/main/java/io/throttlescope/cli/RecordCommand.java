package io.throttlescope.cli;

import io.throttlescope.files.IoText;
import io.throttlescope.files.SafeOutput;
import io.throttlescope.record.RecordPlan;
import io.throttlescope.record.Recorder;
import io.throttlescope.scenario.DurationText;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.text.Escape;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "record",
        mixinStandardHelpOptions = true,
        description = {
            "Run a scenario's workload for real on this machine (root, a cpu cgroup controller and tracefs needed) and record it",
            "with tracefs. Its cgroups go under throttlescope-<pid> below the cpu controller's root; every task is a worker",
            "process pinned by its cpus; cgroups, trace settings and kprobes are undone at the end, also on Ctrl+C.",
            "Open the result with 'import' or in the window."
        })
public final class RecordCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "the scenario file")
    Path file;

    @Option(names = "-o", paramLabel = "OUT", description = "the trace file to write (required unless --plan)")
    Path out;

    @Option(
            names = "--plan",
            description =
                    "print the workload as the plan tools/legacy-kernel/tsrun.c runs inside a VM, and record nothing")
    boolean plan;

    @Option(
            names = "--set-hung-task",
            description = {
                "set this machine's hung-task detector (hung_task_timeout_secs and its check interval)",
                "to the scenario's for the recording, and put it back after; without it the machine's settings are only read"
            })
    boolean setHungTask;

    @Option(
            names = "--duration",
            paramLabel = "D",
            description = "how long to record, e.g. 2s (default: the scenario's duration; at most 60s)")
    String duration;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        if (plan) {
            SimSpec sim = Scenarios.loadOrReport(file, err);
            if (sim == null) return 1;
            long d = duration == null ? sim.durationNs() : DurationText.parse(duration);
            if (d <= 0)
                throw new UsageException("--duration " + duration + ": expected a duration such as 2s or 500ms");
            List<String> refused = Recorder.refusals(sim, d);
            if (!refused.isEmpty()) {
                err.println("error: " + Escape.controls(file.toString()) + " cannot be recorded:");
                for (String r : refused) err.println("  " + Escape.controls(r));
                return 1;
            }
            spec.commandLine().getOut().print(RecordPlan.of(sim, d));
            spec.commandLine().getOut().flush();
            return 0;
        }
        if (out == null) throw new UsageException("record needs -o OUT (or --plan)");
        Options.output(out, file);
        if (out.toAbsolutePath().normalize().equals(file.toAbsolutePath().normalize()))
            throw new UsageException("-o " + out + " is the scenario itself");
        SimSpec sim = Scenarios.loadOrReport(file, err);
        if (sim == null) return 1;
        long d = sim.durationNs();
        if (duration != null) {
            d = DurationText.parse(duration);
            if (d <= 0)
                throw new UsageException("--duration " + duration + ": expected a duration such as 2s or 500ms");
        }
        List<String> refused = Recorder.refusals(sim, d);
        if (!refused.isEmpty()) {
            err.println("error: " + Escape.controls(file.toString()) + " cannot be recorded:");
            for (String r : refused) err.println("  " + Escape.controls(r));
            return 1;
        }
        List<String> missing = Recorder.missing();
        if (!missing.isEmpty()) {
            err.println("error: cannot record on this machine:");
            for (String m : missing) err.println("  " + m);
            return 1;
        }
        try {
            Recorder r = new Recorder(file, sim, d, s -> {
                err.print("\r" + s + "          ");
                err.flush();
            });
            if (setHungTask) r.setHungTask();
            r.record(out);
        } catch (IOException e) {
            err.println();
            err.println("error: " + IoText.message(e));
            return 1;
        }
        err.println();
        spec.commandLine()
                .getOut()
                .println("wrote " + SafeOutput.shown(out) + "; open it with: throttlescope import "
                        + SafeOutput.shown(out));
        return 0;
    }
}
