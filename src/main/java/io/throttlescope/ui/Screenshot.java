package io.throttlescope.ui;

import io.throttlescope.files.SafeOutput;
import io.throttlescope.realtrace.RealTrace;
import io.throttlescope.sim.Simulator;
import io.throttlescope.ui.export.LayoutAudit;
import io.throttlescope.ui.state.Headless;
import io.throttlescope.ui.state.ViewState;
import io.throttlescope.view.Cursors;
import io.throttlescope.view.Run;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javax.imageio.ImageIO;

/**
 * Renders the window, or one view of it, to a PNG without a display (Monocle's headless glass
 * platform and the software renderer).
 */
public final class Screenshot {
    public static final String[] VIEWS = {
        "window", "timeline", "budget", "limbo", "locks", "log", "explanation", "compare", "whatif", "lesson"
    };

    private Screenshot() {}

    /** Options of one picture. at &lt; 0: not given; step &lt; 0: not given. */
    public record Options(
            Path file,
            String model,
            long atNs,
            int step,
            String view,
            Path out,
            int width,
            int height,
            long rangeStart,
            long rangeEnd,
            double scale,
            String task,
            RealTrace.Options read) {
        public Options(
                Path file,
                String model,
                long atNs,
                int step,
                String view,
                Path out,
                int width,
                int height,
                long rangeStart,
                long rangeEnd,
                double scale) {
            this(
                    file,
                    model,
                    atNs,
                    step,
                    view,
                    out,
                    width,
                    height,
                    rangeStart,
                    rangeEnd,
                    scale,
                    null,
                    RealTrace.Options.defaults());
        }
    }

    public static void render(Options o) throws Exception {
        render(o, null);
    }

    /** As {@link #render(Options)}, with the layout audit of the window as drawn put in audits (null: none). */
    public static void render(Options o, List<LayoutAudit> audits) throws Exception {
        WritableImage img = Headless.run(o.width(), o.height(), () -> take(o, audits));
        SafeOutput.writeBytes(
                o.out(),
                out -> ImageIO.write(
                        SwingFXUtils.fromFXImage(img, null),
                        "png",
                        out)); // the old picture stays until the new one is whole
    }

    private static WritableImage take(Options o, List<LayoutAudit> audits) {
        Stage stage = new Stage();
        MainWindow w = new MainWindow(stage);
        w.rememberRecent(false); // a command without a window leaves the user's recent files alone
        w.vs.scale.set(o.scale() > 0 ? o.scale() : ViewState.autoScale(o.width()));
        w.opener.readTracesWith(o.read()); // a trace as the command reads it (--cgroup-map, --probe)
        if (!w.openNow(o.file())) throw new IllegalArgumentException("the scenario does not load; run validate on it");
        stage.setWidth(o.width());
        stage.setHeight(o.height());
        stage.show();
        stage.getScene().getRoot().applyCss();
        stage.getScene().getRoot().layout();
        if (o.model() != null) w.switchModel(Simulator.Model.of(o.model()));
        Run r = w.vs.run.get();
        if (o.view().equals("budget")) w.vs.taskLanes.set(false);
        if (o.view().equals("compare")) w.setCompare(true);
        if (o.view().equals("whatif")) w.openViews(List.of("explanation", "what-if"));
        if (o.view().equals("lesson")) w.lessonBar().show(0);
        if (o.atNs() >= 0 || o.step() >= 0) {
            w.goTo(Cursors.of(r, o.atNs() >= 0 ? o.atNs() : null, o.step() >= 0 ? o.step() : null));
        }
        if (o.rangeEnd() > o.rangeStart()) w.vs.setRange(o.rangeStart(), o.rangeEnd());
        if (o.task() != null) {
            int t = Arrays.asList(r.info().tasks()).indexOf(o.task());
            if (t < 0) throw new IllegalArgumentException("no task " + o.task() + " in the run");
            w.vs.selectedTask.set(t);
        }
        Node node = switch (o.view()) {
            case "timeline", "budget" -> w.timeline;
            case "limbo" -> w.cfsRqs;
            case "locks" -> w.locks;
            case "log" -> w.log;
            case "explanation" -> w.explanationLabel();
            case "compare" -> stage.getScene().getRoot();
            default -> stage.getScene().getRoot();
        };
        if (!List.of("window", "compare", "whatif", "lesson").contains(o.view())) {
            Parent root = stage.getScene().getRoot();
            root.applyCss();
            root.layout();
            if (o.view().equals("budget")) {
                w.timeline.resize(o.width(), o.height());
            }
        }
        Parent root = stage.getScene().getRoot();
        root.applyCss();
        root.layout();
        root.layout(); // columns that grew to their texts in the first pass settle
        w.timeline.redraw();
        w.compare.legacyTl.redraw();
        w.compare.taskTl.redraw();
        WritableImage img = node.snapshot(null, null);
        if (audits != null) audits.add(w.audit(1, "screenshot of " + o.view()));
        return img;
    }
}
