package io.throttlescope.ui;

import io.throttlescope.ui.state.ViewState;
import io.throttlescope.ui.tables.EventLogView;
import java.util.List;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.SplitPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.stage.Stage;

/**
 * How the window's panes are arranged: the timeline beside the side panel, over the event log;
 * compare mode puts both models, stacked, in the top half; presentation mode shows the timeline (or
 * the comparison) alone, full screen and larger. A lesson's covered log gives its room to the timeline.
 */
final class WindowLayout {
    final SplitPane main = new SplitPane();
    private final SplitPane top;
    private final Node timelineBox, side, log, compare;
    private final SidePanel sidePanel;
    private List<Node> chrome = List.of();
    private final ViewState vs;
    private final Stage stage;
    private double logDivider = 0.72;
    private boolean presenting;
    private double scaleBeforePresenting = 1;

    WindowLayout(Stage stage, ViewState vs, Node timelineBox, SidePanel sidePanel, EventLogView log, Node compare) {
        this.stage = stage;
        this.vs = vs;
        this.timelineBox = timelineBox;
        this.side = sidePanel.node;
        this.sidePanel = sidePanel;
        this.log = log;
        this.compare = compare;
        main.setOrientation(Orientation.VERTICAL);
        top = new SplitPane(timelineBox, side);
        top.setDividerPositions(0.6);
        top.widthProperty().addListener((o, a, b) -> placeSide());
        sidePanel.wantedWidth().addListener((o, a, b) -> placeSide());
        sidePanel.inStop().addListener((o, a, b) -> placeSide());
        main.getItems().addAll(top, log);
        main.setDividerPositions(0.72);
        log.minHeightProperty()
                .bind(vs.scale.multiply(112)); // the filters, the header and two rows: the current row is always read
        vs.scale.addListener((o, a, b) -> scaled(b.doubleValue()));
        vs.veiled.addListener((o, a, b) -> { // a covered log says one line: the timeline takes its room meanwhile
            if (main.getItems().size() < 2) return; // presentation mode or a folded log: no log to make room from
            if (b) {
                logDivider = main.getDividerPositions()[0];
                main.setDividerPositions(0.86);
            } else main.setDividerPositions(logShare());
            sidePanel.revealLater();
        });
    }

    /** What presentation mode hides: the menu, the toolbar, the legend, the status line. */
    void setChrome(Node... nodes) {
        chrome = List.of(nodes);
    }

    /** The top half: the comparison, or the timeline beside the side panel (presenting: beside the explanation alone). */
    void showCompare(boolean on) {
        sidePanel.explanationOnly(presenting);
        if (on) {
            top.getItems().setAll(compare);
        } else {
            top.getItems().setAll(timelineBox, side);
            placeSide();
        }
    }

    /**
     * The side panel's share of the width: 40%, more where the runqueue table needs it for its columns
     * (up to 50% at a lesson stop, 45% outside one: at 1024 px throttle_count was off screen and the
     * tasks cut); while presenting, 32%. Set whenever the window's width or the table's columns change.
     */
    private void placeSide() {
        double w = top.getWidth();
        if (w <= 0 || top.getItems().size() < 2) return;
        double want = presenting ? 0 : sidePanel.wantedWidth().get() + 24;
        double share =
                presenting ? 0.32 : Math.max(0.4, Math.min(sidePanel.inStop().get() ? 0.5 : 0.45, want / w));
        top.setDividerPositions(1 - share);
    }

    /**
     * Presentation mode (F11): the timeline and the explanation (or the comparison, its timelines and
     * results table, when comparing) with the lesson bar, nothing else (no menu, toolbar, legend, log or status line), full screen,
     * larger, in every mode (C while presenting switches the comparison in and out, never the side
     * panel's tables); leaving it puts everything back and then runs restore (compare mode as it was).
     */
    void setPresenting(boolean on, boolean comparing, Runnable restore) {
        if (on == presenting) return;
        presenting = on;
        if (on) scaleBeforePresenting = vs.scale.get();
        vs.scale.set(on ? presentingScale() : scaleBeforePresenting);
        for (Node n : chrome) {
            n.setVisible(!on);
            n.setManaged(!on);
        }
        sidePanel.explanationOnly(on);
        if (compare instanceof CompareView cv) cv.presenting(on);
        if (on && comparing) top.getItems().setAll(compare);
        else if (on) {
            top.getItems().setAll(timelineBox, side);
            placeSide();
        }
        if (on || logFolded) main.getItems().setAll(top);
        else showLog(0.72);
        if (!on) restore.run();
        stage.setFullScreenExitHint(
                ""); // no hint over the slide: it covered 01 stop 7's W lane at 2560 px for over 5 s (the third
        // review); F11 or Esc leaves
        stage.setFullScreen(on);
    }

    boolean presenting() {
        return presenting;
    }

    /** The text scale of presentation mode: 1.4 times the window's, at least 1.4 (Ctrl+0 while presenting goes back to it). */
    double presentingScale() {
        return Math.max(1.4, scaleBeforePresenting * 1.4);
    }

    private boolean logFolded;
    private final ToggleButton logToggle = new ToggleButton("Event log");

    {
        logToggle.setId("logToggle");
        logToggle.setFocusTraversable(false);
        logToggle.setSelected(true);
        logToggle.setTooltip(
                new Tooltip("Show or fold the event log (a lesson folds it: the timeline takes its room)"));
        logToggle.setOnAction(e -> foldLog(!logToggle.isSelected()));
    }

    /** The status line's switch for the event log. */
    ToggleButton logToggle() {
        return logToggle;
    }

    /**
     * Folds the event log away (a lesson stop does: its timeline and explanation are what the class
     * reads; the status line keeps the step) or brings it back where it was.
     */
    void foldLog(boolean on) {
        logToggle.setSelected(!on);
        if (on == logFolded) return;
        logFolded = on;
        if (presenting) return; // presentation mode has no log either way
        if (on) {
            if (main.getItems().size() > 1) logDivider = main.getDividerPositions()[0];
            main.getItems().setAll(top);
        } else showLog(logShare());
    }

    /**
     * The log back below the top half, its divider at share. The split pane lays its new items out
     * first: a position set before that was lost (a What if? edit that closed a lesson left the log
     * over two thirds of the window at 1024x768, the sixth review).
     */
    private void showLog(double share) {
        main.getItems().setAll(top, log);
        main.applyCss();
        main.layout();
        main.setDividerPositions(share);
    }

    /**
     * Where the log's divider goes back to: where it was, within 55% to 86% of the height. A What if?
     * edit that closed a lesson brought the log back over two thirds of the window (the third review).
     */
    private double logShare() {
        return Math.max(0.55, Math.min(0.86, logDivider));
    }

    /**
     * A text scale change gives the log its rows at the new size and the timeline the rest: Ctrl+plus
     * pushed the divider up (the log's minimum height grows) and Ctrl+0 left it there, the comparison
     * squeezed above a log of a third of the window (the third review).
     */
    private void scaled(double k) {
        if (presenting || logFolded || main.getItems().size() < 2 || main.getHeight() <= 0) return;
        main.setDividerPositions(Math.max(0.45, Math.min(0.72, 1 - 1.5 * 112 * k / main.getHeight())));
    }

    boolean logFolded() {
        return logFolded;
    }
}
