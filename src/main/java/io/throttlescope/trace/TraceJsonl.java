package io.throttlescope.trace;

import com.google.gson.stream.JsonWriter;
import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.TaskState;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.util.Locale;
import java.util.function.IntFunction;

/** Writes a trace as one JSON object a line (cli.md, "The trace"). */
public final class TraceJsonl {
    private TraceJsonl() {}

    public static void write(Trace trace, Simulator sim, Writer out) throws IOException {
        for (int i = 0; i < trace.size(); i++) {
            out.write(line(trace, sim, i));
            out.write('\n');
        }
        out.flush();
    }

    public static String line(Trace tr, Simulator sim, int i) throws IOException {
        return line(tr, sim, i, null);
    }

    /**
     * Writes the events as the simulator records them, in batches: a run written with
     * {@code --trace} holds a few thousand events, not the whole trace.
     */
    public static final class Streaming extends BatchedSink {
        public Streaming(Writer out) {
            super(out);
        }

        @Override
        protected void write(Trace batch, int i, long seq) throws IOException {
            out.write(line(batch, sim, i, null).replaceFirst("\"seq\":" + i + ",", "\"seq\":" + seq + ","));
            out.write('\n');
        }
    }

    /** One event as JSON, names from the simulator or (in the app) from the run's info. */
    public static String line(Trace tr, Simulator sim, int i, RunInfo info) throws IOException {
        StringWriter sw = new StringWriter(128);
        JsonWriter w = new JsonWriter(sw);
        EventKind k = tr.kind(i);
        w.beginObject();
        w.name("t").value(tr.time(i));
        w.name("seq").value(i);
        w.name("kind").value(k.jsonName);
        if (tr.cpu(i) >= 0) w.name("cpu").value(tr.cpu(i));
        IntFunction<String> task = x -> info != null ? info.tasks()[x] : sim.taskName(x);
        IntFunction<String> grp = x -> info != null ? info.groups()[x] : sim.groupPath(x);
        if (tr.task(i) >= 0) w.name("task").value(task.apply(tr.task(i)));
        if (tr.group(i) >= 0) w.name("cgroup").value(grp.apply(tr.group(i)));
        if (tr.text(i) >= 0)
            w.name(textKey(k))
                    .value(info != null ? info.str(tr.text(i)) : sim.strings().get(tr.text(i)));
        if (k.argA != null) argument(w, task, grp, k.argA, tr.argA(i));
        if (k.argB != null) argument(w, task, grp, k.argB, tr.argB(i));
        w.endObject();
        w.flush();
        return sw.toString();
    }

    private static void argument(JsonWriter w, IntFunction<String> task, IntFunction<String> grp, String name, long v)
            throws IOException {
        switch (name) {
            case "prev" -> {
                if (v >= 0) w.name("prev").value(task.apply((int) v));
            }
            case "from_group" -> w.name("from_cgroup").value(grp.apply((int) v));
            case "suppressed" -> w.name("suppressed").value(v != 0);
            case "op" -> w.name("op").value(v == 0 ? "read" : v == 1 ? "write" : "mutex");
            case "state" ->
                w.name("state").value(TaskState.values()[(int) v].name().toLowerCase(Locale.ROOT));
            default -> w.name(name).value(v);
        }
    }

    private static String textKey(EventKind k) {
        return switch (k) {
            case SYSCALL_ENTER, SYSCALL_EXIT -> "syscall";
            case LOCK_WAIT, LOCK_ACQUIRE, LOCK_RELEASE, LOCK_GRANT -> "lock";
            case BLOCK -> "waiting_for";
            case NOTE, FAULT -> "text";
            case CGROUP_WRITE -> "write";
            case SLICE_PULL -> "caller"; // throttle_cfs_rq: the last-chance pull
            default -> "detail";
        };
    }
}
