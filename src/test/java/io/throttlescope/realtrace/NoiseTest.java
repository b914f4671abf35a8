package io.throttlescope.realtrace;

import io.throttlescope.compare.Fidelity;
import io.throttlescope.compare.KnownDifferences;
import io.throttlescope.sim.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a busy machine puts in a recording is not throttling: preemptions are told from throttles
 * by the group's refill grid, the counters are what changed during the recording, and the hung-task
 * detector is the one the recorded kernel had.
 */
class NoiseTest {
    /** A 6.18 trace of T in /G (10 ms / 100 ms) on CPU 0: throttled each period, refills 72.6 ms after its start, preempted once for 2.5 ms. */
    static String trace(boolean noise, String extraHeader) {
        List<String> l = new ArrayList<>();
        l.add(
                "# throttlescope: {\"kernel\":\"6.18.44\",\"cgroup_map\":{\"cgroups\":{\"/G\":{\"cpu.max\":\"10000 100000\"}},"
                        + "\"tasks\":{\"T-100\":\"/G\"}}" + extraHeader + "}");
        double t0 = 1.000000;
        l.add(sw(t0, "swapper/0", 0, "R", "T", 100));
        double at = t0;
        if (noise) { // a foreign task preempts T at 2 ms for 2.5 ms: not a throttle
            l.add(sw(t0 + 0.002, "T", 100, "R", "noise", 200));
            l.add(sw(t0 + 0.0045, "noise", 200, "S", "T", 100));
            at = t0 + 0.0125; // T still gets its 10 ms of quota
        } else {
            at = t0 + 0.010;
        }
        for (int k = 0; k < 5; k++) { // throttled (parked at the return to user), back at the refill
            l.add(sw(at, "T", 100, "R", "swapper/0", 0));
            double back = t0 + 0.0726 + 0.1 * k;
            l.add(sw(back, "swapper/0", 0, "R", "T", 100));
            at = back + 0.010;
        }
        l.add(sw(at, "T", 100, "S", "swapper/0", 0));
        return String.join("\n", l) + "\n";
    }

    static String sw(double ts, String prev, int prevPid, String state, String next, int nextPid) {
        return String.format(
                Locale.ROOT,
                "%16s-%-7d [000] d..2. %12.6f: sched_switch: prev_comm=%s prev_pid=%d prev_prio=120 prev_state=%s ==> "
                        + "next_comm=%s next_pid=%d next_prio=120",
                prev,
                prevPid,
                ts,
                prev,
                prevPid,
                state,
                next,
                nextPid);
    }

    /**
     * On a loaded machine a 2.5 ms preemption was inferred as a throttle, and the period phase was
     * fitted from its end (4.5 ms instead of 72.6 ms), moving the whole paired simulation. The
     * refill grid fitted from every return puts the phase at the refills and leaves the preemption out.
     */
    @Test
    void aPreemptionIsNotAThrottleAndDoesNotMoveThePhase(@TempDir Path dir) throws Exception {
        Path quiet = dir.resolve("quiet.txt"), busy = dir.resolve("busy.txt");
        Files.writeString(quiet, trace(false, ""));
        Files.writeString(busy, trace(true, ""));
        RealTrace q = RealTrace.importFile(quiet, RealTrace.Options.defaults()),
                b = RealTrace.importFile(busy, RealTrace.Options.defaults());
        assertThat(q.counts().get("inferred_throttle").getAsInt()).isEqualTo(5);
        assertThat(b.counts().get("inferred_throttle").getAsInt()).isEqualTo(5);
        assertThat(q.refillPhases).containsEntry("/G", 72_600_000L);
        assertThat(b.refillPhases).containsEntry("/G", 72_600_000L);
        // T's held-off time is the five throttles only; the preemption is runnable time
        RunResult.TaskStat t = b.run.result().tasks().values().iterator().next();
        assertThat(t.parked_ns()).isEqualTo(60_100_000L + 4 * 90_000_000L);
        assertThat(t.runnable_ns()).isEqualTo(2_500_000L);
    }

    /**
     * A preemption that ends just before the refills must not set the phase (the recording of 28: a
     * 1.1 ms preemption ended at 1.45 ms, the refills fell at 3.66 ms, and the simulation beside it lost
     * a throttle). Here T starts at 60 ms, is preempted from 68.5 to 70 ms, throttled at 71.5 ms and
     * comes back at each refill, 72.6 ms into every period.
     */
    @Test
    void aPreemptionJustBeforeTheRefillsDoesNotSetThePhase(@TempDir Path dir) throws Exception {
        List<String> l = header("\"T-100\":\"/G\"");
        double t0 = 1.0;
        l.add(sw(t0, "swapper/0", 0, "R", "other", 300));
        l.add(sw(t0 + 0.060, "other", 300, "S", "T", 100));
        l.add(sw(t0 + 0.0685, "T", 100, "R", "noise", 200));
        l.add(sw(t0 + 0.0700, "noise", 200, "S", "T", 100));
        l.add(sw(t0 + 0.0715, "T", 100, "R", "swapper/0", 0)); // 10 ms used: throttled
        refills(l, t0 + 0.0726);
        Path f = dir.resolve("early.txt");
        Files.writeString(f, String.join("\n", l) + "\n");
        RealTrace r = RealTrace.importFile(f, RealTrace.Options.defaults());
        assertThat(r.refillPhases).containsEntry("/G", 72_600_000L);
        assertThat(r.counts().get("inferred_throttle").getAsInt())
                .isEqualTo(6); // the five throttles and the one at the end; not the preemption
    }

