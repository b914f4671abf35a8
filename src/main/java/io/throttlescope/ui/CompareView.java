package io.throttlescope.ui;

import io.throttlescope.compare.Comparison;
import io.throttlescope.compare.Fidelity;
import io.throttlescope.compare.Sense;
import io.throttlescope.scenario.DurationText;
import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.RunResult;
import io.throttlescope.trace.Divergence;
import io.throttlescope.ui.state.ViewState;
import io.throttlescope.ui.tables.Columns;
import io.throttlescope.ui.timeline.TimelineCanvas;
import io.throttlescope.view.Durations;
import io.throttlescope.view.Run;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.LongConsumer;
import java.util.stream.Collectors;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;

/**
 * Compare mode: the same scenario under both models, two CPU timelines on one time axis and one
 * cursor (zoom and pan shared), the places where they differ highlighted, and the results table.
 */
public final class CompareView extends SplitPane {
    final ViewState legacyVs = new ViewState(), taskVs = new ViewState();
    final TimelineCanvas legacyTl = new TimelineCanvas(legacyVs), taskTl = new TimelineCanvas(taskVs);
    final TableView<Comparison.Row> table = new TableView<>();
    private final Label divergenceLabel = new Label();
    private final TextField threshold = new TextField("1us");
    private Run legacyRun, taskRun;
    private Comparison comparison;
    private Divergence divergence;
    private final LongConsumer goToTime;
    private final ViewState main;
    /** The whole run's rows and divergence text, shown once nothing after the cursor is covered. */
    private List<Comparison.Row> rows = List.of();

    private String divergenceText = "";

    /** The number columns' widths at a text scale: "task-based", "5994.000" and "-100.00%" stay whole. */
    private void scaleColumns(double k) {
        for (TableColumn<?, ?> c : table.getColumns()) {
            boolean metric = c == table.getColumns().get(0);
            double min = (metric ? 120 : c == changeCol ? 84 : 86) * k;
            c.setMinWidth(min);
            c.setPrefWidth(
                    metric ? 260 * k : min + 9 * k); // set, not grown: Ctrl+0 after Ctrl+plus gives the widths back
        }
        // the constrained policy fits the new widths to the table only when it is set again: after Ctrl+minus, Ctrl+0
        // the
        // metric column stayed at its 260 px and the task-based one was cut at the table's edge (the third review)
        var policy = table.getColumnResizePolicy();
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.setColumnResizePolicy(policy);
        placeTable();
    }

    /** Every column of the results table whole in view (the layout audit counts the comparison whole only then). */
    boolean columnsWhole() {
        return Columns.headersWhole(table, table.getColumns().size());
    }

    private boolean presenting;
    private Tooltip stripTip;

    /** Presentation mode: the two timelines and the results table the stop's text points at. */
    void presenting(boolean on) {
        if (on == presenting) return;
        presenting = on;
        // presenting, the halves stand side by side: stacked at 1.4 times the text, 01 stop 7's W lane fitted neither
        // half
        if (on) {
            stackedBefore = !sideBySide.isSelected();
            sideBySide.setSelected(true);
        } else if (stackedBefore) sideBySide.setSelected(false);
        placeTable();
    }

    private boolean stackedBefore;

    /**
     * The results table's share of the width: what its four columns need at their narrowest (the
     * metric names wrap, the numbers stay whole), at least 28% (side by side) or 38% (presenting) or
     * 42%, at most 60%. At 1024 px in presentation mode the table got 38% and lost its task-based and
     * change columns.
     */
    private void placeTable() {
        double w = getWidth();
        if (w <= 0 || getItems().size() < 2) return;
        double need = 26 * legacyVs.scale.get(); // the table's border and vertical scroll bar
        for (TableColumn<?, ?> c : table.getColumns()) need += c.getMinWidth();
        // presenting, the halves stand side by side: beside a table of over a third of the width each kept 15 px of
        // plot
        // at 1024 px (the third review), so the table goes below them, the whole width its own
        boolean below = presenting && need / w > 0.34;
        setOrientation(below ? Orientation.VERTICAL : Orientation.HORIZONTAL);
        if (below) {
            setDividerPositions(0.6);
            return;
        }
        double least = sideBySide.isSelected() ? 0.28 : presenting ? 0.38 : 0.42;
        setDividerPositions(1 - Math.max(least, Math.min(0.6, need / w)));
    }

