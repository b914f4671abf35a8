package io.throttlescope.compare;

import io.throttlescope.scenario.DurationText;
import io.throttlescope.scenario.ScenarioParams;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/** The values a sweep suggests for a parameter: around its current value, written as the file writes them. */
public final class SweepValues {
    private SweepValues() {}

    public static String suggest(ScenarioParams.Param p) {
        if (!p.choices().isEmpty()) return String.join(",", p.choices());
        String v = p.value().strip();
        if (p.id().endsWith(":cpu.max")) {
            String[] qp = v.split("\\s+");
            long period = qp.length == 2 ? parse(qp[1], 100_000) : 100_000;
            long q = qp.length == 2 && !qp[0].equals("max") ? parse(qp[0], period / 10) : period / 10;
            LinkedHashSet<String> out = new LinkedHashSet<>();
            for (double f : new double[] {0.25, 0.5, 1, 2, 5})
                out.add(Math.max(1000, Math.round(q * f)) + " " + period);
            return String.join(",", out);
        }
        if (p.id().endsWith(":cpu.max.burst")) return "0,5000,10000,20000";
        if (p.id().endsWith(":cpu.weight")) return "50,100,200,400";
        if (p.id().equals("kernel.cpus")) return "1,2,4";
        long d = DurationText.parse(v);
        if (d > 0) {
            List<String> out = new ArrayList<>();
            for (double f : new double[] {0.5, 1, 2, 4}) out.add(DurationText.format(Math.max(1, Math.round(d * f))));
            return String.join(",", new LinkedHashSet<>(out));
        }
        return v;
    }

    private static long parse(String s, long dflt) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return dflt;
        }
    }

    /** Values as the command line takes them: comma-separated, blanks around each dropped. */
    public static List<String> split(String text) {
        List<String> out = new ArrayList<>();
        for (String v : text.split(",")) if (!v.isBlank()) out.add(v.strip());
        return out;
    }
}
