package io.throttlescope.ui.sweep;

import javafx.stage.Stage;
import javafx.stage.Window;

/** Tools > Sweep a parameter: one sweep window at a time, owned by the main one; a new sweep closes the old. */
public final class SweepWindow {
    private Stage stage;
    private SweepPane pane;

    /** Opens a sweep over the scenario text json; a clicked point goes to host. */
    public SweepPane open(Window owner, String json, String title, SweepPane.Host host) {
        if (stage != null) stage.close();
        pane = new SweepPane(json, host);
        stage = SweepPane.window(owner, pane, title);
        return pane;
    }

    /** The sweep's window, null before the first (tests take its picture). */
    public Stage stage() {
        return stage;
    }

    /** The sweep shown, null before the first. */
    public SweepPane pane() {
        return pane;
    }
}
