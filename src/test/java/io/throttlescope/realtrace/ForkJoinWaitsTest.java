package io.throttlescope.realtrace;

import io.throttlescope.compare.KnownDifferences;
import io.throttlescope.sim.TaskState;
import java.util.Locale;
import org.junit.jupiter.api.Test;

import static io.throttlescope.realtrace.TraceLines.imported;
import static io.throttlescope.realtrace.TraceLines.sw;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 25: a worker makes a fork as a thread started and joined, so it sleeps while the thread runs and
 * the thread wakes it; the waits for a CPU that follow are counted from the trace (ChildWakes), and they
 * explain a task's "switched out while runnable" only where taking them away brings it within tolerance.
 */
class ForkJoinWaitsTest {
    private static String line(String task, String cpu, double ts, String event, String fields) {
        return TraceLines.line(task, Integer.parseInt(cpu), ts, event, fields);
    }

    private static String wake(String comm, int pid) {
        return TraceLines.wake(comm, pid, 1);
    }

    /**
     * Q (pid 10) forks C (11) and sleeps in the join; C's exit wakes Q while W (12) runs: Q waits 300 us.
     * Then W's timer wakes Q while W runs (a wake by a task that is not Q's child): Q waits 500 us,
     * which is not counted. Then C2 (13), a child of W, wakes Q: not Q's child, not counted.
     */
    private static RealTrace trace() throws Exception {
        StringBuilder b = new StringBuilder();
        b.append(line("Q-10", "001", 1.000000, "sched_switch", sw("swapper/1", 0, "R", "Q", 10)));
        b.append(line("Q-10", "001", 1.000100, "sched_process_fork", "comm=Q pid=10 child_comm=Q child_pid=11"));
        b.append(line("Q-10", "001", 1.000100, "sched_wakeup_new", wake("Q", 11)));
        b.append(line("Q-10", "001", 1.000200, "sched_switch", sw("Q", 10, "S", "Q", 11)));
        b.append(line("clone-11", "001", 1.000300, "sched_wakeup", wake("W", 12)));
        b.append(line("clone-11", "001", 1.000400, "sched_wakeup", wake("Q", 10))); // the child's exit wakes Q
        b.append(line("clone-11", "001", 1.000500, "sched_switch", sw("clone", 11, "X", "W", 12)));
        b.append(line("W-12", "001", 1.000700, "sched_switch", sw("W", 12, "S", "Q", 10))); // Q waited 300 us
        b.append(line("Q-10", "001", 1.000800, "sched_switch", sw("Q", 10, "S", "W", 12)));
        b.append(line("W-12", "001", 1.001000, "sched_wakeup", wake("Q", 10))); // W wakes Q: not its child
        b.append(line("W-12", "001", 1.001500, "sched_switch", sw("W", 12, "S", "Q", 10))); // 500 us, not counted
        b.append(line("Q-10", "001", 1.001600, "sched_switch", sw("Q", 10, "S", "W", 12)));
        b.append(line("W-12", "001", 1.001700, "sched_process_fork", "comm=W pid=12 child_comm=W child_pid=13"));
        b.append(line("W-12", "001", 1.001700, "sched_switch", sw("W", 12, "S", "W", 13)));
        b.append(line("W-13", "001", 1.001800, "sched_wakeup", wake("Q", 10))); // W's child wakes Q: not Q's
        b.append(line("W-13", "001", 1.002000, "sched_switch", sw("W", 13, "X", "Q", 10)));
        b.append(line("Q-10", "001", 1.002100, "sched_switch", sw("Q", 10, "S", "swapper/1", 0)));
        return imported(b.toString());
    }

    @Test
    void onlyTheWaitsAfterAWakeUpByTheTasksOwnChildAreCounted() throws Exception {
        RealTrace rt = trace();
        assertThat(rt.childWakeWaits).containsOnlyKeys("Q-10").containsEntry("Q-10", 300_000L);
        // the figure they explain counts every wait: 300 + 500 + 200 us
        assertThat(rt.run.result().tasks().get("Q-10").runnable_ns()).isEqualTo(1_000_000L);
    }

