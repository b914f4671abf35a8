package io.throttlescope.cli;

import io.throttlescope.files.IoText;
import io.throttlescope.files.SafeOutput;
import io.throttlescope.realtrace.RealPair;
import io.throttlescope.realtrace.RealTrace;
import io.throttlescope.scenario.DurationText;
import io.throttlescope.text.Escape;
import io.throttlescope.ui.Screenshot;
import io.throttlescope.ui.export.LayoutAudit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "screenshot",
        mixinStandardHelpOptions = true,
        description = "Render the window or one view of it to a PNG, without a display.")
public final class ScreenshotCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the scenario file")
    Path file;

    @picocli.CommandLine.Option(
            names = "--task",
            paramLabel = "NAME",
            description = "select a task, as clicking its lane does (the panel says why it is not running)")
    String task;

    @Option(
            names = "--model",
            paramLabel = "MODEL",
            description = "throttle model: ${COMPLETION-CANDIDATES} (default: the scenario's)")
    Options.ModelName model;

    @ArgGroup(exclusive = true)
    Where where;

    @Option(
            names = "--view",
            defaultValue = "window",
            paramLabel = "VIEW",
            description = "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE})")
    Options.ViewName view;

    @Option(names = "-o", required = true, paramLabel = "OUT.png", description = "the PNG to write")
    Path out;

    @Option(
            names = "--size",
            defaultValue = "1600x1000",
            paramLabel = "WxH",
            description = "window size in pixels (default: ${DEFAULT-VALUE}); text grows on large sizes")
    String size;

    @Option(
            names = "--scale",
            paramLabel = "X",
            description = "text and lane scale (default: by the size, 1 up to 2200 px wide)")
    Double scale;

    @Mixin
    TraceOptions trace = new TraceOptions();

    @Option(
            names = "--audit",
            description =
                    "also write the layout audit (OUT.png.audit.json) and exit 1 if the subject is not whole or a text is cut")
    boolean audit;

    @Option(
            names = "--range",
            paramLabel = "START:END",
            description = "the visible time range, e.g. 0ms:120ms (default: where the window opens)")
    String range;

    static final class Where {
        @Option(
                names = "--at",
                paramLabel = "TIME",
                description = "the last step at or before this simulated time, e.g. 15.1ms")
        String at;

        @Option(
                names = "--step",
                paramLabel = "N",
                description = "step N, numbered as in the window and the log (0: before the first)")
        Integer step;
    }

    /** START:END as two times in ns, or a usage error. */
    static double[] range(String range) {
        String[] p = range.split(":");
        long rs = p.length == 2 ? DurationText.parse(p[0]) : -1, re = p.length == 2 ? DurationText.parse(p[1]) : -1;
        if (rs < 0 || re <= rs)
            throw new UsageException(
                    "--range needs START:END with START before END, e.g. 0ms:120ms (got '" + range + "')");
        return new double[] {rs, re};
    }

    @Override
    public Integer call() throws Exception {
        long at = where != null && where.at != null ? Options.time(where.at, "--at") : -1;
        Matcher m = Pattern.compile("([1-9][0-9]{0,4})x([1-9][0-9]{0,4})").matcher(size);
        if (!m.matches())
            throw new UsageException("--size needs WIDTHxHEIGHT in pixels, e.g. 1600x1000 (got '" + size + "')");
        int w = Integer.parseInt(m.group(1)), h = Integer.parseInt(m.group(2));
        if (w < 320 || h < 240 || w > 8192 || h > 8192)
            throw new UsageException("--size must be between 320x240 and 8192x8192 (got '" + size + "')");
        double[] r = range == null ? null : range(range);
        if (scale != null && !(scale >= 0.5 && scale <= 4))
            throw new UsageException("--scale must be between 0.5 and 4 (got " + scale + ")"); // NaN too
        Options.output(out, file);
        RealTrace.Options read = trace.options(null);
        if (Files.isRegularFile(file) && RealPair.looksLikeTrace(file)) {
            try {
                RealTrace.importFile(file, read);
            } catch (IOException e) {
                spec.commandLine().getErr().println("error: " + IoText.message(e));
                return 1;
            }
        } else if (trace.given()) {
            throw new UsageException(
                    "--cgroup-map and --probe are for a trace; " + Escape.controls(file.toString()) + " is a scenario");
        } else if (Scenarios.loadOrReport(file, spec.commandLine().getErr()) == null) {
            return 1;
        }
        List<LayoutAudit> audits = audit ? new ArrayList<>() : null;
        try {
            Screenshot.render(
                    new Screenshot.Options(
                            file,
                            model == null ? null : model.name(),
                            at,
                            where != null && where.step != null ? where.step : -1,
                            view.name(),
                            out,
                            w,
                            h,
                            r == null ? 0 : (long) r[0],
                            r == null ? 0 : (long) r[1],
                            scale == null ? 0 : scale,
                            task,
                            read),
                    audits);
        } catch (IllegalArgumentException e) { // --at or --step outside the run: a usage error
            if (e.getMessage() != null && e.getMessage().startsWith("--")) throw new UsageException(e.getMessage());
            throw e;
        }
        spec.commandLine().getOut().println("wrote " + SafeOutput.shown(out));
        if (audits == null) return 0;
        Path at2 = out.resolveSibling(out.getFileName() + ".audit.json");
        String json = LayoutAudit.json(audits);
        SafeOutput.write(at2, wr -> wr.write(json));
        spec.commandLine().getOut().println("wrote the layout audit to " + SafeOutput.shown(at2));
        for (LayoutAudit a : audits) {
            if (a.ok()) continue;
            spec.commandLine().getErr().println("audit: " + Escape.text(a.title()) + ": " + Escape.text(a.problems()));
            spec.commandLine().getErr().println("error: the picture fails the layout audit");
            return 1;
        }
        return 0;
    }
}
