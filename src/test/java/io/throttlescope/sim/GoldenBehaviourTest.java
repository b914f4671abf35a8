package io.throttlescope.sim;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static io.throttlescope.sim.EventKind.*;
import static io.throttlescope.sim.Simulator.Model.LEGACY;
import static io.throttlescope.sim.Simulator.Model.TASK;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The golden behaviours (GB1, GB2, ...: docs/architecture.md, "Tests"), with exact numbers, under both models.
 * Under the task-based model a freshly configured cfs_rq starts with 1 ns (956dfda6a708), so a
 * group's very first period runs 1 ns longer than under the legacy model (which starts at 0).
 */
class GoldenBehaviourTest {
    static final long MS = 1_000_000L;

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void gb1SingleCpuBoundTask(Simulator.Model m) {
        SimRun r = SimRun.resource("/golden/gb1.json", m);
        long first = m == TASK ? 1 : 0;
        // pool after pulls 20 -> 15 -> 10 -> 5 -> 0; throttled when the 1 ns last-chance pull fails
        assertThat(r.times(SLICE_PULL, null).subList(0, 4))
                .containsExactly(first, 5 * MS + first, 10 * MS + first, 15 * MS + first);
        assertThat(r.times(THROTTLE, null)).containsExactly(20 * MS + first, 120 * MS, 220 * MS);
        assertThat(r.times(UNTHROTTLE, null)).containsExactly(100 * MS, 200 * MS, 300 * MS);
        assertThat(r.times(DISTRIBUTE, null)).hasSize(3);
        for (int i = 0; i < r.trace.size(); i++)
            if (r.trace.kind(i) == DISTRIBUTE) assertThat(r.trace.argA(i)).isEqualTo(1);
        RunResult.CgroupStat g = r.cg("/G");
        assertThat(g.nr_periods()).isEqualTo(3);
        assertThat(g.nr_throttled()).isEqualTo(3);
        assertThat(g.usage_usec()).isEqualTo(60_000);
        assertThat(r.task("T").cpu_ns()).isEqualTo(60 * MS + first);
        assertThat(g.throttled_usec()).isEqualTo(m == TASK ? 239_999 : 240_000); // 80 ms a period
        if (m == LEGACY) {
            assertThat(r.task("T").throttled_ns()).isEqualTo(240 * MS);
            assertThat(r.times(PARKED, null)).isEmpty();
        } else {
            // the pick returns T and attaches the work; T parks at its return to user at the same instant
            assertThat(r.times(TASK_WORK_ADDED, "T")).containsExactly(20 * MS + 1, 120 * MS, 220 * MS);
            assertThat(r.times(PARKED, "T")).containsExactly(20 * MS + 1, 120 * MS, 220 * MS);
            assertThat(r.times(UNPARKED, "T")).containsExactly(100 * MS, 200 * MS, 300 * MS);
            assertThat(r.task("T").parked_ns()).isEqualTo(240 * MS - 1);
        }
    }

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void gb2TwoCpusShareOnePool(Simulator.Model m) {
        SimRun r = SimRun.resource("/golden/gb2.json", m);
        long first = m == TASK ? 1 : 0;
        assertThat(r.times(THROTTLE, null)).startsWith(10 * MS + first, 10 * MS + first);
        RunResult.CgroupStat g = r.cg("/G");
        assertThat(g.nr_throttled()).isEqualTo(3); // one per period, not per CPU
        assertThat(g.nr_periods()).isEqualTo(3);
        assertThat(g.throttled_usec()).isEqualTo(m == TASK ? 539_999 : 540_000); // 2 x 90 ms a period
        // 60 ms from the pool over three periods, plus the initial runtime of each cfs_rq; the ns-level
        // split between the CPUs depends on which pulls first at the same instant
        assertThat(r.task("T0").cpu_ns() + r.task("T1").cpu_ns()).isEqualTo(60 * MS + 2 * first);
        assertThat(r.task("T0").cpu_ns()).isBetween(30 * MS - 10, 30 * MS + 10);
        // each cfs_rq gets 1 ns at the refill, in throttle order (CPU0 throttled first)
        int i = r.trace.firstAtOrAfter(100 * MS);
        List<Integer> cpus = new java.util.ArrayList<>();
        for (; r.trace.time(i) == 100 * MS; i++)
            if (r.trace.kind(i) == DISTRIBUTE) {
                cpus.add(r.trace.cpu(i));
                assertThat(r.trace.argA(i)).isEqualTo(1);
            }
        assertThat(cpus).containsExactly(0, 1);
    }

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void gb3UnevenLastSlice(Simulator.Model m) {
        SimRun r = SimRun.resource("/golden/gb3.json", m);
        long first = m == TASK ? 1 : 0;
        // CPU0 pulls 5 ms, CPU1 the remaining 2 ms: CPU1 throttled at 2, CPU0 at 5
        assertThat(r.times(THROTTLE, null)).containsExactly(2 * MS + first, 5 * MS + first);
        assertThat(r.cg("/G").usage_usec()).isEqualTo(7_000);
        assertThat(r.task("T0").cpu_ns()).isEqualTo(5 * MS + first);
        assertThat(r.task("T1").cpu_ns()).isEqualTo(2 * MS + first);
    }

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void gb6IdlePeriodStopsTheTimer(Simulator.Model m) {
        SimRun r = SimRun.resource("/golden/gb6.json", m);
        // period timer: 100 and 200 (then stopped: idle for a whole period), restarted by the pull at 350 -> 400
        assertThat(r.times(PERIOD_TIMER, null)).containsExactly(100 * MS, 200 * MS, 400 * MS);
        assertThat(r.times(SLACK_RETURN, null).get(0)).isEqualTo(1 * MS);
        assertThat(r.times(THROTTLE, null)).containsExactly(371 * MS); // 1 retained + 20 pool
        RunResult.CgroupStat g = r.cg("/G");
        assertThat(g.nr_periods()).isEqualTo(3);
        assertThat(g.nr_throttled()).isEqualTo(1);
        assertThat(g.throttled_usec()).isEqualTo(29_000);
        assertThat(r.task("T").cpu_ns()).isEqualTo(22 * MS);
    }

