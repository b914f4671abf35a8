package io.throttlescope.view;

import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.Simulator;
import io.throttlescope.trace.Snapshot;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** "Why isn't this task running?" down to the root cause, as the panel and describe show it. */
class WaitChainTest {
    static Run run(String file, Simulator.Model m) {
        return Run.simulate(ScenarioLoader.load(Path.of("scenarios", file)).spec(), m);
    }

    static int task(Run r, String name) {
        return java.util.Arrays.asList(r.info().tasks()).indexOf(name);
    }

    static Snapshot at(Run r, long t) {
        return r.index().at(r.index().lastVisibleAtOrBefore(t));
    }

    /** The pile-up (legacy, 7.3 s): a reader queued behind a writer that waits for a reader held off by the throttle. */
    @Test
    void thePileUpChainEndsAtTheThrottle() {
        Run r = run("02-pileup-hung-task.json", Simulator.Model.LEGACY);
        Snapshot s = at(r, 7_300_000_000L);
        List<WaitChain.Link> chain = WaitChain.of(r, s, task(r, "Q#0"));
        assertThat(WaitChain.text(chain))
                .isEqualTo(
                        "Q#0 waits in D state (down_read) behind writer W#1"
                                + " \u2192 W#1 holds cgroup_threadgroup_rwsem's block and waits in D state for the readers inside"
                                + " \u2192 R#1 holds the read side of cgroup_threadgroup_rwsem"
                                + " \u2192 R#1 is held off: /G @ CPU0 is throttled (runtime -2ms) until the refill at 10s (2ms of debt, 1ms a period)");
        // each link jumps to where it began: Q#0's wait started with its block, W#1's with its own
        assertThat(r.trace().kind(chain.get(0).since())).isIn(EventKind.BLOCK, EventKind.LOCK_WAIT, EventKind.STATE);
        assertThat(r.trace().task(chain.get(0).since())).isEqualTo(task(r, "Q#0"));
        assertThat(r.trace().time(chain.get(1).since())).isLessThanOrEqualTo(7_300_000_000L);
        // under the task-based model nobody waits there
        Run t = run("02-pileup-hung-task.json", Simulator.Model.TASK);
        assertThat(WaitChain.text(WaitChain.of(t, at(t, 7_300_000_000L), task(t, "Q#0"))))
                .doesNotContain("behind writer");
    }

