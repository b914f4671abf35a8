package io.throttlescope.view;

import io.throttlescope.scenario.DurationText;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Durations as people read them: four significant digits in the largest unit that fits
 * ("10ms" for 10.000001 ms, "-984us" for -983.999 us). The exact value, to the nanosecond, is
 * {@link #exact}, shown in tooltips and printed by {@code --json}.
 */
public final class Durations {
    private Durations() { }

    /** Rounded to four significant digits; values under 1 us are exact nanoseconds. */
    public static String human(long ns) {
        if (ns == 0) return "0";
        long a = Math.abs(ns);
        if (a < 1_000) return ns + "ns";
        String unit;
        long div;
        if (a >= 1_000_000_000L) { unit = "s"; div = 1_000_000_000L; }
        else if (a >= 1_000_000L) { unit = "ms"; div = 1_000_000L; }
        else { unit = "us"; div = 1_000L; }
        BigDecimal v = BigDecimal.valueOf(ns).divide(BigDecimal.valueOf(div)).round(new MathContext(4, RoundingMode.HALF_EVEN));
        if (v.abs().compareTo(BigDecimal.valueOf(1000)) >= 0 && !unit.equals("s")) {   // 999.96us rounds to 1000us: say 1ms
            return human(v.signum() * (unit.equals("us") ? 1_000_000L : 1_000_000_000L) * v.abs().longValue() / 1000);
        }
        return v.stripTrailingZeros().toPlainString() + unit;
    }

    /** Every nanosecond: "10.000001ms". */
    public static String exact(long ns) { return DurationText.format(ns); }

    /** The human form, with the exact one in brackets when they differ. */
    public static String both(long ns) {
        String h = human(ns), e = exact(ns);
        return h.equals(e) ? h : h + " (" + e + ")";
    }
}
