package io.throttlescope.trace;

import io.throttlescope.sim.EventKind;

import java.io.IOException;
import java.io.Writer;

/** The trace as CSV: one event a line, the kind's arguments named in their own columns. */
public final class CsvExport {
    private CsvExport() { }

    public static void write(TraceIndex idx, Writer out) throws IOException {
        RunInfo info = idx.info();
        Trace tr = idx.trace();
        out.write("t_ns,seq,kind,cpu,task,cgroup,text,arg_a_name,arg_a,arg_b_name,arg_b\n");
        for (int i = 0; i < tr.size(); i++) {
            EventKind k = tr.kind(i);
            out.write(tr.time(i) + "," + i + "," + k.jsonName + "," + (tr.cpu(i) < 0 ? "" : tr.cpu(i)) + ","
                    + (tr.task(i) < 0 ? "" : quote(info.tasks()[tr.task(i)])) + ","
                    + (tr.group(i) < 0 ? "" : quote(info.groups()[tr.group(i)])) + ","
                    + quote(info.str(tr.text(i))) + ","
                    + (k.argA == null ? "," : k.argA + "," + tr.argA(i)) + ","
                    + (k.argB == null ? "," : k.argB + "," + tr.argB(i)) + "\n");
        }
        out.flush();
    }

    static String quote(String s) {
        if (s.isEmpty()) return "";
        return s.contains(",") || s.contains("\"") || s.contains("\n") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