    @Test
    void gb6SlackReturnKeepsOneMillisecond() {
        SimRun r = SimRun.resource("/golden/gb6.json", LEGACY);
        int i = r.trace.firstAtOrAfter(1 * MS);
        while (r.trace.kind(i) != SLACK_RETURN) i++;
        assertThat(r.trace.argA(i)).isEqualTo(3 * MS); // returned 3 ms
        assertThat(r.trace.argB(i)).isEqualTo(18 * MS); // pool 18 ms
    }

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void gb8ReaderWokenIntoThrottledCgroup(Simulator.Model m) {
        SimRun r = SimRun.resource("/golden/gb8.json", m);
        long grant = 15 * MS;
        assertThat(r.first(LOCK_ACQUIRE, "R")).isEqualTo(grant); // handoff by W's up_write
        List<Long> wAcq = r.times(LOCK_ACQUIRE, "W");
        assertThat(wAcq.get(0)).isEqualTo(5 * MS);
        if (m == LEGACY) {
            // R holds the read lock but cannot run until the unthrottle at 100. There H and R tie: both at
            // vruntime 10 ms (R woke with lag 0) with deadline 11.4 ms; the tree keeps the earlier insertion
            // (H, put back at 10) leftmost, so H runs first, and its slice end is seen at the next tick
            // (update_curr at 104 ms; the end of H's 1 ms user steps is no scheduling point). W waits 20 -> 104.1.
            assertThat(r.first(UNTHROTTLE, null)).isEqualTo(100 * MS);
            assertThat(r.first(PICK, "H", 100 * MS)).isEqualTo(100 * MS);
            assertThat(r.first(LOCK_RELEASE, "R")).isEqualTo(104 * MS + 100_000);
            assertThat(wAcq.get(1)).isEqualTo(104 * MS + 100_000);
            RunResult.LockWait w = r.task("W").lock_waits().get(0);
            assertThat(w.start_ns()).isEqualTo(20 * MS);
            assertThat(w.acquired_ns()).isEqualTo(104 * MS + 100_000);
            assertThat(r.task("R").throttled_ns()).isEqualTo(85 * MS);
        } else {
            // R is picked at 15 with the task work, finishes its critical section, parks at 15.1
            assertThat(r.first(TASK_WORK_ADDED, "R")).isEqualTo(15 * MS);
            assertThat(r.first(LOCK_RELEASE, "R")).isEqualTo(15 * MS + 100_000);
            assertThat(r.first(PARKED, "R")).isEqualTo(15 * MS + 100_000);
            assertThat(wAcq.get(1)).isEqualTo(20 * MS); // no wait at all
            assertThat(r.task("W").lock_waits()).isEmpty();
            // t=100: 0.1 ms + 1 ns repays the debt; limbo order R (parked last) then H
            int i = r.trace.firstAtOrAfter(100 * MS);
            while (r.trace.kind(i) != DISTRIBUTE) i++;
            assertThat(r.trace.argA(i)).isEqualTo(100_000 + 1);
            List<Integer> unparked = new java.util.ArrayList<>();
            for (; r.trace.time(i) == 100 * MS; i++) if (r.trace.kind(i) == UNPARKED) unparked.add(r.trace.task(i));
            assertThat(unparked).containsExactly(r.taskId("R"), r.taskId("H"));
        }
    }

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void gb9FifoWakeBatchingWithoutThrottling(Simulator.Model m) {
        SimRun r = SimRun.resource("/golden/gb9b.json", m);
        assertFifoBatching(r);
        assertThat(r.first(LOCK_ACQUIRE, "R2")).isEqualTo(50 * MS); // W's up_write
        assertThat(r.first(LOCK_ACQUIRE, "W3")).isEqualTo(50 * MS + 200_000); // after R2 and R3 (0.1 ms each, one CPU)
    }

