package io.throttlescope.record;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.throttlescope.sim.spec.ActionSpec;
import io.throttlescope.sim.spec.SimSpec;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.locks.LockSupport;

/**
 * The scenario's timed actions, performed by the recorder at their times during the recording
 * (docs/real-kernels.md, "Timed actions"): a write of cpu.max, cpu.max.burst or cpu.weight, a
 * move of a task to another cgroup (its cgroup.procs, or v1's tasks), an affinity change
 * (sched_setaffinity() through taskset). Two trace_marker lines frame each: {@code throttlescope:
 * action K begins} before it, {@code throttlescope: action K WHAT} once it returned (or {@code
 * action K failed: WHAT: why}), which the importer turns into the action's event (a move is the
 * kernel's own cgroup_attach_task line); the header keeps when each was due, began and returned.
 */
final class TimedActions {
    /** One action as performed: times from the workload's start, in ns; error null if the kernel took it. */
    record Done(int index, String what, long dueNs, long beganNs, long returnedNs, String error) {}

    static final String MARK = "throttlescope: action ";

    private final SimSpec spec;
    private final CgroupFs cg;
    private final Map<String, Path> groups;
    private final long[] tids, pids;
    private final Tracefs tf;
    private final List<Done> done = new ArrayList<>();
    private Thread thread;

    TimedActions(SimSpec spec, CgroupFs cg, Map<String, Path> groups, long[] tids, long[] pids, Tracefs tf) {
        this.spec = spec;
        this.cg = cg;
        this.groups = groups;
        this.tids = tids;
        this.pids = pids;
        this.tf = tf;
    }

