package io.throttlescope.ui;

import io.throttlescope.files.KernelFiles;
import io.throttlescope.realtrace.RealPair;
import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.ui.state.Headless;
import io.throttlescope.ui.state.ViewState;
import io.throttlescope.ui.timeline.TimelineCanvas;
import io.throttlescope.view.Run;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.zip.GZIPInputStream;
import javafx.stage.Stage;

/** Measures the window on a large run: timeline redraws after pans and zooms, and steps of the cursor. */
public final class UiBench {
    private UiBench() {}

    public static void run(SimSpec spec, PrintWriter out) throws Exception {
        HeapTrim.install();
        long t0 = System.nanoTime();
        Run legacy = Run.simulate(spec, Simulator.Model.LEGACY);
        Run task = Run.simulate(spec, Simulator.Model.TASK);
        out.printf(
                Locale.ROOT,
                "runs: %,d events (legacy) and %,d events (task-based), simulated and indexed in %.1f s%n",
                legacy.trace().size(),
                task.trace().size(),
                (System.nanoTime() - t0) / 1e9);
        printPeak(
                out,
                "after both runs were built",
                legacy.trace().size() + task.trace().size());
        out.print(Headless.run(1920, 1200, () -> measure(spec, legacy, task)));
        out.flush();
    }

    private static String measure(SimSpec spec, Run legacy, Run task) {
        return measureWindow(spec, null, legacy, task);
    }

    /**
     * The window's figures on a real trace: the import (lines a second, beside a plain split of the
     * same file into lines in the same run), then the window with the trace on the left and its
     * scenario's simulation (or the trace again) on the right.
     */
    public static void runTrace(Path file, PrintWriter out) throws Exception {
        HeapTrim.install();
        long t0 = System.nanoTime(), lines = 0;
        try (InputStream raw = Files.newInputStream(file);
                BufferedReader r = new BufferedReader(
                        new InputStreamReader(
                                file.toString().endsWith(".gz") ? new GZIPInputStream(raw, 1 << 16) : raw,
                                StandardCharsets.UTF_8),
                        1 << 16)) {
            while (r.readLine() != null) lines++;
        }
        double split = (System.nanoTime() - t0) / 1e9;
        out.printf(
                Locale.ROOT,
                "plain split into lines (BufferedReader.readLine): %,d lines in %.1f s = %.2f million lines/s%n",
                lines,
                split,
                lines / split / 1e6);
        out.flush();
        t0 = System.nanoTime();
        // each phase's end, from the open's progress: the text read (both passes) at 0.9 of the import, the
        // import with its index at 0.85 of the open, then the simulation beside it
        long[] end = new long[2];
        RealPair pair = RealPair.open(file, f -> {
            if (end[0] == 0 && f >= 0.85 * 0.9 - 1e-9) end[0] = System.nanoTime();
            if (end[1] == 0 && f >= 0.85 - 1e-9) end[1] = System.nanoTime();
        });
        long done = System.nanoTime();
        double imp = (done - t0) / 1e9;
        Run real = pair.real().run;
        out.printf(
                Locale.ROOT,
                "import (both passes, index, and the simulation beside it): %,d events in %.1f s = %.2f million lines/s%s%n",
                real.trace().size(),
                imp,
                lines / imp / 1e6,
                pair.simulated() == null
                        ? ""
                        : String.format(
                                Locale.ROOT,
                                " (the simulation beside it: %,d events)",
                                pair.simulated().trace().size()));
        if (end[0] > 0 && end[1] >= end[0]) {
            double read = (end[0] - t0) / 1e9, index = (end[1] - end[0]) / 1e9, sim = (done - end[1]) / 1e9;
            out.printf(
                    Locale.ROOT,
                    "  of which: reading the text (both passes) %.1f s = %.2f million lines/s; the events and their"
                            + " index %.1f s; the simulation beside it %.1f s%n",
                    read,
                    lines / read / 1e6,
                    index,
                    sim);
        }
        printPeak(
                out,
                "after the open",
                real.trace().size()
                        + (pair.simulated() == null
                                ? 0
                                : pair.simulated().trace().size()));
        out.print(Headless.run(1920, 1200, () -> measureWindow(pair.spec(), file, real, pair.right())));
        out.flush();
    }

