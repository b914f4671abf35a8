package io.throttlescope.trace;

import com.google.gson.stream.JsonWriter;
import io.throttlescope.sim.EventKind;
import java.io.IOException;
import java.io.Writer;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.IntFunction;

/**
 * The run as Chrome trace-event JSON, which Perfetto UI opens: each CPU a thread of process
 * "CPUs" with the tasks as slices, each limited group's pool and each cfs_rq's runtime_remaining as
 * counters, throttle, unthrottle, task work and park events as instant events, and a task's park
 * to unpark as a flow. Times are microseconds with nanosecond fractions.
 */
public final class PerfettoExport {
    static final int PID_CPUS = 1, PID_BUDGETS = 2;

    private PerfettoExport() {}

    public static void write(TraceIndex idx, Writer out) throws IOException {
        RunInfo info = idx.info();
        Trace tr = idx.trace();
        JsonWriter w = new JsonWriter(out);
        w.beginObject();
        w.name("displayTimeUnit").value("ns");
        w.name("otherData")
                .beginObject()
                .name("scenario")
                .value(info.scenario())
                .name("model")
                .value(info.model())
                .endObject();
        w.name("traceEvents").beginArray();
        meta(w, "process_name", PID_CPUS, 0, "CPUs (" + info.model() + " model)");
        meta(w, "process_name", PID_BUDGETS, 0, "Budgets");
        for (int c = 0; c < info.cpus(); c++) {
            meta(w, "thread_name", PID_CPUS, c, "CPU" + c);
            Slices s = idx.cpuSlices(c);
            for (int i = 0; i < s.size(); i++) {
                slice(
                        w,
                        c,
                        info.tasks()[s.value(i)],
                        TraceIndex.kernelMode(s.detail(i)),
                        info.groups()[TraceIndex.group(s.detail(i))],
                        s.start(i),
                        s.end(i));
            }
        }
        for (int g = 0; g < info.groups().length; g++) {
            if (info.quotaNs()[g] < 0) continue;
            Series p = idx.pool(g);
            for (int i = 0; i < p.size(); i++) counter(w, info.groups()[g] + " pool", p.time(i), "pool_ns", p.value(i));
            for (int c = 0; c < info.cpus(); c++) {
                Series r = idx.remainingPoints(g, c);
                for (int i = 0; i < r.size(); i++)
                    counter(
                            w,
                            info.groups()[g] + " CPU" + c + " runtime_remaining",
                            r.time(i),
                            "runtime_remaining_ns",
                            r.value(i));
            }
        }
        long[] parkedAt = new long[info.tasks().length];
        Arrays.fill(parkedAt, -1);
        for (int i = 0; i < tr.size(); i++) {
            instant(w, tr, i, i, parkedAt, x -> info.tasks()[x], x -> info.groups()[x]);
        }
        w.endArray();
        w.endObject();
        w.flush();
    }

    /** A task's time on a CPU as a complete ("X") event. */
    static void slice(JsonWriter w, int cpu, String task, boolean kernel, String group, long start, long end)
            throws IOException {
        w.beginObject();
        w.name("ph").value("X");
        w.name("pid").value(PID_CPUS);
        w.name("tid").value(cpu);
        w.name("name").value(task);
        w.name("cat").value(kernel ? "kernel" : "user");
        w.name("ts").jsonValue(us(start));
        w.name("dur").jsonValue(us(end - start));
        w.name("args")
                .beginObject()
                .name("mode")
                .value(kernel ? "kernel" : "user")
                .name("cgroup")
                .value(group)
                .endObject();
        w.endObject();
    }

    /** Event i (numbered seq in the run) as an instant event if it is one of the marks, and a park's flow. */
    static void instant(
            JsonWriter w,
            Trace tr,
            int i,
            long seq,
            long[] parkedAt,
            IntFunction<String> task,
            IntFunction<String> group)
            throws IOException {
        EventKind k = tr.kind(i);
        switch (k) {
            case THROTTLE, UNTHROTTLE, TASK_WORK_ADDED, PARKED, UNPARKED, HUNG_TASK, SLACK_TIMER -> {
                int c = tr.cpu(i);
                w.beginObject();
                w.name("ph").value("i");
                w.name("pid").value(c >= 0 ? PID_CPUS : PID_BUDGETS);
                w.name("tid").value(Math.max(0, c));
                w.name("s").value(c >= 0 ? "t" : "p");
                w.name("name")
                        .value(k.jsonName
                                + (tr.task(i) >= 0 ? " " + task.apply(tr.task(i)) : "")
                                + (tr.group(i) >= 0 ? " " + group.apply(tr.group(i)) : ""));
                w.name("ts").jsonValue(us(tr.time(i)));
                w.endObject();
                if (k == EventKind.PARKED) {
                    parkedAt[tr.task(i)] = seq;
                    flow(w, "s", seq, c, tr.time(i), task.apply(tr.task(i)));
                } else if (k == EventKind.UNPARKED && parkedAt[tr.task(i)] >= 0) {
                    flow(w, "f", parkedAt[tr.task(i)], c, tr.time(i), task.apply(tr.task(i)));
                    parkedAt[tr.task(i)] = -1;
                }
            }
            default -> {}
        }
    }

    private static void flow(JsonWriter w, String ph, long id, int cpu, long t, String task) throws IOException {
        w.beginObject();
        w.name("ph").value(ph);
        w.name("id").value(id);
        w.name("pid").value(PID_CPUS);
        w.name("tid").value(Math.max(0, cpu));
        w.name("name").value("parked " + task);
        w.name("cat").value("limbo");
        if (ph.equals("f")) w.name("bp").value("e");
        w.name("ts").jsonValue(us(t));
        w.endObject();
    }

    static void counter(JsonWriter w, String name, long t, String arg, long v) throws IOException {
        w.beginObject();
        w.name("ph").value("C");
        w.name("pid").value(PID_BUDGETS);
        w.name("tid").value(0);
        w.name("name").value(name);
        w.name("ts").jsonValue(us(t));
        w.name("args").beginObject().name(arg).value(v).endObject();
        w.endObject();
    }

    static void meta(JsonWriter w, String what, int pid, int tid, String name) throws IOException {
        w.beginObject();
        w.name("ph").value("M");
        w.name("pid").value(pid);
        w.name("tid").value(tid);
        w.name("name").value(what);
        w.name("args").beginObject().name("name").value(name).endObject();
        w.endObject();
    }

    /** Nanoseconds as microseconds, exactly (three decimals). */
    static String us(long ns) {
        long whole = ns / 1000, frac = Math.abs(ns % 1000);
        return (ns < 0 && whole == 0 ? "-" : "")
                + whole
                + (frac == 0 ? "" : "." + String.format(Locale.ROOT, "%03d", frac));
    }
}
