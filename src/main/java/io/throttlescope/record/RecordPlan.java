package io.throttlescope.record;

import io.throttlescope.realtrace.RecordedWork;
import io.throttlescope.sim.spec.ActionSpec;
import io.throttlescope.sim.spec.CgroupSpec;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.sim.spec.Step;
import io.throttlescope.sim.spec.TaskSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A scenario's workload as the plain line format tools/legacy-kernel/tsrun.c reads inside a VM:
 * {@code cpus N}, {@code duration_ns D}, {@code cgroup PATH QUOTA_US PERIOD_US BURST_US WEIGHT}
 * (parents first, quota -1 for max), {@code task NAME CGROUP CPU_MASK START_NS} and its
 * {@code step OP ARG} lines (U user ns, K kernel ns, S sleep ns, T a sleep inside a syscall ns, C clone, P cgroup.procs write,
 * L times / E loop, X exit with kernel ns), the timed actions in the order of their times
 * ({@code action K AT_NS W CGROUP FILE VALUE}, {@code action K AT_NS M TASK CGROUP}, {@code action K
 * AT_NS A TASK CPU_MASK}: K the scenario's index of the action, TASK the task's), and {@code hung_task TIMEOUT_S INTERVAL_S}: the guest's
 * hung-task detector as the scenario's kernel has it, in the kernel's whole seconds (an interval
 * under a second is one second; 0 scans at the timeout), and {@code preemption full|none}, which the
 * guest kernel is booted with (its {@code preempt=} option). Random durations are drawn as the worker does.
 */
public final class RecordPlan {
    private RecordPlan() {}

    public static String of(SimSpec spec, long durationNs) {
        StringBuilder b = new StringBuilder();
        b.append("cpus ").append(spec.kernel().cpus()).append('\n');
        b.append("duration_ns ").append(durationNs).append('\n');
        long[] hung =
                hungTaskSecs(spec.kernel().hungTaskTimeoutNs(), spec.kernel().hungTaskCheckIntervalNs());
        b.append("hung_task ").append(hung[0]).append(' ').append(hung[1]).append('\n');
        b.append("preemption ")
                .append(spec.kernel().fullPreemption() ? "full" : "none")
                .append('\n');
        List<CgroupSpec> groups = new ArrayList<>(spec.cgroups().values());
        groups.sort(Comparator.comparingInt((CgroupSpec c) -> c.path().split("/").length)
                .thenComparing(CgroupSpec::path));
        for (CgroupSpec c : groups) {
            b.append("cgroup ")
                    .append(c.path())
                    .append(' ')
                    .append(c.quotaUs() < 0 ? -1 : c.quotaUs())
                    .append(' ')
                    .append(c.periodUs())
                    .append(' ')
                    .append(c.burstUs())
                    .append(' ')
                    .append(c.weight())
                    .append('\n');
        }
        for (int i = 0; i < spec.tasks().size(); i++) {
            TaskSpec t = spec.tasks().get(i);
            SplittableRandom rng = new SplittableRandom(spec.seed() + i);
            String name = t.name().length() > 15 ? t.name().substring(0, 15) : t.name();
            b.append("task ")
                    .append(name)
                    .append(' ')
                    .append(t.cgroup())
                    .append(' ')
                    .append(Long.toUnsignedString(t.cpus()[0]))
                    .append(' ')
                    .append(Math.max(0, t.start().sample(rng)))
                    .append('\n');
            steps(b, t.program(), rng);
        }
        actions(b, spec);
        return b.toString();
    }

    /**
     * The kernel's hung_task_timeout_secs and hung_task_check_interval_secs for a simulated timeout
     * and check interval: whole seconds, the timeout rounded up, an interval under a second made one
     * second, 0 where the interval is the timeout.
     */
    public static long[] hungTaskSecs(long timeoutNs, long intervalNs) {
        long timeout = (timeoutNs + 999_999_999L) / 1_000_000_000L;
        long interval = intervalNs <= 0 || intervalNs >= timeoutNs ? 0 : Math.max(1, Math.round(intervalNs / 1e9));
        return new long[] {timeout, interval >= timeout ? 0 : interval};
    }

    /** The plan's action lines, by time (tsrun makes them in this order), each with its index in the scenario. */
    private static void actions(StringBuilder b, SimSpec spec) {
        List<Integer> order = new ArrayList<>();
        for (int k = 0; k < spec.actions().size(); k++) order.add(k);
        order.sort(Comparator.comparingLong(k -> spec.actions().get(k).at().typical()));
        for (int k : order) {
            ActionSpec a = spec.actions().get(k);
            b.append("action ").append(k).append(' ').append(a.at().typical()).append(' ');
            if (a instanceof ActionSpec.WriteFile w)
                b.append("W ")
                        .append(w.cgroup())
                        .append(' ')
                        .append(w.file())
                        .append(' ')
                        .append(w.value().trim());
            else if (a instanceof ActionSpec.Move m)
                b.append("M ").append(taskIndex(spec, m.task())).append(' ').append(m.cgroup());
            else if (a instanceof ActionSpec.SetAffinity s)
                b.append("A ").append(taskIndex(spec, s.task())).append(' ').append(Long.toUnsignedString(s.cpus()[0]));
            b.append('\n');
        }
    }

    private static int taskIndex(SimSpec spec, String name) {
        for (int i = 0; i < spec.tasks().size(); i++)
            if (spec.tasks().get(i).name().equals(name)) return i;
        return -1;
    }

    /** The plan's step lines, in {@link RecordedWork#planOrder} (the workers count their measurements by that index). */
    private static void steps(StringBuilder b, List<Step> program, SplittableRandom rng) {
        var timed = RecordedWork.sleepsInSyscalls(program);
        for (Step s : RecordedWork.planOrder(program)) {
            if (s == null) b.append("step E 0\n");
            else if (s instanceof Step.User u)
                b.append("step U ").append(Math.max(1, u.d().sample(rng))).append('\n');
            else if (s instanceof Step.Kernel k)
                b.append("step K ").append(Math.max(1, k.d().sample(rng))).append('\n');
            else if (s instanceof Step.Sleep sl)
                b.append(timed.contains(sl) ? "step T " : "step S ")
                        .append(Math.max(0, sl.d().sample(rng)))
                        .append('\n');
            else if (s instanceof Step.DownRead) b.append("step C 0\n");
            else if (s instanceof Step.DownWrite) b.append("step P 0\n");
            else if (s instanceof Step.Loop l)
                b.append("step L ").append(l.times()).append('\n');
            else if (s instanceof Step.Exit x)
                b.append("step X ")
                        .append(x.d() == null ? 0 : Math.max(0, x.d().sample(rng)))
                        .append('\n');
        }
    }
}