    @Test
    void gb9FifoWakeBatchingContinuingGb8Legacy() {
        SimRun r = SimRun.resource("/golden/gb9.json", LEGACY);
        assertFifoBatching(r);
        assertThat(r.first(LOCK_ACQUIRE, "R2")).isEqualTo(114 * MS + 100_000); // W's release after R's late up_read
    }

    private static void assertFifoBatching(SimRun r) {
        // when a writer releases, R2 and R3 are granted and woken, W3 takes block, R4 stays queued
        long r2 = r.first(LOCK_ACQUIRE, "R2"), r3 = r.first(LOCK_ACQUIRE, "R3");
        assertThat(r2).isEqualTo(r3);
        int i = r.trace.firstAtOrAfter(r2);
        boolean w3Granted = false;
        for (; r.trace.time(i) == r2; i++)
            if (r.trace.kind(i) == LOCK_GRANT && r.trace.task(i) == r.taskId("W3")) w3Granted = true;
        assertThat(w3Granted).isTrue();
        long w3 = r.first(LOCK_ACQUIRE, "W3");
        long r4 = r.first(LOCK_ACQUIRE, "R4");
        assertThat(w3).isGreaterThanOrEqualTo(Math.max(r.first(LOCK_RELEASE, "R2"), r.first(LOCK_RELEASE, "R3")));
        assertThat(r4).isEqualTo(r.first(LOCK_RELEASE, "W3")); // granted when W3 releases
        assertThat(r4).isGreaterThan(w3);
        // all of them waited in D state, queued in arrival order
        for (String t : List.of("R2", "R3", "W3", "R4"))
            assertThat(r.task(t).blocked_ns()).isPositive();
    }

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void gb10KernelModeOverrun(Simulator.Model m) {
        SimRun r = SimRun.resource("/golden/gb10.json", m);
        RunResult.Syscall sc = r.task("T").syscalls().get(0);
        assertThat(sc.enter_ns()).isEqualTo(5 * MS);
        if (m == LEGACY) {
            // throttled inside the syscall; [100,110), [200,210), [300,305) finish it
            assertThat(r.times(THROTTLE, null)).containsExactly(10 * MS, 110 * MS, 210 * MS, 310 * MS);
            assertThat(sc.exit_ns()).isEqualTo(305 * MS);
            assertThat(sc.exit_ns() - sc.enter_ns()).isEqualTo(300 * MS);
        } else {
            assertThat(sc.exit_ns()).isEqualTo(35 * MS);
            assertThat(r.first(PARKED, "T")).isEqualTo(35 * MS);
            // debt 25 ms (+1 ns of the initial runtime): 10 ms at 100 and 200, 5 ms + 1 ns at 300
            List<Long> amounts = new java.util.ArrayList<>();
            for (int i = 0; i < r.trace.size(); i++) if (r.trace.kind(i) == DISTRIBUTE) amounts.add(r.trace.argA(i));
            assertThat(amounts.subList(0, 3)).containsExactly(10 * MS, 10 * MS, 5 * MS);
            assertThat(r.times(UNTHROTTLE, null).get(0)).isEqualTo(300 * MS);
            assertThat(r.times(THROTTLE, null)).containsExactly(10 * MS + 1, 305 * MS + 1);
            assertThat(r.cg("/G").nr_throttled()).isEqualTo(4);
        }
    }