    /**
     * Q (10) forks C (11), whose first run preempts Q (Q switched out runnable for its child): Q waits from
     * there, through C's run and W's (12), 500 us in all. Then W preempts Q: a task that is not Q's child,
     * its 200 us are not counted.
     */
    @Test
    void aPreemptionByTheTasksOwnChildStartsAWaitAndOneByAnotherTaskDoesNot() throws Exception {
        String b = line("Q-10", "001", 1.000000, "sched_switch", sw("swapper/1", 0, "R", "Q", 10))
                + line("Q-10", "001", 1.000100, "sched_process_fork", "comm=Q pid=10 child_comm=Q child_pid=11")
                + line("Q-10", "001", 1.000100, "sched_wakeup_new", wake("Q", 11))
                + line("Q-10", "001", 1.000200, "sched_switch", sw("Q", 10, "R", "Q", 11))
                + line("clone-11", "001", 1.000500, "sched_switch", sw("clone", 11, "X", "W", 12))
                + line("W-12", "001", 1.000700, "sched_switch", sw("W", 12, "S", "Q", 10))
                + line("Q-10", "001", 1.000800, "sched_wakeup", wake("W", 12))
                + line("Q-10", "001", 1.000800, "sched_switch", sw("Q", 10, "R", "W", 12))
                + line("W-12", "001", 1.001000, "sched_switch", sw("W", 12, "S", "Q", 10))
                + line("Q-10", "001", 1.001100, "sched_switch", sw("Q", 10, "S", "swapper/1", 0));
        RealTrace rt = imported(b);
        assertThat(rt.run.result().tasks().get("Q-10").runnable_ns()).isEqualTo(700_000L);
        assertThat(rt.childWakeWaits).containsOnlyKeys("Q-10").containsEntry("Q-10", 500_000L);
    }

    @Test
    void aWakeUpLoggedInAnInterruptIsNotTheChilds() throws Exception {
        // the same wake-up of Q by its child C, logged with the hardirq flag: a timer's, not C's
        String b = line("Q-10", "001", 1.000000, "sched_switch", sw("swapper/1", 0, "R", "Q", 10))
                + line("Q-10", "001", 1.000100, "sched_process_fork", "comm=Q pid=10 child_comm=Q child_pid=11")
                + line("Q-10", "001", 1.000200, "sched_switch", sw("Q", 10, "S", "Q", 11))
                + String.format(
                        Locale.ROOT, "%16s [001] d.h2. %.6f: sched_wakeup: %s%n", "clone-11", 1.000400, wake("Q", 10))
                + line("clone-11", "001", 1.000700, "sched_switch", sw("clone", 11, "S", "Q", 10))
                + line("Q-10", "001", 1.000800, "sched_switch", sw("Q", 10, "S", "swapper/1", 0));
        RealTrace rt = imported(b);
        assertThat(rt.run.result().tasks().get("Q-10").runnable_ns()).isEqualTo(300_000L);
        assertThat(rt.childWakeWaits).isEmpty();
    }

    @Test
    void aWaitGoesOnThroughAThrottleOrAParkAndEndsWhenTheTaskRuns() {
        ChildWakes w = new ChildWakes();
        w.forked(0, 1);
        w.woken(0, 1, 100);
        w.state(0, TaskState.THROTTLED, 150, 1);
        w.woken(0, 1, 200); // a second wake-up by the child while the wait goes on: still counted from 100
        w.state(0, TaskState.PARKED, 250, 1);
        w.state(0, TaskState.RUNNING, 400, 1);
        assertThat(w.waitedNs(0)).isEqualTo(300);
        w.woken(0, 1, 500);
        w.state(0, TaskState.SLEEPING, 600, 1); // never ran: not a wait for a CPU that ended
        w.state(0, TaskState.RUNNING, 900, 1);
        assertThat(w.waitedNs(0)).isEqualTo(300);
        w.woken(1, 0, 1000); // the parent waking its child is not the child's own child's wake-up
        w.state(1, TaskState.RUNNING, 1100, 1);
        assertThat(w.waitedNs(1)).isZero();
    }