    /** What stops an action from being made real, whatever the machine; empty if none. */
    static List<String> refusals(SimSpec spec) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < spec.actions().size(); i++) {
            ActionSpec a = spec.actions().get(i);
            String where = "actions[" + i + "]";
            if (a instanceof ActionSpec.Wake)
                out.add(where + ": a wake action cannot be made real (nothing outside a task ends its sleep early)");
            else if (a instanceof ActionSpec.WriteFile w
                    && !List.of("cpu.max", "cpu.max.burst", "cpu.weight").contains(w.file())) {
                out.add(where + ": only cpu.max, cpu.max.burst and cpu.weight writes are made real, not " + w.file());
            }
        }
        return out;
    }

    /** What this machine's cgroups refuse before anything starts: v2 keeps processes out of our parent, which has controllers on. */
    void check() throws IOException {
        for (ActionSpec a : spec.actions()) {
            if (a instanceof ActionSpec.Move m && m.cgroup().equals("/") && cg.v2) {
                throw new IOException(
                        "a move to \"/\" cannot be made real on cgroup v2: the recording's parent cgroup holds no processes"
                                + " (it has the cpu controller on for its children); move the task to a cgroup of its own");
            }
        }
    }

    /**
     * Starts the thread that performs the actions, before the workload starts: it puts itself at
     * nice -10 on {@code cpus} (those the scenario leaves free; null: anywhere), as the trace_pipe
     * reader is, and waits for {@link #go}. Placed at the workload's start, it made 14's write 10 ms
     * late (its renice and taskset ran first).
     */
    void prepare(String cpus) throws InterruptedException {
        if (spec.actions().isEmpty()) return;
        CountDownLatch placed = new CountDownLatch(1);
        thread = new Thread(
                () -> {
                    place(cpus);
                    placed.countDown();
                    try {
                        run(t0.get());
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    } catch (ExecutionException e) {
                        // never completed exceptionally
                    }
                },
                "timed-actions");
        thread.setDaemon(true);
        thread.start();
        placed.await();
    }

    private final CompletableFuture<Long> t0 = new CompletableFuture<>();

    /** The workload starts at {@code t0} (System.nanoTime()): each action is made at its time after it. */
    void go(long start) {
        t0.complete(start);
    }

    private static final long SPIN_NS = 300_000;

    /** This thread (its tid from /proc/thread-self) at nice -10, on the given CPUs; where that fails it runs as it is. */
    private static void place(String cpus) {
        try {
            String self = Files.readSymbolicLink(Path.of("/proc/thread-self")).toString();
            String tid = self.substring(self.lastIndexOf('/') + 1);
            new ProcessBuilder("renice", "-n", "-10", "-p", tid)
                    .redirectErrorStream(true)
                    .start()
                    .waitFor();
            if (cpus != null)
                new ProcessBuilder("taskset", "-p", "-c", cpus, tid)
                        .redirectErrorStream(true)
                        .start()
                        .waitFor();
        } catch (IOException | RuntimeException e) {
            // not Linux's /proc, or no renice: the actions still run, maybe later
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void run(long t0) throws InterruptedException {
        List<ActionSpec> order = new ArrayList<>(spec.actions());
        order.sort((x, y) -> Long.compare(x.at().typical(), y.at().typical()));
        for (ActionSpec a : order) {
            int k = spec.actions().indexOf(a);
            long due = a.at().typical();
            while (System.nanoTime() - t0 < due - SPIN_NS)
                LockSupport.parkNanos(Math.max(50_000, due - SPIN_NS - (System.nanoTime() - t0)));
            while (System.nanoTime() - t0 < due)
                Thread.onSpinWait(); // the last 300 us spun: a timer overshoots by 100 us or more
            String what = describe(a);
            tf.mark(MARK + k + " begins");
            long began = System.nanoTime() - t0;
            String error = null;
            try {
                perform(a);
            } catch (IOException e) {
                error = e.getMessage() == null ? e.toString() : e.getMessage();
            }
            long returned = System.nanoTime() - t0;
            // after it returned: the write, the sched_setaffinity() of taskset took effect just before (the importer's
            // event)
            tf.mark(MARK + k + (error == null ? " " + what : " failed: " + what + ": " + error));
            synchronized (done) {
                done.add(new Done(k, what, due, began, returned, error));
            }
        }
    }

    /** The action as the trace_marker line names it: "write /G cpu.max 50000 100000", "move T-1234 /H", "set_affinity T-1234 1". */
    String describe(ActionSpec a) {
        if (a instanceof ActionSpec.WriteFile w)
            return "write " + w.cgroup() + " " + w.file() + " " + w.value().trim();
        if (a instanceof ActionSpec.Move m) return "move " + comm(m.task()) + " " + m.cgroup();
        if (a instanceof ActionSpec.SetAffinity s)
            return "set_affinity " + comm(s.task()) + " "
                    + Recorder.cpuList(s.cpus(), spec.kernel().cpus());
        return a.toString();
    }

    private String comm(String task) {
        int i = taskIndex(task);
        String c = task.length() > 15 ? task.substring(0, 15) : task;
        return c + "-" + tids[i];
    }

    private int taskIndex(String task) {
        for (int i = 0; i < spec.tasks().size(); i++)
            if (spec.tasks().get(i).name().equals(task)) return i;
        throw new IllegalArgumentException("no task " + task);
    }

    private void perform(ActionSpec a) throws IOException, InterruptedException {
        if (a instanceof ActionSpec.WriteFile w) {
            cg.writeFile(group(w.cgroup()), w.file(), w.value());
        } else if (a instanceof ActionSpec.Move m) {
            int i = taskIndex(m.task());
            cg.attach(group(m.cgroup()), tids[i], pids[i]);
        } else if (a instanceof ActionSpec.SetAffinity s) {
            int i = taskIndex(s.task());
            Process p = new ProcessBuilder(
                            "taskset",
                            "-p",
                            "-c",
                            Recorder.cpuList(s.cpus(), spec.kernel().cpus()),
                            Long.toString(tids[i]))
                    .redirectErrorStream(true)
                    .start();
            String o = new String(p.getInputStream().readAllBytes(), Charset.defaultCharset());
            if (p.waitFor() != 0) throw new IOException("taskset failed: " + o.strip());
        }
    }

    private Path group(String path) {
        return path.equals("/") ? cg.parent : groups.get(path);
    }

    /** Waits for the actions due before the recording's end; those not yet made are dropped with the thread. */
    void await(long untilNs) throws InterruptedException {
        if (thread != null) thread.join(Math.max(1, (untilNs - System.nanoTime()) / 1_000_000));
    }

    /** The header's {@code actions}: per action, its index in the scenario, what, and its times in ns from the workload's start. */
    JsonArray header() {
        JsonArray out = new JsonArray();
        synchronized (done) {
            for (Done d : done) {
                JsonObject o = new JsonObject();
                o.addProperty("index", d.index());
                o.addProperty("what", d.what());
                o.addProperty("due_ns", d.dueNs());
                o.addProperty("began_ns", d.beganNs());
                o.addProperty("returned_ns", d.returnedNs());
                if (d.error() != null) o.addProperty("error", d.error());
                out.add(o);
            }
        }
        return out;
    }

    List<Done> done() {
        synchronized (done) {
            return List.copyOf(done);
        }
    }
}
