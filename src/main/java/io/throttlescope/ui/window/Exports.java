package io.throttlescope.ui.window;

import io.throttlescope.files.SafeOutput;
import io.throttlescope.realtrace.Syscalls;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.trace.CsvExport;
import io.throttlescope.trace.PerfettoExport;
import io.throttlescope.trace.PerfettoProto;
import io.throttlescope.ui.export.ExportStepsDialog;
import io.throttlescope.ui.export.ExportWindow;
import io.throttlescope.ui.export.StepExport;
import io.throttlescope.ui.state.ViewState;
import io.throttlescope.view.Run;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import javafx.concurrent.Task;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Stage;

/**
 * File > Export: the shown run as a Perfetto or CSV trace, and the steps as a GIF, HTML slides or
 * PNGs. It asks where, then writes off the FX thread with progress in the status line.
 */
public final class Exports {
    /** What the exports read of the window: the open file, its scenario, the edited text of What if? (null if unedited). */
    public record Source(Supplier<Path> file, Supplier<SimSpec> spec, Supplier<String> editedJson) {}

    private final Stage stage;
    private final ViewState vs;
    private final StatusLine status;
    private final Source src;
    private final ExportWindow.Factory windows;

    public Exports(Stage stage, ViewState vs, StatusLine status, Source src, ExportWindow.Factory windows) {
        this.stage = stage;
        this.vs = vs;
        this.status = status;
        this.src = src;
        this.windows = windows;
    }

    private String base() {
        Path file = src.file().get();
        return file == null ? "scenario" : file.getFileName().toString().replaceAll("\\.json$", "");
    }

    /** Writes the shown model's trace (Perfetto trace-event JSON, a native Perfetto trace or CSV), as the export command does. */
    public void export(String format) {
        Run r = vs.run.get();
        if (r == null) return;
        FileChooser fc = new FileChooser();
        fc.setTitle(
                format.equals("csv")
                        ? "Export the trace as CSV"
                        : format.equals("perfetto-proto")
                                ? "Export a native Perfetto trace"
                                : "Export the trace for Perfetto UI");
        fc.setInitialFileName(base() + "-" + r.model().id
                + (format.equals("csv") ? ".csv" : format.equals("perfetto-proto") ? ".pftrace" : ".perfetto.json"));
        File f = fc.showSaveDialog(stage);
        if (f == null) return;
        exportTo(r, format, f.toPath());
    }

    /** File > Export steps: asks what and where, then renders and writes. */
    public void askExportSteps() {
        Run r = vs.run.get();
        if (r == null || r.isReal()) {
            status.error("Nothing to export", "Export steps works on a simulated scenario.");
            return;
        }
        var req = ExportStepsDialog.ask(
                stage,
                (long) vs.viewStart.get(),
                (long) vs.viewEnd.get(),
                src.spec().get().lesson() != null);
        if (req.isEmpty()) return;
        String base = base() + (req.get().lesson() ? "-lesson" : "-" + r.model().id);
        File f;
        if (req.get().format() == StepExport.Format.png) {
            DirectoryChooser dc = new DirectoryChooser();
            dc.setTitle("A folder for the numbered PNGs");
            f = dc.showDialog(stage);
        } else {
            FileChooser fc = new FileChooser();
            fc.setTitle("Export steps");
            fc.setInitialFileName(base + (req.get().format() == StepExport.Format.gif ? ".gif" : ".html"));
            f = fc.showSaveDialog(stage);
        }
        if (f != null) exportSteps(req.get(), f.toPath());
    }

    /**
     * Renders the steps here (the FX thread: an off-screen window, never shown) and writes them in the
     * background; the scenario as edited in What if?, under the model shown. Returns the writing job, or null.
     */
    public Task<Void> exportSteps(ExportStepsDialog.Request q, Path out) {
        Run r = vs.run.get();
        var fmt = q.format();
        List<Integer> events = q.lesson() ? List.of() : StepExport.between(r, q.from(), q.to(), q.max());
        if (!q.lesson() && events.isEmpty()) {
            status.error("Nothing to export", "No event between the two times.");
            return null;
        }
        List<StepExport.Frame> frames;
        try {
            frames = StepExport.renderHere(
                    new StepExport.Options(
                            src.file().get(),
                            r.model().id,
                            events,
                            q.width(),
                            q.height(),
                            fmt,
                            out,
                            q.lesson(),
                            q.lesson() ? q.from() : 0,
                            q.lesson() ? q.to() : Long.MAX_VALUE),
                    src.editedJson().get(),
                    windows);
        } catch (RuntimeException e) {
            status.error("Cannot export the steps", String.valueOf(e.getMessage()));
            return null;
        }
        if (frames.isEmpty()) {
            status.error("Nothing to export", "No stop of the lesson between the two times.");
            return null;
        }
        Task<Void> job = new Task<>() {
            @Override
            protected Void call() throws Exception {
                updateMessage("Writing " + frames.size() + " steps to " + out.getFileName() + "\u2026");
                StepExport.write(frames, fmt, out);
                return null;
            }
        };
        return writeInBackground(job, out, "Wrote " + frames.size() + " steps to " + out);
    }

    /** Writes the export off the FX thread, with progress in the status line. */
    public Task<Void> exportTo(Run r, String format, Path out) {
        Task<Void> job = new Task<>() {
            @Override
            protected Void call() throws Exception {
                updateMessage("Writing " + out.getFileName() + "\u2026");
                updateProgress(-1, 1);
                if (format.equals("perfetto-proto"))
                    SafeOutput.writeBytes(out, o -> PerfettoProto.write(r.index(), o, Syscalls::numberOf));
                else
                    SafeOutput.write(out, w -> {
                        if (format.equals("csv")) CsvExport.write(r.index(), w);
                        else PerfettoExport.write(r.index(), w);
                    });
                return null;
            }
        };
        return writeInBackground(job, out, "Wrote " + out);
    }

    /** Runs a writing job off the FX thread, its message and progress in the status line; a failure names the file. */
    private Task<Void> writeInBackground(Task<Void> job, Path out, String done) {
        status.follow(job);
        job.setOnSucceeded(e -> {
            status.release();
            status.set(done);
        });
        job.setOnFailed(e -> {
            status.release();
            status.error(
                    "Cannot write " + out, String.valueOf(job.getException().getMessage()));
        });
        Thread th = new Thread(job, "write " + out.getFileName());
        th.setDaemon(true);
        th.start();
        return job;
    }
}
