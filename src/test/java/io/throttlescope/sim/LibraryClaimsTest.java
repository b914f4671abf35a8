package io.throttlescope.sim;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static io.throttlescope.sim.EventKind.*;
import static io.throttlescope.sim.Simulator.Model.LEGACY;
import static io.throttlescope.sim.Simulator.Model.TASK;
import static org.assertj.core.api.Assertions.assertThat;

/** The teaching claim of every file of the shipped library (scenarios/), under both models. */
class LibraryClaimsTest {
    static final long MS = 1_000_000L;

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void seedStory(Simulator.Model m) {
        SimRun r = SimRun.library("01-seed-story-rwsem-reader.json", m);
        assertThat(r.first(LOCK_ACQUIRE, "R")).isEqualTo(15 * MS); // handed the lock while /G is throttled
        if (m == LEGACY) {
            assertThat(r.longestLockWait("W")).isEqualTo(84 * MS + 100_000); // W waits for R, who cannot run
            assertThat(r.first(LOCK_RELEASE, "R")).isEqualTo(104 * MS + 100_000); // H runs first after the unthrottle
        } else {
            assertThat(r.longestLockWait("W")).isZero();
            assertThat(r.first(PARKED, "R")).isEqualTo(15 * MS + 100_000);
        }
    }

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void pileUpReachesTheHungTaskDetectorOnlyUnderLegacy(Simulator.Model m) {
        SimRun r = SimRun.library("02-pileup-hung-task.json", m);
        if (m == LEGACY) {
            assertThat(r.result.hung_tasks()).isNotEmpty();
            assertThat(r.result.hung_tasks())
                    .allSatisfy(h -> assertThat(h.blocked_for_s()).isGreaterThanOrEqualTo(2));
            assertThat(r.result.hung_tasks())
                    .extracting(RunResult.HungTask::task)
                    .contains("Q#0", "W#1");
            assertThat(r.longestLockWait("Q")).isGreaterThan(2000 * MS); // more than the timeout
        } else {
            assertThat(r.result.hung_tasks()).isEmpty();
            assertThat(r.longestLockWait("Q")).isLessThan(10 * MS);
            assertThat(r.longestLockWait("W")).isLessThan(10 * MS);
        }
    }

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void singleTask(Simulator.Model m) {
        SimRun r = SimRun.library("03-single-task-limited.json", m);
        RunResult.CgroupStat g = r.cg("/G");
        assertThat(g.nr_periods()).isEqualTo(4);
        assertThat(g.nr_throttled()).isEqualTo(4);
        assertThat(g.usage_usec()).isEqualTo(80_000); // 20 ms of every 100 ms
        assertThat(r.times(THROTTLE, null).get(0)).isEqualTo(20 * MS + (m == TASK ? 1 : 0));
        if (m == LEGACY) assertThat(r.task("T").throttled_ns()).isEqualTo(320 * MS);
        else assertThat(r.times(PARKED, "T")).hasSize(4);
    }

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void twoCpusOnePool(Simulator.Model m) {
        SimRun r = SimRun.library("04-two-cpus-one-pool.json", m);
        assertThat(r.cg("/G").nr_throttled()).isEqualTo(3); // once per period, not per CPU
        // 2 x 90 ms per period (the run ends 1 ms after the third refill, so every throttle has ended), plus
        // CPU1's unthrottle arriving by IPI 2 us after CPU0's (ipi_latency)
        assertThat(r.cg("/G").throttled_usec()).isBetween(540_000L, 540_006L);
        assertThat(r.cg("/G").usage_usec()).isEqualTo(60_000 + 2 * 1_000 - 2); // 20 ms a period, then 1 ms on each CPU
    }

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void unevenLastSlice(Simulator.Model m) {
        SimRun r = SimRun.library("05-uneven-last-slice.json", m);
        long f = m == TASK ? 1 : 0;
        assertThat(r.times(THROTTLE, null).subList(0, 2)).containsExactly(2 * MS + f, 5 * MS + f);
        assertThat(r.cg("/G").usage_usec()).isEqualTo(21_000); // 7 ms per period
    }

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void kernelModeOverrun(Simulator.Model m) {
        SimRun r = SimRun.library("06-kernel-mode-overrun.json", m);
        RunResult.Syscall sc = r.task("T").syscalls().get(0);
        assertThat(sc.exit_ns() - sc.enter_ns()).isEqualTo(m == LEGACY ? 300 * MS : 30 * MS);
    }

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void sleeperWokenIntoThrottledGroup(Simulator.Model m) {
        SimRun r = SimRun.library("07-sleeper-woken-into-throttled-group.json", m);
        RunResult.Syscall read = r.task("S").syscalls().get(0);
        if (m == LEGACY) assertThat(read.exit_ns()).isGreaterThan(100 * MS);
        else assertThat(read.exit_ns()).isEqualTo(30 * MS + 200_000);
    }

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void slackTimerUnthrottlesEarly(Simulator.Model m) {
        SimRun r = SimRun.library("08-slack-timer.json", m);
        assertThat(r.times(SLACK_RETURN, null)).isNotEmpty();
        List<Long> timers = r.times(SLACK_TIMER, null);
        assertThat(timers).isNotEmpty();
        // an unthrottle that is not at a period boundary, at a slack timer's expiry (on the timer's CPU)
        // or when its IPI arrives on another CPU, ipi_latency (2 us) later
        assertThat(r.times(UNTHROTTLE, null)).anySatisfy(t -> {
            assertThat(t % (100 * MS)).isNotZero();
            assertThat(timers).containsAnyOf(t, t - 2_000);
        });
    }

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void burst(Simulator.Model m) {
        SimRun r = SimRun.library("09-burst.json", m);
        assertThat(r.cg("/G").nr_bursts()).isEqualTo(1);
        assertThat(r.cg("/G").burst_usec()).isEqualTo(10_000);
        // 20 ms in the first busy period (250..300), then 10 ms per period
        // (plus the 1 ms the cfs_rq kept from the slice it pulled at its first wake-up, under legacy)
        assertThat(r.times(THROTTLE, null).get(0)).isBetween(270 * MS, 271 * MS);
    }

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void nestedParentBinds(Simulator.Model m) {
        SimRun r = SimRun.library("10-nested-parent-binds.json", m);
        assertThat(r.cg("/P").nr_throttled()).isEqualTo(3);
        assertThat(r.cg("/P/A").nr_throttled()).isZero();
        assertThat(r.cg("/P/B").nr_throttled()).isZero();
        assertThat(r.cg("/P/A").local_throttled_usec()).isGreaterThan(200_000); // throttled through the parent
        assertThat(r.cg("/P").usage_usec()).isEqualTo(60_000);
        if (m == TASK) {
            // parked on their own leaf cfs_rqs' limbo lists, not on /P's
            int i = r.trace.firstAtOrAfter(0);
            for (; i < r.trace.size(); i++)
                if (r.trace.kind(i) == PARKED)
                    assertThat(r.sim.groupPath(r.trace.group(i))).isIn("/P/A", "/P/B");
        }
    }

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void kthreadInLimitedGroup(Simulator.Model m) {
        SimRun r = SimRun.library("11-kthread-in-limited-group.json", m);
        assertThat(r.times(TASK_WORK_ADDED, "K")).isEmpty();
        assertThat(r.times(PARKED, "K")).isEmpty();
        if (m == LEGACY) {
            assertThat(r.task("K").throttled_ns()).isPositive(); // throttled like any task
            assertThat(r.cg("/G").usage_usec()).isEqualTo(40_000); // 10 ms per period
        } else {
            assertThat(r.task("K").parked_ns()).isZero();
            assertThat(r.task("K").cpu_ns()).isGreaterThan(200 * MS); // it escapes the quota
            assertThat(r.times(PARKED, "U")).hasSize(1); // and U stays parked
            assertThat(r.times(UNPARKED, "U")).isEmpty();
        }
    }

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void affinityChangeOfParkedTask(Simulator.Model m) {
        SimRun r = SimRun.library("12-parked-task-affinity-change.json", m);
        assertThat(r.first(MIGRATE, "T")).isEqualTo(50 * MS);
        int i = r.trace.firstAtOrAfter(50 * MS);
        while (r.trace.kind(i) != THROTTLE) i++;
        assertThat(r.trace.cpu(i)).isEqualTo(1); // throttled again, now on CPU1
        if (m == TASK) {
            assertThat(r.times(UNPARKED, "T").get(0)).isEqualTo(50 * MS); // fast path: un-parked on CPU1
            assertThat(r.times(PARKED, "T").get(1)).isEqualTo(50 * MS + 1); // ran its 1 ns, parked on CPU1's list
        } else {
            assertThat(r.trace.time(i)).isEqualTo(50 * MS); // check_enqueue_throttle at once
        }
        // from 100 ms it runs on CPU1, once the IPI of the period timer (pinned to CPU0) arrives 2 us later
        int s = r.trace.firstAtOrAfter(100 * MS);
        while (!(r.trace.kind(s) == SWITCH && r.trace.task(s) == r.taskId("T"))) s++;
        assertThat(r.trace.cpu(s)).isEqualTo(1);
        assertThat(r.trace.time(s)).isEqualTo(100 * MS + 2_000);
    }

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void cgroupMoveOfParkedTask(Simulator.Model m) {
        SimRun r = SimRun.library("13-parked-task-cgroup-move.json", m);
        assertThat(r.cg("/H").usage_usec()).isEqualTo(20_000); // ran in /H from 40 to 60 ms
        if (m == TASK) {
            assertThat(r.times(UNPARKED, "T").get(0)).isEqualTo(40 * MS);
            assertThat(r.times(PARKED, "T").get(1)).isEqualTo(60 * MS); // moved back into throttled /G
        } else {
            assertThat(r.task("T").throttled_ns()).isEqualTo(160 * MS); // 10..40 and 60..100 and 110..200
        }
    }

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void writingCpuMaxUnthrottles(Simulator.Model m) {
        SimRun r = SimRun.library("14-write-cpu-max-while-throttled.json", m);
        assertThat(r.times(UNTHROTTLE, null).get(0)).isEqualTo(40 * MS);
        assertThat(r.cg("/G").usage_usec()).isEqualTo(160_000); // 10 + 50 + 50 + 50
    }

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void containerThrottledFarBelowQuota(Simulator.Model m) {
        SimRun r = SimRun.library("15-container-throttling.json", m);
        RunResult.CgroupStat c = r.cg("/container");
        long quotaUsec = 20_000 * 20; // 20 periods of 20 ms in 2 s
        assertThat(c.usage_usec() * 100 / quotaUsec).isLessThanOrEqualTo(40); // average use 40% of the quota
        assertThat(c.nr_throttled()).isPositive();
        // each request needs 4 ms of wall time on 8 CPUs, but the threads are held off for tens of ms
        assertThat(c.nr_throttled()).isGreaterThanOrEqualTo(4); // at every request
        assertThat(r.sum("worker", t -> t.throttled_ns() + t.parked_ns()))
                .isGreaterThan(8 * 4 * 20 * MS); // on average 20 ms a thread a request
    }

