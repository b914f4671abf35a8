package io.throttlescope.ui.tables;

import io.throttlescope.sim.EventKind;
import io.throttlescope.trace.RunInfo;
import io.throttlescope.trace.Trace;
import io.throttlescope.ui.state.ViewState;
import io.throttlescope.view.Durations;
import io.throttlescope.view.EventRows;
import io.throttlescope.view.LogRows;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * Every event of the run in a virtualised table (rows are event indices, nothing per row is kept),
 * filterable by kind, task, CPU and cgroup. The current event is highlighted; clicking a row moves
 * the cursor there.
 */
public final class EventLogView extends VBox {
    private final ViewState vs;
    private final TableView<Integer> table = new TableView<>();
    private final ComboBox<String> kind = new ComboBox<>(),
            task = new ComboBox<>(),
            cpu = new ComboBox<>(),
            group = new ComboBox<>();
    private final CheckBox bookkeeping = new CheckBox("state changes");
    private final Label count = new Label();
    private EventRows rows = EventRows.filtered(new Trace(), -1, -1, -1, -1, false);
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
        filters.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(filters, table);
        Label hidden = new Label();
        hidden.textProperty().bind(Bindings.concat("The events after the cursor are hidden: ", vs.veilReason, "."));
        hidden.setId("logVeil");
        hidden.setPadding(new Insets(8));
        vs.veiled.addListener((o, a, b) -> { // the log would give the answer away
            table.setVisible(!b);
            table.setManaged(!b);
            if (b) getChildren().add(hidden);
            else getChildren().remove(hidden);
        });
        VBox.setVgrow(table, Priority.ALWAYS);
        table.setFixedCellSize(22);
        vs.scale.addListener((o, a, b) -> table.setFixedCellSize(Math.round(22 * b.doubleValue())));
        table.setPlaceholder(new Label("No events match the filter"));
        TableColumn<Integer, String> step = col("step", i -> row(i).step(), 70);
        Columns.tip(
                step,
                "the step number: the same in the status line, describe and screenshot --step (\"12+\": bookkeeping after step 12)");
        table.getColumns().add(step);
        TableColumn<Integer, String> time = col("time", i -> row(i).time(), 90);
        time.setCellFactory(c ->
                new TableCell<>() { // the exact time in the tooltip
                    @Override
                    protected void updateItem(String s, boolean empty) {
                        super.updateItem(s, empty);
                        setText(empty ? null : s);
                        Integer i = empty || getTableRow() == null
                                ? null
                                : getTableRow().getItem();
                        setTooltip(
                                i == null || vs.run.get() == null ? null : new Tooltip(Durations.exact(tr().time(i))));
                        if (!empty && s != null) grow(time, this, s);
                    }
                });
        table.getColumns().add(time);
        table.getColumns().add(col("kind", i -> row(i).kind(), 120));
        table.getColumns().add(col("CPU", i -> row(i).cpu(), 45));
        table.getColumns().add(col("task", i -> row(i).task(), 90));
        table.getColumns().add(col("cgroup", i -> row(i).cgroup(), 90));
        TableColumn<Integer, String> details = col("details", i -> row(i).details(), 320);
        table.getColumns().add(details);
        // the details fill the rest of the width and grow to the longest shown (the table scrolls sideways): never an
        // ellipsis
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        details.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(String s, boolean empty) {
                super.updateItem(s, empty);
                setText(empty ? null : s);
                if (empty || s == null) return;
                double want = textWidth(this, s);
                if (want > detailsWanted) {
                    detailsWanted = want;
                    fitDetails();
                }
            }

