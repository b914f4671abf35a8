package io.throttlescope.view;

import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.Simulator;
import io.throttlescope.trace.Slices;
import io.throttlescope.trace.TraceIndex;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** What the views show, through the view-model code the window and describe share (issue 8). */
class ViewTruthTest {
    static Run run(String file, Simulator.Model m) {
        return Run.simulate(ScenarioLoader.load(Path.of("scenarios", file)).spec(), m);
    }

    static int task(Run r, String name) {
        return Arrays.asList(r.info().tasks()).indexOf(name);
    }

    static int group(Run r, String name) {
        return Arrays.asList(r.info().groups()).indexOf(name);
    }

    static int first(Run r, IntPredicate p) {
        for (int i = 0; i < r.trace().size(); i++) if (p.test(i)) return i;
        throw new AssertionError("no such event");
    }

    static String explain(Run r, int i) {
        return Explainer.explain(r, r.index().at(i), i).text();
    }

    @Test
    void durationsAreRoundedWithoutNanosecondNoise() {
        assertThat(Durations.human(10_000_001)).isEqualTo("10ms");
        assertThat(Durations.human(-983_999)).isEqualTo("-984us");
        assertThat(Durations.human(15_100_000)).isEqualTo("15.1ms");
        assertThat(Durations.human(999_960)).isEqualTo("1ms");
        assertThat(Durations.human(1)).isEqualTo("1ns");
        assertThat(Durations.exact(10_000_001)).isEqualTo("10.000001ms");
    }

    @Test
    void taskLanesShowKernelMode() {
        Run r = run("01-seed-story-rwsem-reader.json", Simulator.Model.TASK);
        Slices s = r.index().taskSlices(task(r, "R"));
        int i = s.at(15_050_000); // R finishes its critical section in the kernel, 15.0-15.1 ms
        assertThat(TaskRows.kernelMode(s.value(i), s.detail(i))).isTrue();
        Run o = run("06-kernel-mode-overrun.json", Simulator.Model.TASK);
        Slices t = o.index().taskSlices(task(o, "T"));
        for (long at : new long[] {6_000_000, 20_000_000, 34_000_000}) {
            int j = t.at(at);
            assertThat(TaskRows.kernelMode(t.value(j), t.detail(j)))
                    .as("T at " + at)
                    .isTrue();
        }
        Describe.View v = Describe.at(o, o.index().lastVisibleAtOrBefore(20_000_000), 0, 100e6, -1);
        assertThat(v.tasks().stream()
                        .filter(x -> x.task().equals("T"))
                        .findFirst()
                        .orElseThrow()
                        .mode())
                .isEqualTo("kernel");
    }

