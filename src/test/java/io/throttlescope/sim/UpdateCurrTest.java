package io.throttlescope.sim;

import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.spec.Dur;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.sim.spec.Step;
import io.throttlescope.trace.Trace;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static io.throttlescope.sim.EventKind.THROTTLE;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A read of the task's own CPU clock calls update_curr() on its cfs_rq (task_sched_runtime): T in /G
 * (10 ms every 100 ms, HZ 250, ticks at 0, 4, 8, 12 ms) runs 10.5 ms, reads its clock, runs on. Without
 * the read its overrun is found at the 12 ms tick (2 ms of debt); with it, at 10.5 ms (0.5 ms): the
 * legacy model throttles it there; the task-based one parks it on its way back from the read.
 */
class UpdateCurrTest {
    static final long MS = 1_000_000L;

    private static long firstThrottle(Simulator.Model m, boolean read) {
        var l = ScenarioLoader.loadString("{\"format\": 1, \"name\": \"clock read\", \"duration\": \"50ms\","
                + " \"kernel\": {\"cpus\": 1, \"hz\": 250}, \"cgroups\": {\"/G\": {\"cpu.max\": \"10000 100000\"}},"
                + " \"tasks\": [{\"name\": \"T\", \"cgroup\": \"/G\", \"program\": [{\"user\": \"1ms\"}]}]}");
        assertThat(l.problems()).isEmpty();
        List<Step> p = new ArrayList<>();
        p.add(new Step.User(Dur.ns(10_500_000), "$"));
        if (read) p.add(new Step.Syscall("clock_gettime", List.of(new Step.UpdateCurr("$")), "$"));
        p.add(new Step.User(Dur.ns(30 * MS), "$"));
        SimSpec s = l.spec().withTasks(List.of(l.spec().tasks().get(0).withProgram(p)));
        Trace tr = new Trace();
        new Simulator(s, m, tr).run();
        for (int i = 0; i < tr.size(); i++) if (tr.kind(i) == THROTTLE) return tr.time(i);
        return -1;
    }

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void aClockReadChargesTheGroupAtItsInstant(Simulator.Model m) {
        assertThat(firstThrottle(m, false)).isEqualTo(12 * MS);
        assertThat(firstThrottle(m, true)).isEqualTo(10_500_000);
    }
}
