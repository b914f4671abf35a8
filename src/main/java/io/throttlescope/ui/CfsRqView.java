package io.throttlescope.ui;

import io.throttlescope.scenario.DurationText;
import io.throttlescope.trace.RunInfo;
import io.throttlescope.trace.Snapshot;
import javafx.collections.FXCollections;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** Runqueues and limbo lists at the cursor: one row per cfs_rq (group x CPU) of the groups that have tasks or a limit. */
public final class CfsRqView extends TableView<CfsRqView.Row> {
    /** One cfs_rq at the cursor. */
    public record Row(String cfsRq, boolean throttled, int throttleCount, java.util.function.Supplier<String> runtimeOf,
                      String queued, String limbo, String running) {
        /** runtime_remaining, computed when a cell shows it (only the visible rows pay for it). */
        public String runtime() { return runtimeOf.get(); }
    }

    public CfsRqView() {
        setId("cfsrqTable");
        setPlaceholder(new javafx.scene.control.Label("No cgroups"));
        getColumns().add(Columns.<Row>text("cfs_rq", Row::cfsRq, 95));
        TableColumn<Row, String> thr = Columns.<Row>text("throttled", r -> r.throttled() ? "yes" : "no", 62);
        thr.setCellFactory(c -> new TableCell<>() {
            @Override protected void updateItem(String s, boolean empty) {
                super.updateItem(s, empty);
                setText(empty ? null : s);
                setStyle(!empty && "yes".equals(s) ? "-fx-text-fill: #C62828; -fx-font-weight: bold;" : "");
            }
        });
        getColumns().add(thr);
        getColumns().add(Columns.<Row>text("count", r -> String.valueOf(r.throttleCount()), 45));
        getColumns().add(Columns.<Row>text("runtime", Row::runtime, 70));
        getColumns().add(Columns.<Row>text("running", Row::running, 55));
        getColumns().add(Columns.<Row>text("queued", Row::queued, 70));
        TableColumn<Row, String> limbo = Columns.<Row>text("limbo list", Row::limbo, 110);
        limbo.setCellFactory(c -> new TableCell<>() {
            @Override protected void updateItem(String s, boolean empty) {
                super.updateItem(s, empty);
                setText(empty ? null : s);
                setStyle(!empty && s != null && !s.isEmpty() ? "-fx-text-fill: #7B3294; -fx-font-weight: bold;" : "");
            }
        });
        getColumns().add(limbo);
        setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        String[] tips = {"the cfs_rq of a group on one CPU", "this cfs_rq is throttled itself (cfs_rq->throttled)",
            "throttle_count: throttled cfs_rqs from here up to the root", "runtime_remaining (negative: debt)",
            "the task of this cfs_rq on the CPU now", "tasks queued on this cfs_rq", "throttled_limbo_list, head first: parked tasks"};
        for (int i = 0; i < tips.length; i++) {
            javafx.scene.control.Label h = new javafx.scene.control.Label(getColumns().get(i).getText());
            h.setTooltip(new javafx.scene.control.Tooltip(tips[i]));
            getColumns().get(i).setGraphic(h);
            getColumns().get(i).setText("");
        }
        setFixedCellSize(22);
    }

    public void show(Run run, Snapshot s) {
        List<Row> rows = new ArrayList<>();
        if (run != null) {
            RunInfo info = run.info();
            int nc = info.cpus();
            List<List<Integer>> queuedOf = s.tasksByCfsRq(false), limboOf = s.tasksByCfsRq(true);
            for (int g = 0; g < info.groups().length; g++) {
                boolean limited = false;
                for (int x = g; x >= 0; x = info.groupParent()[x]) limited |= info.quotaNs()[x] >= 0;
                if (g == 0 || !limited) continue;
                for (int c = 0; c < info.cpus(); c++) {
                    int g2 = g, c2 = c;
                    List<Integer> ql = queuedOf.get(g * nc + c), ll = limboOf.get(g * nc + c);
                    String queued = ql == null ? "" : ql.stream().map(t -> info.tasks()[t]).collect(Collectors.joining(", "));
                    String limbo = ll == null ? "" : ll.stream().map(t -> info.tasks()[t]).collect(Collectors.joining(" \u2192 "));
                    int cur = s.cpuCurr[c];
                    boolean runs = cur >= 0 && s.state[cur] == io.throttlescope.sim.TaskState.RUNNING.ordinal();
                    String running = runs && s.taskGroup[cur] == g2 ? info.tasks()[cur] : "";
                    long at = s.time;
                    java.util.function.Supplier<String> rt = info.quotaNs()[g] < 0 ? () -> "(no limit)"
                            : () -> DurationText.format(run.index().remainingAt(g2, c2, at));
                    rows.add(new Row(info.groups()[g] + " @ CPU" + c, s.isThrottled(g, c), s.throttleCount(g, c), rt, queued, limbo, running));
                }
            }
        }
        getItems().setAll(FXCollections.observableList(rows));
    }
}