    @Test
    void gb10ThrottledTimeStartsAtThePark() {
        SimRun r = SimRun.resource("/golden/gb10.json", TASK);
        // throttled_time at t=300 is 265 ms: the clock started when T parked at 35
        long unthrottle = r.times(UNTHROTTLE, null).get(0);
        assertThat(unthrottle - r.first(PARKED, "T")).isEqualTo(265 * MS);
    }

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void gb12SleeperWokenIntoThrottledGroup(Simulator.Model m) {
        SimRun r = SimRun.resource("/golden/gb12.json", m);
        assertThat(r.first(WAKE, "S")).isEqualTo(0);
        List<Long> wakes = r.times(WAKE, "S");
        assertThat(wakes.get(1)).isEqualTo(30 * MS);
        RunResult.Syscall read = r.task("S").syscalls().get(0);
        if (m == LEGACY) {
            // not runnable until the unthrottle at 100
            assertThat(read.exit_ns()).isGreaterThan(100 * MS);
            assertThat(r.task("S").throttled_ns()).isGreaterThanOrEqualTo(70 * MS);
        } else {
            assertThat(read.exit_ns()).isEqualTo(30 * MS + 200_000);
            assertThat(r.first(PARKED, "S")).isEqualTo(30 * MS + 200_000);
            int i = r.trace.firstAtOrAfter(100 * MS);
            while (r.trace.kind(i) != DISTRIBUTE) i++;
            assertThat(r.trace.argA(i)).isEqualTo(200_000 + 1); // the debt, repaid: 9.8 ms left
        }
    }

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void gb14HungTaskReportedAtThirdScan(Simulator.Model m) {
        SimRun r = SimRun.resource("/golden/gb14.json", m); // T = 1.2 s, D from 1.08 T
        assertThat(r.result.hung_tasks()).hasSize(1);
        RunResult.HungTask h = r.result.hung_tasks().get(0);
        assertThat(h.task()).isEqualTo("X");
        assertThat(h.at_ns()).isEqualTo(3600 * MS); // 3T: the scan at 2T only recorded the switch
        assertThat(h.blocked_for_s()).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void gb14WithCheckIntervalOfTwelfth(Simulator.Model m) {
        SimRun r = SimRun.resource("/golden/gb14b.json", m); // interval T/12 = 100 ms
        // first seen at 13T/12, reported at 25T/12, then again at every later scan while it stays hung
        assertThat(r.result.hung_tasks()).extracting(RunResult.HungTask::at_ns).containsExactly(2500 * MS, 2600 * MS);
    }
}
