package io.throttlescope.realtrace;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The fields of a {@code sched_wakeup}, {@code sched_wakeup_new} or {@code sched_waking} line in
 * either layout: tracefs's {@code comm=C pid=P prio=N [success=1] target_cpu=T} and trace-cmd
 * report's {@code C:P [N] [success=1] CPU:T}. As {@link SwitchFields}, read from the right end, where
 * every field is free of blanks: what the layouts' regular expressions find (kept for a text with a
 * line break, which their '.' does not cross), without their cost on the importing thread.
 */
record WakeFields(String comm, String pid, String targetCpu) {
    static final Pattern RAW =
            Pattern.compile("comm=(.*) pid=(\\d+) prio=(-?\\d+)(?: success=\\d+)? target_cpu=(\\d+)");
    static final Pattern TC = Pattern.compile("(.*):(\\d+) \\[(-?\\d+)\\](?: success=\\d+)? CPU:(\\d+)");

    /** The fields, or null if the text is not a wake-up's in either layout. */
    static WakeFields parse(String f) {
        if (SwitchFields.hasLineBreak(f)) return slow(f);
        WakeFields w = f.startsWith("comm=") ? raw(f) : null;
        return w != null ? w : traceCmd(f);
    }

    private static WakeFields raw(String f) {
        int t = f.lastIndexOf(" target_cpu=");
        if (t < 0 || !digits(f, t + 12, f.length())) return null;
        int end = withoutSuccess(f, t);
        int prio = f.lastIndexOf(" prio=", end - 1);
        if (prio < 0 || !number(f, prio + 6, end)) return null;
        int pid = f.lastIndexOf(" pid=", prio - 1);
        if (pid < 5 || !digits(f, pid + 5, prio)) return null;
        return new WakeFields(f.substring(5, pid), f.substring(pid + 5, prio), f.substring(t + 12));
    }

    private static WakeFields traceCmd(String f) {
        int t = f.lastIndexOf(" CPU:");
        if (t < 0 || !digits(f, t + 5, f.length())) return null;
        int close = withoutSuccess(f, t) - 1;
        if (close < 0 || f.charAt(close) != ']') return null;
        int open = f.lastIndexOf(" [", close);
        if (open < 0 || !number(f, open + 2, close)) return null;
        int colon = f.lastIndexOf(':', open);
        if (colon < 0 || !digits(f, colon + 1, open)) return null;
        return new WakeFields(f.substring(0, colon), f.substring(colon + 1, open), f.substring(t + 5));
    }

    /** Where the text before the target CPU at t ends: before a {@code " success=N"} that ends there, if one does. */
    private static int withoutSuccess(String f, int t) {
        int s = f.lastIndexOf(" success=", t - 1);
        return s >= 0 && digits(f, s + 9, t) ? s : t;
    }

    /** ASCII digits filling [from, to), at least one: a {@code \d+}. */
    private static boolean digits(String s, int from, int to) {
        if (from >= to) return false;
        for (int i = from; i < to; i++) if (s.charAt(i) < '0' || s.charAt(i) > '9') return false;
        return true;
    }

    /** A {@code -?\d+} filling [from, to). */
    private static boolean number(String s, int from, int to) {
        return digits(s, from < to && s.charAt(from) == '-' ? from + 1 : from, to);
    }

    private static WakeFields slow(String f) {
        Matcher m = RAW.matcher(f);
        if (!m.matches()) m = TC.matcher(f);
        if (!m.matches()) return null;
        return new WakeFields(m.group(1), m.group(2), m.group(4));
    }
}
