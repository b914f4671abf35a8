package io.throttlescope.ui.window;

import io.throttlescope.sim.Simulator;
import io.throttlescope.view.Durations;
import io.throttlescope.view.Run;
import javafx.concurrent.Task;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.stage.Window;
import org.controlsfx.control.StatusBar;

/** The status line at the bottom, which a background job's message and progress take over while it runs, and the window's error dialog. */
public final class StatusLine {
    public final StatusBar bar = new StatusBar();
    private Window owner;

    /** The window the error dialogs belong to. */
    public void setOwner(Window owner) {
        this.owner = owner;
    }

    /** "step 12 of 180 · t = 15.1ms · task-based model": the numbering of the log, describe and --step. */
    public static String stepText(Run r, int i) {
        return stepText(r, i, Long.MAX_VALUE);
    }

    /** The same, knowing nothing after the horizon (a lesson's question waits). */
    public static String stepText(Run r, int i, long horizon) {
        return (i < 0
                        ? "before the first step (0 of " + r.index().steps() + ")"
                        : "step " + r.index().stepOf(i) + " of " + r.index().steps() + "  \u00B7  t = "
                                + Durations.atEvent(r, i, horizon))
                + "  \u00B7  "
                + (r.isReal()
                        ? "real trace (" + (r.model() == Simulator.Model.LEGACY ? "legacy" : "task-based") + " kernel)"
                        : r.model() == Simulator.Model.LEGACY ? "legacy model" : "task-based model");
    }

    public void set(String text) {
        bar.setText(text);
    }

    public String text() {
        return bar.getText();
    }

    /** The job's message and progress are shown until it ends. */
    public void follow(Task<?> job) {
        bar.textProperty().bind(job.messageProperty());
        bar.progressProperty().bind(job.progressProperty());
    }

    public void release() {
        bar.textProperty().unbind();
        bar.progressProperty().unbind();
        bar.setProgress(0);
    }

    /** An error dialog; the status line says it too (it said "Importing ..." under the dialog of a failed open). */
    public void error(String header, String text) {
        if (!bar.textProperty().isBound()) bar.setText(header);
        Alert a = new Alert(Alert.AlertType.ERROR, text, ButtonType.OK);
        a.initOwner(owner);
        a.setHeaderText(header);
        a.show();
    }
}