    /** The pile-up's chain over time (legacy): the root stays R#1 on /G @ CPU0 while the debt is repaid, then the writer runs. */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0} ns")
    @org.junit.jupiter.params.provider.CsvSource(
            delimiter = '|',
            value = {
                // a debt is repaid first: 1 ms a period, and the runtime must go above zero
                "4500000000  | -1ms | 6s (1ms of debt, 1ms a period)", // just after R#1 was handed the
                // read side
                "6250000000  | -3ms | 10s (3ms of debt, 1ms a period)", // the first hung-task reports:
                // the hog overran the 6 s
                // refill by 3 ms
                "9500000000  | 0    | 10s"
            }) // the debt repaid, one refill to go
    void thePileUpChainAtSeveralTimes(long t, String runtime, String refill) {
        Run r = run("02-pileup-hung-task.json", Simulator.Model.LEGACY);
        assertThat(WaitChain.text(WaitChain.of(r, at(r, t), task(r, "W#0"))))
                .isEqualTo("W#0 waits in D state (down_write) behind writer W#1"
                        + " \u2192 W#1 holds cgroup_threadgroup_rwsem's block and waits in D state for the readers inside"
                        + " \u2192 R#1 holds the read side of cgroup_threadgroup_rwsem"
                        + " \u2192 R#1 is held off: /G @ CPU0 is throttled (runtime " + runtime
                        + ") until the refill at " + refill);
    }

    @Test
    void atTheTenSecondRefillR1FinishesAndTheChainEndsAtTheRunningWriter() {
        Run r = run("02-pileup-hung-task.json", Simulator.Model.LEGACY);
        assertThat(WaitChain.text(WaitChain.of(r, at(r, 10_000_100_000L), task(r, "W#0"))))
                .isEqualTo(
                        "W#0 waits in D state (down_write) behind writer W#1 \u2192 W#1 is running on CPU1 (in the kernel)");
    }

    @Test
    void theSeedStoryAndAParkedTask() {
        Run legacy = run("01-seed-story-rwsem-reader.json", Simulator.Model.LEGACY);
        assertThat(WaitChain.text(WaitChain.of(legacy, at(legacy, 50_000_000L), task(legacy, "W"))))
                .isEqualTo("W holds cgroup_threadgroup_rwsem's block and waits in D state for the readers inside"
                        + " \u2192 R holds the read side of cgroup_threadgroup_rwsem"
                        + " \u2192 R is held off: /G @ CPU0 is throttled (runtime 0) until the refill at 100ms");
        Run task = run("01-seed-story-rwsem-reader.json", Simulator.Model.TASK);
        assertThat(WaitChain.text(WaitChain.of(task, at(task, 50_000_000L), task(task, "R"))))
                .isEqualTo(
                        "R is parked on the limbo list of /G @ CPU0: /G @ CPU0 is throttled (runtime -100us) until the refill at 100ms");
        assertThat(WaitChain.text(WaitChain.of(task, at(task, 50_000_000L), task(task, "W"))))
                .startsWith("W is running on CPU1");
    }

    /**
     * The end of a throttle is read from the run, not foretold from the period grid: 08's B#0 is parked at
     * 203.5 ms until the slack timer hands CPU2 runtime at 208.5 ms (the review: "until the refill at
     * 300ms"); 06's T, 25 ms in debt at the 100 ms refill, runs again at 300 ms, not "400ms at the earliest".
     */
    @Test
    void aThrottleEndsWhenTheRunShowsItAndBecauseOfWhatEndsIt() {
        Run slack = run("08-slack-timer.json", Simulator.Model.TASK);
        assertThat(WaitChain.text(WaitChain.of(slack, at(slack, 203_500_000L), task(slack, "B#0"))))
                .isEqualTo("B#0 is parked on the limbo list of /G @ CPU2: /G @ CPU2 is throttled (runtime 0)"
                        + " until the slack timer at 208.502ms hands it runtime given back by other CPUs");
        Run debt = run("06-kernel-mode-overrun.json", Simulator.Model.TASK);
        Snapshot s = debt.index().at(debt.index().eventOfStep(17));
        assertThat(s.time).isEqualTo(100_000_000L);
        assertThat(WaitChain.text(WaitChain.of(debt, s, task(debt, "T"))))
                .isEqualTo("T is parked on the limbo list of /G @ CPU0: /G @ CPU0 is throttled (runtime -25ms)"
                        + " until the refill at 300ms (25ms of debt, 10ms a period)");
        // what ends a throttle, read from the run: the period timer, the slack timer, a write of cpu.max
        Run write = run("14-write-cpu-max-while-throttled.json", Simulator.Model.TASK);
        List<String> ends = new ArrayList<>();
        for (int i = 0; i < write.trace().size(); i++)
            if (write.trace().kind(i) == EventKind.UNTHROTTLE)
                ends.add(WaitChain.unthrottledBy(
                        write, i, write.trace().group(i), write.trace().cpu(i)));
        assertThat(ends).anyMatch(e -> e.startsWith("the write of cpu.max at "));
    }

    /**
     * One event, one time: the explanation says an event's time as the log and the status line do (08,
     * legacy: "At 203.502ms" beside "203.5ms" in the log, the slack timer "at 208.5ms" in the wait chain
     * beside "208.502ms": the fifth review). Every visible event of 08 and 01 under both models.
     */
    @Test
    void theExplanationSaysAnEventsTimeAsTheLogDoes() {
        int seen = 0;
        for (String f : List.of("08-slack-timer.json", "01-seed-story-rwsem-reader.json"))
            for (Simulator.Model m : Simulator.Model.values()) {
                Run r = run(f, m);
                for (int i = 0; i < r.trace().size(); i++) {
                    if (!io.throttlescope.trace.TraceIndex.visible(r.trace().kind(i))) continue;
                    seen++;
                    String log = LogRows.of(r, i).time();
                    assertThat(Explainer.explain(r, r.index().at(i), i).text())
                            .as(f + " " + m + " event " + i)
                            .startsWith("At " + log + ": ");
                }
            }
        assertThat(seen).isGreaterThan(500);
    }

    /** The look-ahead for a throttle's end is bounded (it runs at every cursor move): past it, unknown (-2), not "none". */
    @Test
    void theLookAheadForAThrottlesEndIsBounded() {
        Run r = run("08-slack-timer.json", Simulator.Model.TASK);
        int i = r.index().lastVisibleAtOrBefore(203_500_000L), g = 1, c = 2;
        int end = WaitChain.nextUnthrottle(r, i, g, c);
        assertThat(end).isGreaterThan(i);
        assertThat(r.trace().time(end)).isEqualTo(208_504_000L);
        assertThat(WaitChain.nextUnthrottle(r, i, g, c, 0)).isEqualTo(-2);
        assertThat(WaitChain.nextUnthrottle(r, r.trace().size() - 1, g, c)).isEqualTo(-1);
    }

    @Test
    void describeSaysWhyEachWaitingTaskIsNotRunning() {
        Run legacy = run("01-seed-story-rwsem-reader.json", Simulator.Model.LEGACY);
        Describe.View v = Describe.at(legacy, legacy.index().lastVisibleAtOrBefore(50_000_000L), 0, 1e8, -1);
        assertThat(v.tasks())
                .filteredOn(x -> x.task().equals("W"))
                .singleElement()
                .extracting(Describe.Task::why_not_running)
                .asString()
                .endsWith("until the refill at 100ms");
        assertThat(Describe.text(v)).contains("Why isn't it running?");
    }
}