    @Test
    void budgetAxisScalesToWhatIsInViewAndFollowsWrites() {
        Run r = run("06-kernel-mode-overrun.json", Simulator.Model.TASK);
        int g = group(r, "/G");
        long lowest = 0;
        for (int c = 0; c < r.info().cpus(); c++)
            for (long t = 0; t < r.info().endNs(); t += 100_000)
                lowest = Math.min(lowest, r.index().remainingAt(g, c, t));
        BudgetScale whole = BudgetScale.of(r, g, 0, r.info().endNs(), 800, -1);
        assertThat(lowest).isLessThan(-20_000_000);
        assertThat(whole.min).isLessThanOrEqualTo(lowest); // no clamp: the whole debt is on the axis
        assertThat(whole.ticks.length).isGreaterThanOrEqualTo(3);
        // a burst pool above the quota is drawn where it is
        Run b = run("09-burst.json", Simulator.Model.TASK);
        int bg = group(b, "/G");
        long poolMax = 0;
        for (int i = 0; i < b.index().pool(bg).size(); i++)
            poolMax = Math.max(poolMax, b.index().pool(bg).value(i));
        assertThat(poolMax).isGreaterThan(b.info().quotaNs()[bg]);
        assertThat(BudgetScale.of(b, bg, 0, b.info().endNs(), 800, -1).max).isGreaterThanOrEqualTo(poolMax);
        // an 80 ms debt of a kernel thread
        Run k = run("11-kthread-in-limited-group.json", Simulator.Model.TASK);
        BudgetScale ks = BudgetScale.of(k, group(k, "/G"), 0, k.info().endNs(), 800, -1);
        assertThat(ks.min).isLessThanOrEqualTo(-80_000_000);
        // a cpu.max write: the quota in force follows it
        Run w = run("14-write-cpu-max-while-throttled.json", Simulator.Model.LEGACY);
        int wg = group(w, "/G");
        assertThat(w.index().quotas(wg).size()).isGreaterThan(1);
        long writeAt = w.index().quotas(wg).time(w.index().quotas(wg).size() - 1);
        assertThat(writeAt).isEqualTo(40_000_000L);
        assertThat(w.index().quotaAt(wg, writeAt)).isNotEqualTo(w.index().quotaAt(wg, writeAt - 1));
        Describe.View after = Describe.at(
                w, w.index().lastVisibleAtOrBefore(writeAt + 1), 0, w.info().endNs(), -1);
        assertThat(after.budgets().get(0).quota_ns()).isEqualTo(w.index().quotaAt(wg, writeAt));
        // zoomed in on a 100 us debt, the debt takes a visible share of the lane
        Run s = run("01-seed-story-rwsem-reader.json", Simulator.Model.TASK);
        BudgetScale small = BudgetScale.of(s, group(s, "/G"), 14_900_000, 15_300_000, 400, -1);
        assertThat(small.min).isLessThanOrEqualTo(-100_000);
        assertThat(small.fraction(0) - small.fraction(small.min)).isGreaterThan(0.2);
    }

    @Test
    void budgetLanesWithManyCpusShowEveryActiveCpuOrABand() {
        Run r = run("15-container-throttling.json", Simulator.Model.TASK);
        int g = 1;
        List<Integer> active = BudgetScale.activeCpus(r.index(), g);
        BudgetScale sc = BudgetScale.of(r, g, 0, r.info().endNs(), 400, -1);
        if (active.size() <= BudgetScale.MAX_LINES) {
            assertThat(sc.cpus).hasSize(active.size());
            assertThat(sc.bandLow).isNull();
        } else {
            assertThat(sc.cpus).hasSize(1);
            assertThat(sc.bandLow).isNotNull();
        }
        assertThat(active.size()).isGreaterThan(4);
    }

    @Test
    void oneStepNumberingEverywhere() {
        Run r = run("01-seed-story-rwsem-reader.json", Simulator.Model.TASK);
        TraceIndex idx = r.index();
        int visible = 0;
        for (int i = 0; i < r.trace().size(); i++) {
            if (r.trace().kind(i) == EventKind.STATE) continue;
            visible++;
            assertThat(idx.stepOf(i)).isEqualTo(visible);
            assertThat(idx.eventOfStep(visible)).isEqualTo(i);
            assertThat(LogRows.of(r, i).step()).isEqualTo(String.valueOf(visible));
        }
        assertThat(idx.steps()).isEqualTo(visible);
        Describe.View v = Describe.at(r, idx.eventOfStep(54), 0, 1e8, -1);
        assertThat(v.cursor().step()).isEqualTo(54);
        assertThat(v.selected_event().step()).isEqualTo("54");
    }

    @Test
    void aMovedTaskIsShownInTheGroupItIsIn() {
        Run r = run("13-parked-task-cgroup-move.json", Simulator.Model.TASK);
        int t = task(r, "T");
        Slices m = r.index().membership(t);
        assertThat(r.info().groups()[m.value(m.at(50_000_000))]).isEqualTo("/H");
        assertThat(r.info().groups()[m.value(m.at(70_000_000))]).isEqualTo("/G");
        Describe.View v = Describe.at(r, r.index().lastVisibleAtOrBefore(50_000_000), 0, 1e8, -1);
        assertThat(v.tasks().stream()
                        .filter(x -> x.task().equals("T"))
                        .findFirst()
                        .orElseThrow()
                        .cgroup())
                .isEqualTo("/H");
    }

    // ---------------------------------------------------------------- explanations

