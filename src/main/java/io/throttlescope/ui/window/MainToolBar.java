package io.throttlescope.ui.window;

import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.Simulator;
import io.throttlescope.ui.state.ViewState;
import io.throttlescope.view.Run;
import java.util.List;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import org.controlsfx.control.SegmentedButton;

/**
 * The toolbar, one row (File > Open, Ctrl+O, opens): the model switch, stepping, a "Jump" menu (first, last, next throttle,
 * park and hung task), play, jump to a time, task lanes, fit, compare and help. The timeline keeps the
 * height a second row took; where the row does not fit (a larger scale), the toolbar's own overflow
 * menu holds what is cut, never a half button.
 */
public final class MainToolBar {
    public final ToolBar bar = new ToolBar();
    private final ToggleButton legacyBtn = new ToggleButton("Legacy (\u2264 6.17)");
    private final ToggleButton taskBtn = new ToggleButton("Task-based (6.18)");
    private final ToggleButton compareBtn = new ToggleButton("Compare");
    private boolean selecting; // the window shows a run: the switch follows without asking for it again

    public MainToolBar(WindowCommands cmd, ViewState vs, Navigation nav, Playback playback, Runnable focusTimeline) {

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
            if (b == null) {
                a.setSelected(true);
                return;
            }
            if (!selecting) cmd.switchModel(b == legacyBtn ? Simulator.Model.LEGACY : Simulator.Model.TASK);
        });
        MenuItem home = item("First event (Home)", "jumpFirst", nav::goToFirst);
        Button back = button("\u25C0", "Previous event (\u2190)", () -> nav.step(-1, i -> true, false));
        back.setId("stepBack");
        Button fwd = button("\u25B6", "Next event (\u2192)", () -> nav.step(1, i -> true, false));
        fwd.setId("stepForward");
        MenuItem end = item("Last event (End)", "jumpLast", nav::goToLast);
        MenuItem thr =
                item("Next throttle (T)", "nextThrottle", () -> nav.step(1, nav.kind(EventKind.THROTTLE), false));
        MenuItem park = item("Next park: a task parked at its return to user (P)", "nextPark", nav::nextPark);
        MenuItem hung =
                item("Next hung-task report (H)", "nextHung", () -> nav.step(1, nav.kind(EventKind.HUNG_TASK), false));
        MenuButton go = new MenuButton("Jump", null, home, end, new SeparatorMenuItem(), thr, park, hung);
        go.setId("jumpMenu");
        go.setFocusTraversable(false);
        go.setTooltip(new Tooltip("First, last, next throttle (T), next park (P), next hung task (H)"));
        TextField jump = new TextField();
        jump.setId("jumpTime");
        jump.setPromptText("go to 15ms");
        // none of the row takes the focus by itself: in compare mode Ctrl+0 gave it to this field, and N was typed
        // there
        jump.setFocusTraversable(false);
        playback.button.setFocusTraversable(
                false); // after "Answer" the focus ring sat on Play: Space would have started it
        playback.speed.setFocusTraversable(false);
        jump.setPrefColumnCount(6);
        jump.setTooltip(new Tooltip("Go to a time: 15ms, 1.5s (Enter)"));
        jump.setOnAction(e -> {
            nav.jumpTo(jump.getText());
            focusTimeline.run();
        });
        ToggleButton lanes = new ToggleButton("Task lanes");
        lanes.setId("taskLanesToggle");
        lanes.selectedProperty().bindBidirectional(vs.taskLanes);
        lanes.setTooltip(new Tooltip("Show one lane per task with its state over time (L)"));
        lanes.setFocusTraversable(false);
        Button fit = button("Fit", "Show the whole run (F)", vs::fit);
        fit.setId("fit");
        compareBtn.setId("compareToggle");
        compareBtn.setTooltip(
                new Tooltip("Both models stacked on one time axis, with their differences and a results table (C)"));
        compareBtn.setOnAction(e -> cmd.setCompare(compareBtn.isSelected()));
        Button help = button("?", "Keyboard shortcuts", cmd::showShortcuts);
        bar.setId("toolbar");
        bar.setPadding(new Insets(3, 6, 3, 6));
        // what a lesson uses first: at Ctrl+plus on a 1024 px screen the row overflows from its end, so playback and
        // the time field fold into the "»" menu before task lanes and compare do (Compare was folded first)
        bar.getItems()
                .addAll(
                        modelSwitch,
                        group(back, fwd),
                        go,
                        group(lanes, fit, compareBtn),
                        group(playback.button, playback.speed),
                        jump,
                        help);
        // the skin keeps what it once put in its overflow menu: after a scale change (leaving presentation
        // mode) the items are laid out afresh, so that those that fit again are back on the row
        vs.scale.addListener((o, a, b) -> Platform.runLater(() -> {
            List<Node> items = List.copyOf(bar.getItems());
            bar.getItems().clear();
            bar.getItems().setAll(items);
        }));
    }

    /** The switch shows this model's button pressed, without switching again. */
    public void showModel(Simulator.Model m) {
        selecting = true;
        (m == Simulator.Model.LEGACY ? legacyBtn : taskBtn).setSelected(true);
        selecting = false;
    }

    /**
     * Names the switch's two runs: the models, or for a real trace "Real (... kernel)" and the simulation
     * beside it; returns the model to show first (a real trace: the real run, on the left).
     */
    public Simulator.Model nameModels(Run legacy, Run task, Simulator.Model scenarios) {
        if (!legacy.isReal()) {
            legacyBtn.setText("Legacy (\u2264 6.17)");
            taskBtn.setText("Task-based (6.18)");
            return scenarios;
        }
        legacyBtn.setText("Real (" + (legacy.model() == Simulator.Model.LEGACY ? "legacy" : "6.18") + " kernel)");
        taskBtn.setText(
                task == legacy
                        ? "Real"
                        : "Simulated (" + (task.model() == Simulator.Model.LEGACY ? "legacy" : "task-based") + ")");
        return Simulator.Model.LEGACY;
    }

    public boolean comparing() {
        return compareBtn.isSelected();
    }

    public void setComparing(boolean on) {
        compareBtn.setSelected(on);
    }

    /** Buttons that stay together when the toolbar wraps. */
    private static HBox group(Node... nodes) {
        HBox h = new HBox(4, nodes);
        h.setAlignment(Pos.CENTER_LEFT);
        h.setPadding(new Insets(0, 8, 0, 0));
        return h;
    }

    private static MenuItem item(String text, String id, Runnable r) {
        MenuItem m = new MenuItem(text);
        m.setId(id);
        m.setMnemonicParsing(false);
        m.setOnAction(e -> r.run());
        return m;
    }

    private static Button button(String text, String tip, Runnable r) {
        Button b = new Button(text);
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(e -> r.run());
        b.setFocusTraversable(false);
        return b;
    }
}
