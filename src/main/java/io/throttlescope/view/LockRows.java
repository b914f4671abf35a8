package io.throttlescope.view;

import io.throttlescope.trace.RunInfo;
import io.throttlescope.trace.Snapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** Every lock at a cursor: readers inside, who holds block (or owns the mutex), the writer waiting for readers, the queue. */
public final class LockRows {
    private LockRows() {}

    public record Row(
            String lock,
            boolean mutex,
            List<String> inside,
            String block,
            String waitingForReaders,
            List<String> queue) {
        public String insideText() {
            return String.join(", ", inside);
        }

        public String queueText() {
            return String.join(" \u2192 ", queue);
        }

        public String lockText() {
            return lock + (mutex ? " (mutex)" : "");
        }
    }

    public static List<Row> of(Run run, Snapshot s) {
        List<Row> rows = new ArrayList<>();
        if (run == null) return rows;
        RunInfo info = run.info();
        for (int l = 0; l < info.locks().size(); l++) {
            Snapshot.Lock x = s.locks[l];
            boolean mutex = "mutex".equals(info.lockTypes().get(l));
            List<String> inside = mutex
                    ? List.of()
                    : x.readers.stream().map(t -> info.tasks()[t]).collect(Collectors.toList());
            int holder = mutex ? x.owner : x.blockHolder;
            String block = holder >= 0 ? info.tasks()[holder] : "";
            String drain = !mutex && x.blockHolder >= 0 && x.owner != x.blockHolder ? info.tasks()[x.blockHolder] : "";
            List<String> queue = x.waiters.stream()
                    .map(w -> info.tasks()[w[0]] + " (" + Explainer.opName(w[1]) + ")")
                    .collect(Collectors.toList());
            rows.add(new Row(info.locks().get(l), mutex, inside, block, drain, queue));
        }
        return rows;
    }
}
