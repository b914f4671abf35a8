package io.throttlescope.realtrace;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;

/** Hand-made tracefs text lines for the importer's tests, and their import as a task-based trace. */
final class TraceLines {
    private TraceLines() {}

    /** One line of CPU cpu: "TASK-PID [00c] d..2. TS: EVENT: FIELDS". */
    static String line(String task, int cpu, double ts, String event, String fields) {
        return String.format(Locale.ROOT, "%16s [%03d] d..2. %.6f: %s: %s%n", task, cpu, ts, event, fields);
    }

    /** A sched_switch's fields. */
    static String sw(String prev, int prevPid, String state, String next, int nextPid) {
        return "prev_comm=" + prev + " prev_pid=" + prevPid + " prev_prio=120 prev_state=" + state + " ==> next_comm="
                + next + " next_pid=" + nextPid + " next_prio=120";
    }

    /** A sched_wakeup's fields, onto CPU cpu. */
    static String wake(String comm, int pid, int cpu) {
        return "comm=" + comm + " pid=" + pid + " prio=120 target_cpu=" + String.format(Locale.ROOT, "%03d", cpu);
    }

    /** The text imported as a trace of the task-based model, with no cgroup map. */
    static RealTrace imported(String text) throws Exception {
        return RealTrace.of(
                "t",
                TraceText.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8))),
                new RealTrace.Options(CgroupMap.parse("{\"cgroups\": {}, \"tasks\": {}}"), Map.of(), "task"));
    }
}
