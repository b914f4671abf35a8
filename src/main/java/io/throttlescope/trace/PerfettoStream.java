package io.throttlescope.trace;

import com.google.gson.stream.JsonWriter;
import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.Simulator;
import java.io.IOException;
import java.io.Writer;
import java.util.Arrays;

/**
 * The Perfetto export written as the simulator runs, holding a few numbers per CPU and cfs_rq
 * instead of the trace and its index: the same events as {@link PerfettoExport} writes from an
 * index (in another order, which trace-event JSON allows), so a run of any length exports in
 * little memory. It follows the index's rules event by event: a CPU's slice ends at a switch, at a
 * change of mode (syscall entry and exit, exit work) and at a move of its task, and touching slices
 * of the same task, mode and cgroup are one; runtime_remaining is reported where the index records
 * it, a slack return's from the last point less what the cgroup's tasks ran on that CPU since.
 */
public final class PerfettoStream implements StreamingWriter {
    private final JsonWriter w;
    private Simulator sim;
    private int nc, nt, ng;
    private int[] curr, grp, parent;
    private long[] since;
    private boolean[] kern, kthread;
    // the slice not yet written, per CPU: it may still be extended by the next one
    private long[] pStart, pEnd;
    private int[] pTask, pDetail;
    // per (group, CPU): the last runtime_remaining point and what ran there since
    private long[] lastAt, lastValue, used;
    private boolean[] hasPoint;
    private long[] poolValue;
    private boolean[] hasPool;
    private long[] parkedAt;
    private long seq;
    private IOException failed;

    public PerfettoStream(Writer out) {
        w = new JsonWriter(out);
    }

    /** Starts the document: call before the run with the simulator that will feed this sink. */
    @Override
    public void attach(Simulator s) throws IOException {
        sim = s;
        nc = s.cpuCount();
        nt = s.taskCount();
        ng = s.groupCount();
        curr = new int[nc];
        Arrays.fill(curr, -1);
        since = new long[nc];
        pStart = new long[nc];
        pEnd = new long[nc];
        pTask = new int[nc];
        pDetail = new int[nc];
        Arrays.fill(pTask, -1);
        kern = new boolean[nt];
        kthread = new boolean[nt];
        grp = new int[nt];
        for (int t = 0; t < nt; t++) {
            kthread[t] = s.taskKthread(t);
            kern[t] = kthread[t];
            grp[t] = s.taskInitialGroup(t);
        }
        parent = new int[ng];
        for (int g = 0; g < ng; g++) parent[g] = s.groupParent(g);
        lastAt = new long[ng * nc];
        lastValue = new long[ng * nc];
        used = new long[ng * nc];
        hasPoint = new boolean[ng * nc];
        poolValue = new long[ng];
        hasPool = new boolean[ng];
        parkedAt = new long[nt];
        Arrays.fill(parkedAt, -1);
        String model = s.modelId.id;
        w.beginObject();
        w.name("displayTimeUnit").value("ns");
        w.name("otherData")
                .beginObject()
                .name("scenario")
                .value(s.spec().name())
                .name("model")
                .value(model)
                .endObject();
        w.name("traceEvents").beginArray();
        PerfettoExport.meta(w, "process_name", PerfettoExport.PID_CPUS, 0, "CPUs (" + model + " model)");
        PerfettoExport.meta(w, "process_name", PerfettoExport.PID_BUDGETS, 0, "Budgets");
        for (int c = 0; c < nc; c++) PerfettoExport.meta(w, "thread_name", PerfettoExport.PID_CPUS, c, "CPU" + c);
    }

    private Trace one = new Trace(); // the current event, for the shared instant writer

    @Override
    public void event(long t, EventKind k, int c, int ta, int g, int x, long a, long b) {
        if (failed != null) {
            seq++;
            return;
        }
        try {
            switch (k) {
                case SWITCH -> {
                    close(c, t);
                    curr[c] = ta;
                    since[c] = t;
                }
                case SYSCALL_ENTER, SYSCALL_EXIT, EXITING -> {
                    if (c >= 0 && curr[c] == ta) {
                        close(c, t);
                        since[c] = t;
                    }
                    kern[ta] = k != EventKind.SYSCALL_EXIT || kthread[ta];
                }
                case MOVE -> {
                    if (c >= 0 && curr[c] == ta) {
                        close(c, t);
                        since[c] = t;
                    }
                    grp[ta] = g;
                }
                default -> {}
            }
            budget(k, t, g, c, a, b);
            one.event(t, k, c, ta, g, x, a, b); // the marks, as the index-based export writes them
            PerfettoExport.instant(w, one, one.size() - 1, seq, parkedAt, sim::taskName, sim::groupPath);
            if (one.size() == 4096) one = new Trace();
        } catch (IOException e) {
            failed = e;
        }
        seq++;
    }

