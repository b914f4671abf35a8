package io.throttlescope.cli;

import io.throttlescope.files.IoText;
import io.throttlescope.realtrace.RealPair;
import io.throttlescope.realtrace.RealTrace;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.text.Escape;
import io.throttlescope.view.Describe;
import io.throttlescope.view.Run;
import io.throttlescope.view.StoryRange;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "describe",
        mixinStandardHelpOptions = true,
        description =
                "Print what every view of the window shows at a cursor: the runqueue and limbo table, the locks, the task lanes, "
                        + "the explanation, the budget values and axis, the visible range and the event log around the cursor.")
public final class DescribeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the scenario file")
    Path file;

    @Option(
            names = "--model",
            paramLabel = "MODEL",
            description = "throttle model: ${COMPLETION-CANDIDATES} (default: the scenario's)")
    Options.ModelName model;

    @ArgGroup(exclusive = true)
    Where where;

    @Option(
            names = "--range",
            paramLabel = "START:END",
            description = "the visible time range (default: where the window opens, following the cursor)")
    String range;

    @Option(names = "--json", description = "print the description as JSON")
    boolean json;

    @Mixin
    TraceOptions trace = new TraceOptions();

    static final class Where {
        @Option(
                names = "--at",
                paramLabel = "TIME",
                description = "the last step at or before this simulated time, e.g. 15.1ms")
        String at;

        @Option(
                names = "--step",
                paramLabel = "N",
                description = "step N (the window's and the log's numbering; 0: before the first)")
        Integer step;
    }

    @Override
    public Integer call() {
        Long at = where != null && where.at != null ? Options.time(where.at, "--at") : null;
        double[] r = range == null ? null : ScreenshotCommand.range(range);
        Run run;
        if (Files.isRegularFile(file) && RealPair.looksLikeTrace(file)) {
            RealTrace.Options read = trace.options(null);
            try { // a real trace: its real run, or with --model the simulation beside it
                var pair = RealPair.open(file, read, null);
                run = model != null && pair.simulated() != null ? pair.simulated() : pair.real().run;
            } catch (IOException e) {
                spec.commandLine().getErr().println("error: " + IoText.message(e));
                return 1;
            }
        } else {
            if (trace.given())
                throw new UsageException("--cgroup-map and --probe are for a trace; " + Escape.controls(file.toString())
                        + " is a scenario");
            SimSpec sim = Scenarios.loadOrReport(file, spec.commandLine().getErr());
            if (sim == null) return 1;
            run = Run.simulate(sim, Options.model(model, sim.defaultModel()));
        }
        int i = Options.cursor(run, at, where == null ? null : where.step);
        if (r == null) {
            r = StoryRange.of(run);
            if (i >= 0) r = StoryRange.follow(r[0], r[1], run.trace().time(i));
        }
        Describe.View v = Describe.at(run, i, r[0], r[1], -1);
        spec.commandLine().getOut().print(json ? RunCommand.resultJson(v) + "\n" : Describe.text(v));
        spec.commandLine().getOut().flush();
        return 0;
    }
}
