package io.throttlescope.scenario;

/** The kernel's cpulist syntax: "0", "0-3", "0,2,5-7". */
public final class CpuList {
    private CpuList() { }

    /** The bit mask, or an error message starting with "!" (in {@code error[0]}). */
    public static long[] parse(String text, int cpus, String[] error) {
        long[] mask = new long[(cpus + 63) / 64];
        String t = text.trim();
        if (t.isEmpty()) { error[0] = "an empty CPU list"; return null; }
        for (String part : t.split(",", -1)) {
            String p = part.trim();
            int lo, hi;
            try {
                int dash = p.indexOf('-');
                if (dash < 0) {
                    lo = hi = Integer.parseInt(p);
                } else {
                    lo = Integer.parseInt(p.substring(0, dash).trim());
                    hi = Integer.parseInt(p.substring(dash + 1).trim());
                }
            } catch (NumberFormatException e) {
                error[0] = "\"" + text + "\" is not a CPU list (expected the kernel's cpulist syntax, e.g. \"0\", \"0-3\", \"0,2,5-7\")";
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