            private void fitDetails() {
                EventLogView.this.fitDetails(details);
            }
        });
        table.widthProperty().addListener((o, a, b) -> fitDetails(details));
        table.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (!syncing && b != null) vs.cursor.set(b);
        });
        bookkeeping.setSelected(false);
        for (ComboBox<String> c : List.of(kind, task, cpu, group))
            c.valueProperty().addListener((o, a, b) -> {
                if (!resetting) refilter();
            });
        bookkeeping.selectedProperty().addListener((o, a, b) -> refilter());
        vs.run.addListener((o, a, b) -> reset());
        vs.cursor.addListener((o, a, b) -> follow());
    }

    private double detailsWanted;

    /** The width a cell needs to show s whole. */
    private static double textWidth(TableCell<?, ?> cell, String s) {
        return Math.ceil(Columns.width(cell.getFont(), s) + cell.snappedLeftInset() + cell.snappedRightInset() + 8);
    }

    /** A column grows (never shrinks) to the widest text shown in it: a time or a name is never ellipsised. */
    private static void grow(TableColumn<Integer, String> c, TableCell<?, ?> cell, String s) {
        double want = textWidth(cell, s);
        if (want > c.getWidth() + 0.5 && want > c.getPrefWidth())
            c.setPrefWidth(want); // grow only: the next layout settles
    }

    /** The details column: the longest text shown so far, or the rest of the table's width if that is more. */
    private void fitDetails(TableColumn<Integer, String> details) {
        double others = 0;
        for (TableColumn<Integer, ?> c : table.getColumns()) if (c != details) others += c.getWidth();
        details.setPrefWidth(Math.max(detailsWanted, table.getWidth() - others - 18));
    }

    private Trace tr() {
        return vs.run.get().trace();
    }

    private boolean bookkeepingHidden() {
        return !bookkeeping.isSelected()
                && vs.run.get() != null
                && vs.cursor.get() >= 0
                && tr().kind(vs.cursor.get()) == EventKind.STATE;
    }

    private RunInfo info() {
        return vs.run.get().info();
    }

    private TableColumn<Integer, String> col(String name, Function<Integer, String> f, double w) {
        TableColumn<Integer, String> c = new TableColumn<>(name);
        c.setCellValueFactory(d -> new ReadOnlyStringWrapper(vs.run.get() == null ? "" : f.apply(d.getValue())));
        c.setPrefWidth(w * vs.scale.get());
        vs.scale.addListener((o, a, b) ->
                c.setPrefWidth(Math.max(c.getPrefWidth() / a.doubleValue() * b.doubleValue(), w * b.doubleValue())));
        c.setSortable(false);
        c.setCellFactory(x -> new TableCell<>() {
            @Override
            protected void updateItem(String v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty ? null : v);
                if (!empty && v != null) grow(c, this, v);
            }
        });
        return c;
    }

    /** The row of event i, built once per cell update from the run on screen. */
    private LogRows.Row row(int i) {
        return LogRows.of(vs.run.get(), i);
    }

    private boolean resetting;

    /** New run: the filters go back to "all", and the rows are filtered once (not once per filter). */
    private void reset() {
        if (vs.run.get() == null) return;
        detailsWanted = 0;
        resetting = true;
        try {
            fillFilters();
        } finally {
            resetting = false;
        }
        refilter();
    }

    private void fillFilters() {
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
        boolean plain = k < 0 && ta < 0 && c < 0 && g < 0 && !showState;
        rows = plain // every step: read from the run's index, no scan and nothing kept
                ? EventRows.steps(vs.run.get().index())
                : EventRows.filtered(t, k, ta, c, g, showState);
        winStart = -1;
        showWindow(0);
        count.setText(rows.size() + " of " + t.size() + " events");
        follow();
    }

    /**
     * The table holds at most {@link #WINDOW} rows, those around the cursor: JavaFX's VirtualFlow
     * estimates positions row by row, so a table of ten million rows made every step take 100 ms.
     * A run with fewer rows is shown whole.
     */
    static final int WINDOW = 4000;

    private int winStart = -1, winLen;

    private void showWindow(int start) {
        int len = Math.min(WINDOW, rows.size());
        start = Math.max(0, Math.min(start, rows.size() - len));
        if (start == winStart && len == winLen) return;
        winStart = start;
        winLen = len;
        int[] r = rows.events(start, len);
        int n = len;
        syncing = true;
        // a kept selection would be looked up with indexOf in the new list: linear, boxed
        table.getSelectionModel().clearSelection();
        table.setItems(FXCollections.observableList(new AbstractList<Integer>() {
            @Override
            public Integer get(int index) {
                return r[index];
            }

            @Override
            public int size() {
                return n;
            }
        }));
        // rows are event numbers: a number that exists in both runs keeps its cell, so redraw every cell
        table.refresh();
        syncing = false;
    }

    public void filterKind(String name) {
        kind.setValue(name);
    }

    public void filterTask(String name) {
        task.setValue(name);
    }

    public TableView<Integer> table() {
        return table;
    }
    /** Rows that pass the filter (the table shows a window of them around the cursor on large runs). */
    public int rowCount() {
        return rows.size();
    }

    private void follow() {
        int cur = vs.cursor.get();
        int pos = rows.search(cur);
        if (pos < 0 && cur >= 0 && bookkeepingHidden()) pos = -pos - 2; // a hidden event: the row before it
        if (pos >= 0
                && rows.size() > WINDOW
                && (pos < winStart + WINDOW / 8 || pos >= winStart + winLen - WINDOW / 8)) {
            showWindow(pos - WINDOW / 2); // re-centre the rows around the cursor
        }
        if (pos >= 0) pos -= winStart;
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
        VirtualFlow<?> flow = (VirtualFlow<?>) table.lookup(".virtual-flow");
        if (flow == null) { // not laid out yet (a picture taken off screen): the row at the top is in view
            table.scrollTo(row);
            return;
        }
        var first = flow.getFirstVisibleCell();
        var last = flow.getLastVisibleCell();
        int visible = Math.max(1, (int) (flow.getHeight() / table.getFixedCellSize()));
        int margin = visible >= 5 ? 1 : 0; // a log a few rows high shows the current row, not its neighbours
        if (first != null
                && last != null
                && row >= first.getIndex() + margin
                && row <= last.getIndex() - margin - (visible >= 5 ? 1 : 0)) return;
        int top = Math.max(0, Math.min(winLen - visible, row - (visible - 1) / 2)); // centred
        double cell = table.getFixedCellSize();
        if (first != null && Math.abs(top - first.getIndex()) < 200) {
            flow.scrollPixels((top - first.getIndex()) * cell); // a short way: scroll by pixels
            return;
        }
        flow.scrollToTop(top);
    }
}
