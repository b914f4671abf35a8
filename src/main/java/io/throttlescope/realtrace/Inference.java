package io.throttlescope.realtrace;

import io.throttlescope.sim.TaskState;

import java.util.HashMap;
import java.util.Map;
import java.util.Arrays;

/**
 * Where a trace has no throttle probes, tells a throttle from a preemption by its pattern: a task
 * of a limited group switched out runnable, which stays off its CPU for at least
 * {@link #MIN_OFF_NS} while no other task of its group runs there. Under the task-based model
 * (6.18) that happens at the return to user mode, so the task is drawn parked; a task inside a
 * syscall is never parked then. Under the legacy model the task is held off wherever it was,
 * inside a syscall too. Such throttles are drawn as inferred.
 */
final class Inference {
    static final long MIN_OFF_NS = 1_000_000L;

    private final Switches sw;
    private final CgroupMap map;
    private final boolean probed, taskModel;
    private int[] nextIn;                                        // for a switch-out: the switch that brings that task back, or -1
    private Map<Long, int[]> inByGroupCpu;                       // (group, CPU) -> the switches that switch in a task of the map's group there
    private final Map<String, Integer> groupIds = new HashMap<>();

    Inference(TraceText text, CgroupMap map, Map<String, Importer.Probe> probes, boolean taskModel) {
        this.sw = text.switches;
        this.map = map;
        this.taskModel = taskModel;
        this.probed = text.eventNames().stream().anyMatch(e -> probes.get(e) == Importer.Probe.THROTTLE_CFS_RQ);
    }

    /**
     * The state a task switched out runnable at switch {@code k} is in: runnable, held off (legacy)
     * or parked (6.18). Answered from the switch table in logarithmic time: when the task comes
     * back, and whether a task of its group is switched in on that CPU before then.
     */
    TaskState heldOff(Importer im, Importer.Task t, int k) {
        if (k < 0 || probed || !limited(im, im.taskGroup.get(t.id))) return TaskState.RUNNABLE;
        if (taskModel && t.inSyscall) return TaskState.RUNNABLE;
        if (nextIn == null) index();
        int j = nextIn[k];
        long back = j < 0 ? Long.MAX_VALUE : sw.ts[j];
        if (back - sw.ts[k] < MIN_OFF_NS) return TaskState.RUNNABLE;
        Integer g = groupIds.get(im.groups.get(im.taskGroup.get(t.id)));
        int[] ins = g == null ? null : inByGroupCpu.get(key(g, sw.cpu[k]));
        if (ins != null) {
            int at = Arrays.binarySearch(ins, 1, ins[0] + 1, k + 1);
            if (at < 0) at = -at - 1;
            if (at <= ins[0] && (j < 0 || ins[at] < j)) return TaskState.RUNNABLE;   // its group still runs there: not throttled
        }
        return taskModel ? TaskState.PARKED : TaskState.THROTTLED;
    }

    private static long key(int group, int cpu) { return (long) group << 32 | cpu; }

    /** Built at the first question: when each switched-out task comes back, and per (group, CPU) the switch-ins (count first). */
    private void index() {
        nextIn = sw.nextIn();
        inByGroupCpu = new HashMap<>();
        Map<Long, Integer> groupOf = new HashMap<>();            // (comm, pid) -> group id, -1 for none
        for (int k = 0; k < sw.size; k++) {
            final int i = k;
            if (sw.nextPid[i] <= 0) continue;
            long who = (long) sw.nextComm[i] << 32 | sw.nextPid[i];
            int g = groupOf.computeIfAbsent(who, w -> {
                String path = map.groupOf(sw.comms.get(sw.nextComm[i]), sw.nextPid[i]);
                return path == null ? -1 : groupIds.computeIfAbsent(path, p -> groupIds.size());
            });
            if (g < 0) continue;
            int[] ins = inByGroupCpu.computeIfAbsent(key(g, sw.cpu[i]), x -> new int[8]);
            if (ins[0] + 1 == ins.length) inByGroupCpu.put(key(g, sw.cpu[i]), ins = Arrays.copyOf(ins, ins.length * 2));
            ins[++ins[0]] = i;
        }
    }

    private static boolean limited(Importer im, int g) {
        for (int x = g; x > 0; x = im.groupParent(x)) if (im.groupLimits.get(x)[0] >= 0) return true;
        return false;
    }
}
