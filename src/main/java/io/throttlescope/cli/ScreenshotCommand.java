package io.throttlescope.cli;

import io.throttlescope.scenario.DurationText;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "screenshot", description = "Render the window or one view of it to a PNG, without a display.")
public final class ScreenshotCommand implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Parameters(index = "0", paramLabel = "FILE") Path file;
    @Option(names = "--model", paramLabel = "legacy|task") String model;
    @ArgGroup(exclusive = true) Where where;
    @Option(names = "--view", defaultValue = "window", paramLabel = "NAME",
            description = "window, timeline, budget, limbo, locks, log or explanation (default: window)") String view;
    @Option(names = "-o", required = true, paramLabel = "OUT.png") Path out;
    @Option(names = "--size", defaultValue = "1600x1000", paramLabel = "WxH") String size;
    @Option(names = "--range", paramLabel = "START:END", description = "the visible time range, e.g. 0ms:120ms (default: the whole run)") String range;

    static final class Where {
        @Option(names = "--at", paramLabel = "TIME", description = "the last event at or before this simulated time, e.g. 15.1ms") String at;
        @Option(names = "--step", paramLabel = "N", description = "the N-th event (state bookkeeping not counted)") Integer step;
    }

    @Override public Integer call() throws Exception {
        if (!List.of(io.throttlescope.ui.Screenshot.VIEWS).contains(view)) {
            spec.commandLine().getErr().println("error: unknown view '" + view + "' (expected one of " + String.join(", ", io.throttlescope.ui.Screenshot.VIEWS) + ")");
            return 2;
        }
        long at = -1;
        if (where != null && where.at != null) {
            at = DurationText.parse(where.at);
            if (at < 0) { spec.commandLine().getErr().println("error: --at needs a time such as 15ms"); return 2; }
        }
        String[] wh = size.split("x");
        long rs = 0, re = 0;
        if (range != null) {
            String[] p = range.split(":");
            rs = p.length == 2 ? DurationText.parse(p[0]) : -1;
            re = p.length == 2 ? DurationText.parse(p[1]) : -1;
            if (rs < 0 || re <= rs) { spec.commandLine().getErr().println("error: --range needs START:END, e.g. 0ms:120ms"); return 2; }
        }
        if (Scenarios.loadOrReport(file, spec.commandLine().getErr()) == null) return 1;
        io.throttlescope.ui.Screenshot.render(new io.throttlescope.ui.Screenshot.Options(file, model, at,
                where != null && where.step != null ? where.step : -1, view, out, Integer.parseInt(wh[0]), Integer.parseInt(wh[1]), rs, re));
        spec.commandLine().getOut().println("wrote " + out);
        return 0;
    }
}