    @Test
    void hackbenchAndNetperfShowNoClearDifference() {
        for (String f : List.of("16-hackbench-1-group.json", "19-hackbench-16-groups-50pct-quota.json")) {
            long l = lastExit(SimRun.library(f, LEGACY)), t = lastExit(SimRun.library(f, TASK));
            assertThat(Math.abs(l - t) * 100.0 / l).as(f).isLessThan(5.0);
        }
        for (String f : List.of("20-udp-rr-25pct.json", "24-udp-rr-100pct-50pct-quota.json")) {
            long l = SimRun.library(f, LEGACY).sum("client", t -> t.syscalls().size());
            long t = SimRun.library(f, TASK).sum("client", x -> x.syscalls().size());
            assertThat(Math.abs(l - t) * 100.0 / l).as(f).isLessThan(5.0);
        }
    }

    @Test
    void quotaHalvesHackbenchThroughput() {
        long free = lastExit(SimRun.library("18-hackbench-16-groups.json", TASK));
        long half = lastExit(SimRun.library("19-hackbench-16-groups-50pct-quota.json", TASK));
        assertThat(half).isGreaterThan(free * 3 / 2);
    }

    @Test
    void manyLeafCgroupsCostTheTaskBasedModelThroughput() {
        SimRun l = SimRun.library("25-many-leaf-cgroups.json", LEGACY),
                t = SimRun.library("25-many-leaf-cgroups.json", TASK);
        assertThat(t.times(PARKED, null).size()).isGreaterThan(500); // parked one by one
        // the tasks' exact mode split (cpu.stat's user/system are tick samples, see KernelRulesTest)
        assertThat(l.sum("", RunResult.TaskStat::user_ns) - t.sum("", RunResult.TaskStat::user_ns))
                .isGreaterThan(30 * MS); // > 3% of the work lost
        assertThat(t.sum("", RunResult.TaskStat::kernel_ns))
                .isGreaterThan(4 * l.sum("", RunResult.TaskStat::kernel_ns));
    }

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void asyncUnthrottleRefused(Simulator.Model m) {
        SimRun r = SimRun.library("26-async-unthrottle-refused.json", m);
        if (m == TASK) {
            assertThat(r.times(UNTHROTTLE_REFUSED, null)).containsExactly(100 * MS + 1_000);
            assertThat(r.first(UNPARKED, "K")).isEqualTo(200 * MS + 1_000); // a whole period more parked
        } else {
            assertThat(r.times(UNTHROTTLE_REFUSED, null)).isEmpty();
            assertThat(r.first(PICK, "K", 99 * MS)).isEqualTo(100 * MS + 1_000);
        }
    }

