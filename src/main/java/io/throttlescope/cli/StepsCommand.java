package io.throttlescope.cli;

import io.throttlescope.files.SafeOutput;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.text.Escape;
import io.throttlescope.ui.MainWindow;
import io.throttlescope.ui.export.LayoutAudit;
import io.throttlescope.ui.export.StepExport;
import io.throttlescope.view.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "steps",
        mixinStandardHelpOptions = true,
        description = {
            "Export the window at every visible event between two times, for class: numbered PNGs in a folder, an animated GIF,",
            "or a self-contained HTML slide deck with the explanation under each picture (arrow keys or a click move on)."
        })
public final class StepsCommand implements Callable<Integer> {
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
            names = "--from",
            paramLabel = "T0",
            description = "first time, e.g. 8ms (with --lesson: the first stop's place, default the start)")
    String from;

    @Option(
            names = "--to",
            paramLabel = "T1",
            description = "last time, e.g. 16ms (with --lesson: the last stop's place, default the end)")
    String to;

    @Option(
            names = "--lesson",
            description = "one slide per stop of the scenario's lesson (a question: the question, then its answer)")
    boolean lesson;

    @Option(
            names = "--max",
            defaultValue = "60",
            paramLabel = "N",
            description =
                    "at most N steps (with --lesson: slides); with more, the throttle, task work, park, lock, unthrottle, hung-task and note events are kept first and the rest evenly chosen (default ${DEFAULT-VALUE})")
    int max;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            description = "${COMPLETION-CANDIDATES} (default: from OUT: .gif, .html, else a folder of PNGs)")
    StepExport.Format format;

    @Option(
            names = "--size",
            defaultValue = "1280x800",
            paramLabel = "WxH",
            description = "picture size (default ${DEFAULT-VALUE})")
    String size;

    @Option(
            names = "--audit",
            description =
                    "also write the layout audit of every picture (audit.json in the folder, OUT.audit.json beside a .gif or .html) and exit 1 if a stop's subject is not whole or a text is cut")
    boolean audit;

    @Option(
            names = "-o",
            required = true,
            paramLabel = "OUT",
            description = "a .gif, a .html, or a folder for the PNGs")
    Path out;

    @Override
    public Integer call() throws Exception {
        if (!lesson && (from == null || to == null))
            throw new UsageException("steps needs --from and --to, or --lesson");
        long t0 = from == null ? 0 : Options.time(from, "--from"),
                t1 = to == null ? Long.MAX_VALUE : Options.time(to, "--to");
        if (t1 < t0) throw new UsageException("--to must not be before --from");
        if (max < 1 || max > 500) throw new UsageException("--max must be 1 to 500 (got " + max + ")");
        Matcher m = Pattern.compile("([1-9][0-9]{2,3})x([1-9][0-9]{2,3})").matcher(size);
        if (!m.matches())
            throw new UsageException("--size needs WIDTHxHEIGHT between 640x480 and 4096x4096 (got '" + size + "')");
        int w = Integer.parseInt(m.group(1)), h = Integer.parseInt(m.group(2));
        if (w < 640 || h < 480 || w > 4096 || h > 4096)
            throw new UsageException("--size must be between 640x480 and 4096x4096");
        StepExport.Format f = format != null
                ? format
                : out.toString().endsWith(".gif")
                        ? StepExport.Format.gif
                        : out.toString().endsWith(".html") ? StepExport.Format.html : StepExport.Format.png;
        if (f != StepExport.Format.png) Options.output(out, file);
        else if (Files.exists(out) && !Files.isDirectory(out))
            throw new UsageException(out + " exists and is not a folder (PNGs go into a folder)");
        SimSpec sim = Scenarios.loadOrReport(file, spec.commandLine().getErr());
        if (sim == null) return 1;
        if (lesson) {
            if (sim.lesson() == null) {
                spec.commandLine().getErr().println("error: " + Escape.text(file.toString()) + " has no lesson");
                return 1;
            }
            List<LayoutAudit> audits = audit ? new ArrayList<>() : null;
            int n = StepExport.renderTo(
                    new StepExport.Options(file, null, List.of(), w, h, f, out, true, t0, t1, max),
                    MainWindow::new,
                    audits); // written as drawn
            if (n == 0) {
                spec.commandLine().getErr().println("error: no stop of the lesson between " + from + " and " + to);
                return 1;
            }
            spec.commandLine().getOut().println("wrote " + n + " slides of the lesson to " + SafeOutput.shown(out));
            return audits == null ? 0 : writeAudit(audits, f);
        }
        Run run = Run.simulate(sim, Options.model(model, sim.defaultModel()));
        List<Integer> events = StepExport.between(run, t0, t1, max);
        if (events.isEmpty()) {
            spec.commandLine().getErr().println("error: no event between " + from + " and " + to);
            return 1;
        }
        List<LayoutAudit> audits = audit ? new ArrayList<>() : null;
        int n = StepExport.renderTo(
                new StepExport.Options(file, Options.model(model, sim.defaultModel()).id, events, w, h, f, out),
                MainWindow::new,
                audits); // each frame written as it is drawn, none kept
        spec.commandLine().getOut().println("wrote " + n + " steps to " + SafeOutput.shown(out));
        return audits == null ? 0 : writeAudit(audits, f);
    }

    /** audit.json beside the pictures; 1 if a picture fails it, with one line for each that does. */
    private int writeAudit(List<LayoutAudit> audits, StepExport.Format f) throws Exception {
        Path at = f == StepExport.Format.png
                ? out.resolve("audit.json")
                : out.resolveSibling(out.getFileName() + ".audit.json");
        String json = LayoutAudit.json(audits);
        SafeOutput.write(at, wr -> wr.write(json));
        spec.commandLine().getOut().println("wrote the layout audit to " + SafeOutput.shown(at));
        int bad = 0;
        for (LayoutAudit a : audits) {
            if (a.ok()) continue;
            bad++;
            spec.commandLine().getErr().println("audit: " + Escape.text(a.title()) + ": " + Escape.text(a.problems()));
        }
        if (bad > 0)
            spec.commandLine()
                    .getErr()
                    .println("error: " + bad + " of " + audits.size() + " pictures fail the layout audit");
        return bad > 0 ? 1 : 0;
    }
}
