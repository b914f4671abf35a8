package io.throttlescope.ui;

import io.throttlescope.scenario.DurationText;
import io.throttlescope.sim.EventKind;
import io.throttlescope.trace.RunInfo;
import io.throttlescope.trace.Trace;
import io.throttlescope.trace.TraceJsonl;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * Every event of the run in a virtualised table (rows are event indices, nothing per row is kept),
 * filterable by kind, task, CPU and cgroup. The current event is highlighted; clicking a row moves
 * the cursor there.
 */
public final class EventLogView extends VBox {
    private final ViewState vs;
    private final TableView<Integer> table = new TableView<>();
    private final ComboBox<String> kind = new ComboBox<>(), task = new ComboBox<>(), cpu = new ComboBox<>(), group = new ComboBox<>();
    private final CheckBox bookkeeping = new CheckBox("state changes");
    private final Label count = new Label();
    private int[] rows = new int[0];
    private boolean syncing;

    public EventLogView(ViewState vs) {
        this.vs = vs;
        setId("eventLog");
        kind.setId("filterKind");
        task.setId("filterTask");
        cpu.setId("filterCpu");
        group.setId("filterGroup");
        table.setId("eventTable");
        HBox filters = new HBox(8, new Label("Filter:"), kind, task, cpu, group, bookkeeping, count);
        filters.setPadding(new Insets(4, 6, 4, 6));
        filters.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        getChildren().addAll(filters, table);
        VBox.setVgrow(table, Priority.ALWAYS);
        table.setFixedCellSize(22);
        table.setPlaceholder(new Label("No events match the filter"));
        table.getColumns().add(col("#", i -> String.valueOf(i), 60));
        table.getColumns().add(col("time", i -> DurationText.format(tr().time(i)), 90));
        table.getColumns().add(col("kind", i -> tr().kind(i).jsonName, 120));
        table.getColumns().add(col("CPU", i -> tr().cpu(i) < 0 ? "" : String.valueOf(tr().cpu(i)), 45));
        table.getColumns().add(col("task", i -> tr().task(i) < 0 ? "" : info().tasks()[tr().task(i)], 90));
        table.getColumns().add(col("cgroup", i -> tr().group(i) < 0 ? "" : info().groups()[tr().group(i)], 90));
        table.getColumns().add(col("details", this::details, 320));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        // the current event is the selected row
        table.setStyle("-fx-selection-bar: #FFD54F; -fx-selection-bar-non-focused: #FFE082;");
        table.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (!syncing && b != null) vs.cursor.set(b);
        });
        bookkeeping.setSelected(false);
        for (ComboBox<String> c : List.of(kind, task, cpu, group)) c.valueProperty().addListener((o, a, b) -> refilter());
        bookkeeping.selectedProperty().addListener((o, a, b) -> refilter());
        vs.run.addListener((o, a, b) -> reset());
        vs.cursor.addListener((o, a, b) -> follow());
    }

    private Trace tr() { return vs.run.get().trace(); }

    private boolean bookkeepingHidden() {
        return !bookkeeping.isSelected() && vs.run.get() != null && vs.cursor.get() >= 0
                && tr().kind(vs.cursor.get()) == EventKind.STATE;
    }
    private RunInfo info() { return vs.run.get().info(); }

    private TableColumn<Integer, String> col(String name, Function<Integer, String> f, double w) {
        TableColumn<Integer, String> c = new TableColumn<>(name);
        c.setCellValueFactory(d -> new ReadOnlyStringWrapper(vs.run.get() == null ? "" : f.apply(d.getValue())));
        c.setPrefWidth(w);
        c.setSortable(false);
        return c;
    }

    private String details(int i) {
        try {
            String line = TraceJsonl.line(tr(), null, i, info());
            // the columns already show time, kind, CPU, task and cgroup: keep the rest
            String rest = line.replaceAll("\"(t|seq|kind|cpu|task|cgroup)\":(\"[^\"]*\"|-?\\d+),?", "");
            rest = rest.replaceAll("^\\{|\\}$", "").replaceAll(",$", "");
            return rest.replace("\"", "").replace(":", ": ").replace(",", ", ");
        } catch (java.io.IOException e) {
            return "";
        }
    }

    private void reset() {
        if (vs.run.get() == null) return;
        RunInfo info = info();
        List<String> kinds = new ArrayList<>();
        kinds.add("all kinds");
        for (EventKind k : EventKind.values()) kinds.add(k.jsonName);
        kind.setItems(FXCollections.observableList(kinds));
        List<String> tasks = new ArrayList<>(List.of("all tasks"));
        tasks.addAll(Arrays.asList(info.tasks()));
        task.setItems(FXCollections.observableList(tasks));
        List<String> cpus = new ArrayList<>(List.of("all CPUs"));
        for (int c = 0; c < info.cpus(); c++) cpus.add("CPU" + c);
        cpu.setItems(FXCollections.observableList(cpus));
        List<String> groups = new ArrayList<>(List.of("all cgroups"));
        groups.addAll(Arrays.asList(info.groups()));
        group.setItems(FXCollections.observableList(groups));
        syncing = true;
        kind.setValue("all kinds");
        task.setValue("all tasks");
        cpu.setValue("all CPUs");
        group.setValue("all cgroups");
        syncing = false;
        refilter();
    }

    /** Filters the rows: by kind, task, CPU and cgroup. */
    public void refilter() {
        if (vs.run.get() == null || kind.getValue() == null) return;
        Trace t = tr();
        int k = kind.getSelectionModel().getSelectedIndex() - 1;
        int ta = task.getSelectionModel().getSelectedIndex() - 1;
        int c = cpu.getSelectionModel().getSelectedIndex() - 1;
        int g = group.getSelectionModel().getSelectedIndex() - 1;
        boolean showState = bookkeeping.isSelected() || k == EventKind.STATE.ordinal();
        int[] out = new int[t.size()];
        int n = 0;
        for (int i = 0; i < t.size(); i++) {
            EventKind ek = t.kind(i);
            if (!showState && ek == EventKind.STATE) continue;
            if (k >= 0 && ek.ordinal() != k) continue;
            if (ta >= 0 && t.task(i) != ta) continue;
            if (c >= 0 && t.cpu(i) != c) continue;
            if (g >= 0 && t.group(i) != g) continue;
            out[n++] = i;
        }
        rows = Arrays.copyOf(out, n);
        int[] r = rows;
        syncing = true;
        // a kept selection would be looked up with indexOf in the new list: linear, boxed
        table.getSelectionModel().clearSelection();
        table.setItems(FXCollections.observableList(new AbstractList<Integer>() {
            @Override public Integer get(int index) { return r[index]; }
            @Override public int size() { return r.length; }
        }));
        syncing = false;
        count.setText(n + " of " + t.size() + " events");
        follow();
    }

    public void filterKind(String name) { kind.setValue(name); }
    public void filterTask(String name) { task.setValue(name); }

    public TableView<Integer> table() { return table; }
    public int rowCount() { return rows.length; }

    private void follow() {
        int cur = vs.cursor.get();
        int pos = Arrays.binarySearch(rows, cur);
        if (pos < 0 && cur >= 0 && bookkeepingHidden()) pos = -pos - 2;   // a hidden event: the row before it
        syncing = true;
        if (pos >= 0) {
            table.getSelectionModel().clearAndSelect(pos);
            reveal(pos);
        } else {
            table.getSelectionModel().clearSelection();
        }
        syncing = false;
    }

    /**
     * Scrolls the row into view only if it is not visible: a short way by pixels, a long way with
     * the flow's scrollToTop (TableView.scrollTo and setPosition were slower on a million rows).
     */
    private void reveal(int row) {
        javafx.scene.control.skin.VirtualFlow<?> flow = (javafx.scene.control.skin.VirtualFlow<?>) table.lookup(".virtual-flow");
        if (flow == null) {
            table.scrollTo(Math.max(0, row - 3));
            return;
        }
        var first = flow.getFirstVisibleCell();
        var last = flow.getLastVisibleCell();
        if (first != null && last != null && row > first.getIndex() && row < last.getIndex()) return;
        int visible = Math.max(1, (int) (flow.getHeight() / table.getFixedCellSize()));
        int top = Math.max(0, Math.min(rows.length - visible, row - 3));
        double cell = table.getFixedCellSize();
        if (first != null && Math.abs(top - first.getIndex()) < 200) {
            flow.scrollPixels((top - first.getIndex()) * cell);           // a short way: scroll by pixels
            return;
        }
        flow.scrollToTop(top);
    }

}
