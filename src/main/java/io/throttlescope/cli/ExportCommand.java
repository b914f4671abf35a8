package io.throttlescope.cli;

import io.throttlescope.files.SafeOutput;
import io.throttlescope.realtrace.Syscalls;
import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.trace.CsvExport;
import io.throttlescope.trace.PerfettoProto;
import io.throttlescope.trace.PerfettoStream;
import io.throttlescope.trace.StreamingWriter;
import io.throttlescope.view.Run;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "export",
        mixinStandardHelpOptions = true,
        description =
                "Write the simulated trace as Chrome trace-event JSON (Perfetto UI opens it), a native Perfetto trace (protobuf) or CSV.")
public final class ExportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the scenario file")
    Path file;

    @Option(
            names = "--model",
            paramLabel = "MODEL",
            description = "throttle model: ${COMPLETION-CANDIDATES} (default: the scenario's)")
    Options.ModelName model;

    @Option(
            names = "--format",
            required = true,
            paramLabel = "FORMAT",
            description =
                    "${COMPLETION-CANDIDATES}: Chrome trace-event JSON for Perfetto UI, a native Perfetto trace (ftrace scheduler events, counter tracks; import reads it back), or one row per event")
    Options.Format format;

    @Option(names = "-o", required = true, paramLabel = "OUT", description = "the file to write")
    Path out;

    @Override
    public Integer call() throws Exception {
        Options.output(out, file);
        SimSpec sim = Scenarios.loadOrReport(file, spec.commandLine().getErr());
        if (sim == null) return 1;
        Simulator.Model m = Options.model(model, sim.defaultModel());
        if (format == Options.Format.perfetto_proto) { // from the run's index: the budgets' counters come from it
            Run run = Run.simulate(sim, m, null);
            SafeOutput.writeBytes(out, o -> PerfettoProto.write(run.index(), o, Syscalls::numberOf));
            spec.commandLine().getOut().println("wrote " + SafeOutput.shown(out));
            return 0;
        }
        SafeOutput.write(
                out,
                w -> { // written as the run goes: a batch of rows, or a few numbers per CPU, held
                    StreamingWriter sink =
                            format == Options.Format.csv ? new CsvExport.Streaming(w) : new PerfettoStream(w);
                    Simulator s = new Simulator(sim, m, sink);
                    sink.attach(s);
                    s.run();
                    sink.finish();
                });
        spec.commandLine().getOut().println("wrote " + SafeOutput.shown(out));
        return 0;
    }
}
