package io.throttlescope.scenario;

import io.throttlescope.text.Escape;

/** The kernel's cpulist syntax: "0", "0-3", "0,2,5-7". */
public final class CpuList {
    private CpuList() {}

    /** The bit mask, or an error message starting with "!" (in {@code error[0]}). */
    /** The value of 1 to 5 ASCII digits, or -2. */
    private static int digits(String s) {
        if (s.isEmpty() || s.length() > 5) return -2;
        for (int i = 0; i < s.length(); i++) if (s.charAt(i) < '0' || s.charAt(i) > '9') return -2;
        return Integer.parseInt(s);
    }

    public static long[] parse(String text, int cpus, String[] error) {
        long[] mask = new long[(cpus + 63) / 64];
        String t = text.trim();
        if (t.isEmpty()) {
            error[0] = "an empty CPU list";
            return null;
        }
        for (String part : t.split(",", -1)) {
            String p = part.trim();
            int lo, hi;
            int dash = p.indexOf('-');
            // plain ASCII digits only, as the kernel's parser: no sign, no full-width or other scripts' digits
            lo = digits(dash < 0 ? p : p.substring(0, dash).trim());
            hi = dash < 0 ? lo : digits(p.substring(dash + 1).trim());
            if (lo == -2 || hi == -2) {
                error[0] = "\"" + Escape.shortText(text)
                        + "\" is not a CPU list (expected the kernel's cpulist syntax in ASCII digits, e.g. \"0\", \"0-3\", \"0,2,5-7\")";
                return null;
            }
            if (lo < 0 || hi < lo) {
                error[0] = "\"" + p + "\" is not a valid CPU range";
                return null;
            }
            if (hi >= cpus) {
                error[0] = "CPU " + hi + " does not exist (the machine has " + cpus + " CPU" + (cpus == 1 ? "" : "s")
                        + ", numbered 0-" + (cpus - 1) + ")";
                return null;
            }
            for (int c = lo; c <= hi; c++) mask[c >>> 6] |= 1L << (c & 63);
        }
        return mask;
    }

    public static long[] all(int cpus) {
        long[] mask = new long[(cpus + 63) / 64];
        for (int c = 0; c < cpus; c++) mask[c >>> 6] |= 1L << (c & 63);
        return mask;
    }
}