    @Test
    void aDistributionFromAShortPoolSaysTheCfsRqStaysThrottled() {
        Run r = run("02-pileup-hung-task.json", Simulator.Model.LEGACY);
        int i = first(
                r, j -> r.trace().kind(j) == EventKind.DISTRIBUTE && r.trace().argB(j) <= 0);
        assertThat(explain(r, i))
                .contains("not enough to repay the debt")
                .contains("stays throttled")
                .doesNotContain("exactly enough");
        int ok = first(
                r, j -> r.trace().kind(j) == EventKind.DISTRIBUTE && r.trace().argB(j) > 0);
        assertThat(explain(r, ok)).contains("exactly enough to repay its debt as last charged and leave 1ns");
    }

    @Test
    void aKernelThreadIsNeverSaidToBeParked() {
        Run r = run("11-kthread-in-limited-group.json", Simulator.Model.TASK);
        int k = -1;
        for (int t = 0; t < r.info().tasks().length; t++) if (r.info().kthread()[t]) k = t;
        int kt = k;
        int wake = first(
                r,
                j -> r.trace().kind(j) == EventKind.WAKE
                        && r.trace().task(j) == kt
                        && r.index()
                                        .at(j)
                                        .throttleCount(
                                                r.index().at(j).taskGroup[kt],
                                                r.trace().cpu(j))
                                > 0);
        assertThat(explain(r, wake))
                .contains("kernel threads never get the throttle task work")
                .doesNotContain("will be parked");
    }

    @Test
    void nestedGroupsNameTheAncestorThatRanOut() {
        Run r = run("10-nested-parent-binds.json", Simulator.Model.TASK);
        int i = first(
                r,
                j -> r.trace().kind(j) == EventKind.TASK_WORK_ADDED
                        && !r.index()
                                .at(j)
                                .isThrottled(r.trace().group(j), r.trace().cpu(j)));
        // the pick meets /P's own throttled flag (check_cfs_rq_runtime() at /P's level); throttle_count is what the
        // task work reads
        assertThat(explain(r, i))
                .contains("check_cfs_rq_runtime() met the throttled flag of /P on CPU0")
                .contains(
                        "A's own cfs_rq /P/A is not throttled itself (throttled 0) but has throttle_count 1, which throttle_cfs_rq_work() checks")
                .doesNotContain("is throttled on CPU");
    }

    @Test
    void theLegacyWriterWaitsForTheReadersInsideNotOnTheQueue() {
        Run r = run("01-seed-story-rwsem-reader.json", Simulator.Model.LEGACY);
        int w = task(r, "W");
        int i = first(
                r,
                j -> r.trace().kind(j) == EventKind.LOCK_WAIT
                        && r.trace().task(j) == w
                        && r.trace().time(j) == 20_000_000);
        assertThat(explain(r, i))
                .contains("takes cgroup_threadgroup_rwsem's block")
                .contains("new readers queue behind it")
                .contains("rcuwait (not on the wait queue)");
    }

    @Test
    void movesAndAffinityChangesSayWhatHappened() {
        Run legacy = run("13-parked-task-cgroup-move.json", Simulator.Model.LEGACY);
        int back = first(
                legacy,
                j -> legacy.trace().kind(j) == EventKind.MOVE && legacy.trace().time(j) == 60_000_000);
        assertThat(explain(legacy, back))
                .contains("sched_move_task()")
                .contains("enqueue_task_fair() stops at the throttled cfs_rq");
        int preempt = first(
                legacy,
                j -> legacy.trace().kind(j) == EventKind.PREEMPT
                        && legacy.trace().time(j) == 60_000_000);
        assertThat(explain(legacy, preempt))
                .contains("it was moved into /G")
                .doesNotContain("throttle_cfs_rq() just took");
        Run task = run("13-parked-task-cgroup-move.json", Simulator.Model.TASK);
        int out = first(
                task,
                j -> task.trace().kind(j) == EventKind.MOVE && task.trace().time(j) == 40_000_000);
        assertThat(explain(task, out))
                .contains("fast path")
                .contains("dequeue_throttled_task()")
                .contains("un-parked and enqueued normally");
        Run aff = run("12-parked-task-affinity-change.json", Simulator.Model.TASK);
        int un = first(aff, j -> aff.trace().kind(j) == EventKind.UNPARKED);
        assertThat(explain(aff, un))
                .contains("affinity change takes the fast path")
                .contains("enqueue_throttled_task()");
        Run affL = run("12-parked-task-affinity-change.json", Simulator.Model.LEGACY);
        int thr = first(
                affL,
                j -> affL.trace().kind(j) == EventKind.THROTTLE && affL.trace().time(j) == 50_000_000);
        assertThat(explain(affL, thr)).contains("check_enqueue_throttle()");
    }

