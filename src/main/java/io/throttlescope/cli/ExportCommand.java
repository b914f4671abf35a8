package io.throttlescope.cli;

import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.trace.CsvExport;
import io.throttlescope.trace.PerfettoExport;
import io.throttlescope.trace.RunInfo;
import io.throttlescope.trace.Trace;
import io.throttlescope.trace.TraceIndex;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

@Command(name = "export", description = "Write the simulated trace as Chrome trace-event JSON (Perfetto UI opens it) or CSV.")
public final class ExportCommand implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Parameters(index = "0", paramLabel = "FILE") Path file;
    @Option(names = "--model", required = true, paramLabel = "legacy|task") String model;
    @Option(names = "--format", required = true, paramLabel = "perfetto|csv") String format;
    @Option(names = "-o", required = true, paramLabel = "OUT") Path out;

    @Override public Integer call() throws Exception {
        if (!format.equals("perfetto") && !format.equals("csv")) {
            spec.commandLine().getErr().println("error: --format must be perfetto or csv");
            return 2;
        }
        Simulator.Model m;
        try { m = Simulator.Model.of(model); } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("error: " + e.getMessage());
            return 2;
        }
        SimSpec sim = Scenarios.loadOrReport(file, spec.commandLine().getErr());
        if (sim == null) return 1;
        Trace tr = new Trace();
        Simulator s = new Simulator(sim, m, tr);
        s.run();
        TraceIndex idx = new TraceIndex(tr, RunInfo.of(s));
        try (Writer w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
            if (format.equals("perfetto")) PerfettoExport.write(idx, w); else CsvExport.write(idx, w);
        }
        spec.commandLine().getOut().println("wrote " + out);
        return 0;
    }
}
