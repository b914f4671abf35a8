package io.throttlescope.sim;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import static io.throttlescope.sim.EventKind.*;
import static io.throttlescope.sim.Simulator.Model.LEGACY;
import static io.throttlescope.sim.Simulator.Model.TASK;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Golden tests of the kernel rules issue 9 brought in, each with numbers worked by hand from the
 * kernel code (fair.c and core.c of v6.17 / v6.18, kernel/locking/mutex.c, kernel/sched/cputime.c).
 */
class KernelRulesTest {
    static final long MS = 1_000_000L, US = 1_000L;

    // ------------------------------------------------------------------ 1. mutex.c

    /**
     * O (root, CPU1) holds m 5..15, 20..30, ...; M (in /G with the hog H, CPU0) asks for it at 8 and
     * sleeps. At 15 O's unlock frees m and wakes M. Legacy: /G is throttled (since 10), M cannot
     * run, so O takes the free mutex again at 20 with no wait (lock stealing); at 104 M runs (H was
     * queued first at the unthrottle and keeps the CPU until the tick sees its slice end), finds m
     * owned by O, sets MUTEX_FLAG_HANDOFF and sleeps; O's unlock at 105 hands m to M directly.
     * Task-based: M runs at 15 in the kernel, takes m itself, releases it at 15.1, then parks.
     */
    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void mutexUnlockWakesTheWaiterAndANewcomerMayTakeItFirst(Simulator.Model m) {
        SimRun r = SimRun.resource("/golden/mutex-steal.json", m);
        assertThat(r.times(LOCK_ACQUIRE, "O")).startsWith(5 * MS, 20 * MS, 35 * MS);
        assertThat(r.task("O").lock_waits()).isEmpty(); // never waits: 0, not 80 ms
        assertThat(r.first(WAKE, "M", 9 * MS)).isEqualTo(15 * MS); // woken by the unlock, not given the lock
        if (m == LEGACY) {
            assertThat(r.times(LOCK_ACQUIRE, "M")).containsExactly(105 * MS);
            int i = indexOf(r, LOCK_ACQUIRE, "M");
            assertThat(r.trace.argA(i)).isEqualTo(1); // handed over: the HANDOFF flag was set
            assertThat(r.first(BLOCK, "M", 100 * MS)).isEqualTo(104 * MS); // ran, found it owned, slept again
            assertThat(r.first(LOCK_RELEASE, "M")).isEqualTo(105 * MS + 100 * US);
            assertThat(r.task("M").lock_waits().get(0).acquired_ns()).isEqualTo(105 * MS);
        } else {
            assertThat(r.times(LOCK_ACQUIRE, "M")).containsExactly(15 * MS);
            assertThat(r.trace.argA(indexOf(r, LOCK_ACQUIRE, "M"))).isZero(); // took it itself
            assertThat(r.first(PARKED, "M")).isEqualTo(15 * MS + 100 * US);
        }
    }

    // ------------------------------------------------------------------ 2. calc_group_shares

    /**
     * /G (cpu.weight 100, shares 1024) runs A on CPU0 and B on CPU1; R in the root shares CPU0 with A.
     * calc_group_shares() gives /G's entity on CPU0 1024 x 1024 / (1024 + 1024) = 512, so R (1024)
     * gets 2/3 of CPU0 and A 1/3 (not 1/2 each, as a group entity of full weight would give).
     */
    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void aGroupBusyOnTwoCpusWeighsHalfOnEach(Simulator.Model m) {
        String json = """
            { "format": 1, "name": "shares", "duration": "300ms", "kernel": { "cpus": 2, "hz": 250, "accounting": "exact" },
              "cgroups": { "/G": { } },
              "tasks": [ { "name": "A", "cgroup": "/G", "cpus": "0", "program": [ { "loop": [ { "user": "1ms" } ] } ] },
                         { "name": "B", "cgroup": "/G", "cpus": "1", "program": [ { "loop": [ { "user": "1ms" } ] } ] },
                         { "name": "R", "cpus": "0", "program": [ { "loop": [ { "user": "1ms" } ] } ] } ] }
            """;
        SimRun r = SimRun.json(json, m);
        long slice = 1_400_000; // EEVDF's base slice on 2 CPUs: 0.7 ms x (1 + ilog2(2))
        assertThat(r.task("R").cpu_ns()).isCloseTo(200 * MS, org.assertj.core.data.Offset.offset(slice));
        assertThat(r.task("A").cpu_ns()).isCloseTo(100 * MS, org.assertj.core.data.Offset.offset(slice));
        assertThat(r.task("B").cpu_ns()).isEqualTo(300 * MS);
        assertThat(Fair.calcGroupShares(r.sim.groupCfsRq("/G", 0))).isEqualTo(512);
    }