    @Test
    void throttleScanAndRefusalTextsFollowTheKernel() {
        Run r = run("01-seed-story-rwsem-reader.json", Simulator.Model.TASK);
        int thr = first(r, j -> r.trace().kind(j) == EventKind.THROTTLE);
        assertThat(explain(r, thr)).contains("or until it blocks; kernel threads and exiting tasks never get the work");
        Run p = run("02-pileup-hung-task.json", Simulator.Model.LEGACY);
        int scan = first(p, j -> p.trace().kind(j) == EventKind.HUNG_SCAN);
        assertThat(explain(p, scan))
                .contains("context-switch count has not changed for hung_task_timeout")
                .doesNotContain("since its last scan");
    }

    @Test
    void explanationsCiteKernelFunctionsWithSourceLinksNeverTheSpecFile() throws Exception {
        try (var files = Files.list(Path.of("scenarios"))) {
            for (Path f : files.filter(x -> x.toString().endsWith(".json"))
                    .sorted()
                    .limit(14)
                    .toList()) {
                for (Simulator.Model m : Simulator.Model.values()) {
                    Run r = run(f.getFileName().toString(), m);
                    for (int i = 0; i < r.trace().size(); i++) {
                        Explanation e = Explainer.explain(r, r.index().at(i), i);
                        assertThat(e.text()).doesNotContain("kernel-model").doesNotContain("956dfda6a708)");
                        for (String fn : e.functions()) {
                            assertThat(e.link(fn))
                                    .isEqualTo("https://elixir.bootlin.com/linux/"
                                            + (m == Simulator.Model.LEGACY ? "v6.17" : "v6.18") + "/A/ident/" + fn);
                        }
                    }
                }
            }
        }
        Run r = run("06-kernel-mode-overrun.json", Simulator.Model.LEGACY);
        Explanation e = Explainer.explain(
                r,
                r.index().at(first(r, j -> r.trace().kind(j) == EventKind.THROTTLE)),
                first(r, j -> r.trace().kind(j) == EventKind.THROTTLE));
        assertThat(e.functions()).contains("throttle_cfs_rq");
        assertThat(e.kernelVersion()).isEqualTo("v6.17");
    }

    @Test
    void notesThatNarrateOneModelSaySo() {
        var spec = ScenarioLoader.load(Path.of("scenarios/02-pileup-hung-task.json"))
                .spec();
        assertThat(spec.notes().stream()
                        .filter(n -> n.atNs() == 1_000_000_000L)
                        .findFirst()
                        .orElseThrow()
                        .text())
                .startsWith("Legacy");
        var many = ScenarioLoader.load(Path.of("scenarios/25-many-leaf-cgroups.json"))
                .spec();
        assertThat(many.notes().get(0).text()).containsAnyOf("Task-based", "task-based", "Legacy", "legacy");
    }

    @Test
    void theWindowOpensWhereTheStoryIs() {
        Run r = run("01-seed-story-rwsem-reader.json", Simulator.Model.TASK);
        double[] s = StoryRange.of(r);
        assertThat(s[0]).isLessThanOrEqualTo(9_000_000); // the first note
        assertThat(s[1]).isGreaterThanOrEqualTo(100_000_000); // the last
        assertThat(s[1] - s[0]).isLessThan(r.info().endNs()); // not the whole run
        double[] f = StoryRange.follow(0, 100, 99);
        assertThat(f[1]).isGreaterThan(99); // the cursor is kept away from the edge
    }
}