    /** The process's peak resident memory so far (VmHWM), in MB and bytes an event, where there is /proc. */
    private static void printPeak(PrintWriter out, String when, long events) {
        long[] mem = resident();
        if (mem[1] > 0)
            out.printf(
                    Locale.ROOT,
                    "  peak resident memory %s (VmHWM): %.0f MB = %.1f bytes an event of both runs%n",
                    when,
                    mem[1] / 1e6,
                    mem[1] / (double) Math.max(1, events));
    }

    /** Resident memory of this process (VmRSS and its peak VmHWM of /proc/self/status), in bytes; 0 where there is no /proc. */
    static long[] resident() {
        long[] r = new long[2];
        try {
            for (String l : KernelFiles.lines(Path.of("/proc/self/status"))) {
                if (l.startsWith("VmRSS:")) r[0] = kb(l);
                if (l.startsWith("VmHWM:")) r[1] = kb(l);
            }
        } catch (IOException | RuntimeException e) {
            return r;
        }
        return r;
    }

    private static long kb(String line) {
        return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
    }

    private static String measureWindow(SimSpec spec, Path file, Run legacy, Run task) {
        PeakGrowth growth = new PeakGrowth();
        Stage stage = new Stage();
        MainWindow w = new MainWindow(stage);
        w.install(spec, file, legacy, task);
        stage.setWidth(1920);
        stage.setHeight(1200);
        stage.show();
        stage.getScene().getRoot().applyCss();
        stage.getScene().getRoot().layout();
        growth.after("its opening");
        ViewState vs = w.vs;
        TimelineCanvas tl = w.timeline;
        long end = vs.run.get().info().endNs();
        SplittableRandom rnd = new SplittableRandom(1);
        long first = 0;
        for (int k = 0; k < 80; k++) { // warm-up: let the JIT compile the drawing code
            tl.scrollLanes(k % 2);
            double span = end * Math.pow(10, -(k % 5));
            double start = rnd.nextDouble() * Math.max(1, end - span);
            vs.setRange(start, start + span);
            tl.redraw();
            if (k == 0) first = tl.lastRedrawNs(); // the whole run, first seen: its dense lanes' grids made now
            w.goTo(rnd.nextInt(vs.run.get().trace().size()));
        }
        growth.after("the warm-up");
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(
                Locale.ROOT,
                "timeline %.0f x %.0f px, %d lanes of CPUs%n",
                tl.canvas().getWidth(),
                tl.canvas().getHeight(),
                vs.run.get().info().cpus()));
        sb.append(String.format(
                Locale.ROOT,
                "first redraw at the whole run (code not yet compiled, the lanes' grids made) %.2f ms%n",
                first / 1e6));
        for (double lanes : new double[] {0, 1}) {
            tl.scrollLanes(lanes);
            sb.append(lanes == 0 ? "(CPU and task lanes in view)\n" : "(scrolled to the budget lanes)\n");
            for (double frac : new double[] {1.0, 0.1, 0.01, 0.0001, 0.000001}) {
                List<Long> times = new ArrayList<>();
                for (int k = 0; k < 40; k++) {
                    double span = end * frac;
                    double start = rnd.nextDouble() * Math.max(1, end - span);
                    vs.setRange(start, start + span); // a zoom
                    tl.redraw();
                    times.add(tl.lastRedrawNs());
                    vs.pan(span * 0.1); // a pan
                    tl.redraw();
                    times.add(tl.lastRedrawNs());
                }
                String what =
                        "redraw at " + (frac == 1 ? "the whole run" : "1/" + Math.round(1 / frac) + " of the run");
                sb.append(line(what, times));
                growth.after(what + (lanes == 0 ? "" : " (budget lanes)"));
            }
        }
        tl.scrollLanes(0);
        List<Long> steps = new ArrayList<>(), jumps = new ArrayList<>();
        int n = vs.run.get().trace().size();
        w.goTo(n / 2);
        for (int k = 0; k < 200; k++) {
            long a = System.nanoTime();
            w.step(k % 3 == 2 ? -1 : 1, i -> true);
            tl.redraw(); // the redraw the step asked for
            steps.add(System.nanoTime() - a);
        }
        for (int k = 0; k < 100; k++) {
            int target = rnd.nextInt(n);
            long a = System.nanoTime();
            w.goTo(target);
            tl.redraw();
            jumps.add(System.nanoTime() - a);
        }
        sb.append(line("step forward or back (all views updated)", steps));
        sb.append(line("jump to a random event (all views updated)", jumps));
        growth.after("the steps and jumps");
        List<Long> sw = new ArrayList<>();
        for (int k = 0; k < 10; k++) {
            long a = System.nanoTime();
            w.switchModel(k % 2 == 0 ? Simulator.Model.LEGACY : Simulator.Model.TASK);
            sw.add(System.nanoTime() - a);
        }
        sb.append(line("switch model", sw));
        growth.after("the model switches");
        // memory: the recorded traces, and the whole heap with the window open (event log and index included)
        long events = (long) legacy.trace().size() + task.trace().size();
        Runtime rt = Runtime.getRuntime();
        for (int k = 0; k < 3; k++) System.gc();
        long heap = rt.totalMemory() - rt.freeMemory();
        growth.after("the collections before the heap is read");
        sb.append(String.format(
                Locale.ROOT,
                "recorded trace: %.1f bytes an event (columns, chunk slack included)%n",
                (legacy.trace().bytesPerEvent() + task.trace().bytesPerEvent()) / 2));
        sb.append(String.format(
                Locale.ROOT,
                "heap with the window open, after GC: %.0f MB, %.1f bytes an event of both runs%n",
                heap / 1e6,
                (double) heap / events));
        try {
            Thread.sleep(2000); // the collector gives shrunk heap back to the machine in the background
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        long[] rss = resident();
        if (rss[0] > 0) {
            sb.append(String.format(
                    Locale.ROOT,
                    "resident memory (what a task manager shows): %.0f MB now, %.0f MB at the peak; "
                            + "%.1f and %.1f bytes an event of both runs%n",
                    rss[0] / 1e6,
                    rss[1] / 1e6,
                    (double) rss[0] / events,
                    (double) rss[1] / events));
        }
        sb.append(growth.said());
        if (System.getenv("TS_HISTOGRAM") != null) sb.append(histogram()); // where the heap goes, for work on the index
        stage.close();
        return sb.toString();
    }