    // ------------------------------------------------------------------ 3. charging points

    /**
     * 1 CPU, HZ=250 (ticks every 4 ms), tick accounting, /G 20 ms / 100 ms, a user loop; cpu.max
     * rewritten (same value) at 14 ms. tg_set_cfs_bandwidth() does not charge the running task:
     * runtime_remaining is reset and the 2 ms pending since the tick at 12 land on the new budget at
     * 16. Legacy: 0 -> pull 5 (pool 15); 8: -3 -> pull 8 (pool 7); 14: pool 20, local 0; 16: -4 ->
     * pull 9 (pool 11); 24: -3 -> pull 8 (pool 3); 32: -3 -> pull 3 -> 0: throttled at 32 (not 28).
     * Task-based starts at 1 ns, so its pulls are 1 ns smaller and it throttles one tick later.
     */
    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void aCpuMaxWriteDoesNotChargeTheRunningTask(Simulator.Model m) {
        SimRun r = SimRun.resource("/golden/write-mid-tick.json", m);
        List<Long> pulls = amounts(r, SLICE_PULL, 14 * MS);
        if (m == LEGACY) {
            assertThat(pulls).containsExactly(9 * MS, 8 * MS, 3 * MS);
            assertThat(r.times(THROTTLE, null)).containsExactly(32 * MS);
        } else {
            assertThat(pulls).containsExactly(9 * MS - 1, 8 * MS, 3 * MS + 1);
            assertThat(r.times(THROTTLE, null)).containsExactly(36 * MS);
        }
    }

    /**
     * A wake-up only charges the cfs_rqs it enqueues into (enqueue_entity() calls update_curr() there):
     * W (root, nice 19, so it does not preempt) wakes at 7 ms while /G's 3 ms since the tick at 4 are
     * uncharged and its local runtime is 1 ms. The root level is updated, /G's is not: no pull at 7; the
     * tick at 8 charges 4 ms and pulls 8 ms (legacy: 5 ms at 0, runtime 1 ms after the tick at 4).
     */
    @Test
    void aWakeUpChargesOnlyTheLevelsItEnqueuesInto() {
        String json = """
            { "format": 1, "name": "wake", "duration": "10ms",
              "kernel": { "cpus": 1, "hz": 250, "accounting": "tick" },
              "cgroups": { "/G": { "cpu.max": "20000 100000" } },
              "tasks": [ { "name": "T", "cgroup": "/G", "program": [ { "loop": [ { "user": "1ms" } ] } ] },
                         { "name": "W", "nice": 19, "start": "7ms", "program": [ { "user": "10us" } ] } ] }
            """;
        SimRun r = SimRun.json(json, LEGACY);
        assertThat(r.times(WAKE, "W")).containsExactly(7 * MS);
        assertThat(r.times(SLICE_PULL, null)).containsExactly(0L, 8 * MS);
        assertThat(amounts(r, SLICE_PULL, 0)).containsExactly(5 * MS, 8 * MS);
    }

    // ------------------------------------------------------------------ 4. distribution

    /**
     * Task-based, tick accounting: H throttles /G at 12 (runtime -2 ms + 1 ns) and parks; K, asleep
     * inside read(), wakes at 100 into the throttled /G, is picked with the task work and runs in the
     * kernel. At the refill at 102 the 2 ms K ran since the tick at 100 are not charged yet
     * (distribute_cfs_runtime() and unthrottle_cfs_rq() never call update_curr()): the distribution
     * gives exactly 2 ms, the local runtime becomes 1 ns, and the unthrottle goes through.
     */
    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void distributionTopsUpTheStaleLocalRuntime(Simulator.Model m) {
        SimRun r = SimRun.resource("/golden/stale-distribute.json", m);
        assertThat(amounts(r, DISTRIBUTE, 0)).containsExactly(m == TASK ? 2 * MS : MS + 1);
        assertThat(r.times(UNTHROTTLE, null)).containsExactly(102 * MS);
        assertThat(r.times(UNTHROTTLE_REFUSED, null)).isEmpty();
        if (m == TASK) assertThat(r.times(UNPARKED, "H")).containsExactly(102 * MS);
    }