    /** The CPU's running task leaves it (or changes mode or cgroup) at t. */
    private void close(int c, long t) throws IOException {
        int ta = curr[c];
        if (ta < 0 || t <= since[c]) return;
        int detail = (kern[ta] ? 1 : 0) | grp[ta] << 1;
        for (int g = grp[ta]; g >= 0; g = parent[g]) { // what ran counts against every cfs_rq above it
            int q = g * nc + c;
            if (hasPoint[q] && t > lastAt[q]) used[q] += t - Math.max(since[c], lastAt[q]);
        }
        if (pTask[c] == ta && pDetail[c] == detail && pEnd[c] == since[c]) {
            pEnd[c] = t;
            return;
        }
        flush(c);
        pTask[c] = ta;
        pDetail[c] = detail;
        pStart[c] = since[c];
        pEnd[c] = t;
    }

    private void flush(int c) throws IOException {
        if (pTask[c] < 0) return;
        PerfettoExport.slice(
                w,
                c,
                sim.taskName(pTask[c]),
                (pDetail[c] & 1) != 0,
                sim.groupPath(pDetail[c] >>> 1),
                pStart[c],
                pEnd[c]);
        pTask[c] = -1;
    }

    /** runtime_remaining and the pool where the index records them. */
    private void budget(EventKind k, long t, int g, int c, long a, long b) throws IOException {
        switch (k) {
            case SLICE_PULL, DISTRIBUTE -> {
                point(g, c, t, b);
                long before = hasPool[g] ? poolValue[g] : sim.groupQuotaNs(g);
                pool(g, t, before - a);
            }
            case THROTTLE, UNTHROTTLE, UNTHROTTLE_REFUSED -> point(g, c, t, a);
            case SLACK_RETURN -> {
                point(g, c, t, remainingAt(g, c, t) - a);
                pool(g, t, b);
            }
            case PERIOD_TIMER, REFILL -> {
                pool(g, t, a);
                if (k == EventKind.REFILL) for (int x = 0; x < nc; x++) point(g, x, t, sim.initialRuntimeRemaining());
            }
            default -> {}
        }
    }

    private long remainingAt(int g, int c, long t) {
        int q = g * nc + c;
        if (!hasPoint[q]) return sim.groupQuotaNs(g) < 0 ? 0 : sim.initialRuntimeRemaining();
        long u = used[q];
        int ta = curr[c]; // the slice still running on the CPU
        if (ta >= 0 && t > since[c] && within(grp[ta], g)) u += t - Math.max(since[c], lastAt[q]);
        return lastValue[q] - u;
    }

    private boolean within(int x, int g) {
        for (; x >= 0; x = parent[x]) if (x == g) return true;
        return false;
    }

    private void point(int g, int c, long t, long v) throws IOException {
        int q = g * nc + c;
        hasPoint[q] = true;
        lastAt[q] = t;
        lastValue[q] = v;
        used[q] = 0;
        PerfettoExport.counter(w, sim.groupPath(g) + " CPU" + c + " runtime_remaining", t, "runtime_remaining_ns", v);
    }

    private void pool(int g, long t, long v) throws IOException {
        hasPool[g] = true;
        poolValue[g] = v;
        PerfettoExport.counter(w, sim.groupPath(g) + " pool", t, "pool_ns", v);
    }

    /** Ends the run's slices at its end and the document; throws what writing failed with. */
    @Override
    public void finish() throws IOException {
        if (failed != null) throw failed;
        long end = sim.now();
        for (int c = 0; c < nc; c++) {
            close(c, end);
            flush(c);
        }
        w.endArray();
        w.endObject();
        w.flush();
    }
}
