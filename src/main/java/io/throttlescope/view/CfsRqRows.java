package io.throttlescope.view;

import io.throttlescope.sim.TaskState;
import io.throttlescope.trace.RunInfo;
import io.throttlescope.trace.Snapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/** The runqueue and limbo table at a cursor: one row per cfs_rq (group x CPU) of every limited hierarchy. */
public final class CfsRqRows {
    private CfsRqRows() {}

    /** One cfs_rq. runtime is computed when asked (a table asks only for the rows it shows). */
    public record Row(
            String group,
            int cpu,
            boolean throttled,
            int throttleCount,
            Supplier<Long> runtimeNs,
            String running,
            List<String> queued,
            List<String> limbo) {
        public String cfsRq() {
            return group + " @ CPU" + cpu;
        }
        /** runtime_remaining, rounded for reading; "(no limit)" for a group without quota. */
        public String runtime() {
            Long v = runtimeNs.get();
            return v == null ? "(no limit)" : Durations.human(v);
        }

        public String runtimeExact() {
            Long v = runtimeNs.get();
            return v == null ? "(no limit)" : Durations.exact(v);
        }

        /** The running task first, said so, then the queued ones: "W (running), H" (the window's last column). */
        public String tasksText() {
            String q = queuedText();
            if (running.isEmpty()) return q;
            return running + " (running)" + (q.isEmpty() ? "" : ", " + q);
        }

        public String queuedText() {
            return String.join(", ", queued);
        }
        /** The limbo list in list order, head first. */
        public String limboText() {
            return String.join(" \u2192 ", limbo);
        }
    }

    public static List<Row> of(Run run, Snapshot s) {
        List<Row> rows = new ArrayList<>();
        if (run == null) return rows;
        RunInfo info = run.info();
        int nc = info.cpus();
        List<List<Integer>> queuedOf = s.tasksByCfsRq(false), limboOf = s.tasksByCfsRq(true);
        for (int g = 1; g < info.groups().length; g++) {
            boolean limited = false;
            for (int x = g; x >= 0; x = info.groupParent()[x])
                limited |= run.index().quotas(x).size() > 1 || info.quotaNs()[x] >= 0;
            if (!limited) continue;
            for (int c = 0; c < nc; c++) {
                int g2 = g, c2 = c;
                int at = s.event; // as of this step, not the end of its instant
                List<Integer> ql = queuedOf.get(g * nc + c), ll = limboOf.get(g * nc + c);
                int cur = s.cpuCurr[c];
                boolean runs = cur >= 0 && s.state[cur] == TaskState.RUNNING.ordinal() && s.taskGroup[cur] == g;
                Supplier<Long> rt = () -> run.index().quotaAtEvent(g2, at) < 0
                        ? null
                        : run.index().remainingAtEvent(g2, c2, at);
                rows.add(new Row(
                        info.groups()[g],
                        c,
                        s.isThrottled(g, c),
                        s.throttleCount(g, c),
                        rt,
                        runs ? info.tasks()[cur] : "",
                        names(info, ql),
                        names(info, ll)));
            }
        }
        return rows;
    }

    private static List<String> names(RunInfo info, List<Integer> ts) {
        return ts == null ? List.of() : ts.stream().map(t -> info.tasks()[t]).collect(Collectors.toList());
    }
}