    public CompareView(ViewState main, LongConsumer goToTime) {
        this.goToTime = goToTime;
        this.main = main;
        main.veiled.addListener((o, a, b) -> veil());
        legacyVs.cursor.addListener((o, a, b) -> {
            if (main.veiled.get()) veil();
        });
        setId("compareView");
        legacyTl.setId("legacyTimeline");
        taskTl.setId("taskTimeline");
        table.setId("resultsTable");
        for (ViewState v : new ViewState[] {legacyVs, taskVs}) {
            v.viewStart.bindBidirectional(main.viewStart);
            v.viewEnd.bindBidirectional(main.viewEnd);
            v.selectedTask.bindBidirectional(main.selectedTask);
            v.selectedCpu.bindBidirectional(main.selectedCpu);
            v.taskLanes.bindBidirectional(main.taskLanes);
            v.veiled.bind(main.veiled);
            v.scale.bind(main.scale); // the lanes' text at the window's scale (2560x1440, presentation)
        }
        taskTl.laneScroll().bindBidirectional(legacyTl.laneScroll()); // the same task at the same height in both
        lanes = new VBox(legacyTl, taskTl);
        VBox.setVgrow(lanes, Priority.ALWAYS); // the halves share the pane's height, not their preferred one
        VBox.setVgrow(legacyTl, Priority.ALWAYS);
        VBox.setVgrow(taskTl, Priority.ALWAYS);
        HBox.setHgrow(legacyTl, Priority.ALWAYS);
        HBox.setHgrow(taskTl, Priority.ALWAYS);
        ToggleButton taskLanes = new ToggleButton("Task lanes (L)");
        taskLanes.setId("compareTaskLanes");
        taskLanes.selectedProperty().bindBidirectional(main.taskLanes);
        taskLanes.setTooltip(
                new Tooltip("Each task's lane under both models: running, runnable, held off, parked, in D state"));
        sideBySide.setId("compareSideBySide");
        sideBySide.setTooltip(new Tooltip("The two models next to each other instead of one above the other"));
        sideBySide.selectedProperty().addListener((o, a, b) -> arrange());
        Button first = new Button("First divergence (X)");
        first.setId("firstDivergence");
        first.setOnAction(e -> goToDivergence());
        Button copy = new Button("Copy table");
        copy.setId("copyTable");
        copy.setTooltip(new Tooltip("Copy the results table as text (Ctrl+C in the table)"));
        copy.setOnAction(e -> copy());
        threshold.setId("divergenceThreshold");
        threshold.setPrefColumnCount(5);
        threshold.setTooltip(
                new Tooltip(
                        "A difference counts as a divergence when a different task (or none) runs on a CPU for longer than this"));
        threshold.setOnAction(e -> {
            if (legacyRun != null) show(legacyRun, taskRun);
        });
        divergenceLabel.setId("divergenceText");
        divergenceLabel.getStyleClass().add("divergence-text");
        divergenceLabel.setWrapText(true);
        divergenceLabel.setMinHeight(Region.USE_PREF_SIZE); // two lines on a narrow window, never an ellipsis
        FlowPane bar = new FlowPane(8, 4, first, new Label("longer than"), threshold, copy, taskLanes, sideBySide);
        bar.setPadding(new Insets(4)); // wraps on a narrow window instead of cutting the buttons' names
        bar.setAlignment(Pos.CENTER_LEFT);
        for (Node n : bar.getChildren()) if (n instanceof Control c) c.setMinWidth(Region.USE_PREF_SIZE);
        laneBox.getChildren().setAll(lanes);
        VBox.setVgrow(laneBox, Priority.ALWAYS);
        Label caption = new Label(
                "Magenta strip on a CPU lane: a different task, or none, runs on that CPU in the other model for longer than the threshold.");
        caption.setWrapText(true); // wraps on a narrow window instead of ending in an ellipsis
        caption.setMinHeight(Region.USE_PREF_SIZE);
        caption.setPadding(new Insets(2, 6, 2, 6));
        VBox left = new VBox(bar, divergenceLabel, laneBox, caption);
        // where the height is short (Ctrl+plus at 768 px) the caption gives its lines to the lanes: its words are the
        // strip's tooltip
        stripTip = new Tooltip(caption.getText());
        divergenceLabel.setTooltip(stripTip);
        left.heightProperty().addListener((o, a, b) -> {
            boolean room = b.doubleValue() >= 520 * main.scale.get();
            caption.setVisible(room);
            caption.setManaged(room);
        });
        laneBox.setMinHeight(0);
        legacyTl.setMinHeight(0); // the halves share what is left, each scrolling its lanes
        taskTl.setMinHeight(0);
        buildTable();
        scaleColumns(main.scale.get());
        main.scale.addListener(
                (o, a, b) -> scaleColumns(b.doubleValue())); // numbers stay whole at 2560 px and in presentation mode
        VBox right = new VBox(table);
        VBox.setVgrow(table, Priority.ALWAYS);
        getItems().addAll(left, right);
        setDividerPositions(0.58);
        widthProperty().addListener((o, a, b) -> placeTable());
        setOrientation(Orientation.HORIZONTAL);
    }

