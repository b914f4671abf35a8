package io.throttlescope.text;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Makes text from a file safe to print on one terminal line: control characters, quotes and
 * backslashes get JSON-style escapes, so a value cannot forge a line or drive the terminal.
 */
public final class Escape {
    private Escape() {}

    /** JSON-style escapes for control characters (and DEL, C1 controls, line and paragraph separators). */
    public static String text(String s) {
        if (s == null) return "null";
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            String rep = switch (c) {
                case '\n' -> "\\n";
                case '\r' -> "\\r";
                case '\t' -> "\\t";
                case '\\' -> "\\\\";
                case '"' -> "\\\"";
                default ->
                    c < 0x20 || (c >= 0x7f && c < 0xa0) || c == '\u2028' || c == '\u2029' || c == '\u001b'
                            ? String.format("\\u%04x", (int) c)
                            : null;
            };
            if (rep == null) {
                if (b != null) b.append(c);
                continue;
            }
            if (b == null) b = new StringBuilder(s.length() + 16).append(s, 0, i);
            b.append(rep);
        }
        return b == null ? s : b.toString();
    }

    /** Only the characters that could forge a line or drive a terminal, escaped JSON-style; quotes stay. */
    public static String controls(String s) {
        if (s == null) return "null";
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean bad = c < 0x20 || (c >= 0x7f && c < 0xa0) || c == '\u2028' || c == '\u2029';
            if (!bad) {
                if (b != null) b.append(c);
                continue;
            }
            if (b == null) b = new StringBuilder(s.length() + 16).append(s, 0, i);
            b.append(c == '\n' ? "\\n" : c == '\r' ? "\\r" : c == '\t' ? "\\t" : String.format("\\u%04x", (int) c));
        }
        return b == null ? s : b.toString();
    }

    private static final Pattern LONG_QUOTED = Pattern.compile("\"([^\"]{81,})\"");

    /** A message with control characters escaped and every quoted value over 80 characters cut, saying how long it was. */
    public static String message(String msg) {
        Matcher m = LONG_QUOTED.matcher(msg);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            String v = m.group(1);
            m.appendReplacement(
                    b, Matcher.quoteReplacement("\"" + v.substring(0, 40) + "...\" (" + v.length() + " characters)"));
        }
        m.appendTail(b);
        return controls(b.toString());
    }

    private static final Pattern LONG_SINGLE_QUOTED = Pattern.compile("'([^']{81,})'");
    /** The longest error line {@link #line} prints. */
    public static final int MAX_LINE = 2000;

    /**
     * An error line as printed: control characters escaped, every value quoted in single or double
     * quotes over 80 characters cut (saying how long it was), and the whole cut to {@link #MAX_LINE}
     * characters (a 50 MB option value must not be echoed whole).
     */
    public static String line(String msg) {
        if (msg == null) return "null";
        Matcher m = LONG_SINGLE_QUOTED.matcher(msg.length() > (1 << 20) ? msg.substring(0, 1 << 20) + "'" : msg);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            String v = m.group(1);
            m.appendReplacement(
                    b, Matcher.quoteReplacement("'" + v.substring(0, 40) + "...' (" + v.length() + " characters)"));
        }
        m.appendTail(b);
        String e = message(b.toString());
        return e.length() <= MAX_LINE ? e : e.substring(0, MAX_LINE - 3) + "...";
    }

    /** A JSON path of a problem, escaped, with over-long keys cut (a 100 KB key must not be echoed 100 KB a line). */
    public static String shortPath(String path) {
        String e = controls(path);
        return e.length() <= 200 ? e : e.substring(0, 120) + "..." + e.substring(e.length() - 60);
    }

    /** Escaped and cut to 120 characters with an ellipsis. */
    public static String shortText(String s) {
        String e = text(s);
        return e.length() <= 120 ? e : e.substring(0, 117) + "...";
    }
}
