package io.throttlescope.ui.tables;

import io.throttlescope.trace.Snapshot;
import io.throttlescope.view.CfsRqRows;
import io.throttlescope.view.Run;
import java.util.List;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.collections.FXCollections;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;

/** Runqueues and limbo lists at the cursor: one row per cfs_rq (group x CPU) of every limited hierarchy. */
public final class CfsRqView extends TableView<CfsRqRows.Row> {
    public CfsRqView() {
        setId("cfsrqTable");
        setPlaceholder(new Label("No limited cgroups"));
        TableColumn<CfsRqRows.Row, String> name = Columns.text("cfs_rq", CfsRqRows.Row::cfsRq, 110);
        TableColumn<CfsRqRows.Row, String> thr = Columns.text("throttled", r -> r.throttled() ? "yes" : "no", 62);
        Columns.styleWhen(thr, "yes"::equals, "throttled-yes");
        TableColumn<CfsRqRows.Row, String> count =
                Columns.text("throttle_count", r -> String.valueOf(r.throttleCount()), 45);
        TableColumn<CfsRqRows.Row, String> rt = Columns.text("runtime", CfsRqRows.Row::runtime, 70);
        // the running task and the queued ones in one column: at 1024x768 outside a lesson two columns needed a
        // sideways scroll
        TableColumn<CfsRqRows.Row, String> tasks = Columns.text("running, queued", CfsRqRows.Row::tasksText, 70);
        TableColumn<CfsRqRows.Row, String> limbo = Columns.text("limbo list", CfsRqRows.Row::limboText, 110);
        Columns.styleWhen(limbo, s -> !s.isEmpty(), "limbo-cell");
        // the limbo list right after the name, then throttled and the runtime: on a narrow screen they stay in view;
        // throttle_count is named as the kernel names it (a bare "count" read as a count of tasks)
        getColumns().addAll(List.of(name, limbo, thr, rt, count, tasks));
        String[] tips = {
            "the cfs_rq of a group on one CPU",
            "throttled_limbo_list, head first: parked tasks",
            "this cfs_rq is throttled itself (cfs_rq->throttled)",
            "runtime_remaining (negative: debt); exact value in the budget lane's tooltip",
            "throttle_count: how many cfs_rqs from this one up to the root are throttled (not a count of tasks)",
            "the task of this cfs_rq on the CPU now (running), then the tasks queued on this cfs_rq"
        };
        for (int i = 0; i < tips.length; i++) Columns.tip(getColumns().get(i), tips[i]);
        // two-line headers: at 1024x768 the side panel then holds every column up to throttle_count, which lessons cite
        Columns.header(limbo, "limbo\nlist");
        Columns.header(count, "throttle_\ncount");
        Columns.header(tasks, "running,\nqueued");
        // the tasks are the last column: it takes the rest of the width and wraps there (it was cut at the table's
        // edge)
        tasks.setCellFactory(col -> new Columns.WrapCell<>(col, null, null));
    }

    private final ReadOnlyDoubleWrapper wanted = new ReadOnlyDoubleWrapper(0);

    /**
     * The width that shows every column whole: the side panel asks for it at a lesson stop, within a
     * share of the window.
     */
    public ReadOnlyDoubleProperty wantedWidth() {
        return wanted.getReadOnlyProperty();
    }

    /**
     * Every column has its header whole inside the table (the last, the tasks, wraps within what is
     * left): the layout audit counts the runqueue view whole only then. Up to throttle_count only, the
     * README's walk at 1024x768 needed a sideways scroll for running and queued (the fourth review).
     */
    public boolean everyColumnWhole() {
        return Columns.headersWhole(this, getColumns().size());
    }

    private String highlightedGroup;
    private int highlightedCpu = -1;

    public void show(Run run, Snapshot s) {
        getItems().setAll(FXCollections.observableList(CfsRqRows.of(run, s)));
        Columns.fitToContent(this);
        double w = 0;
        for (TableColumn<CfsRqRows.Row, ?> c : getColumns()) w += c.getPrefWidth();
        wanted.set(Math.ceil(w + 2.2 * Columns.fontSize(this))); // the table's border and vertical scroll bar
        Columns.fillLast(this);
        // first as tall as its rows would be on one line each; the layout then makes it as tall as they are (a queue
        // wraps).
        // From the layout alone, 08 stop 1 at 2560 px kept 2 of its 5 rows: no row was laid out yet when it asked (the
        // fourth review)
        double line = Math.round(24 * Columns.fontSize(this) / 13.0);
        if (getPrefHeight() < line * (Math.min(8, getItems().size()) + 2.1) + 18)
            setPrefHeight(line * (Math.max(1, Math.min(8, getItems().size())) + 2.1) + 18);
        select();
    }

    /**
     * Tall enough for every cfs_rq of a small hierarchy (up to 8 rows, each as many lines as its queue
     * wraps to), so a lesson's rows are not scrolled away.
     */
    @Override
    protected void layoutChildren() {
        Columns.fillLast(this); // again once the scroll bars are known: the queue takes what is left
        super.layoutChildren();
        double line = Math.round(24 * Columns.fontSize(this) / 13.0);
        double want = Columns.rowsHeight(this, 8, line * 3.1 + 18, 600);
        if (want > 0 && Math.abs(want - getPrefHeight()) > 2) setPrefHeight(want);
    }

    /** Keeps one cfs_rq's row selected (a lesson stop points at it); a null group: none. */
    public void highlight(String group, int cpu) {
        highlightedGroup = group;
        highlightedCpu = cpu;
        select();
    }

    private void select() {
        getSelectionModel().clearSelection();
        if (highlightedGroup == null || highlightedCpu < 0) return;
        for (int i = 0; i < getItems().size(); i++) {
            CfsRqRows.Row r = getItems().get(i);
            if (r.group().equals(highlightedGroup) && r.cpu() == highlightedCpu) {
                getSelectionModel().select(i);
                scrollTo(i);
            }
        }
    }
}