    private Pane lanes;
    private final VBox laneBox = new VBox();
    final ToggleButton sideBySide = new ToggleButton("Side by side");

    /** Stacked (one time axis above the other) or side by side (two columns, the same lanes level). */
    private void arrange() {
        lanes.getChildren().clear();
        lanes = sideBySide.isSelected() ? new HBox(4, legacyTl, taskTl) : new VBox(legacyTl, taskTl);
        VBox.setVgrow(lanes, Priority.ALWAYS);
        laneBox.getChildren().setAll(lanes);
        placeTable();
    }

    public boolean sideBySide() {
        return sideBySide.isSelected();
    }

    private void buildTable() {
        TableColumn<Comparison.Row, String> metric = new TableColumn<>("metric");
        metric.setCellValueFactory(d -> new ReadOnlyStringWrapper(d.getValue().metric()));
        metric.setCellFactory(c ->
                new TableCell<>() { // a long name wraps onto a second line; it is never cut
                    private final Text text = new Text();

                    {
                        text.wrappingWidthProperty().bind(c.widthProperty().subtract(10));
                        text.getStyleClass().add("metric-text");
                        Columns.wrapIdentifiers(text); // "longest_lock_wait_ms" wraps after an underscore
                        setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
                        setPrefHeight(Control.USE_COMPUTED_SIZE);
                    }

                    @Override
                    protected void updateItem(String v, boolean empty) {
                        super.updateItem(v, empty);
                        Columns.showWrapped(text, empty || v == null ? "" : v);
                        boolean headline = !empty && v != null && Sense.headline(v);
                        text.setStyle(headline ? "-fx-font-weight: bold" : "");
                        setGraphic(empty ? null : text);
                        setTooltip(empty ? null : new Tooltip(v));
                    }
                });
        TableColumn<Comparison.Row, String> legacy =
                numberColumn("legacy", r -> Comparison.value(r.legacy().mean(), r.integral()));
        TableColumn<Comparison.Row, String> task =
                numberColumn("task-based", r -> Comparison.value(r.task().mean(), r.integral()));
        legacyCol = legacy;
        taskCol = task;
        changeCol = null;
        TableColumn<Comparison.Row, Double> change = new TableColumn<>("change");
        change.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(d.getValue().change_pct()));
        change.setComparator(Comparator.nullsLast(Comparator.comparingDouble(Math::abs)));
        change.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(Double v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty ? null : Comparison.change(v));
                getStyleClass().removeAll("change-better", "change-worse");
                Comparison.Row row =
                        empty || getTableRow() == null ? null : getTableRow().getItem();
                if (verdicts
                        != null) { // a recording beside its simulation: within the tolerance or not, never better or
                    // worse
                    Fidelity.Row f = row == null ? null : verdicts.get(row.metric());
                    getStyleClass().remove("change-known");
                    setText(empty ? null : verdict(f)); // the tolerance and the reason in the tooltip: nothing cut
                    if (f != null && !f.within())
                        getStyleClass().add(f.known() == null ? "change-worse" : "change-known");
                    setTooltip(f == null ? null : new Tooltip(verdictTip(f)));
                    return;
                }
                int verdict = row == null ? 0 : row.verdict(); // better or worse for this metric, not the sign
                if (verdict > 0) getStyleClass().add("change-better");
                if (verdict < 0) getStyleClass().add("change-worse");
                setTooltip(
                        row == null
                                ? null
                                : new Tooltip(
                                        row.sense() == Sense.NEITHER
                                                ? "neither better nor worse"
                                                : (row.sense() == Sense.LOWER_IS_BETTER
                                                                ? "lower is better"
                                                                : "higher is better")
                                                        + (row.verdict() > 0
                                                                ? ": task-based is better"
                                                                : row.verdict() < 0 ? ": task-based is worse" : "")));
            }
        });
        changeCol = change;
        change.setPrefWidth(80);
        change.setMinWidth(84); // "-100.00%" in bold stays whole; the metric column gives way first
        table.getColumns().addAll(List.of(metric, legacy, task, change));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        Label none = new Label("No differences");
        none.setWrapText(true);
        table.setPlaceholder(none);
        table.setRowFactory(t ->
                new TableRow<>() { // the headline rows stand out
                    @Override
                    protected void updateItem(Comparison.Row r, boolean empty) {
                        super.updateItem(r, empty);
                        getStyleClass().remove("headline-row");
                        if (!empty && r != null && Sense.headline(r.metric()))
                            getStyleClass().add("headline-row");
                    }
                });
        table.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (b == null) return;
            long t = b.legacyWorstNs() >= 0 ? b.legacyWorstNs() : b.taskWorstNs();
            if (t >= 0) goToTime.accept(t);
        });
        table.setOnKeyPressed(e -> {
            if (new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN).match(e)) {
                copy();
                e.consume();
            }
        });
    }

    private static TableColumn<Comparison.Row, String> numberColumn(String name, Function<Comparison.Row, String> f) {
        TableColumn<Comparison.Row, String> c = new TableColumn<>(name);
        c.setCellValueFactory(d -> new ReadOnlyStringWrapper(f.apply(d.getValue())));
        c.setComparator(Comparator.comparingDouble(Double::parseDouble));
        c.getStyleClass().add("number-column");
        c.setPrefWidth(95);
        c.setMinWidth(86); // "task-based" and "5994.000" stay whole; the metric column wraps instead
        return c;
    }

    /** Shows two runs of one scenario. */
    public void show(Run legacy, Run task) {
        legacyRun = legacy;
        taskRun = task;
        legacyVs.run.set(legacy);
        taskVs.run.set(task);
        long th = DurationText.parse(threshold.getText().trim());
        if (th < 0) {
            th = Divergence.DEFAULT_THRESHOLD_NS;
            threshold.setText("1us");
        }
        divergence = Divergence.of(legacy.index(), task.index(), th);
        legacyTl.setCompare(true, divergence);
        taskTl.setCompare(true, divergence);
        // one colour a scenario task in both halves, a real trace's included (its other processes after them); two
        // simulated runs share their tasks and keep the single view's order (by colour, the seed story's W came last)
        List<String> names = legacy.isReal() || task.isReal()
                ? Arrays.asList((task.isReal() ? legacy : task).info().tasks())
                : null;
        legacyTl.setColourNames(names);
        taskTl.setColourNames(names);
        boolean recording = legacy.isReal() && !task.isReal();
        RunResult shownReal = shownLeft(legacy, task);
        comparison = Comparison.of(shownReal, task.result());
        rows = comparison.table.stream()
                .filter(r -> !Comparison.sameFigures(r))
                .filter(r -> !recording || Comparison.recordingTells(r.metric()))
                .toList();
        divergenceText = describe(divergence, legacy, task);
        verdicts = null;
        if (changeCol != null) changeCol.setText("change");
        if (legacy.isReal() && !task.isReal()) { // a recording beside its simulation: one verdict per figure
            // the rows the fidelity command gives (qemu's tolerances, the known differences, the hung-task row), where
            // the
            // opener computed them for this recording; else the plain tolerances
            var rows = legacy == fidelityOf && fidelityRows != null
                    ? fidelityRows
                    : Fidelity.of(legacy.info().scenario(), shownReal, task.result(), false);
            verdicts = new HashMap<>();
            for (var f : rows) {
                String m = metricOf(f.figure());
                if (m != null) verdicts.put(m, f);
            }
            if (changeCol != null) changeCol.setText("verdict");
            table.refresh();
            long holds = rows.stream().filter(Fidelity.Row::within).count();
            long known =
                    rows.stream().filter(r -> !r.within() && r.known() != null).count();
            divergenceText += "  Fidelity: " + holds + " of " + rows.size() + " figures within tolerance"
                    + (known > 0 ? ", " + known + " differ for a known reason" : "")
                    + (holds + known < rows.size() ? ", " + (rows.size() - holds - known) + " differ" : "")
                    + " (hover for each).";
            divergenceLabel.setTooltip(new Tooltip(rows.stream()
                    .map(r -> r.verdict().substring(r.trace().length() + 2))
                    .collect(Collectors.joining("\n"))));
        } else {
            divergenceLabel.setTooltip(stripTip);
        }
        legacyCol.setText(legacy.label());
        taskCol.setText(
                task.isReal() || !legacy.isReal()
                        ? task.label()
                        : "simulated"); // the model is in the window's title and buttons
        veil();
    }

    /** While a lesson's question waits and the models first differ at its moment or after it. */
    private boolean divergenceVeiled() {
        return main.veiled.get()
                && divergence != null
                && divergence.firstTimeNs >= 0
                && legacyVs.cursor.get() >= 0
                && divergence.firstTimeNs + divergence.firstDurationNs > legacyVs.cursorTime();
    }

    /**
     * While a lesson's question waits, the comparison says nothing of what follows the cursor: the
     * totals are the whole run's, and where the models first differ (and for how long) is after it
     * or runs on past it. Compare mode at 01 stop 3 showed both beside the veil (the review).
     */
    private void veil() {
        boolean veiled = main.veiled.get();
        table.getItems().setAll(veiled ? List.of() : rows);
        ((Label) table.getPlaceholder())
                .setText(
                        veiled
                                ? "The totals are the whole run's: they are shown once the question is answered"
                                : "No differences");
        divergenceLabel.setText(
                divergenceVeiled()
                        ? "The models run the same tasks up to the cursor; where they first differ is shown once the question is answered."
                        : divergenceText);
    }

    /** The cursor at a simulated time, in both runs. */
    public void setTime(long t, boolean has) {
        for (ViewState v : new ViewState[] {legacyVs, taskVs}) {
            Run r = v.run.get();
            if (r == null) continue;
            if (!has) {
                v.cursor.set(-1);
                continue;
            }
            int i = r.trace().firstAtOrAfter(t + 1) - 1;
            while (i >= 0 && r.trace().kind(i) == EventKind.STATE) i--;
            v.cursor.set(i);
        }
    }

    private TableColumn<Comparison.Row, String> legacyCol, taskCol;
    private TableColumn<Comparison.Row, Double> changeCol;
    private Run fidelityOf;
    private List<Fidelity.Row> fidelityRows;
    private RunResult fidelityJudged;

    /**
     * The fidelity rows of a recording (its real run), as the fidelity command gives them, and its figures
     * as they judge it; used when that run is shown.
     */
    public void fidelity(Run real, List<Fidelity.Row> rows, RunResult judged) {
        fidelityOf = real;
        fidelityRows = rows;
        fidelityJudged = judged;
    }

    /** A recording beside its simulation: each comparison metric's fidelity row (null: two simulations). */
    private Map<String, Fidelity.Row> verdicts;

    /** The comparison metric a fidelity figure is ("task W longest syscall (ms)" is "task W longest_syscall_ms"), or null. */
    static String metricOf(String figure) {
        if (figure.endsWith(" longest syscall (ms)"))
            return figure.replace(" longest syscall (ms)", " longest_syscall_ms");
        if (figure.endsWith(" CPU time (ms)")) return figure.replace(" CPU time (ms)", " cpu_ms");
        if (figure.endsWith(" throttled_usec (ms)")) return figure.replace(" throttled_usec (ms)", " throttled_usec");
        if (figure.endsWith(" nr_throttled")) return figure;
        return null;
    }

    /** What the change column says for a metric (for tests): the text of its cell. */
    public String changeText(Comparison.Row r) {
        if (verdicts == null) return Comparison.change(r.change_pct());
        return verdict(verdicts.get(r.metric()));
    }

    /** What the change column's tooltip says for a metric (for tests): its figures, tolerance and known reason. */
    public String changeTip(Comparison.Row r) {
        Fidelity.Row f = verdicts == null ? null : verdicts.get(r.metric());
        return f == null ? null : verdictTip(f);
    }

    /** A verdict's tooltip: the figures as fidelity prints them, the tolerance, and a known difference's reason. */
    static String verdictTip(Fidelity.Row f) {
        return "real " + Fidelity.num(f.real()) + ", simulated " + Fidelity.num(f.simulated()) + "; allowed \u00b1"
                + Fidelity.num(f.allowed())
                + (f.within() || f.known() == null ? "" : "\ndiffers for a known reason: " + f.known());
    }

    /** A figure's verdict as its cell says it: within the tolerance, outside it for a known reason, or outside it. */
    static String verdict(Fidelity.Row f) {
        return f == null ? "" : f.within() ? "holds" : f.known() != null ? "known" : "differs";
    }

    public Divergence divergence() {
        return divergence;
    }

    /** "First divergence at 15ms on CPU0: legacy runs W, task-based runs R, for 100us." */
    public static String describe(Divergence d, Run legacy, Run task) {
        String la = legacy.label(), lb = legacy.isReal() && !task.isReal() ? "the simulation" : task.label();
        if (d.firstTimeNs < 0)
            return "No CPU runs a different task for longer than " + Durations.human(d.thresholdNs) + " in the " + la
                    + " and " + lb + " runs.";
        String a = d.firstTaskA < 0
                ? "nothing (idle)"
                : d.foreignA(d.firstTaskA)
                        ? "none of the scenario's tasks"
                        : legacy.info().tasks()[d.firstTaskA];
        String b = d.firstTaskB < 0
                ? "nothing (idle)"
                : d.foreignB(d.firstTaskB)
                        ? "none of the scenario's tasks"
                        : task.info().tasks()[d.firstTaskB];
        return "First divergence at " + Durations.human(d.firstTimeNs) + " on CPU" + d.firstCpu + ": " + la + " runs "
                + a + ", " + lb + " runs " + b + ", for " + Durations.human(d.firstDurationNs) + ".";
    }

    public String divergenceText() {
        return divergenceLabel.getText();
    }

    public void goToDivergence() {
        if (divergence != null && divergence.firstTimeNs >= 0 && !divergenceVeiled())
            goToTime.accept(divergence.firstTimeNs);
    }

    public String tableText() {
        return comparison == null ? "" : comparison.text(true);
    }

    private void copy() {
        ClipboardContent c = new ClipboardContent();
        c.putString(tableText());
        Clipboard.getSystemClipboard().setContent(c);
    }

    /** Puts the comparison table of the two runs on the clipboard, as text. */
    public void copyTable(Run legacy, Run task) {
        ClipboardContent c = new ClipboardContent();
        c.putString(Comparison.of(shownLeft(legacy, task), task.result()).text(true));
        Clipboard.getSystemClipboard().setContent(c);
    }

    /**
     * The left run's figures as the table shows them: a recording beside its simulation as its verdicts
     * judge it (without what a task did before its program started), else as it ran.
     */
    RunResult shownLeft(Run legacy, Run task) {
        if (legacy.isReal() && !task.isReal() && legacy == fidelityOf && fidelityJudged != null) return fidelityJudged;
        return legacy.isReal() && !task.isReal() ? Fidelity.judgedReal(legacy, task.spec()) : legacy.result();
    }
}
