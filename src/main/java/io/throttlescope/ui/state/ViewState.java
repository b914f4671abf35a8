package io.throttlescope.ui.state;

import io.throttlescope.view.Run;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/** What every view observes: the run, the cursor (an event index), the visible time range and the selection. */
public final class ViewState {
    public final ObjectProperty<Run> run = new SimpleObjectProperty<>();
    /** Index of the current event; -1 before the first. */
    public final IntegerProperty cursor = new SimpleIntegerProperty(-1);

    public final DoubleProperty viewStart = new SimpleDoubleProperty(0);
    public final DoubleProperty viewEnd = new SimpleDoubleProperty(1);
    public final IntegerProperty selectedTask = new SimpleIntegerProperty(-1);
    public final IntegerProperty selectedCpu = new SimpleIntegerProperty(-1);
    public final IntegerProperty selectedGroup = new SimpleIntegerProperty(-1);
    public final BooleanProperty taskLanes = new SimpleBooleanProperty(true);
    /** A lesson's question waits for its answer: what happens after the cursor is hidden in the views. */
    public final BooleanProperty veiled = new SimpleBooleanProperty(false);
    /** Why what follows the cursor is hidden, as the covered views say it. */
    public final StringProperty veilReason = new SimpleStringProperty(QUESTION_WAITS);

    public static final String QUESTION_WAITS = "answer the question to see what happens next";
    public static final String LATER_QUESTION = "a later stop of the lesson asks what happens next";
    /** How large text and lanes are drawn (Ctrl+plus / Ctrl+minus, presentation mode). */
    public final DoubleProperty scale = new SimpleDoubleProperty(1);

    public long cursorTime() {
        Run r = run.get();
        int c = cursor.get();
        if (r == null || c < 0) return 0;
        return r.trace().time(c);
    }

    /** What the views may show: up to the cursor while a lesson's question waits, else everything. */
    public long horizon() {
        return veiled.get() && cursor.get() >= 0 && run.get() != null ? cursorTime() : Long.MAX_VALUE;
    }

    /**
     * The last event the views may show: the cursor's while a lesson's question waits (events later
     * in the same nanosecond included: a mark drawn at the cursor's pixel gave 01 stop 3's answer
     * away), else every event.
     */
    public int lastShown() {
        return veiled.get() && cursor.get() >= 0 && run.get() != null ? cursor.get() : Integer.MAX_VALUE;
    }

    /** Fit the whole run. */
    public void fit() {
        Run r = run.get();
        if (r == null) return;
        viewStart.set(0);
        viewEnd.set(Math.max(1, r.info().endNs()));
    }

    /** Zoom by a factor around a time (factor &lt; 1 zooms in). */
    public void zoom(double factor, double around) {
        double s = viewStart.get(), e = viewEnd.get();
        double ns = around - (around - s) * factor, ne = around + (e - around) * factor;
        setRange(ns, ne);
    }

    public void pan(double deltaNs) {
        setRange(viewStart.get() + deltaNs, viewEnd.get() + deltaNs);
    }

    public void setRange(double s, double e) {
        Run r = run.get();
        double max = r == null ? 1 : Math.max(1, r.info().endNs());
        double w = Math.max(1000, Math.min(e - s, max * 1.2));
        if (s < -max * 0.1) s = -max * 0.1;
        if (s + w > max * 1.1) s = max * 1.1 - w;
        viewStart.set(s);
        viewEnd.set(s + w);
    }

    /** The text scale Ctrl+0 goes back to: the one the window started with (x1.5 at 2560 px), not x1. */
    public double normalScale = 1;

    /**
     * Ctrl+plus (dir 1), Ctrl+minus (-1), Ctrl+0 (0): text, lanes and tables grow or shrink by 15 %,
     * between 0.7 and 3; Ctrl+0 goes back to the window's own size ({@link #normalScale}). At 2560 px
     * it went to x1, below the x1.5 the window starts with (the third review).
     */
    public void zoomText(int dir) {
        double s = dir == 0 ? normalScale : scale.get() * (dir > 0 ? 1.15 : 1 / 1.15);
        scale.set(Math.max(0.7, Math.min(3, Math.round(s * 100) / 100.0)));
    }

    /** The text scale a window of this width starts with: large screens get larger text. */
    public static double autoScale(double width) {
        return width >= 3000 ? 2 : width >= 2200 ? 1.5 : 1;
    }
}
