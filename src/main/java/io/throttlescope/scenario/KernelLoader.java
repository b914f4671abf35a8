package io.throttlescope.scenario;

import io.throttlescope.scenario.JsonTree.Node;
import io.throttlescope.scenario.JsonTree.Obj;
import io.throttlescope.sim.spec.KernelSpec;
import java.util.List;
import java.util.Map;

/**
 * The {@code kernel} section: CPUs, tick rate, accounting, preemption, the bandwidth slice, the
 * hung-task detector's settings and the scheduler features, each checked against what the kernel
 * accepts; a missing key keeps the kernel's default.
 */
final class KernelLoader {
    private final ScenarioLoader l;

    KernelLoader(ScenarioLoader loader) {
        this.l = loader;
    }

    KernelSpec kernel(Node n) {
        Obj o = l.object(n, ScenarioKeys.KERNEL, "an object of kernel settings");
        if (o == null) return null;
        KernelSpec d = KernelSpec.defaults();
        int cpus = d.cpus(), hz = d.hz();
        boolean exact = d.exactAccounting(), full = d.fullPreemption();
        long slice = d.bandwidthSliceNs(),
                hung = d.hungTaskTimeoutNs(),
                hungIv = d.hungTaskCheckIntervalNs(),
                rcu = d.rcuGpNs(),
                sw = d.switchCostNs();
        Map<String, Node> m = o.members();
        if (m.containsKey("cpus")) {
            Long v = l.integer(m.get("cpus"), 1, 4096, "a number of CPUs");
            if (v != null) cpus = v.intValue();
        }
        if (m.containsKey("hz")) {
            Long v = l.integer(m.get("hz"), 1, 1000, "a tick rate");
            if (v != null && v != 100 && v != 250 && v != 300 && v != 1000)
                l.problem(m.get("hz"), "found " + v + ", expected 100, 250, 300 or 1000");
            else if (v != null) hz = v.intValue();
        }
        if (m.containsKey("accounting")) {
            String s = l.string(m.get("accounting"), "\"tick\" or \"exact\"");
            if (s != null && !s.equals("tick") && !s.equals("exact"))
                l.problem(
                        m.get("accounting"),
                        "found \"" + s + "\", expected \"tick\" or \"exact\"" + l.mean(s, List.of("tick", "exact")));
            else if (s != null) exact = s.equals("exact");
        }
        if (m.containsKey("preemption")) {
            String s = l.string(m.get("preemption"), "\"full\" or \"none\"");
            if (s != null && !s.equals("full") && !s.equals("none"))
                l.problem(
                        m.get("preemption"),
                        "found \"" + s + "\", expected \"full\" or \"none\"" + l.mean(s, List.of("full", "none")));
            else if (s != null) full = s.equals("full");
        }
        if (m.containsKey("bandwidth_slice")) {
            Long v = l.fixedDuration(m.get("bandwidth_slice"));
            if (v != null && v < 1000)
                l.problem(m.get("bandwidth_slice"), "sched_cfs_bandwidth_slice_us must be at least 1us");
            else if (v != null) slice = v;
        }
        // the kernel takes whole seconds; down to 10 ms is allowed for scaled-down stories, not less (a scan costs
        // every task)
        if (m.containsKey("hung_task_timeout")) {
            Long v = l.fixedDuration(m.get("hung_task_timeout"));
            if (v != null && v != 0 && v < 10_000_000L)
                l.problem(
                        m.get("hung_task_timeout"),
                        "found " + v + "ns, expected 0 (off) or at least 10ms (the kernel's unit is whole seconds)");
            else if (v != null) hung = v;
        }
        if (m.containsKey("hung_task_check_interval")) {
            Long v = l.fixedDuration(m.get("hung_task_check_interval"));
            if (v != null && v != 0 && v < 10_000_000L)
                l.problem(
                        m.get("hung_task_check_interval"),
                        "found " + v
                                + "ns, expected 0 (the timeout) or at least 10ms (the kernel's unit is whole seconds)");
            else if (v != null) hungIv = v;
        }
        if (m.containsKey("rcu_gp")) {
            Long v = l.fixedDuration(m.get("rcu_gp"));
            if (v != null) rcu = v;
        }
        if (m.containsKey("switch_cost")) {
            Long v = l.fixedDuration(m.get("switch_cost"));
            if (v != null) sw = v;
        }
        boolean delay = flag(m, "delay_dequeue", d.delayDequeue()),
                parity = flag(m, "run_to_parity", d.runToParity()),
                rel = flag(m, "place_rel_deadline", d.placeRelDeadline());
        long ipi = d.ipiLatencyNs();
        if (m.containsKey("ipi_latency")) {
            Long v = l.fixedDuration(m.get("ipi_latency"));
            if (v != null && v > 10_000_000L)
                l.problem(m.get("ipi_latency"), "found " + v + "ns, expected at most 10ms (an IPI takes microseconds)");
            else if (v != null) ipi = v;
        }
        long phase = 0;
        if (m.containsKey("tick_phase")) {
            Long v = l.fixedDuration(m.get("tick_phase"));
            long tick = 1_000_000_000L / hz;
            if (v != null && v >= tick)
                l.problem(
                        m.get("tick_phase"),
                        "found " + v + "ns, expected less than one tick (" + tick + "ns at hz " + hz + ")");
            else if (v != null) phase = v;
        }
        return new KernelSpec(cpus, hz, exact, full, slice, hung, hungIv, rcu, sw, delay, parity, rel, ipi, phase);
    }

    private boolean flag(Map<String, Node> m, String key, boolean dflt) {
        if (!m.containsKey(key)) return dflt;
        Boolean b = l.bool(m.get(key));
        return b == null ? dflt : b;
    }
}
