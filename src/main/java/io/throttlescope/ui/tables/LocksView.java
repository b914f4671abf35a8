package io.throttlescope.ui.tables;

import io.throttlescope.trace.Snapshot;
import io.throttlescope.view.LockRows;
import io.throttlescope.view.Run;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;

/** Every lock at the cursor: readers inside, who holds block (or owns the mutex), the writer waiting for readers, the queue in order. */
public final class LocksView extends TableView<LockRows.Row> {
    public LocksView() {
        setId("locksTable");
        Label none = new Label("This scenario has no locks");
        none.setWrapText(true);
        setPlaceholder(none);
        // short headers, each explained in its tooltip: the five columns fit a projector's side panel, their texts wrap
        var lock = Columns.text("lock", LockRows.Row::lockText, 150);
        var inside = Columns.text("readers", LockRows.Row::insideText, 100);
        var queue = Columns.text("queue", LockRows.Row::queueText, 200);
        // "write side" (who holds block) and "waits for readers" (the writer in rcuwait): "writer" read as the holder
        var block = Columns.text("write side", LockRows.Row::block, 90);
        var writer = Columns.text("waits for readers", LockRows.Row::waitingForReaders, 150);
        Columns.tip(inside, "the readers inside the read side now");
        Columns.tip(queue, "the wait queue, first to be woken first (FIFO)");
        Columns.tip(
                block,
                "who holds the write side (sem->block: a writer has it, or is waiting for the readers to leave) or owns the mutex");
        Columns.tip(writer, "the writer that holds block and waits for the readers inside to leave");
        getColumns().add(lock);
        getColumns().add(inside);
        getColumns().add(queue);
        getColumns().add(block);
        getColumns().add(writer);
        Columns.header(block, "write\nside");
        Columns.header(writer, "waits for\nreaders");
        Columns.wrapCells(this);
    }

    private String highlighted;

    public void show(Run run, Snapshot s) {
        // a recording's scenario may have locks, but a trace has no lock events: "no locks" would be false there
        ((Label) getPlaceholder())
                .setText(
                        run.isReal()
                                ? "A recorded trace has no lock events: the simulation beside it (M) shows the locks"
                                : "This scenario has no locks");
        getItems().setAll(LockRows.of(run, s));
        Columns.fitToContent(this, true); // a narrow side panel: the columns share it and their texts wrap
        select();
    }

    /**
     * As tall as its rows are (their texts wrap: a queue of five waiters is five lines), up to 400 px:
     * a fixed height cut the last waiters of a long queue off at the bottom of the row.
     */
    @Override
    protected void layoutChildren() {
        super.layoutChildren();
        double want = Columns.rowsHeight(this, Integer.MAX_VALUE, 110, 400);
        if (want > 0 && Math.abs(want - getPrefHeight()) > 2) setPrefHeight(want);
    }

    /** Keeps the named lock's row selected (a lesson stop points at it); null: none. */
    public void highlight(String lock) {
        highlighted = lock;
        select();
    }

    private void select() {
        getSelectionModel().clearSelection();
        if (highlighted == null) return;
        for (int i = 0; i < getItems().size(); i++)
            if (getItems().get(i).lock().equals(highlighted))
                getSelectionModel().select(i);
    }
}
