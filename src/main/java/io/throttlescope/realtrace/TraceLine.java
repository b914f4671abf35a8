package io.throttlescope.realtrace;

/**
 * One event line of a text trace, in any of the layouts the importer reads: tracefs
 * ({@code cat trace}, {@code trace_pipe}), {@code trace-cmd report} (default and {@code -N}) and
 * {@code perf script}. The event name loses its subsystem ({@code sched:sched_switch} becomes
 * {@code sched_switch}); the fields are the text after it.
 */
public record TraceLine(
        int lineNo,
        String comm,
        int pid,
        int cpu,
        long tsNs,
        String event,
        String fields,
        boolean perf,
        SwitchFields preSwitch,
        WakeFields preWake,
        boolean irq) {

    /**
     * A sched_switch's fields: as the reading thread parsed them ahead ({@link #parse(int, String,
     * Names)}), or parsed now; null if they are not a switch's.
     */
    SwitchFields switchFields() {
        return preSwitch != null ? preSwitch : SwitchFields.parse(fields);
    }

    /** A wake-up's fields: as the reading parsed them ahead, or parsed now; null if they are not a wake-up's. */
    WakeFields wakeFields() {
        return preWake != null ? preWake : WakeFields.parse(fields);
    }

    /** The events whose fields are a wake-up's. */
    static boolean isWake(String event) {
        return event.startsWith("sched_wakeup") || event.equals("sched_waking");
    }

    /**
     * The line made as the reading thread hands it on, where names is given: its task name and event
     * name the instances seen before (so that the importer's lookups by them find their hash kept and
     * compare by identity), a switch's or a wake-up's fields parsed here, off the importing thread
     * (docs/performance.md).
     */
    private static TraceLine of(
            int lineNo,
            String line,
            int c0,
            int c1,
            int pid,
            int cpu,
            long ts,
            int e0,
            int e1,
            String fields,
            boolean perf,
            boolean irq,
            Names names) {
        // the task name: its range less the blanks around it (String.strip()'s)
        while (c0 < c1 && Character.isWhitespace(line.charAt(c0))) c0++;
        while (c1 > c0 && Character.isWhitespace(line.charAt(c1 - 1))) c1--;
        if (names == null)
            return new TraceLine(
                    lineNo,
                    line.substring(c0, c1),
                    pid,
                    cpu,
                    ts,
                    line.substring(e0, e1),
                    fields,
                    perf,
                    null,
                    null,
                    irq);
        String e = names.of(line, e0, e1);
        SwitchFields sw = e.equals("sched_switch") ? SwitchFields.parse(fields) : null;
        WakeFields wk = sw == null && isWake(e) ? WakeFields.parse(fields) : null;
        return new TraceLine(lineNo, names.of(line, c0, c1), pid, cpu, ts, e, fields, perf, sw, wk, irq);
    }

    /**
     * Parses a line; null if it is not an event line of a known layout. Linear in the line's length
     * whatever it holds (a regular expression with a leading {@code (.*)} backtracked cubically on
     * a line of blanks): each {@code [CPU]} field is tried once, from the left, with the layouts'
     * fixed parts read around it.
     * <ul>
     * <li>ftrace: {@code TASK-PID [CPU] FLAGS TIMESTAMP: EVENT: FIELDS}: TASK may hold spaces and
     * dashes (split at the last dash before the PID), an optional {@code (TGID)} column, FLAGS of 4
     * or 5 characters or none (trace-cmd report);</li>
     * <li>perf script: {@code COMM PID[/TID] [CPU] TIMESTAMP: [PERIOD] SYS:EVENT: FIELDS}.</li>
     * </ul>
     */
    public static TraceLine parse(int lineNo, String line) {
        return parse(lineNo, line, null);
    }

    /** The same, the names canonical in names (the reading thread's own map) and a switch's fields parsed. */
    static TraceLine parse(int lineNo, String line, Names names) {
        for (int i = line.indexOf('['); i >= 0; i = line.indexOf('[', i + 1)) {
            int close = i + 1;
            while (close < line.length() && isDigit(line.charAt(close))) close++;
            if (close == i + 1 || close >= line.length() || line.charAt(close) != ']' || close - i - 1 > 9) continue;
            int cpu = Integer.parseInt(line, i + 1, close, 10);
            TraceLine t = ftrace(lineNo, line, i, close + 1, cpu, names);
            if (t == null) t = perf(lineNo, line, i, close + 1, cpu, names);
            if (t != null) return t;
        }
        return null;
    }

    private static TraceLine ftrace(int lineNo, String line, int open, int after, int cpu, Names names) {
        // backwards from '[': blanks, an optional (TGID) column and blanks, then -PID
        int j = open - 1;
        if (j < 0 || !isBlank(line.charAt(j))) return null;
        while (j >= 0 && isBlank(line.charAt(j))) j--;
        if (j >= 0 && line.charAt(j) == ')') {
            int k = j - 1;
            while (k >= 0 && (isDigit(line.charAt(k)) || line.charAt(k) == '-' || isBlank(line.charAt(k)))) k--;
            if (k < 0 || line.charAt(k) != '(') return null;
            j = k - 1;
            if (j < 0 || !isBlank(line.charAt(j))) return null;
            while (j >= 0 && isBlank(line.charAt(j))) j--;
        }
        int pidEnd = j + 1;
        while (j >= 0 && isDigit(line.charAt(j))) j--;
        if (j == pidEnd - 1 || j < 0 || line.charAt(j) != '-' || pidEnd - j - 1 > 9) return null;
        int pid = Integer.parseInt(line, j + 1, pidEnd, 10);
        return tail(lineNo, line, after, true, taskStart(line, j), j, pid, cpu, names);
    }

    /** {@code line.substring(from, to).strip()}, cut once (every whitespace character is in the BMP). */
    private static String stripped(String line, int from, int to) {
        while (from < to && Character.isWhitespace(line.charAt(from))) from++;
        while (to > from && Character.isWhitespace(line.charAt(to - 1))) to--;
        return line.substring(from, to);
    }

    /**
     * Where the task name of a line whose task column ends at j starts: after the instance name that
     * {@code trace-cmd report} writes before a line of an instance's buffer ({@code NAME: }). Report
     * pads a task name to 16 columns, so a line that starts without a blank and holds ": " before the
     * task starts with an instance name.
     */
    static int taskStart(String line, int j) {
        if (j == 0 || isBlank(line.charAt(0))) return 0;
        int colon = line.indexOf(": ");
        return colon >= 0 && colon + 2 <= j ? colon + 2 : 0;
    }

    private static TraceLine perf(int lineNo, String line, int open, int after, int cpu, Names names) {
        // backwards from '[': blanks, PID[/TID], blanks, then the command
        int j = open - 1;
        if (j < 0 || !isBlank(line.charAt(j))) return null;
        while (j >= 0 && isBlank(line.charAt(j))) j--;
        int end = j + 1;
        while (j >= 0 && (isDigit(line.charAt(j)) || line.charAt(j) == '/')) j--;
        String ids = line.substring(j + 1, end);
        if (ids.isEmpty() || j < 0 || !isBlank(line.charAt(j))) return null;
        int slash = ids.indexOf('/');
        String pidText = slash < 0 ? ids : ids.substring(slash + 1);
        if (pidText.isEmpty()
                || (slash >= 0 && (slash == 0 || ids.indexOf('/', slash + 1) >= 0))
                || pidText.length() > 9) return null;
        return tail(lineNo, line, after, false, 0, j, Integer.parseInt(pidText), cpu, names);
    }

    /**
     * The part after [CPU]: optional flags (ftrace), TIMESTAMP:, then the event and fields; the line
     * made of it with the task [c0, c1) of the line, null if it is not that. (perf script
     * shows no context flags.)
     */
    private static TraceLine tail(
            int lineNo, String line, int i, boolean ftrace, int c0, int c1, int pid, int cpu, Names names) {
        int n = line.length();
        boolean irq = false;
        if (i >= n || !isBlank(line.charAt(i))) return null;
        while (i < n && isBlank(line.charAt(i))) i++;
        if (ftrace) { // FLAGS: 4 or 5 characters that are not blanks or brackets, then blanks
            int k = i;
            while (k < n && k - i < 6 && !isBlank(line.charAt(k)) && line.charAt(k) != '[' && line.charAt(k) != ']')
                k++;
            if ((k - i == 4 || k - i == 5) && k < n && isBlank(line.charAt(k)) && !isTimestamp(line, i)) {
                irq = line.charAt(i + 2) != '.'; // the hardirq/softirq column: h, s, H, z, Z, or '.' in task context
                i = k;
                while (i < n && isBlank(line.charAt(i))) i++;
            }
        }
        // TIMESTAMP: seconds.fraction:
        int s0 = i;
        while (i < n && isDigit(line.charAt(i))) i++;
        if (i == s0 || i >= n || line.charAt(i) != '.') return null;
        int f0 = ++i;
        while (i < n && isDigit(line.charAt(i))) i++;
        if (i == f0 || i >= n || line.charAt(i) != ':') return null;
        long ts = ns(line, s0, f0 - 1, f0, i);
        i++;
        if (i >= n || !isBlank(line.charAt(i))) return null;
        while (i < n && isBlank(line.charAt(i))) i++;
        if (!ftrace) { // an optional PERIOD column
            int k = i;
            while (k < n && isDigit(line.charAt(k))) k++;
            if (k > i && k < n && isBlank(line.charAt(k))) {
                i = k;
                while (i < n && isBlank(line.charAt(i))) i++;
            }
        }
        // EVENT: word characters, dots, dashes and (ftrace) colons, then ':'; perf: [SYS:]EVENT:
        int e0 = i;
        int lastColon = -1;
        while (i < n) {
            char c = line.charAt(i);
            if (c == ':') {
                // the event ends at a colon followed by a blank or the end; an inner colon separates SYS:EVENT
                if (i + 1 >= n || isBlank(line.charAt(i + 1))) break;
                if (!ftrace && lastColon >= 0) return null;
                lastColon = i;
                i++;
                continue;
            }
            if (!(Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == '-')) return null;
            i++;
        }
        if (i >= n || i == e0 || line.charAt(i) != ':') return null;
        // the event without its subsystem (SYS:EVENT, or ftrace's inner colons); an empty one refused from perf only
        int event0 = lastColon >= 0 ? lastColon + 1 : e0, event1 = i;
        if (!ftrace && event0 == event1) return null;
        i++;
        if (i < n && isBlank(line.charAt(i))) i++;
        return of(
                lineNo,
                line,
                c0,
                c1,
                pid,
                cpu,
                ts,
                event0,
                event1,
                stripped(line, Math.min(i, n), n),
                !ftrace,
                irq,
                names);
    }

    /** Whether text at i starts as a timestamp ("digits.digits:"), not as a flags column. */
    private static boolean isTimestamp(String line, int i) {
        int n = line.length(), k = i;
        while (k < n && isDigit(line.charAt(k))) k++;
        return k > i && k < n && line.charAt(k) == '.';
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t';
    }

    /**
     * "seconds.fraction" to ns, read in place: the seconds' digits [s0, s1) of line, the fraction's
     * [f0, f1), 6 (us) or 9 (ns) of them; -1 if either is too long.
     */
    private static long ns(String line, int s0, int s1, int f0, int f1) {
        if (s1 - s0 > 10 || f1 - f0 > 9) return -1;
        long sec = 0, f = 0;
        for (int i = s0; i < s1; i++) sec = sec * 10 + (line.charAt(i) - '0');
        for (int i = f0; i < f1; i++) f = f * 10 + (line.charAt(i) - '0');
        for (int i = f1 - f0; i < 9; i++) f *= 10;
        return sec * 1_000_000_000L + f;
    }

    /** COMM-PID, the key of a task in an imported run. */
    public static String key(String comm, int pid) {
        return comm + "-" + pid;
    }
}
