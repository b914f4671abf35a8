package io.throttlescope.view;

import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.TaskState;
import io.throttlescope.trace.RunInfo;
import io.throttlescope.trace.Trace;
import io.throttlescope.trace.TraceIndex;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The event log's columns for one event: the step, time, kind, CPU, task, cgroup and the kind's own fields. */
public final class LogRows {
    private LogRows() {}

    public record Row(
            int event,
            String step,
            String time,
            String timeExact,
            String kind,
            String cpu,
            String task,
            String cgroup,
            String details) {}

    /** The row of event i. A bookkeeping event shows the step it follows, marked "+". */
    public static Row of(Run run, int i) {
        return of(run, i, Long.MAX_VALUE);
    }

    /** The row of event i, knowing nothing after the horizon (its time's digits do not tell what follows). */
    public static Row of(Run run, int i, long horizon) {
        Trace tr = run.trace();
        RunInfo info = run.info();
        TraceIndex idx = run.index();
        int step = idx.stepOf(i);
        String stepText = TraceIndex.visible(tr.kind(i)) ? String.valueOf(step) : step + "+";
        return new Row(
                i,
                stepText,
                Durations.atEvent(run, i, horizon),
                Durations.exact(tr.time(i)),
                tr.kind(i).jsonName,
                tr.cpu(i) < 0 ? "" : String.valueOf(tr.cpu(i)),
                tr.task(i) < 0 ? "" : info.tasks()[tr.task(i)],
                tr.group(i) < 0 ? "" : info.groups()[tr.group(i)],
                details(run, i));
    }

    /** The kind's own fields, durations rounded ("runtime_remaining: 4.9ms"). */
    public static String details(Run run, int i) {
        Trace tr = run.trace();
        StringBuilder sb = new StringBuilder();
        var k = tr.kind(i);
        String text = run.info().str(tr.text(i));
        if (!text.isEmpty()) sb.append(textName(k)).append(": ").append(text);
        arg(sb, run, k.argA, tr.argA(i));
        arg(sb, run, k.argB, tr.argB(i));
        return sb.toString();
    }

    private static String textName(EventKind k) {
        return switch (k) {
            case SYSCALL_ENTER, SYSCALL_EXIT -> "syscall";
            case BLOCK -> "waits";
            case LOCK_WAIT, LOCK_ACQUIRE, LOCK_RELEASE, LOCK_GRANT -> "lock";
            case CGROUP_WRITE -> "write";
            case SLICE_PULL -> "caller"; // throttle_cfs_rq: the last-chance pull
            default -> "text";
        };
    }

    private static void arg(StringBuilder sb, Run run, String name, long v) {
        if (name == null) return;
        String shown;
        if (name.endsWith("_ns"))
            shown = v < 0 && (name.equals("pool_ns") || name.equals("quota_ns")) ? "max" : Durations.human(v);
        else if (name.equals("prev")) {
            if (v < 0) return;
            shown = run.info().tasks()[(int) v];
        } else if (name.equals("from_group")) {
            name = "from_cgroup";
            shown = run.info().groups()[(int) v];
        } else if (name.equals("from_cpu")) shown = "CPU" + v;
        else if (name.equals("state"))
            shown = TaskState.values()[(int) v].name().toLowerCase(Locale.ROOT);
        else if (name.equals("op")) shown = Explainer.opName(v);
        else if (name.equals("uninterruptible")
                || name.equals("write")
                || name.equals("handoff")
                || name.equals("suppressed")) shown = v != 0 ? "yes" : "no";
        else shown = String.valueOf(v);
        if (sb.length() > 0) sb.append(", ");
        sb.append(name.replaceAll("_ns$", "")).append(": ").append(shown);
    }

    /** The rows from `before` rows before event i to `after` after it, among the visible events (and i itself). */
    public static List<Row> around(Run run, int i, int before, int after) {
        return around(run, i, before, after, Long.MAX_VALUE);
    }

    /** The same, knowing nothing after the horizon. */
    public static List<Row> around(Run run, int i, int before, int after, long horizon) {
        List<Row> out = new ArrayList<>();
        Trace tr = run.trace();
        List<Integer> prev = new ArrayList<>();
        for (int j = i - 1; j >= 0 && prev.size() < before; j--) if (TraceIndex.visible(tr.kind(j))) prev.add(0, j);
        for (int j : prev) out.add(of(run, j, horizon));
        if (i >= 0) out.add(of(run, i, horizon));
        int n = 0;
        for (int j = i + 1; j < tr.size() && n < after; j++)
            if (TraceIndex.visible(tr.kind(j))) {
                out.add(of(run, j, horizon));
                n++;
            }
        return out;
    }
}
