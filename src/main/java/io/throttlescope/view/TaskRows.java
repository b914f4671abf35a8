package io.throttlescope.view;

import io.throttlescope.sim.TaskState;
import io.throttlescope.trace.RunInfo;
import io.throttlescope.trace.Slices;
import io.throttlescope.trace.Snapshot;
import io.throttlescope.trace.TraceIndex;
import java.util.ArrayList;
import java.util.List;

/** Every task at a cursor, as its task lane shows it: its cgroup, state, mode and what it waits for. */
public final class TaskRows {
    private TaskRows() {}

    public record Row(
            String task, String cgroup, String state, String mode, String waitsFor, int locksHeld, String cpu) {}

    public static List<Row> of(Run run, Snapshot s) {
        List<Row> out = new ArrayList<>();
        RunInfo info = run.info();
        for (int t = 0; t < info.tasks().length; t++) {
            TaskState st = s.state(t);
            boolean running = st == TaskState.RUNNING;
            String mode = running ? (s.kernel[t] ? "kernel" : "user") : "";
            String waits = (st == TaskState.BLOCKED || st == TaskState.SLEEPING) ? info.str(s.waitText[t]) : "";
            String handed = handedLock(info, s, t, waits);
            if (handed != null) waits = "to be woken: handed " + handed; // the waker took the lock on its behalf
            Slices held = run.index().heldSlices(t);
            int hi = s.event < 0 ? -1 : held.at(s.time);
            out.add(new Row(
                    info.tasks()[t],
                    info.groups()[s.taskGroup[t]],
                    States.name(st),
                    mode,
                    waits,
                    hi < 0 ? 0 : held.value(hi),
                    running ? "CPU" + s.taskCpu[t] : ""));
        }
        return out;
    }

    /**
     * The lock a blocked task waits for in down_read/down_write/mutex_lock that it already holds (a
     * hand-off: percpu_rwsem_wake_function() takes it for the waiter before waking it), else null.
     */
    private static String handedLock(RunInfo info, Snapshot s, int t, String waits) {
        int sp = waits.indexOf(' ');
        if (sp < 0 || !waits.substring(0, sp).matches("down_read|down_write|mutex_lock")) return null;
        String name = waits.substring(sp + 1);
        int l = info.lockIndex(name);
        if (l < 0 || l >= s.locks.length) return null;
        Snapshot.Lock lock = s.locks[l];
        return lock.owner == t || lock.readers.contains(t) ? name : null;
    }

    /** The kernel-mode flag of a task lane's slice (running slices only). */
    public static boolean kernelMode(int state, int detail) {
        return state == TaskState.RUNNING.ordinal() && TraceIndex.runningKernel(detail);
    }
}