    // ------------------------------------------------------------------ 6. order of events at a pick

    @Test
    void theTaskWorkIsAddedAfterThePick() {
        SimRun r = SimRun.resource("/golden/gb1.json", TASK);
        int work = indexOf(r, TASK_WORK_ADDED, "T");
        assertThat(r.trace.kind(work - 1)).isEqualTo(PICK);
        assertThat(r.trace.task(work - 1)).isEqualTo(r.taskId("T"));
    }

    // ------------------------------------------------------------------ 7. step ends

    /**
     * How a task's work is cut into steps is not visible to the kernel: splitting the hog's user loop
     * of 01 into 0.7 ms, 1 ms or 3 ms steps gives the same schedule. R wakes at 8 ms and runs at once
     * (its deadline, 8.7 ms, is earlier than H's, renewed to 9.4 ms by the update_curr() of the wake-up).
     */
    @ParameterizedTest
    @ValueSource(strings = {"700us", "3ms", "250us"})
    void stepEndsAreNoSchedulingPoints(String step) throws Exception {
        String base = Files.readString(Path.of("scenarios/01-seed-story-rwsem-reader.json"));
        String split = base.replace(
                "{ \"loop\": [ { \"user\": \"1ms\" } ] }", "{ \"loop\": [ { \"user\": \"" + step + "\" } ] }");
        assertThat(split).isNotEqualTo(base);
        for (Simulator.Model m : Simulator.Model.values()) {
            SimRun a = SimRun.json(base, m), b = SimRun.json(split, m);
            EventKind[] kinds = {
                PICK, SWITCH, PREEMPT, THROTTLE, UNTHROTTLE, PARKED, UNPARKED, LOCK_ACQUIRE, LOCK_RELEASE
            };
            assertThat(b.events(kinds)).isEqualTo(a.events(kinds));
            assertThat(a.first(PICK, "R")).isEqualTo(8 * MS);
        }
    }

    // ------------------------------------------------------------------ 5. refused writes

    /**
     * tg_set_cfs_bandwidth() checks a write against the settings in force: a burst of 20 ms is
     * refused (EINVAL) while the quota is 10 ms, a 0.5 ms quota is below the minimum; both change
     * nothing. Once the quota is 20 ms the same burst write is accepted.
     */
    @Test
    void aWriteTheKernelRefusesFailsWithEinvalAndChangesNothing() {
        String json = """
            { "format": 1, "name": "writes", "duration": "20ms", "kernel": { "accounting": "exact" },
              "cgroups": { "/G": { "cpu.max": "10000 100000" } },
              "tasks": [ { "name": "T", "cgroup": "/G", "program": [ { "loop": [ { "user": "1ms" } ] } ] } ],
              "actions": [
                { "at": "5ms", "write": { "cgroup": "/G", "file": "cpu.max.burst", "value": "20000" } },
                { "at": "6ms", "write": { "cgroup": "/G", "file": "cpu.max", "value": "500 100000" } },
                { "at": "7ms", "write": { "cgroup": "/G", "file": "cpu.max", "value": "20000 100000" } },
                { "at": "8ms", "write": { "cgroup": "/G", "file": "cpu.max.burst", "value": "20000" } } ] }
            """;
        for (Simulator.Model m : Simulator.Model.values()) {
            SimRun r = SimRun.json(json, m);
            List<Long> errnos = amounts(r, CGROUP_WRITE, 0);
            assertThat(errnos).containsExactly(22L, 22L, 0L, 0L);
            assertThat(r.times(REFILL, null)).containsExactly(0L, 7 * MS, 8 * MS);
            // the refused writes did not refill; the accepted ones did (a cpu.max.burst write refills too)
            int i = indexOf(r, CGROUP_WRITE, null);
            assertThat(r.sim.strings().get(r.trace.text(i))).contains("refused", "larger than the quota 10000us");
        }
    }

    // ------------------------------------------------------------------ 8. exit takes time

