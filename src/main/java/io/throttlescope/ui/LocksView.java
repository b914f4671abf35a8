package io.throttlescope.ui;

import io.throttlescope.trace.Snapshot;
import io.throttlescope.view.LockRows;
import io.throttlescope.view.Run;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;

/** Every lock at the cursor: readers inside, who holds block (or owns the mutex), the writer waiting for readers, the queue in order. */
public final class LocksView extends TableView<LockRows.Row> {
    public LocksView() {
        setId("locksTable");
        setPlaceholder(new Label("This scenario has no locks"));
        getColumns().add(Columns.text("lock", LockRows.Row::lockText, 150));
        getColumns().add(Columns.text("readers inside", LockRows.Row::insideText, 100));
        getColumns().add(Columns.text("wait queue (FIFO)", LockRows.Row::queueText, 200));
        getColumns().add(Columns.text("block / owner", LockRows.Row::block, 90));
        getColumns().add(Columns.text("writer waiting for readers", LockRows.Row::waitingForReaders, 150));
        setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
    }

    private String highlighted;

    public void show(Run run, Snapshot s) {
        getItems().setAll(LockRows.of(run, s));
        Columns.fitToContent(this);
        select();
    }

    /** Keeps the named lock's row selected (a lesson stop points at it); null: none. */
    public void highlight(String lock) {
        highlighted = lock;
        select();
    }

    private void select() {
        getSelectionModel().clearSelection();
        if (highlighted == null) return;
        for (int i = 0; i < getItems().size(); i++) if (getItems().get(i).lock().equals(highlighted)) getSelectionModel().select(i);
    }
}
