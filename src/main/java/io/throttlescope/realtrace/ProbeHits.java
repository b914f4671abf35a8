package io.throttlescope.realtrace;

import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.TaskState;

/**
 * What the kprobe hits of a trace say, applied to the import as it goes: a throttle or unthrottle of
 * the group running on that CPU, a task's throttle work set up or run (6.18), and which state a task
 * switched out on a throttled CPU is in.
 */
final class ProbeHits {
    private final Importer im;

    ProbeHits(Importer im) {
        this.im = im;
    }

    /**
     * With throttle probes: a task switched out runnable on a CPU where its group (or an ancestor)
     * was throttled by a probe hit and not unthrottled since is held off (legacy) or parked (6.18,
     * at its return to user). Null if the trace has no throttle probe.
     */
    TaskState heldOff(ImportedTask t, int cpu) {
        if (!im.hasThrottleProbe()) return null;
        int g = im.throttledGroupOn(cpu);
        if (g <= 0) return TaskState.RUNNABLE;
        for (int x = im.taskGroup.get(t.id); x > 0; x = im.groupParent(x)) {
            if (x == g)
                return im.model.equals("task")
                        ? (t.inSyscall ? TaskState.RUNNABLE : TaskState.PARKED)
                        : TaskState.THROTTLED;
        }
        return TaskState.RUNNABLE;
    }

    void hit(TraceLine l, Importer.Probe p) {
        im.probeHits[p.ordinal()]++;
        ImportedTask cur = im.task(l.comm(), l.pid());
        int c = l.cpu();
        int g = cur == null ? -1 : im.taskGroup.get(cur.id);
        switch (p) {
            case THROTTLE_CFS_RQ -> {
                if (g <= 0) return;
                im.emit(l.tsNs(), EventKind.THROTTLE, c, -1, g, -1, 0, 0);
                if (!im.model.equals("task")) heldOffOn(c, g, l.tsNs(), TaskState.RUNNABLE, TaskState.THROTTLED);
            }
            case UNTHROTTLE_CFS_RQ -> {
                int tg = im.throttledGroupOn(c);
                if (tg <= 0) return;
                im.emit(l.tsNs(), EventKind.UNTHROTTLE, c, -1, tg, -1, 0, 0);
                if (!im.model.equals("task")) heldOffOn(c, tg, l.tsNs(), TaskState.THROTTLED, TaskState.RUNNABLE);
            }
            case TASK_THROTTLE_SETUP_WORK -> {
                if (cur != null) im.emit(l.tsNs(), EventKind.TASK_WORK_ADDED, c, cur.id, g, -1, 0, 0);
            }
            case THROTTLE_CFS_RQ_WORK -> {
                if (cur == null) return;
                im.setState(cur, l.tsNs(), c, TaskState.PARKED);
                im.emit(l.tsNs(), EventKind.PARKED, c, cur.id, g, -1, 0, 0);
            }
            default -> im.emit(l.tsNs(), EventKind.NOTE, c, -1, g, im.str(l.event() + " on CPU" + c), 0, 0);
        }
    }

    /**
     * Legacy throttle: the whole cfs_rq leaves the CPU, so the tasks of the group (and its children)
     * waiting on that CPU are held off with the one that was running, and runnable again at its
     * unthrottle. A forker of the pile-up that waited its turn on CPU0 was drawn runnable for 10 s of
     * throttles.
     */
    private void heldOffOn(int cpu, int g, long ts, TaskState from, TaskState to) {
        for (ImportedTask t : im.tasks) {
            if (t.cpu != cpu || t.state != from.ordinal()) continue;
            for (int x = im.taskGroup.get(t.id); x > 0; x = im.groupParent(x)) {
                if (x != g) continue;
                im.setState(t, ts, cpu, to);
                break;
            }
        }
    }
}