    /**
     * T runs 9 ms in user mode, then exits with 5 ms of kernel work; /G allows 10 ms a period.
     * Legacy: the throttle at 10 ms takes /G off the CPU in the middle of do_exit(); T finishes at
     * 104 ms. Task-based: PF_EXITING tasks never get the task work: T runs on into 4 ms of debt
     * and is gone at 14 ms.
     */
    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void anExitingTaskIsNeverParkedButLegacyThrottlesItMidExit(Simulator.Model m) {
        String json = """
            { "format": 1, "name": "exit", "duration": "200ms", "kernel": { "accounting": "exact" },
              "cgroups": { "/G": { "cpu.max": "10000 100000" } },
              "tasks": [ { "name": "T", "cgroup": "/G", "program": [ { "user": "9ms" }, { "exit": "5ms" } ] } ] }
            """;
        SimRun r = SimRun.json(json, m);
        assertThat(r.times(EXITING, "T")).containsExactly(9 * MS);
        assertThat(r.task("T").kernel_ns()).isEqualTo(5 * MS);
        if (m == LEGACY) {
            assertThat(r.first(THROTTLE, null)).isEqualTo(10 * MS);
            assertThat(r.times(EXIT, "T")).containsExactly(104 * MS);
            assertThat(r.task("T").throttled_ns()).isEqualTo(90 * MS);
        } else {
            assertThat(r.first(THROTTLE, null)).isEqualTo(10 * MS + 1);
            assertThat(r.times(TASK_WORK_ADDED, null)).isEmpty();
            assertThat(r.times(PARKED, null)).isEmpty();
            assertThat(r.times(EXIT, "T")).containsExactly(14 * MS);
        }
    }

    // ------------------------------------------------------------------ 9. cputime

    /**
     * cpu.stat's user_usec and system_usec come from whole ticks charged to the mode the tick
     * interrupted (account_process_tick()), scaled so they sum to the exact usage (cputime_adjust()).
     * 1 CPU, HZ=250; T alternates 3 ms in user mode and 3 ms in a syscall from 0.5 ms: of the ticks at
     * 4, 8, ..., 40 ms, those at 8, 20 and 32 hit user mode, seven hit the kernel. Usage 39.5 ms:
     * system = 39.5 x 7/10 = 27.65 ms, user = 11.85 ms, though T spent 21 ms in user mode.
     */
    @Test
    void userAndSystemTimeAreTickSampledAndScaledToTheExactUsage() {
        String json = """
            { "format": 1, "name": "cputime", "duration": "40ms", "kernel": { "hz": 250, "accounting": "exact" },
              "cgroups": { "/G": { } },
              "tasks": [ { "name": "T", "cgroup": "/G", "start": "500us", "program": [ { "loop": [
                  { "user": "3ms" }, { "syscall": "read", "do": [ { "kernel": "3ms" } ] } ] } ] } ] }
            """;
        for (Simulator.Model m : Simulator.Model.values()) {
            SimRun r = SimRun.json(json, m);
            RunResult.CgroupStat g = r.cg("/G");
            assertThat(g.usage_usec()).isEqualTo(39_500);
            assertThat(g.system_usec()).isEqualTo(27_650);
            assertThat(g.user_usec()).isEqualTo(11_850);
            assertThat(r.task("T").user_ns()).isEqualTo(21 * MS); // the task's own split stays exact
            assertThat(r.task("T").kernel_ns()).isEqualTo(18_500_000);
        }
    }

    @Test
    void cputimeAdjustGivesEverythingToTheOnlyModeSampled() {
        assertThat(RunResult.cputimeAdjust(39_800_000, 0, 40_000_000)).containsExactly(0, 39_800_000);
        assertThat(RunResult.cputimeAdjust(39_800_000, 40_000_000, 0)).containsExactly(39_800_000, 0);
        assertThat(RunResult.cputimeAdjust(10, 1, 2)).containsExactly(4, 6); // stime = 2 x 10 / 3 = 6 (truncated)
    }

    // ------------------------------------------------------------------ 10. DELAY_DEQUEUE

