package io.throttlescope.ui;

import io.throttlescope.trace.RunInfo;
import io.throttlescope.trace.Snapshot;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** Every lock at the cursor: readers inside, who holds block (or owns the mutex), the writer waiting for readers, the queue in order. */
public final class LocksView extends TableView<LocksView.Row> {
    /** One lock at the cursor. */
    public record Row(String lock, String inside, String block, String waitingForReaders, String queue) {}

    public LocksView() {
        setId("locksTable");
        setPlaceholder(new Label("This scenario has no locks"));
        getColumns().add(Columns.<Row>text("lock", Row::lock, 150));
        getColumns().add(Columns.<Row>text("readers inside", Row::inside, 100));
        getColumns().add(Columns.<Row>text("block / owner", Row::block, 90));
        getColumns().add(Columns.<Row>text("writer waiting for readers", Row::waitingForReaders, 150));
        getColumns().add(Columns.<Row>text("wait queue (FIFO)", Row::queue, 200));
        setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        setFixedCellSize(22);
    }

    public void show(Run run, Snapshot s) {
        List<Row> rows = new ArrayList<>();
        if (run != null) {
            RunInfo info = run.info();
            for (int l = 0; l < info.locks().size(); l++) {
                Snapshot.Lock x = s.locks[l];
                boolean mutex = "mutex".equals(info.lockTypes().get(l));
                String inside = x.readers.stream().map(t -> info.tasks()[t]).collect(Collectors.joining(", "));
                int holder = mutex ? x.owner : x.blockHolder;
                String block = holder >= 0 ? info.tasks()[holder] : "";
                String drain = !mutex && x.blockHolder >= 0 && x.owner != x.blockHolder ? info.tasks()[x.blockHolder] : "";
                String queue = x.waiters.stream().map(w -> info.tasks()[w[0]] + " (" + Explainer.opName(w[1]) + ")")
                        .collect(Collectors.joining(" \u2192 "));
                rows.add(new Row(info.locks().get(l) + (mutex ? " (mutex)" : ""), mutex ? "" : inside, block, drain, queue));
            }
        }
        getItems().setAll(rows);
    }
}
