package io.throttlescope.realtrace;

import com.google.gson.JsonObject;
import io.throttlescope.sim.TaskState;
import io.throttlescope.trace.Slices;
import io.throttlescope.view.Run;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.IntToLongFunction;

/**
 * How long each task of a trace waited for a CPU after a wake-up or a preemption by a task it forked
 * (docs/real-kernels.md, the known differences below its fidelity table). A worker makes a read side of
 * cgroup_threadgroup_rwsem as a thread started and joined: the new thread's first run preempts it (a
 * new task's placement), it sleeps while the thread runs, the thread's start and exit wake it, and it
 * then waits for a CPU, where the scenario's step runs straight through and never does. The wait
 * counts from the wake-up or the switch to the child to the task's next run, as the figure "switched
 * out while runnable" counts it (runnable, throttled or parked).
 */
final class ChildWakes {
    /** By task id: the task that forked it, or -1. */
    private int[] parent = new int[0];

    /** By task id: when a wake-up or a preemption by a child made it wait (ns from the trace's start), or -1. */
    private long[] since = new long[0];

    /** By task id: the waits summed, ns. */
    private long[] waited = new long[0];

    /** Each wait counted: task id, from, to (ns from the trace's start) and the CPU it ended on, four longs each. */
    private long[] spans = new long[0];

    private int nSpans;

    private void grow(int id) {
        if (id < parent.length) return;
        int n = Math.max(16, Math.max(id + 1, parent.length * 2)), old = parent.length;
        parent = Arrays.copyOf(parent, n);
        since = Arrays.copyOf(since, n);
        waited = Arrays.copyOf(waited, n);
        Arrays.fill(parent, old, n, -1);
        Arrays.fill(since, old, n, -1);
    }

    void forked(int parentId, int childId) {
        grow(Math.max(parentId, childId));
        parent[childId] = parentId;
    }

    /** Task id was made runnable at ts by the task waker (-1: unknown, the idle task, or an interrupt's wake-up). */
    void woken(int id, int waker, long ts) {
        grow(Math.max(id, waker));
        if (waker >= 0 && parent[waker] == id && since[id] < 0) since[id] = ts; // a wait already counting goes on
    }

    /**
     * Task id was switched out while runnable at ts for the task next, a child it forked: that starts a
     * wait as the child's wake-up does (the new thread's first run preempts its parent:
     * wake_up_new_task()'s wakeup_preempt(); and a fork's thread that blocked on the lock it takes
     * preempts it again when woken); a preemption by any other task does not. Any run of a child
     * counts, as any of its wake-ups does: a worker's threads live for the step that forked them, and
     * fidelity asks only for tasks whose scenario forks (a long-lived worker thread of another program
     * would count too: docs/real-kernels.md). Counting first runs only explained one row fewer in 27's
     * 6.18 recordings (tried 2026-12-05).
     */
    void preempted(int id, int next, long ts) {
        grow(Math.max(id, next));
        if (next >= 0 && parent[next] == id && since[id] < 0) since[id] = ts;
    }

    /**
     * Task id went to state st at ts (on CPU cpu): running ends a wait, sleeping drops it; a throttle or a
     * park continues it.
     */
    void state(int id, TaskState st, long ts, int cpu) {
        if (id >= since.length || since[id] < 0) return;
        if (st == TaskState.RUNNING) {
            waited[id] += ts - since[id];
            if (4 * nSpans == spans.length) spans = Arrays.copyOf(spans, Math.max(64, 2 * spans.length));
            spans[4 * nSpans] = id;
            spans[4 * nSpans + 1] = since[id];
            spans[4 * nSpans + 2] = ts;
            spans[4 * nSpans + 3] = cpu;
            nSpans++;
        }
        if (st != TaskState.RUNNABLE && st != TaskState.THROTTLED && st != TaskState.PARKED) since[id] = -1;
    }

    /** By the result's task names (RealTrace): each task's waits after wake-ups by its children, where it had any. */
    static Map<String, Long> byTask(Importer im, JsonObject header) {
        return byName(im, header, im.childWakes::waitedNs);
    }

    /** A figure by task id as a map by the result's task names, the tasks whose figure is above 0. */
    private static Map<String, Long> byName(Importer im, JsonObject header, IntToLongFunction byId) {
        Set<String> workload = CgroupMap.ownTasks(header);
        Map<String, String> names = RealTrace.taskNames(header);
        Map<String, Long> out = new LinkedHashMap<>();
        for (ImportedTask t : im.tasks) {
            String name = RealTrace.resultName(im, t, workload, names);
            long v = byId.applyAsLong(t.id);
            if (name != null && v > 0) out.put(name, v);
        }
        return Map.copyOf(out);
    }

    /**
     * By the result's task names: how long, within each task's counted waits, the CPU it waited for ran
     * the threads it forked (ns; from the imported run's CPU lanes). The simulation replays those threads'
     * CPU time as the CPU's other work and may wait for it too, all of it or none.
     */
    static Map<String, Long> threadRunsByTask(Importer im, JsonObject header, Run run) {
        long[] ran = new long[im.childWakes.waited.length];
        for (int k = 0; k < im.childWakes.nSpans; k++) {
            long[] sp = im.childWakes.spans;
            int id = (int) sp[4 * k], cpu = (int) sp[4 * k + 3];
            long from = sp[4 * k + 1], to = sp[4 * k + 2];
            if (cpu < 0 || cpu >= run.info().cpus()) continue;
            Slices on = run.index().cpuSlices(cpu);
            for (int j = Math.max(0, on.firstEndingAfter(from)); j < on.size() && on.start(j) < to; j++) {
                int v = on.value(j);
                if (v >= 0 && v < im.childWakes.parent.length && im.childWakes.parent[v] == id)
                    ran[id] += Math.min(to, on.end(j)) - Math.max(from, on.start(j));
            }
        }
        return byName(im, header, id -> id < ran.length ? ran[id] : 0);
    }

    /** The waits of task id after wake-ups by its children, ns. */
    long waitedNs(int id) {
        return id < waited.length ? waited[id] : 0;
    }
}
