package io.throttlescope.scenario;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations of the scenario format: a number and a unit, "250us", "1.5ms", "2s". */
public final class DurationText {
    private static final Pattern P = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ns|us|ms|s)");

    private DurationText() {}

    /** Nanoseconds, or -1 if the text is not a duration. Fractions below 1 ns are rounded. */
    public static long parse(String text) {
        Matcher m = P.matcher(text.trim());
        if (!m.matches()) return -1;
        BigDecimal v = new BigDecimal(m.group(1));
        long mult = switch (m.group(2)) {
            case "ns" -> 1L;
            case "us" -> 1_000L;
            case "ms" -> 1_000_000L;
            default -> 1_000_000_000L;
        };
        BigDecimal ns = v.multiply(BigDecimal.valueOf(mult));
        if (ns.compareTo(BigDecimal.valueOf(Long.MAX_VALUE / 2)) > 0) return Long.MAX_VALUE / 2;
        return ns.setScale(0, RoundingMode.HALF_UP).longValueExact();
    }

    /** A readable form: 1.5ms, 250us, 2s. */
    public static String format(long ns) {
        if (ns == 0) return "0";
        long a = Math.abs(ns);
        String sign = ns < 0 ? "-" : "";
        if (a % 1_000_000_000L == 0) return sign + a / 1_000_000_000L + "s";
        if (a >= 1_000_000_000L) return sign + trim(a / 1e9) + "s";
        if (a % 1_000_000L == 0) return sign + a / 1_000_000L + "ms";
        if (a >= 1_000_000L) return sign + trim(a / 1e6) + "ms";
        if (a % 1_000L == 0) return sign + a / 1_000L + "us";
        if (a >= 1_000L) return sign + trim(a / 1e3) + "us";
        return sign + a + "ns";
    }

    private static String trim(double v) {
        String s = String.format(Locale.ROOT, "%.6f", v);
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }
}
