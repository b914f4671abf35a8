package io.throttlescope.ui;

import javafx.concurrent.Task;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.stage.Window;
import org.controlsfx.control.StatusBar;

/** The status line at the bottom, which a background job's message and progress take over while it runs, and the window's error dialog. */
final class StatusLine {
    final StatusBar bar = new StatusBar();
    private Window owner;

    /** The window the error dialogs belong to. */
    void setOwner(Window owner) { this.owner = owner; }

    void set(String text) { bar.setText(text); }

    String text() { return bar.getText(); }

    /** The job's message and progress are shown until it ends. */
    void follow(Task<?> job) {
        bar.textProperty().bind(job.messageProperty());
        bar.progressProperty().bind(job.progressProperty());
    }

    void release() {
        bar.textProperty().unbind();
        bar.progressProperty().unbind();
        bar.setProgress(0);
    }

    /** An error dialog; the status line says it too (it said "Importing ..." under the dialog of a failed open). */
    void error(String header, String text) {
        if (!bar.textProperty().isBound()) bar.setText(header);
        Alert a = new Alert(Alert.AlertType.ERROR, text, ButtonType.OK);
        a.initOwner(owner);
        a.setHeaderText(header);
        a.show();
    }
}