    @Test
    void theWaitsAreAReasonOnlyWhereTheSimulationIsBetweenTheFigureLessThemAndLessAllButTheThreadsRuns() {
        // a 6.18 recording of 27 (2026-12-05): Q#0 304.3 ms real, 172.8 simulated, 149.5 of waits after its threads'
        // wake-ups
        assertThat(KnownDifferences.forkJoinWaits("Q#0", 304.3, 172.8, 15, 0.15, 149.5, 0))
                .contains("Q#0 waited 149.5 ms")
                .contains("without those waits 154.8 ms, within the tolerance of the simulation");
        assertThat(KnownDifferences.forkJoinWaits("Q#0", 304.3, 172.8, 15, 0.15, 20, 0))
                .as("too few waits to explain it")
                .isNull();
        assertThat(KnownDifferences.forkJoinWaits("Q#0", 304.3, 172.8, 15, 0.15, 100, 0))
                .as("204.3 less its tolerance 30.6 is still above the simulation: the waits are too few")
                .isNull();
        assertThat(KnownDifferences.forkJoinWaits("Q#0", 304.3, 172.8, 15, 0.15, 250, 0))
                .as("more waits than the difference: the rest, 54.3, is too short")
                .isNull();
        // of the 250 ms, the CPU ran Q#0's own threads 110: the simulation replays their CPU time as other work and
        // may wait for it, so the figure without the mechanism is between 54.3 and 164.3, and 172.8 is within the
        // tolerance of 164.3 (24.6)
        assertThat(KnownDifferences.forkJoinWaits("Q#0", 304.3, 172.8, 15, 0.15, 250, 110))
                .contains("without those waits 54.3 ms, 164.3 with the 110.0 ms its threads ran in them")
                .contains("the simulation's 172.8 ms is within that range");
        assertThat(KnownDifferences.forkJoinWaits("Q#0", 304.3, 172.8, 15, 0.15, 250, 80))
                .as("134.3 and its tolerance 20.1 fall short of 172.8")
                .isNull();
        assertThat(KnownDifferences.forkJoinWaits("Q#0", 304.3, 400, 15, 0.15, 250, 250))
                .as("the simulation above the recording: waits in the recording cannot explain that")
                .isNull();
        assertThat(KnownDifferences.forkJoinWaits("Q#0", 200, 172.8, 15, 0.15, 27, 0))
                .as("within tolerance: nothing to explain")
                .isNull();
        // the shipped 6.18 recording of 27: 535.8 less 283.9 is 251.9, 42 ms from 209.9 where its own tolerance is 37.8
        // (the row's, 80.4, is the tolerance of 535.8, not of what is left)
        assertThat(KnownDifferences.forkJoinWaits("Q#0", 535.8, 209.9, 15, 0.15, 283.9, 0))
                .isNull();
    }

    @Test
    void onlyATaskThatTakesAReadSideForks() throws Exception {
        var spec = io.throttlescope.scenario.ScenarioLoader.load(
                        java.nio.file.Path.of("scenarios/27-pileup-for-recording.json"))
                .spec();
        assertThat(KnownDifferences.forks("Q#0", spec)).isTrue();
        assertThat(KnownDifferences.forks("W", spec)).isFalse();
    }

    /** On the shipped recordings: the forkers' rows are known where the waits explain them, and only there. */
    @Test
    void theShippedRecordingsOf27On618() throws Exception {
        var measured = io.throttlescope.cli.FidelityCommand.rows(
                java.nio.file.Path.of("traces/27-pileup-for-recording-task-6.18-measured.txt.gz"));
        var older = io.throttlescope.cli.FidelityCommand.rows(
                java.nio.file.Path.of("traces/27-pileup-for-recording-task-6.18.txt.gz"));
        // the writer's recorded sleeps are cut to the time the trace shows it asleep (RecordedWorkTest), so it loops
        // as often as the real one and the forkers beside it on CPU1 wait as long as that makes them. In the older
        // recording each forker's wait less its waits after its own threads' wake-ups and preemptions is within the
        // tolerance of the simulation (Q#0: 526.1 less 312.1, 214.0 against 234.6; Q#1: 536.2 less 296.4, 239.8
        // against 236.0); in the measured one Q#1's is (315.0 less 169.8, 145.1 against 147.9) and Q#0's is not
        // (304.3 less 171.4, 132.9 against 175.7 where 19.9 is allowed), but of those waits the CPU ran Q#0's own
        // threads 56.3 ms, which the simulation may wait for as other work: 175.7 is between 132.9 and 189.3
        for (String[] c :
                new String[][] {{"older", "Q#0", "312.1"}, {"older", "Q#1", "296.4"}, {"measured", "Q#1", "169.8"}}) {
            String figure = "task " + c[1] + " switched out while runnable (ms)";
            assertThat(c[0].equals("older") ? older : measured)
                    .filteredOn(r -> r.figure().equals(figure))
                    .singleElement()
                    .satisfies(r -> assertThat(r.known())
                            .as(c[0] + " " + c[1])
                            .contains(c[1] + " waited " + c[2] + " ms")
                            .contains("after wake-ups and preemptions by the threads its worker forked"));
        }
        assertThat(measured)
                .filteredOn(r -> r.figure().equals("task Q#0 switched out while runnable (ms)"))
                .singleElement()
                .satisfies(r -> {
                    assertThat(r.within()).isFalse();
                    assertThat(r.known())
                            .as("132.9 left against 175.7, 304.3 with the waits")
                            .contains(
                                    "Q#0 waited 171.4 ms",
                                    "without those waits 132.9 ms, 189.3 with the 56.3 ms its threads ran in them")
                            .doesNotContain("within the tolerance");
                });
        assertThat(measured)
                .filteredOn(r -> r.figure().startsWith("task W switched out"))
                .singleElement()
                .satisfies(r -> assertThat(r.within()).isTrue());
    }
}
