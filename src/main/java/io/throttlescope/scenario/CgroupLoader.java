package io.throttlescope.scenario;

import io.throttlescope.scenario.JsonTree.Node;
import io.throttlescope.scenario.JsonTree.Num;
import io.throttlescope.scenario.JsonTree.Obj;
import io.throttlescope.scenario.JsonTree.Str;
import io.throttlescope.sim.CgroupFiles;
import io.throttlescope.sim.spec.CgroupSpec;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code cgroups} section and the cgroup files a scenario writes ({@code cpu.max},
 * {@code cpu.max.burst}, {@code cpu.weight}): their syntax and the bounds the kernel enforces, for the
 * section and for actions alike.
 */
final class CgroupLoader {
    private final ScenarioLoader l;

    CgroupLoader(ScenarioLoader loader) {
        this.l = loader;
    }

    Map<String, CgroupSpec> cgroups(Node n) {
        Map<String, CgroupSpec> out = new LinkedHashMap<>();
        Obj o = l.object(n, null, "an object of cgroup paths to settings");
        if (o == null) return out;
        for (Map.Entry<String, Node> e : o.members().entrySet()) {
            String path = e.getKey();
            Node v = e.getValue();
            if (!ScenarioLoader.CGROUP.matcher(path).matches()) {
                int[] p = o.keyPos().get(path);
                l.problemAt(
                        p[0],
                        p[1],
                        v.path(),
                        "\"" + path
                                + "\" is not a cgroup path (expected \"/\" or \"/a/b\" with segments of letters, digits, _ - .)");
                continue;
            }
            String reserved = ScenarioLoader.controlFileProblem(path);
            if (reserved != null) {
                int[] p = o.keyPos().get(path);
                l.problemAt(p[0], p[1], v.path(), reserved);
                continue;
            }
            Obj c = l.object(v, ScenarioKeys.CGROUP, "an object of cgroup files");
            if (c == null) continue;
            Map<String, Node> m = c.members();
            if (path.equals("/") && (m.containsKey("cpu.max") || m.containsKey("cpu.max.burst"))) {
                l.problem(v, "the root cgroup \"/\" cannot have a limit (the kernel refuses it with EINVAL)");
                continue;
            }
            long quota = -1, period = 100_000, burst = 0, phase = 0;
            int weight = 100;
            if (m.containsKey("cpu.max")) {
                long[] qp = cpuMax(m.get("cpu.max"));
                if (qp != null) {
                    quota = qp[0];
                    period = qp[1];
                }
            }
            if (m.containsKey("cpu.max.burst")) {
                Long b = burst(m.get("cpu.max.burst"), quota);
                if (b != null) burst = b;
            }
            if (m.containsKey("cpu.weight")) {
                Integer w = weight(m.get("cpu.weight"));
                if (w != null) weight = w;
            }
            if (m.containsKey("period_phase")) {
                Long ph = l.fixedDuration(m.get("period_phase"));
                if (ph != null && ph >= period * 1000)
                    l.problem(m.get("period_phase"), "the phase must be less than the period (" + period + "us)");
                else if (ph != null) phase = ph;
            }
            out.put(path, new CgroupSpec(path, quota, period, burst, weight, phase));
        }
        return out;
    }

    /** A burst in microseconds: plain ASCII digits, no sign. */
    Long burstSyntax(Node n) {
        String s = n instanceof Num x ? x.text() : l.string(n, "a burst in microseconds, e.g. \"5000\"");
        if (s == null) return null;
        long b = parseUs(s.trim());
        if (b < 0) {
            l.problem(n, "found \"" + s + "\", expected a burst: a whole number of microseconds in plain digits");
            return null;
        }
        return b;
    }

    /** "$QUOTA $PERIOD" in us; QUOTA may be "max". Returns {quota(-1=max), period}. */
    private long[] cpuMax(Node n) {
        String s = l.string(n, "\"$QUOTA $PERIOD\" in microseconds, e.g. \"10000 100000\" or \"max 100000\"");
        if (s == null) return null;
        String err = checkCpuMax(s);
        if (err != null) {
            l.problem(n, err);
            return null;
        }
        String[] parts = s.trim().split("\\s+");
        long quota = parts[0].equals("max") ? -1 : Long.parseLong(parts[0]);
        long period = parts.length > 1 ? Long.parseLong(parts[1]) : 100_000;
        return new long[] {quota, period};
    }

    /** The syntax and the kernel's bounds of a cpu.max value: null if the kernel accepts it. */
    static String checkCpuMax(String s) {
        String e = checkCpuMaxSyntax(s);
        if (e != null) return e;
        long[] qp = parseCpuMax(s, 100_000);
        return CgroupFiles.refusal(qp[0], qp[1], 0);
    }

    /** "$QUOTA $PERIOD" or "$QUOTA": whole numbers of microseconds or "max"; bounds are not checked. */
    static String checkCpuMaxSyntax(String s) {
        String[] parts = s.trim().split("\\s+");
        if (parts.length < 1 || parts.length > 2 || parts[0].isEmpty()) {
            return "found \"" + s + "\", expected \"$QUOTA $PERIOD\" in microseconds, e.g. \"10000 100000\"";
        }
        if (parts.length == 2 && parseUs(parts[1]) < 0)
            return "the period \"" + parts[1] + "\" is not a whole number of microseconds";
        if (!parts[0].equals("max") && parseUs(parts[0]) < 0) {
            return "the quota \"" + parts[0] + "\" is neither \"max\" nor a whole number of microseconds";
        }
        return null;
    }

    /** {quota (-1 = max), period} of a value that passed {@link #checkCpuMaxSyntax}. */
    static long[] parseCpuMax(String s, long periodIfMissing) {
        String[] parts = s.trim().split("\\s+");
        return new long[] {
            parts[0].equals("max") ? -1 : parseUs(parts[0]), parts.length > 1 ? parseUs(parts[1]) : periodIfMissing
        };
    }

    /** A whole number of microseconds in plain ASCII digits, or -1. */
    static long parseUs(String s) {
        if (s.isEmpty() || s.length() > 18) return -1;
        for (int i = 0; i < s.length(); i++) if (s.charAt(i) < '0' || s.charAt(i) > '9') return -1;
        return Long.parseLong(s);
    }

    private Long burst(Node n, long quota) {
        Long b = burstSyntax(n);
        if (b == null) return null;
        if (quota >= 0 && b > quota) {
            l.problem(
                    n,
                    "the burst " + b + "us is larger than the quota " + quota
                            + "us (the kernel requires burst <= quota)");
            return null;
        }
        if (quota >= 0 && b + quota > CgroupFiles.MAX_BW_US) {
            l.problem(n, "quota + burst exceeds the kernel's maximum");
            return null;
        }
        return b;
    }

    Integer weight(Node n) {
        if (n instanceof Str s) {
            try {
                long v = Long.parseLong(s.value().trim());
                if (v >= 1 && v <= 10000) return (int) v;
            } catch (NumberFormatException ignored) {
            }
            l.problem(n, "found \"" + s.value() + "\", expected a cpu.weight from 1 to 10000");
            return null;
        }
        Long v = l.integer(n, 1, 10000, "a cpu.weight");
        return v == null ? null : v.intValue();
    }
}
