package io.throttlescope.trace;

import io.throttlescope.sim.EventKind;
import java.io.IOException;
import java.io.Writer;
import java.util.function.IntFunction;

/** The trace as CSV: one event a line, the kind's arguments named in their own columns. */
public final class CsvExport {
    static final String HEADER = "t_ns,seq,kind,cpu,task,cgroup,text,arg_a_name,arg_a,arg_b_name,arg_b\n";

    private CsvExport() {}

    public static void write(TraceIndex idx, Writer out) throws IOException {
        RunInfo info = idx.info();
        Trace tr = idx.trace();
        out.write(HEADER);
        for (int i = 0; i < tr.size(); i++)
            out.write(row(tr, i, i, x -> info.tasks()[x], x -> info.groups()[x], info::str));
        out.flush();
    }

    private static String row(
            Trace tr, int i, long seq, IntFunction<String> task, IntFunction<String> group, IntFunction<String> str) {
        EventKind k = tr.kind(i);
        return tr.time(i) + "," + seq + "," + k.jsonName + "," + (tr.cpu(i) < 0 ? "" : tr.cpu(i)) + ","
                + (tr.task(i) < 0 ? "" : quote(task.apply(tr.task(i)))) + ","
                + (tr.group(i) < 0 ? "" : quote(group.apply(tr.group(i)))) + ","
                + (tr.text(i) < 0 ? "" : quote(str.apply(tr.text(i)))) + ","
                + (k.argA == null ? "," : k.argA + "," + tr.argA(i)) + ","
                + (k.argB == null ? "," : k.argB + "," + tr.argB(i)) + "\n";
    }

    /**
     * Writes the rows as the simulator records them, in batches of a few thousand events: an export
     * of a long run holds a batch, not the whole trace (names come from the simulator as it runs).
     */
    public static final class Streaming extends BatchedSink {
        public Streaming(Writer out) throws IOException {
            super(out);
            out.write(HEADER);
        }

        @Override
        protected void write(Trace batch, int i, long seq) throws IOException {
            out.write(row(
                    batch,
                    i,
                    seq,
                    sim::taskName,
                    sim::groupPath,
                    x -> sim.strings().get(x)));
        }
    }

    static String quote(String s) {
        if (s.isEmpty()) return "";
        return s.contains(",") || s.contains("\"") || s.contains("\n") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
