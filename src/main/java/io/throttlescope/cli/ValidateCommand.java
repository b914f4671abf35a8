package io.throttlescope.cli;

import io.throttlescope.scenario.DurationText;
import io.throttlescope.scenario.Problem;
import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.spec.KernelSpec;
import io.throttlescope.view.LessonPlan;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "validate",
        mixinStandardHelpOptions = true,
        description = "Check scenario files; every problem is printed as FILE:LINE:COL: PATH: message.")
public final class ValidateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "scenario files")
    List<Path> files;

    @Option(
            names = "--kernel",
            description = "also print the kernel settings each valid file runs with, defaults included "
                    + "(cpus, hz, accounting, preemption, bandwidth_slice, the hung-task settings, rcu_gp, switch_cost, "
                    + "delay_dequeue, run_to_parity, place_rel_deadline, ipi_latency, tick_phase)")
    boolean kernel;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        int valid = 0;
        for (Path f : files) {
            if (Scenarios.missing(f, spec.commandLine().getErr())) continue;
            ScenarioLoader.Loaded l = ScenarioLoader.load(f);
            for (Problem p : l.problems()) out.println(p.format(f.toString()));
            List<Problem> lesson = l.ok() ? LessonPlan.check(l.spec()) : List.of(); // stops at events that never happen
            for (Problem p : lesson) out.println(p.format(f.toString()));
            if (l.ok() && lesson.isEmpty()) {
                valid++;
                if (kernel) out.println(f + ": " + settings(l.spec().kernel()));
            }
        }
        int n = files.size();
        out.println(valid == n ? n + (n == 1 ? " file" : " files") + " valid" : valid + " of " + n + " files valid");
        return valid == n ? 0 : 1;
    }

    /** The kernel settings as key=value, "(default)" after those equal to the format's defaults. */
    static String settings(KernelSpec k) {
        KernelSpec d = KernelSpec.defaults();
        StringBuilder sb = new StringBuilder("kernel");
        kv(sb, "cpus", k.cpus(), d.cpus());
        kv(sb, "hz", k.hz(), d.hz());
        kv(sb, "accounting", k.exactAccounting() ? "exact" : "tick", d.exactAccounting() ? "exact" : "tick");
        kv(sb, "preemption", k.fullPreemption() ? "full" : "none", d.fullPreemption() ? "full" : "none");
        kv(sb, "bandwidth_slice", ns(k.bandwidthSliceNs()), ns(d.bandwidthSliceNs()));
        kv(sb, "hung_task_timeout", ns(k.hungTaskTimeoutNs()), ns(d.hungTaskTimeoutNs()));
        kv(sb, "hung_task_check_interval", ns(k.hungTaskCheckIntervalNs()), ns(d.hungTaskCheckIntervalNs()));
        kv(sb, "rcu_gp", ns(k.rcuGpNs()), ns(d.rcuGpNs()));
        kv(sb, "switch_cost", ns(k.switchCostNs()), ns(d.switchCostNs()));
        kv(sb, "delay_dequeue", k.delayDequeue(), d.delayDequeue());
        kv(sb, "run_to_parity", k.runToParity(), d.runToParity());
        kv(sb, "place_rel_deadline", k.placeRelDeadline(), d.placeRelDeadline());
        kv(sb, "ipi_latency", ns(k.ipiLatencyNs()), ns(d.ipiLatencyNs()));
        kv(sb, "tick_phase", ns(k.tickPhaseNs()), ns(d.tickPhaseNs()));
        return sb.toString();
    }

    private static void kv(StringBuilder sb, String key, Object v, Object dflt) {
        sb.append(' ').append(key).append('=').append(v);
        if (v.equals(dflt)) sb.append(" (default)");
    }

    private static String ns(long ns) {
        return DurationText.format(ns);
    }
}