    /**
     * A long preemption (longer than the fit's minimum wait) ending 2 ms before the refills ties with
     * them for the most periods; the earliest start won and set the phase 2 ms early. Now the start
     * must recur: the refills at 56.1 ms do, the lone preemption at 54.1 ms does not.
     */
    @Test
    void aLonePreemptionTiedWithTheRefillsDoesNotSetThePhase(@TempDir Path dir) throws Exception {
        List<String> l = header("\"T-100\":\"/G\",\"U-101\":\"/G\"");
        double t0 = 1.0;
        l.add(sw(t0, "swapper/0", 0, "R", "T", 100));
        l.add(sw(t0 + 0.010, "T", 100, "R", "swapper/0", 0));
        refills(l, t0 + 0.0561);
        // on CPU1, U (also of /G) is preempted by another task from 242 to 254.1 ms
        l.add(cpu1(sw(t0 + 0.240, "swapper/1", 0, "R", "U", 101)));
        l.add(cpu1(sw(t0 + 0.242, "U", 101, "R", "noise", 200)));
        l.add(cpu1(sw(t0 + 0.2541, "noise", 200, "S", "U", 101)));
        l.add(cpu1(sw(t0 + 0.255, "U", 101, "S", "swapper/1", 0)));
        l.sort(java.util.Comparator.comparing(
                (String x) -> x.startsWith("#") ? "" : x.substring(x.indexOf(']') + 8, x.indexOf(": sched"))));
        Path f = dir.resolve("tie.txt");
        Files.writeString(f, String.join("\n", l) + "\n");
        RealTrace r = RealTrace.importFile(f, RealTrace.Options.defaults());
        assertThat(r.refillPhases).containsEntry("/G", 56_100_000L);
        RunResult.TaskStat u = r.run.result().tasks().entrySet().stream()
                .filter(e -> e.getKey().startsWith("U"))
                .findFirst()
                .orElseThrow()
                .getValue();
        assertThat(u.runnable_ns()).isEqualTo(12_100_000L); // a preemption, not a throttle
    }

    /** A 6.18 recording's header: /G limited to 10 ms / 100 ms, these tasks in it. */
    private static List<String> header(String tasks) {
        List<String> l = new ArrayList<>();
        l.add(
                "# throttlescope: {\"kernel\":\"6.18.44\",\"cgroup_map\":{\"cgroups\":{\"/G\":{\"cpu.max\":\"10000 100000\"}},"
                        + "\"tasks\":{" + tasks + "}}}");
        return l;
    }

    /** T back on CPU0 at five refills a period apart from {@code first}, throttled again 10 ms later each time. */
    private static void refills(List<String> l, double first) {
        for (int k = 0; k < 5; k++) {
            l.add(sw(first + 0.1 * k, "swapper/0", 0, "R", "T", 100));
            l.add(sw(first + 0.010 + 0.1 * k, "T", 100, "R", "swapper/0", 0));
        }
    }

    private static String cpu1(String line) {
        return line.replace("[000]", "[001]");
    }

    /**
     * A forked task starts in its parent's cgroup: the pile-up's forkers in /G made children that the
     * import drew in "/" (the cgroup map names only the tasks the recorder started).
     */
    @Test
    void aForkedChildIsInItsParentsGroup(@TempDir Path dir) throws Exception {
        String fork = String.format(
                Locale.ROOT,
                "%16s-%-7d [000] ..... %12.6f: sched_process_fork: comm=T pid=100 child_comm=T child_pid=101",
                "T",
                100,
                1.0001);
        List<String> l = new ArrayList<>(trace(false, "").lines().toList());
        l.add(2, fork);
        l.add(3, sw(1.0002, "T", 100, "R", "T", 101));
        l.add(4, sw(1.0003, "T", 101, "X", "T", 100));
        Path f = dir.resolve("fork.txt");
        Files.writeString(f, String.join("\n", l) + "\n");
        RealTrace r = RealTrace.importFile(f, RealTrace.Options.defaults());
        var info = r.run.info();
        int child = java.util.Arrays.asList(info.tasks()).indexOf("T-101");
        assertThat(child).isGreaterThanOrEqualTo(0);
        assertThat(info.groups()[info.taskGroup()[child]]).isEqualTo("/G");
    }

