package io.throttlescope.sim;

import io.throttlescope.trace.RunInfo;
import io.throttlescope.trace.Snapshot;
import io.throttlescope.trace.TraceIndex;
import java.util.List;
import org.junit.jupiter.api.Test;

import static io.throttlescope.sim.EventKind.MIGRATE;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The idle balance obeys each model's migration rule (docs/model.md, "4. The legacy model (Linux ≤ 6.17)" and "5. The task-based model (Linux 6.18)"): legacy moves
 * nothing out of (or into) a throttled hierarchy; task-based may take a runnable task out of one,
 * but never puts one into one.
 */
class MigrationRulesTest {
    static final long MS = 1_000_000L;

    @Test
    void legacyDoesNotPullFromAThrottledHierarchy() {
        // U1 and U2 (in /G, kernel work) share CPU0; /G is throttled at 6 ms; CPU1 goes idle at 20 ms
        SimRun r = SimRun.resource("/golden/migrate-from-throttled.json", Simulator.Model.LEGACY);
        assertThat(r.times(MIGRATE, "U2")).allSatisfy(t -> assertThat(t).isGreaterThanOrEqualTo(100 * MS));
        assertThat(r.times(MIGRATE, "U1")).allSatisfy(t -> assertThat(t).isGreaterThanOrEqualTo(100 * MS));
        assertThat(r.task("U2").throttled_ns()).isGreaterThanOrEqualTo(80 * MS);
        destinationsNeverThrottled(r);
    }

    @Test
    void taskBasedPullsARunnableTaskOutOfAThrottledHierarchy() {
        SimRun r = SimRun.resource("/golden/migrate-from-throttled.json", Simulator.Model.TASK);
        List<Long> m = r.times(MIGRATE, "U2");
        assertThat(m).isNotEmpty();
        assertThat(m.get(0)).isEqualTo(20 * MS); // the moment CPU1 went idle
        int i = r.trace.firstAtOrAfter(20 * MS);
        while (!(r.trace.kind(i) == MIGRATE && r.trace.task(i) == r.taskId("U2"))) i++;
        TraceIndex idx = new TraceIndex(r.trace, RunInfo.of(r.sim));
        Snapshot before = idx.at(i - 1);
        int g = java.util.Arrays.asList(idx.info().groups()).indexOf("/G");
        assertThat(before.isThrottled(g, 0)).isTrue(); // taken from a throttled hierarchy
        destinationsNeverThrottled(r);
    }

    @Test
    void anAffinityChangeWhileTheTaskRunsOnInTheKernelDoesNotLengthenItsWork() {
        // t0 runs 400 us of kernel work on CPU0 without preemption; at 100 us its affinity leaves CPU0 only
        // when it stops. Its work ends at 400 us, not 400 us after the change (found by RandomScenarioProperties:
        // the CPU's timer was re-armed from the change's instant, the task's work went below 0 and a later
        // re-arm put a timer before the clock)
        String json = "{\"format\": 1, \"name\": \"affinity while running\", \"duration\": \"5ms\","
                + " \"kernel\": {\"cpus\": 2, \"preemption\": \"none\"},"
                + " \"tasks\": [{\"name\": \"t0\", \"kthread\": true, \"cpus\": \"0\", \"start\": \"0ms\","
                + " \"program\": [{\"kernel\": \"400us\"}, {\"sleep\": \"1ms\"}, {\"kernel\": \"100us\"}]}],"
                + " \"actions\": [{\"at\": \"100us\", \"set_affinity\": {\"task\": \"t0\", \"cpus\": \"1\"}}]}";
        var l = io.throttlescope.scenario.ScenarioLoader.loadString(json);
        assertThat(l.problems()).isEmpty();
        for (Simulator.Model m : Simulator.Model.values()) {
            SimRun r = SimRun.of(l.spec(), m);
            assertThat(r.times(EventKind.SLEEP, "t0")).as(m.id).containsExactly(400_000L);
            assertThat(r.task("t0").cpu_ns()).as(m.id).isEqualTo(500_000L);
            assertThat(r.task("t0").exited_ns()).as(m.id).isEqualTo(1_500_000L); // woken on CPU1 at 1.4 ms
        }
    }

    @Test
    void anAffinityChangeWhileTheTaskRunsOnInTheKernelDoesNotDelayItsGroupsRunOut() {
        // the same under exact accounting in a group that may use 20 ms a period (slices of 5 ms): the slices run
        // out, and the next are pulled, when they do without the change (5 and 10 ms after the first), not 500 us
        // later (the change's instant plus the runtime left as of the last charge: found by a review)
        String without = "{\"format\": 1, \"name\": \"affinity while running, limited\", \"duration\": \"15ms\","
                + " \"kernel\": {\"cpus\": 2, \"hz\": 100, \"accounting\": \"exact\", \"preemption\": \"none\"},"
                + " \"cgroups\": {\"/G\": {\"cpu.max\": \"20000 100000\"}},"
                + " \"tasks\": [{\"name\": \"T\", \"cgroup\": \"/G\", \"kthread\": true, \"cpus\": \"0\","
                + " \"start\": \"0ms\", \"program\": [{\"kernel\": \"12ms\"}]}]}";
        String with = without.replace(
                "]}]}",
                "]}], \"actions\": [{\"at\": \"500us\", \"set_affinity\": {\"task\": \"T\", \"cpus\": \"1\"}}]}");
        var l = io.throttlescope.scenario.ScenarioLoader.loadString(with);
        var w = io.throttlescope.scenario.ScenarioLoader.loadString(without);
        assertThat(l.problems()).isEmpty();
        assertThat(w.problems()).isEmpty();
        for (Simulator.Model m : Simulator.Model.values()) {
            List<Long> pulls = SimRun.of(l.spec(), m).times(EventKind.SLICE_PULL, null);
            assertThat(pulls)
                    .as(m.id)
                    .hasSize(3)
                    .isEqualTo(SimRun.of(w.spec(), m).times(EventKind.SLICE_PULL, null));
            assertThat(pulls.get(2) - pulls.get(1)).as(m.id).isEqualTo(5_000_000L);
        }
    }

    /** No balance ever moves a task into a cfs_rq of a throttled hierarchy (wake placement excluded). */
    private static void destinationsNeverThrottled(SimRun r) {
        TraceIndex idx = new TraceIndex(r.trace, RunInfo.of(r.sim));
        for (int i = 0; i < r.trace.size(); i++) {
            if (r.trace.kind(i) != MIGRATE) continue;
            boolean wake = false;
            for (int j = i + 1; j < r.trace.size() && r.trace.time(j) == r.trace.time(i); j++) {
                if (r.trace.kind(j) == EventKind.WAKE && r.trace.task(j) == r.trace.task(i)) wake = true;
            }
            if (wake) continue;
            Snapshot before = idx.at(i - 1);
            int g = r.trace.group(i), dst = r.trace.cpu(i);
            assertThat(before.throttleCount(g, dst))
                    .as("migration %d to CPU%d", i, dst)
                    .isZero();
        }
    }
}
