package io.throttlescope.realtrace;

import io.throttlescope.sim.TaskState;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
    private static final int MAX_SCAN = 200_000;
    private static final Pattern NEXT = Pattern.compile("next_comm=(.*) next_pid=(\\d+) next_prio");
    private static final Pattern NEXT_TC = Pattern.compile("==> (.*):(\\d+) \\[");
    private static final Pattern PREV = Pattern.compile("prev_pid=(\\d+) ");
    private static final Pattern PREV_TC = Pattern.compile("^.*:(\\d+) \\[-?\\d+\\] \\S+ ==>");

    private final TraceText text;
    private final CgroupMap map;
    private final boolean probed, taskModel;
    private final int[] nextPid;
    private final String[] nextComm;
    private final int[] nextIn;      // for a switch-out line: the line where that task is next switched in, or -1

    Inference(TraceText text, CgroupMap map, Map<String, Importer.Probe> probes, boolean taskModel) {
        this.text = text;
        this.map = map;
        this.taskModel = taskModel;
        boolean p = false;
        for (TraceLine l : text.lines) if (probes.get(l.event()) == Importer.Probe.THROTTLE_CFS_RQ) { p = true; break; }
        this.probed = p;
        int n = text.lines.size();
        nextPid = new int[n];
        nextComm = new String[n];
        nextIn = new int[n];
        int[] prevPid = new int[n];
        Arrays.fill(nextPid, -1);
        Arrays.fill(prevPid, -1);
        for (int i = 0; i < n; i++) {
            TraceLine l = text.lines.get(i);
            if (!l.event().equals("sched_switch")) continue;
            Matcher m = NEXT.matcher(l.fields());
            boolean ok = m.find();
            if (!ok) { m = NEXT_TC.matcher(l.fields()); ok = m.find(); }
            if (ok && m.group(2).length() <= 9) { nextComm[i] = m.group(1); nextPid[i] = Integer.parseInt(m.group(2)); }
            Matcher q = PREV.matcher(l.fields());
            if (q.find()) prevPid[i] = pid(q.group(1));
            else if ((q = PREV_TC.matcher(l.fields())).find()) prevPid[i] = pid(q.group(1));
        }
        Map<Integer, Integer> seen = new HashMap<>();
        for (int i = n - 1; i >= 0; i--) {
            nextIn[i] = prevPid[i] >= 0 ? seen.getOrDefault(prevPid[i], -1) : -1;
            if (nextPid[i] > 0) seen.put(nextPid[i], i);
        }
    }

    /** A pid, or -1 if the digits are too many for one (a hostile line). */
    private static int pid(String digits) { return digits.length() > 9 ? -1 : Integer.parseInt(digits); }

    /** The state a task switched out runnable at line {@code index} is in: runnable, held off (legacy) or parked (6.18). */
    TaskState heldOff(Importer im, Importer.Task t, int index) {
        if (probed || !limited(im, im.taskGroup.get(t.id))) return TaskState.RUNNABLE;
        if (taskModel && t.inSyscall) return TaskState.RUNNABLE;
        int j = nextIn[index];
        TraceLine out = text.lines.get(index);
        long back = j < 0 ? Long.MAX_VALUE : text.lines.get(j).tsNs();
        if (back - out.tsNs() < MIN_OFF_NS) return TaskState.RUNNABLE;
        String group = im.groups.get(im.taskGroup.get(t.id));
        int end = j < 0 ? Math.min(text.lines.size(), index + MAX_SCAN) : Math.min(j, index + MAX_SCAN);
        for (int k = index + 1; k < end; k++) {
            if (nextPid[k] <= 0 || text.lines.get(k).cpu() != out.cpu()) continue;
            String g = map.groupOf(nextComm[k], nextPid[k]);
            if (group.equals(g)) return TaskState.RUNNABLE;          // its group still runs there: not throttled
        }
        return taskModel ? TaskState.PARKED : TaskState.THROTTLED;
    }

    private static boolean limited(Importer im, int g) {
        for (int x = g; x > 0; x = im.groupParent(x)) if (im.groupLimits.get(x)[0] >= 0) return true;
        return false;
    }
}
