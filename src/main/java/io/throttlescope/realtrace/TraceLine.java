package io.throttlescope.realtrace;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One event line of a text trace, in any of the layouts the importer reads: tracefs
 * ({@code cat trace}, {@code trace_pipe}), {@code trace-cmd report} (default and {@code -N}) and
 * {@code perf script}. The event name loses its subsystem ({@code sched:sched_switch} becomes
 * {@code sched_switch}); the fields are the text after it.
 */
public record TraceLine(int lineNo, String comm, int pid, int cpu, long tsNs, String event, String fields, boolean perf) {

    /**
     * {@code TASK-PID [CPU] FLAGS TIMESTAMP: EVENT: FIELDS}: TASK may hold spaces and dashes (split at
     * the last dash before the PID), an optional {@code (TGID)} column, FLAGS of 4 or 5 characters or
     * none (trace-cmd report).
     */
    private static final Pattern FTRACE = Pattern.compile(
            "^\\s*(.*)-(\\d+)\\s+(?:\\(\\s*(?:\\d+|-+)\\)\\s+)?\\[(\\d+)\\]\\s+(?:[^\\s\\[\\]]{4,5}\\s+)?(\\d+)\\.(\\d+):\\s+([\\w:.-]+):\\s?(.*)$");
    /** perf script: {@code COMM PID[/TID] [CPU] TIMESTAMP: [PERIOD] SYS:EVENT: FIELDS}. */
    private static final Pattern PERF = Pattern.compile(
            "^\\s*(.*?)\\s+(\\d+)(?:/(\\d+))?\\s+\\[(\\d+)\\]\\s+(\\d+)\\.(\\d+):\\s+(?:\\d+\\s+)?(?:([\\w.-]+):)?([\\w.-]+):\\s?(.*)$");

    /** Parses a line; null if it is not an event line of a known layout. */
    public static TraceLine parse(int lineNo, String line) {
        Matcher m = FTRACE.matcher(line);
        if (m.matches()) {
            return new TraceLine(lineNo, m.group(1).strip(), toInt(m.group(2)), toInt(m.group(3)), ns(m.group(4), m.group(5)),
                    bare(m.group(6)), m.group(7).strip(), false);
        }
        m = PERF.matcher(line);
        if (m.matches()) {
            int pid = toInt(m.group(3) != null ? m.group(3) : m.group(2));
            return new TraceLine(lineNo, m.group(1).strip(), pid, toInt(m.group(4)), ns(m.group(5), m.group(6)),
                    m.group(8), m.group(9).strip(), true);
        }
        return null;
    }

    /** "seconds.fraction" to ns; the fraction has 6 (us) or 9 (ns) digits. */
    static long ns(String sec, String frac) {
        if (sec.length() > 10 || frac.length() > 9) return -1;
        long f = Long.parseLong(frac);
        for (int i = frac.length(); i < 9; i++) f *= 10;
        return Long.parseLong(sec) * 1_000_000_000L + f;
    }

    private static int toInt(String s) {
        return s.length() > 9 ? -1 : Integer.parseInt(s);
    }

    private static String bare(String event) {
        int c = event.lastIndexOf(':');
        return c < 0 ? event : event.substring(c + 1);
    }

    /** COMM-PID, the key of a task in an imported run. */
    public static String key(String comm, int pid) { return comm + "-" + pid; }
}