    /**
     * Legacy, tick accounting, /G 3 ms / 100 ms on 1 CPU. A runs 2 ms and sleeps: B (vruntime 0) has
     * not run, so A (vruntime 2 ms, above the average 1 ms) is not eligible and DELAY_DEQUEUE keeps it
     * queued. B runs 1.5 ms and sleeps at 3.5 ms: the charge puts /G 0.5 ms into debt and
     * put_prev_entity() throttles it. throttle_cfs_rq() starts throttled_clock only if the cfs_rq has
     * entities: with A still queued (delayed) it starts at 3.5 ms, and the unthrottle at 100 ms adds
     * 96.5 ms; without delayed dequeue the cfs_rq is empty, the clock starts at A's wake-up at 52 ms
     * and only 48 ms are added.
     */
    @Test
    void delayedDequeueKeepsASleeperQueuedAndStartsTheLegacyThrottledClock() {
        String json = """
            { "format": 1, "name": "delay", "duration": "100ms", "kernel": { "cpus": 1, "hz": 250, "accounting": "tick", "delay_dequeue": DD },
              "cgroups": { "/G": { "cpu.max": "3000 100000" } },
              "tasks": [ { "name": "A", "cgroup": "/G", "program": [ { "user": "2ms" }, { "sleep": "50ms" }, { "user": "1ms" } ] },
                         { "name": "B", "cgroup": "/G", "program": [ { "user": "1500us" }, { "sleep": "50ms" }, { "user": "1ms" } ] } ] }
            """;
        SimRun on = SimRun.json(json.replace("DD", "true"), LEGACY),
                off = SimRun.json(json.replace("DD", "false"), LEGACY);
        for (SimRun r : List.of(on, off)) assertThat(r.times(THROTTLE, null)).containsExactly(3_500 * US);
        assertThat(on.cg("/G").throttled_usec()).isEqualTo(96_500);
        assertThat(off.cg("/G").throttled_usec()).isEqualTo(48_000);
        // 6.18 starts the clock when the first task is parked: A, woken at 52 ms (requeued in place when it
        // was delayed), is picked with the task work and parks on its return to user, either way
        for (String dd : List.of("true", "false")) {
            SimRun t = SimRun.json(json.replace("DD", dd), TASK);
            assertThat(t.first(PARKED, "A")).isEqualTo(52 * MS);
            assertThat(t.cg("/G").throttled_usec()).isEqualTo(48_000);
        }
    }

    // ------------------------------------------------------------------ 11. RUN_TO_PARITY, PLACE_REL_DEADLINE

    /**
     * 1 CPU, HZ=250, two hogs and W (0.5 ms of work, 2.2 ms of sleep, from 0.1 ms). At 16.1 ms W wakes
     * with vruntime 4.85 ms and deadline 5.55 ms, the earliest eligible deadline; H2, picked at the
     * tick at 16 ms with vruntime 6.2 ms and deadline 6.9 ms, is still eligible and inside the slice it
     * was picked with (vprot 6.9 ms). With RUN_TO_PARITY __pick_eevdf(protect) returns H2, so W waits
     * for the next tick (20 ms; H2's slice ended at 16.7 ms but update_curr() sees it there);
     * without RUN_TO_PARITY the minimum quantum protects H2 just as long on one CPU.
     */
    @Test
    void runToParityKeepsCurrentUntilItsSliceEnds() {
        String json = """
            { "format": 1, "name": "parity", "duration": "20ms", "kernel": { "cpus": 1, "hz": 250, "accounting": "exact", "delay_dequeue": false, "run_to_parity": RP },
              "tasks": [ { "name": "H", "program": [ { "loop": [ { "user": "1ms" } ] } ] },
                         { "name": "H2", "program": [ { "loop": [ { "user": "1ms" } ] } ] },
                         { "name": "W", "start": "100us", "program": [ { "loop": [ { "user": "500us" }, { "sleep": "2200us" } ] } ] } ] }
            """;
        for (Simulator.Model m : Simulator.Model.values()) { // no bandwidth: the same under both models
            SimRun on = SimRun.json(json.replace("RP", "true"), m), off = SimRun.json(json.replace("RP", "false"), m);
            assertThat(on.times(WAKE, "W")).contains(16_100 * US);
            assertThat(on.first(PICK, "W", 16 * MS)).isEqualTo(20 * MS);
            // without it the running task still keeps a minimum quantum, min(0.7 ms normalized, its slice): on one CPU
            // that is the whole slice, so W waits for the tick as well (set_protect_slice(), v6.17)
            assertThat(off.first(PICK, "W", 16 * MS)).isEqualTo(20 * MS);
        }
    }

