package io.throttlescope.view;

import io.throttlescope.scenario.DurationText;
import io.throttlescope.trace.Trace;
import io.throttlescope.trace.TraceIndex;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Durations as people read them: four significant digits in the largest unit that fits
 * ("10ms" for 10.000001 ms, "-984us" for -983.999 us). The exact value, to the nanosecond, is
 * {@link #exact}, shown in tooltips and printed by {@code --json}.
 */
public final class Durations {
    private Durations() {}

    /** Rounded to four significant digits; values under 1 us are exact nanoseconds. */
    public static String human(long ns) {
        return human(ns, 4);
    }

    /**
     * With as many significant digits as it takes to tell t apart from each of the other times
     * (the events next to it, the ends of the view): 99.999, 100 and 100.001 ms do not all read "100ms".
     */
    public static String apart(long t, long... others) {
        for (int digits = 4; digits < 19; digits++) {
            String h = human(t, digits);
            BigDecimal v = valueNs(h);
            boolean ok = true;
            for (long o : others) { // differ, and read as nearer t than o: 100.001 next to 99.999 is not "100ms"
                if (o == t) continue;
                if (human(o, digits).equals(h)
                        || v.subtract(BigDecimal.valueOf(t))
                                        .abs()
                                        .compareTo(v.subtract(BigDecimal.valueOf(o))
                                                .abs())
                                >= 0) {
                    ok = false;
                    break;
                }
            }
            if (ok) return h;
        }
        return exact(t);
    }

    /** The nanoseconds a label of {@link #human(long, int)} stands for. */
    private static BigDecimal valueNs(String h) {
        long unit = h.endsWith("ns")
                ? 1
                : h.endsWith("us") ? 1_000 : h.endsWith("ms") ? 1_000_000 : h.endsWith("s") ? 1_000_000_000L : 1;
        String num = h.replaceAll("[a-z]+$", "");
        return new BigDecimal(num).multiply(BigDecimal.valueOf(unit));
    }

    /** A ruler tick's label: apart from the ticks beside it, a step away. */
    public static String tick(long t, long step) {
        return apart(t, t - step, t + step);
    }

    /** The time of event i as the status line and describe say it: apart from the visible events before and after it. */
    public static String atEvent(Run run, int i) {
        return atEvent(run, i, Long.MAX_VALUE);
    }

    /**
     * The same, knowing nothing after {@code horizon} (a lesson's question waits): a later event
     * would otherwise show through the digits it takes to tell the times apart.
     */
    public static String atEvent(Run run, int i, long horizon) {
        if (i < 0) return "0";
        Trace tr = run.trace();
        long t = tr.time(i), prev = t, next = t;
        for (int j = i - 1; j >= 0; j--)
            if (TraceIndex.visible(tr.kind(j)) && tr.time(j) != t) {
                prev = tr.time(j);
                break;
            }
        for (int j = i + 1; j < tr.size(); j++) {
            if (tr.time(j) > horizon) break;
            if (TraceIndex.visible(tr.kind(j)) && tr.time(j) != t) {
                next = tr.time(j);
                break;
            }
        }
        return apart(t, prev, next);
    }

    /** Rounded to the given significant digits; values under 1 us are exact nanoseconds. */
    public static String human(long ns, int digits) {
        if (ns == 0) return "0";
        long a = Math.abs(ns);
        if (a < 1_000) return ns + "ns";
        if (a == Long.MIN_VALUE || digits < 1 || digits > 18) return humanDecimal(ns, digits);
        int k = a >= 1_000_000_000L ? 9 : a >= 1_000_000L ? 6 : 3; // the unit: 10^k ns
        String unit = k == 9 ? "s" : k == 6 ? "ms" : "us";
        // the quotient a / 10^k rounded half-even to `digits` significant digits, as q * 10^-scale, in longs
        int intDigits = digitsOf(a / POW10[k]);
        int scale = digits - intDigits;
        long q;
        if (scale >= k) { // every digit kept: exact
            q = a;
            scale = k;
        } else {
            int drop = k - scale; // digits of a rounded away (1 to 18: a < 2^63 < 10^19)
            if (drop > 18) return humanDecimal(ns, digits);
            long m = POW10[drop], r = a % m;
            q = a / m;
            if (r > m - r || (r == m - r && (q & 1) == 1)) q++;
        }
        if (k < 9 && (scale <= 0 || q / POW10[scale] >= 1000)) { // 999.96us rounds to 1000us: say 1ms
            long whole = scale <= 0 ? q * POW10[-scale] : q / POW10[scale];
            if (whole >= 1000)
                return human(Long.signum(ns) * (k == 3 ? 1_000_000L : 1_000_000_000L) * whole / 1000, digits);
        }
        StringBuilder b = new StringBuilder(24);
        if (ns < 0) b.append('-');
        if (scale <= 0) {
            b.append(q);
            for (int z = 0; z < -scale; z++) b.append('0');
        } else {
            long p = POW10[scale], frac = q % p;
            b.append(q / p);
            if (frac != 0) {
                String f = Long.toString(frac);
                b.append('.');
                for (int z = f.length(); z < scale; z++) b.append('0');
                int end = f.length();
                while (f.charAt(end - 1) == '0') end--;
                b.append(f, 0, end);
            }
        }
        return b.append(unit).toString();
    }

    private static final long[] POW10 = new long[19];

    static {
        POW10[0] = 1;
        for (int i = 1; i < POW10.length; i++) POW10[i] = POW10[i - 1] * 10;
    }

    private static int digitsOf(long v) {
        int d = 1;
        while (d < 19 && v >= POW10[d]) d++;
        return d;
    }

    /** {@link #human(long, int)} in decimal arithmetic: the definition the fast form above is checked against. */
    static String humanDecimal(long ns, int digits) {
        if (ns == 0) return "0";
        long a = Math.abs(ns);
        if (a < 1_000) return ns + "ns";
        String unit;
        long div;
        if (a >= 1_000_000_000L) {
            unit = "s";
            div = 1_000_000_000L;
        } else if (a >= 1_000_000L) {
            unit = "ms";
            div = 1_000_000L;
        } else {
            unit = "us";
            div = 1_000L;
        }
        BigDecimal v = BigDecimal.valueOf(ns)
                .divide(BigDecimal.valueOf(div))
                .round(new MathContext(digits, RoundingMode.HALF_EVEN));
        if (v.abs().compareTo(BigDecimal.valueOf(1000)) >= 0
                && !unit.equals("s")) { // 999.96us rounds to 1000us: say 1ms
            return humanDecimal(
                    v.signum()
                            * (unit.equals("us") ? 1_000_000L : 1_000_000_000L)
                            * v.abs().longValue()
                            / 1000,
                    digits);
        }
        return v.stripTrailingZeros().toPlainString() + unit;
    }

    /** Every nanosecond: "10.000001ms". */
    public static String exact(long ns) {
        return DurationText.format(ns);
    }

    /** The human form, with the exact one in brackets when they differ. */
    public static String both(long ns) {
        String h = human(ns), e = exact(ns);
        return h.equals(e) ? h : h + " (" + e + ")";
    }
}