    /** 27: the writer outside /G stalls a whole period behind a throttled forker (legacy); under 6.18 it never waits a millisecond. */
    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void pileupMadeForRecording(Simulator.Model m) {
        SimRun r = SimRun.library("27-pileup-for-recording.json", m);
        if (m == TASK) {
            assertThat(r.longestLockWait("W")).isLessThan(MS);
            assertThat(r.result.hung_tasks()).isEmpty();
        } else {
            assertThat(r.longestLockWait("W")).isGreaterThan(900 * MS);
            assertThat(r.longestLockWait("Q")).isGreaterThan(900 * MS); // the readers outside wait behind the writer
        }
    }

    /** 28: 50 ms of work at 10 ms a period, periods starting with the job: four throttles, the exit in the fifth period. */
    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void freshGroupJob(Simulator.Model m) {
        SimRun r = SimRun.library("28-fresh-group-hog.json", m);
        assertThat(r.result.tasks().get("job").cpu_ns()).isEqualTo(50 * MS);
        assertThat(r.result.tasks().get("job").exited_ns()).isBetween(400 * MS, 411 * MS);
        assertThat(r.result.cgroups().get("/G").nr_throttled())
                .isEqualTo(
                        m == TASK
                                ? 4
                                : 5); // legacy: also throttled at the instant its last slice of quota runs out, which
        // is when it exits
    }

    private static long lastExit(SimRun r) {
        long m = 0;
        for (RunResult.TaskStat t : r.result.tasks().values()) {
            assertThat(t.exited_ns()).isNotNull();
            m = Math.max(m, t.exited_ns());
        }
        return m;
    }
}