    /** PLACE_REL_DEADLINE: a queued task moved to another CPU keeps deadline - vruntime; without it, it gets a fresh slice. */
    @Test
    void aMigratedTaskKeepsItsRelativeDeadline() {
        String json = """
            { "format": 1, "name": "rel", "duration": "10ms", "kernel": { "cpus": 2, "hz": 250, "accounting": "exact", "place_rel_deadline": REL },
              "tasks": [ { "name": "A", "cpus": "0", "program": [ { "loop": [ { "user": "1ms" } ] } ] },
                         { "name": "B", "cpus": "0", "program": [ { "loop": [ { "user": "1ms" } ] } ] },
                         { "name": "C", "cpus": "1", "program": [ { "loop": [ { "user": "1ms" } ] } ] } ] }
            """;
        for (boolean rel : new boolean[] {true, false}) {
            SimRun r = SimRun.json(json.replace("REL", String.valueOf(rel)), LEGACY);
            Task queued = null;
            for (Task t : r.sim.tasks) if (t.state == TaskState.RUNNABLE && t.cpu.id == 0) queued = t;
            assertThat(queued).isNotNull();
            queued.se.deadline = queued.se.vruntime + 123_456; // part of its slice used up
            long relBefore = queued.se.deadline - queued.se.vruntime;
            queued.cpus = new long[] {0b11};
            r.sim.life.moveQueued(queued, r.sim.cpus[1]);
            long relAfter = queued.se.deadline - queued.se.vruntime;
            if (rel) assertThat(relAfter).isEqualTo(relBefore);
            else assertThat(relAfter).isEqualTo(r.sim.fair.baseSlice); // place_entity(): a fresh slice
        }
    }

    // ------------------------------------------------------------------ 12. asynchronous unthrottle

    /**
     * Scenario 26: the period timer runs on CPU0. At the refill (99.999 ms) the throttled cfs_rqs (in
     * throttle order) get exactly their debt + 1 ns; CPU0's own is unthrottled after the loop,
     * CPU1's by an IPI 2 us later. Task-based: D runs in the kernel on CPU1 since 99.5 ms; the tick
     * at 100 ms charges its 0.5 ms, so when the IPI arrives runtime_remaining is 1 ns - 0.5 ms and
     * unthrottle_cfs_rq() refuses: K stays parked until the next refill's IPI at 200.001 ms.
     * Legacy: D could not run, nothing was charged, CPU1 is unthrottled at 100.001 ms.
     */
    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void aRemoteUnthrottleArrivesByIpiAndMayBeRefused(Simulator.Model m) throws Exception {
        SimRun r = SimRun.library("26-async-unthrottle-refused.json", m);
        long refill = 99_999 * US;
        String first = m == TASK ? "cpu1" : "cpu0", second = m == TASK ? "cpu0" : "cpu1"; // throttle order
        assertThat(r.events(DISTRIBUTE, UNTHROTTLE, UNTHROTTLE_REFUSED).subList(0, 4))
                .containsExactly(
                        refill + " distribute " + first + " -",
                        refill + " distribute " + second + " -",
                        refill + " unthrottle cpu0 -",
                        (100 * MS + 1000) + (m == TASK ? " unthrottle_refused cpu1 -" : " unthrottle cpu1 -"));
        if (m == TASK) {
            int i = indexOf(r, UNTHROTTLE_REFUSED, null);
            assertThat(r.trace.argA(i)).isEqualTo(1 - 500 * US);
            assertThat(r.first(UNPARKED, "K")).isEqualTo(200 * MS + 1000);
        } else {
            assertThat(r.first(PICK, "K", 99 * MS)).isEqualTo(100 * MS + 1000);
        }
        // with an instant IPI the tick comes too late to matter: no refusal
        String instant = Files.readString(Path.of("scenarios/26-async-unthrottle-refused.json"))
                .replace("\"ipi_latency\": \"2us\"", "\"ipi_latency\": \"0us\"");
        SimRun z = SimRun.json(instant, m);
        assertThat(z.times(UNTHROTTLE_REFUSED, null)).isEmpty();
        assertThat(z.times(UNTHROTTLE, null)).startsWith(refill, refill);
    }

    // ------------------------------------------------------------------ helpers

    static int indexOf(SimRun r, EventKind k, String task) {
        int id = task == null ? -2 : r.taskId(task);
        for (int i = 0; i < r.trace.size(); i++)
            if (r.trace.kind(i) == k && (id == -2 || r.trace.task(i) == id)) return i;
        throw new AssertionError("no " + k + " for " + task);
    }

    static List<Long> amounts(SimRun r, EventKind k, long from) {
        List<Long> out = new java.util.ArrayList<>();
        for (int i = 0; i < r.trace.size(); i++)
            if (r.trace.kind(i) == k && r.trace.time(i) >= from) out.add(r.trace.argA(i));
        return out;
    }
}
