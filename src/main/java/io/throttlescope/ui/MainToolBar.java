package io.throttlescope.ui;

import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.Simulator;
import io.throttlescope.ui.state.ViewState;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import org.controlsfx.control.SegmentedButton;

/**
 * The toolbar: open, the model switch, stepping, next throttle, park and hung task, play, jump to a
 * time, task lanes, fit, compare and help. It wraps onto a second row on small screens rather than
 * hiding buttons in an overflow menu.
 */
final class MainToolBar {
    final FlowPane bar = new FlowPane(4, 4);
    private final ToggleButton legacyBtn = new ToggleButton("Legacy (\u2264 6.17)");
    private final ToggleButton taskBtn = new ToggleButton("Task-based (6.18)");
    private final ToggleButton compareBtn = new ToggleButton("Compare");
    private boolean selecting;            // the window shows a run: the switch follows without asking for it again

    MainToolBar(WindowCommands cmd, ViewState vs, Navigation nav, Playback playback, Runnable focusTimeline) {
        Button open = button("Open\u2026", "Open a scenario file (Ctrl+O)", cmd::chooseFile);
        legacyBtn.setId("modelLegacy");
        taskBtn.setId("modelTask");
        for (ToggleButton b : new ToggleButton[] {legacyBtn, taskBtn, compareBtn}) {
            b.setFocusTraversable(false);
            b.getStyleClass().add("model-toggle");
        }
        SegmentedButton modelSwitch = new SegmentedButton(legacyBtn, taskBtn);
        ToggleGroup models = modelSwitch.getToggleGroup();
        modelSwitch.setId("modelSwitch");
        legacyBtn.setTooltip(new Tooltip("The cfs_rq-based throttle of Linux 6.17 and earlier (M switches)"));
        taskBtn.setTooltip(new Tooltip("The task-based throttle of Linux 6.18 (M switches)"));
        models.selectedToggleProperty().addListener((o, a, b) -> {
            if (b == null) { a.setSelected(true); return; }
            if (!selecting) cmd.switchModel(b == legacyBtn ? Simulator.Model.LEGACY : Simulator.Model.TASK);
        });
        Button home = button("First", "First event (Home)", nav::goToFirst);
        Button back = button("\u25C0", "Previous event (\u2190)", () -> nav.step(-1, i -> true, false));
        back.setId("stepBack");
        Button fwd = button("\u25B6", "Next event (\u2192)", () -> nav.step(1, i -> true, false));
        fwd.setId("stepForward");
        Button end = button("Last", "Last event (End)", nav::goToLast);
        Button thr = button("Next throttle", "Next throttle_cfs_rq (T)", () -> nav.step(1, nav.kind(EventKind.THROTTLE), false));
        thr.setId("nextThrottle");
        Button park = button("Next park", "Next task parked at its return to user (P)", nav::nextPark);
        park.setId("nextPark");
        Button hung = button("Next hung task", "Next hung-task report (H)", () -> nav.step(1, nav.kind(EventKind.HUNG_TASK), false));
        hung.setId("nextHung");
        TextField jump = new TextField();
        jump.setId("jumpTime");
        jump.setPromptText("jump to, e.g. 15ms");
        jump.setPrefColumnCount(8);
        jump.setOnAction(e -> { nav.jumpTo(jump.getText()); focusTimeline.run(); });
        ToggleButton lanes = new ToggleButton("Task lanes");
        lanes.setId("taskLanesToggle");
        lanes.selectedProperty().bindBidirectional(vs.taskLanes);
        lanes.setTooltip(new Tooltip("Show one lane per task with its state over time (L)"));
        lanes.setFocusTraversable(false);
        Button fit = button("Fit", "Show the whole run (F)", vs::fit);
        fit.setId("fit");
        compareBtn.setId("compareToggle");
        compareBtn.setTooltip(new Tooltip("Both models stacked on one time axis, with their differences and a results table (C)"));
        compareBtn.setOnAction(e -> cmd.setCompare(compareBtn.isSelected()));
        Button help = button("?", "Keyboard shortcuts", cmd::showShortcuts);
        bar.setId("toolbar");
        bar.getStyleClass().add("tool-bar");
        bar.setPadding(new Insets(4, 6, 4, 6));
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getChildren().addAll(group(open, new Label("Model:"), modelSwitch), group(home, back, fwd, end),
                group(thr, park, hung), group(playback.button, playback.speed, jump), group(lanes, fit, compareBtn, help));
    }

    /** The switch shows this model's button pressed, without switching again. */
    void showModel(Simulator.Model m) {
        selecting = true;
        (m == Simulator.Model.LEGACY ? legacyBtn : taskBtn).setSelected(true);
        selecting = false;
    }

    /** The switch's two names: the models, or for a real trace "Real (... kernel)" and the simulation beside it. */
    void nameModels(String legacy, String task) {
        legacyBtn.setText(legacy);
        taskBtn.setText(task);
    }

    boolean comparing() { return compareBtn.isSelected(); }

    void setComparing(boolean on) { compareBtn.setSelected(on); }

    /** Buttons that stay together when the toolbar wraps. */
    private static HBox group(Node... nodes) {
        HBox h = new HBox(4, nodes);
        h.setAlignment(Pos.CENTER_LEFT);
        h.setPadding(new Insets(0, 8, 0, 0));
        return h;
    }

    private static Button button(String text, String tip, Runnable r) {
        Button b = new Button(text);
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(e -> r.run());
        b.setFocusTraversable(false);
        return b;
    }
}