    /** With fewer returns than the grid needs, nothing is filtered (the old inference stands). */
    @Test
    void tooFewReturnsLeaveTheInferenceAsItWas(@TempDir Path dir) throws Exception {
        String two = String.join("\n", trace(false, "").lines().limit(6).toList()) + "\n";
        Path f = dir.resolve("two.txt");
        Files.writeString(f, two);
        RealTrace r = RealTrace.importFile(f, RealTrace.Options.defaults());
        assertThat(r.refillPhases).isEmpty();
        assertThat(r.counts().get("inferred_throttle").getAsInt()).isEqualTo(2);
    }

    /** The counters are what changed while the recording ran: cpu.stat at its end less cpu.stat at its start. */
    @Test
    void cpuStatCountsTheRecordingOnly(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("stat.txt");
        Files.writeString(
                f,
                trace(
                        false,
                        ",\"cpu_stat\":{\"/G\":{\"nr_periods\":13,\"nr_throttled\":8,\"throttled_usec\":700000}},"
                                + "\"cpu_stat_start\":{\"/G\":{\"nr_periods\":3,\"nr_throttled\":3,\"throttled_usec\":250000}}"));
        RunResult.CgroupStat g = RealTrace.importFile(f, RealTrace.Options.defaults())
                .run
                .result()
                .cgroups()
                .get("/G");
        assertThat(g.nr_throttled()).isEqualTo(5);
        assertThat(g.nr_periods()).isEqualTo(10);
        assertThat(g.throttled_usec()).isEqualTo(450_000);
        // a recording made before the start was sampled keeps the end's counters
        Files.writeString(
                f,
                trace(
                        false,
                        ",\"cpu_stat\":{\"/G\":{\"nr_periods\":13,\"nr_throttled\":8,\"throttled_usec\":700000}}"));
        assertThat(RealTrace.importFile(f, RealTrace.Options.defaults())
                        .run
                        .result()
                        .cgroups()
                        .get("/G")
                        .nr_throttled())
                .isEqualTo(8);
    }

    /** sched_process_hang lines are the recorded kernel's reports; the row compares the tasks reported on each side. */
    @Test
    void hungTaskReportsAreARowWhereTheDetectorCouldReport() throws Exception {
        RunResult real = new RunResult(
                1,
                "s",
                "legacy",
                10_000_000_000L,
                0,
                java.util.Map.of(),
                java.util.Map.of("W", stat(), "Q", stat()),
                List.of(
                        new RunResult.HungTask("W", 4_000_000_000L, 2, 2_000_000_000L, false),
                        new RunResult.HungTask("W", 5_000_000_000L, 2, 2_000_000_000L, false),
                        new RunResult.HungTask("Q", 5_000_000_000L, 2, 2_000_000_000L, false)),
                java.util.Map.of(),
                List.of());
        RunResult none = new RunResult(
                1,
                "s",
                "task",
                10_000_000_000L,
                0,
                java.util.Map.of(),
                java.util.Map.of("W", stat(), "Q", stat()),
                List.of(),
                java.util.Map.of(),
                List.of());
        List<Fidelity.Row> watched = Fidelity.of("t", real, none, false, KnownDifferences.none(), true);
        Fidelity.Row row = watched.stream()
                .filter(r -> r.figure().startsWith("tasks reported hung"))
                .findFirst()
                .orElseThrow();
        assertThat(row.real()).isEqualTo(2);
        assertThat(row.simulated()).isZero();
        assertThat(row.within()).isFalse();
        assertThat(Fidelity.of("t", real, none, false, KnownDifferences.none(), false))
                .noneMatch(r -> r.figure().startsWith("tasks reported hung"));
    }

    private static RunResult.TaskStat stat() {
        return new RunResult.TaskStat(0, 0, 0, 0, 0, 0, 0, 0, null, List.of(), List.of());
    }
    /**
     * Issue 25: a short recording's few returns can tie on several phases. Recorded beside a busy loop,
     * 12's task came back at 193.2 ms from an 80 ms throttle and at 249.2 ms from a 40 ms wait for the
     * loop; the fit took the earliest phase, 49.2 ms, and the simulation refilled 44 ms early (244.9 ms
     * throttled against the kernel's 153.0). Of the tied phases, the one whose ended holds add up
     * closest to the kernel's throttled time is taken: 93.2 ms.
     */
    @Test
    void aTieOfPhasesIsSettledByTheKernelsThrottledTime() {
        long period = 100_000_000L;
        long[] returns = {2, 193_200_000L, 249_200_000L}, froms = {2, 113_200_000L, 209_200_000L};
        long[] fit = Inference.fit(returns, period);
        assertThat(fit[0]).isEqualTo(49_200_000L);
        assertThat(RealPair.byThrottledTime(returns, froms, period, fit, 153_000_000L))
                .isEqualTo(93_200_000L);
        // a kernel that counted 40 ms keeps the fit's
        assertThat(RealPair.byThrottledTime(returns, froms, period, fit, 40_000_000L))
                .isEqualTo(49_200_000L);
    }
}
