package io.throttlescope.realtrace;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The fields of a {@code sched_switch} line in either layout: tracefs's
 * {@code prev_comm=C prev_pid=P prev_prio=N prev_state=S ==> next_comm=C next_pid=P next_prio=N}
 * and trace-cmd report's {@code C:P [N] S ==> C:P [N]}. A comm may hold anything, spaces too: each
 * half is read from its right end, where every field is free of blanks, which is what the layout's
 * regular expression (kept for the rare line with two arrows) finds, without its cost.
 */
record SwitchFields(String prevComm, String prevPid, String prevState, String nextComm, String nextPid) {
    private static final Pattern RAW = Pattern.compile(
            "prev_comm=(.*) prev_pid=(\\d+) prev_prio=(-?\\d+) prev_state=(\\S+) ==> next_comm=(.*) next_pid=(\\d+) next_prio=(-?\\d+)");
    private static final Pattern TC =
            Pattern.compile("(.*):(\\d+) \\[(-?\\d+)\\] (\\S+) ==> (.*):(\\d+) \\[(-?\\d+)\\]");
    private static final String ARROW = " ==> ";

    /** The fields, or null if the text is not a switch's in either layout. */
    static SwitchFields parse(String f) {
        int arrow = f.indexOf(ARROW);
        if (arrow < 0) return null;
        if (f.indexOf(ARROW, arrow + 1) >= 0 || hasLineBreak(f)) return slow(f);
        String left = f.substring(0, arrow), right = f.substring(arrow + ARROW.length());
        SwitchFields s = f.startsWith("prev_comm=") ? raw(left, right) : null;
        return s != null ? s : traceCmd(left, right);
    }

    /** A character the regular expression's '.' does not match: such a line takes the slow path, as before. */
    static boolean hasLineBreak(String f) {
        for (int i = 0; i < f.length(); i++) {
            char c = f.charAt(i);
            if (c == '\r' || c == '\n' || c == '\u0085' || c == '\u2028' || c == '\u2029') return true;
        }
        return false;
    }

    private static SwitchFields raw(String left, String right) {
        int st = left.lastIndexOf(" prev_state=");
        if (st < 0 || !token(left, st + 12, left.length())) return null;
        int prio = left.lastIndexOf(" prev_prio=", st - 1);
        if (prio < 0 || !number(left, prio + 11, st, true)) return null;
        int pid = left.lastIndexOf(" prev_pid=", prio - 1);
        if (pid < 10 || !number(left, pid + 10, prio, false)) return null;
        if (!right.startsWith("next_comm=")) return null;
        int np = right.lastIndexOf(" next_prio=");
        if (np < 0 || !number(right, np + 11, right.length(), true)) return null;
        int npid = right.lastIndexOf(" next_pid=", np - 1);
        if (npid < 10 || !number(right, npid + 10, np, false)) return null;
        return new SwitchFields(
                left.substring(10, pid),
                left.substring(pid + 10, prio),
                left.substring(st + 12),
                right.substring(10, npid),
                right.substring(npid + 10, np));
    }

    private static SwitchFields traceCmd(String left, String right) {
        int sp = left.lastIndexOf(' ');
        if (sp < 1 || !token(left, sp + 1, left.length()) || left.charAt(sp - 1) != ']') return null;
        int[] l = comm(left, sp - 1), r = comm(right, right.length() - 1);
        if (l == null || r == null || r[2] != right.length() - 1) return null;
        return new SwitchFields(
                left.substring(0, l[0]),
                left.substring(l[0] + 1, l[1]),
                left.substring(sp + 1),
                right.substring(0, r[0]),
                right.substring(r[0] + 1, r[1]));
    }

    /** {@code COMM:PID [PRIO]} ending with the ']' at {@code close}: {colon, end of pid, close}, or null. */
    private static int[] comm(String s, int close) {
        if (close < 0 || s.charAt(close) != ']') return null;
        int open = s.lastIndexOf(" [", close);
        if (open < 0 || !number(s, open + 2, close, true)) return null;
        int colon = s.lastIndexOf(':', open);
        if (colon < 0 || !number(s, colon + 1, open, false)) return null;
        return new int[] {colon, open, close};
    }

    /** Digits (with an optional minus sign) filling [from, to). */
    private static boolean number(String s, int from, int to, boolean signed) {
        if (signed && from < to && s.charAt(from) == '-') from++;
        if (from >= to) return false;
        for (int i = from; i < to; i++) if (s.charAt(i) < '0' || s.charAt(i) > '9') return false;
        return true;
    }

    /** No blank in [from, to), and not empty: a {@code \S+}. */
    private static boolean token(String s, int from, int to) {
        if (from >= to) return false;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r') return false;
        }
        return true;
    }

    private static SwitchFields slow(String f) {
        Matcher m = RAW.matcher(f);
        if (!m.matches()) m = TC.matcher(f);
        if (!m.matches()) return null;
        return new SwitchFields(m.group(1), m.group(2), m.group(4), m.group(5), m.group(6));
    }
}