    /** The JVM's class histogram of this process, top 25 lines (jcmd GC.class_histogram). */
    private static String histogram() {
        try {
            Process p = new ProcessBuilder(
                            "jcmd", String.valueOf(ProcessHandle.current().pid()), "GC.class_histogram")
                    .redirectErrorStream(true)
                    .start();
            String[] lines = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).split("\n");
            return String.join("\n", Arrays.copyOfRange(lines, 0, Math.min(25, lines.length))) + "\n";
        } catch (IOException e) {
            return "(no histogram: " + e.getMessage() + ")\n";
        }
    }

    /**
     * Where the window's measurements raised the process's peak (VmHWM) by 16 MB or more: the peak is
     * the figure a laptop's memory must hold, and the collector's growths of the heap for garbage are
     * what move it from run to run (docs/performance.md).
     */
    private static final class PeakGrowth {
        private long last = resident()[1];
        private final StringBuilder grew = new StringBuilder();

        void after(String phase) {
            long now = resident()[1];
            if (now - last >= 16L << 20)
                grew.append(grew.length() == 0 ? "" : "; ")
                        .append(String.format(Locale.ROOT, "%s +%.0f MB", phase, (now - last) / 1e6));
            last = Math.max(last, now);
        }

        String said() {
            return last <= 0
                    ? ""
                    : "the peak grew with the window open during: "
                            + (grew.length() == 0 ? "none of its measurements (by 16 MB or more)" : grew)
                            + "\n";
        }
    }

    private static String line(String what, List<Long> ns) {
        List<Long> s = new ArrayList<>(ns);
        Collections.sort(s);
        return String.format(
                Locale.ROOT,
                "%-45s median %6.2f ms, max %6.2f ms%n",
                what,
                s.get(s.size() / 2) / 1e6,
                s.get(s.size() - 1) / 1e6);
    }
}
