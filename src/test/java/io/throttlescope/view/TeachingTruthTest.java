package io.throttlescope.view;

import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.Simulator;
import org.junit.jupiter.api.Test;

import static io.throttlescope.view.ViewTruthTest.group;
import static io.throttlescope.view.ViewTruthTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Issue 16: what a student sees is true, and a question does not show its answer. */
class TeachingTruthTest {

    /** The value of the budget lane's CPU line nearest time t. */
    static double curveAt(BudgetScale sc, int k, double t) {
        int j = (int) Math.round((t - sc.t0) / sc.dt);
        return sc.curves[k][j];
    }

    @Test
    void taskBasedDebtGrowsAsTheKernelRunsAndStepsUpAtEachRefill() {
        Run r = run("06-kernel-mode-overrun.json", Simulator.Model.TASK);
        int g = group(r, "/G");
        // the window's lane: one sample every 2 px of an ~800 px plot over 0-120 ms
        BudgetScale sc = BudgetScale.of(r, g, 0, 120e6, 400, 0);
        assertThat(curveAt(sc, 0, 20e6)).isCloseTo(-10e6, within(0.5e6));
        assertThat(curveAt(sc, 0, 35e6)).isCloseTo(-25e6, within(0.5e6));
        assertThat(curveAt(sc, 0, 60e6)).isCloseTo(-25e6, within(0.01e6));
        assertThat(curveAt(sc, 0, 110e6)).isCloseTo(-15e6, within(0.01e6));
        // zoomed out over the whole run: the same descent, then the steps of 10, 10 and 5 ms
        BudgetScale all = BudgetScale.of(r, g, 0, 400e6, 400, 0);
        assertThat(curveAt(all, 0, 23e6)).isCloseTo(-13e6, within(1.1e6));
        assertThat(curveAt(all, 0, 150e6)).isCloseTo(-15e6, within(0.01e6));
        assertThat(curveAt(all, 0, 250e6)).isCloseTo(-5e6, within(0.01e6));
        assertThat(all.min).isLessThanOrEqualTo(-25_000_000L);
    }

    @Test
    void tickAccountingMovesTheLineOnlyAtCharges() {
        // one task in a group of 50 ms / 100 ms under tick accounting at 250 Hz: charges land at the ticks (every 4 ms)
        String json = """
            {"format": 1, "name": "tick", "kernel": {"cpus": 1, "hz": 250, "accounting": "tick"}, "duration": "30ms",
             "cgroups": {"/G": {"cpu.max": "50000 100000"}},
             "tasks": [{"name": "T", "cgroup": "/G", "program": [{"loop": [{"user": "1ms"}]}]}]}""";
        Run r = Run.simulate(
                io.throttlescope.scenario.ScenarioLoader.loadString(json).spec(), Simulator.Model.TASK);
        int g = group(r, "/G");
        BudgetScale sc = BudgetScale.of(r, g, 0, 20e6, 2001, 0); // 10 us a sample: the detailed path
        // the tick at 4 ms charges 4 ms and pulls a slice (5 ms left); the tick at 8 ms charges 4 ms (1 ms left)
        long at45 = r.index().remainingAt(g, 0, 4_500_000), at79 = r.index().remainingAt(g, 0, 7_900_000);
        assertThat(at45).as("flat between two ticks").isEqualTo(5_000_000L).isEqualTo(at79);
        assertThat(r.index().remainingAt(g, 0, 8_100_000)).isEqualTo(1_000_000L);
        assertThat(curveAt(sc, 0, 4.5e6)).isEqualTo(5e6);
        assertThat(curveAt(sc, 0, 7.9e6)).isEqualTo(5e6);
        assertThat(curveAt(sc, 0, 8.1e6)).isEqualTo(1e6);
        assertThat(curveAt(sc, 0, 11.9e6)).isEqualTo(1e6);
        BudgetScale coarse = BudgetScale.of(r, g, 0, 20e6, 201, 0); // 100 us a sample: the level-of-detail path
        assertThat(curveAt(coarse, 0, 6e6)).isEqualTo(5e6);
        assertThat(curveAt(coarse, 0, 10e6)).isEqualTo(1e6);
    }

    @Test
    void describeJsonGivesTheBudgetCurveTheLaneDraws() {
        java.io.StringWriter o = new java.io.StringWriter(), e = new java.io.StringWriter();
        int code = io.throttlescope.cli.Cli.run(
                new String[] {
                    "describe",
                    "scenarios/06-kernel-mode-overrun.json",
                    "--model",
                    "task",
                    "--at",
                    "36ms",
                    "--range",
                    "0ms:120ms",
                    "--json"
                },
                new java.io.PrintWriter(o, true),
                new java.io.PrintWriter(e, true));
        assertThat(code).isZero();
        com.google.gson.JsonArray pts = com.google.gson.JsonParser.parseString(o.toString())
                .getAsJsonObject()
                .getAsJsonArray("budgets")
                .get(0)
                .getAsJsonObject()
                .getAsJsonObject("curves")
                .getAsJsonArray("CPU0");
        assertThat(pts.size()).isLessThanOrEqualTo(Describe.SAMPLES);
        double at20 = Double.NaN, at35 = Double.NaN;
        for (var p : pts) {
            long t = p.getAsJsonArray().get(0).getAsLong(),
                    v = p.getAsJsonArray().get(1).getAsLong();
            if (Double.isNaN(at20) && t >= 20_000_000) at20 = v;
            if (Double.isNaN(at35) && t >= 34_800_000) at35 = v;
        }
        assertThat(at20).isCloseTo(-10e6, within(0.5e6));
        assertThat(at35).isCloseTo(-25e6, within(0.5e6));
    }

    static String why(Describe.View v, String task) {
        return v.tasks().stream()
                .filter(x -> x.task().equals(task))
                .findFirst()
                .orElseThrow()
                .why_not_running();
    }

    @Test
    void aHandoffIsNotADeadlock() {
        for (Simulator.Model m : Simulator.Model.values()) {
            Run r = run("01-seed-story-rwsem-reader.json", m);
            int i = ViewTruthTest.first(
                    r,
                    e -> r.trace().kind(e) == io.throttlescope.sim.EventKind.LOCK_ACQUIRE
                            && r.trace().task(e) == ViewTruthTest.task(r, "R"));
            Describe.View v = Describe.at(r, i, 0, 120e6, -1);
            String why = why(v, "R");
            assertThat(why)
                    .as(m + ": " + why)
                    .doesNotContain("cycle")
                    .doesNotContain("deadlock")
                    .doesNotContain("waits in D state")
                    .contains("R now holds the read side of cgroup_threadgroup_rwsem")
                    .contains("being woken");
            if (m == Simulator.Model.LEGACY) assertThat(why).contains("will be held off: /G @ CPU0 is throttled");
            else assertThat(why).contains("can run in the kernel");
        }
    }

    @Test
    void aTaskSwitchedInIsNotWaitingForItself() {
        Run r = run("26-async-unthrottle-refused.json", Simulator.Model.LEGACY);
        Describe.View v = Describe.at(r, r.index().lastVisibleAtOrBefore(100_001_000), 0, 120e6, -1);
        for (Describe.Task t : v.tasks()) {
            String w = t.why_not_running();
            assertThat(w)
                    .as(t.task())
                    .doesNotContain(
                            t.task() + " is runnable on CPU1, waiting for the CPU: " + t.task() + " runs there");
        }
        assertThat(why(v, "D")).contains("waiting for the CPU: K runs there");
    }

    @Test
    void timesKeepTheDigitsThatTellNeighbouringEventsApart() {
        assertThat(Durations.apart(100_001_000, 100_000_000, 100_002_000)).isEqualTo("100.001ms");
        assertThat(Durations.apart(99_999_000, 99_990_000, 100_000_000)).isEqualTo("99.999ms");
        assertThat(Durations.apart(100_000_000, 99_999_000, 100_001_000)).isEqualTo("100ms");
        assertThat(Durations.tick(100_001_000, 1_000)).isEqualTo("100.001ms");
        Run r = run("26-async-unthrottle-refused.json", Simulator.Model.LEGACY);
        int i = r.index().lastVisibleAtOrBefore(100_001_000);
        Describe.View v = Describe.at(r, i, 99e6, 101e6, -1);
        assertThat(v.cursor().time()).isEqualTo("100.001ms");
        assertThat(Describe.text(v)).contains("at 100.001ms;");
    }

    @Test
    void thinnedStepsKeepTheStorysEvents() {
        Run r = run("01-seed-story-rwsem-reader.json", Simulator.Model.TASK);
        java.util.List<Integer> picked = io.throttlescope.ui.export.StepExport.between(r, 0, 120_000_000, 12);
        assertThat(picked).hasSize(12).isSorted();
        java.util.Set<String> kinds = new java.util.HashSet<>();
        for (int i : picked) kinds.add(r.trace().kind(i).jsonName);
        assertThat(kinds)
                .contains("throttle", "task_work_added", "parked", "lock_release", "lock_acquire", "unthrottle");
    }

    @Test
    void describeEscapesControlCharactersOfNamesAndTexts(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        String json = """
            {"format": 1, "name": "evil\\u001b]0;pwned\\u0007 name", "duration": "20ms",
             "cgroups": {"/G": {"cpu.max": "5000 100000"}},
             "tasks": [{"name": "T", "cgroup": "/G", "program": [{"loop": [{"user": "1ms"}]}]}],
             "notes": [{"at": "1ms", "text": "bell\\u0007 and escape\\u001b[31m"}]}""";
        java.nio.file.Path f = dir.resolve("evil.json");
        java.nio.file.Files.writeString(f, json);
        java.io.StringWriter o = new java.io.StringWriter(), e = new java.io.StringWriter();
        int code = io.throttlescope.cli.Cli.run(
                new String[] {"describe", f.toString(), "--at", "1ms"},
                new java.io.PrintWriter(o, true),
                new java.io.PrintWriter(e, true));
        assertThat(code).isZero();
        assertThat(o.toString())
                .doesNotContain("\u001b")
                .doesNotContain("\u0007")
                .contains("evil\\u001b]0;pwned\\u0007 name")
                .contains("bell\\u0007 and escape\\u001b[31m");
        o = new java.io.StringWriter();
        Cli_run(new String[] {"describe", f.toString(), "--at", "1ms", "--json"}, o);
        assertThat(o.toString()).doesNotContain("\u001b").doesNotContain("\u0007");
    }

    private static void Cli_run(String[] args, java.io.StringWriter o) {
        assertThat(io.throttlescope.cli.Cli.run(
                        args,
                        new java.io.PrintWriter(o, true),
                        new java.io.PrintWriter(new java.io.StringWriter(), true)))
                .isZero();
    }

    /** The first event of a kind that matches, or -1. */
    static int first(Run r, EventKind k, java.util.function.IntPredicate p) {
        for (int i = 0; i < r.trace().size(); i++) if (r.trace().kind(i) == k && p.test(i)) return i;
        return -1;
    }

    /**
     * 14 under legacy at 40 ms: the 1 ns pull after the cpu.max write is throttle_cfs_rq()'s
     * last-chance pull, and nothing is throttled (it was explained as "a slice plus any debt").
     */
    @Test
    void theLastChancePullIsNamedAndASlicePullIsNot() {
        Run r = run("14-write-cpu-max-while-throttled.json", Simulator.Model.LEGACY);
        var tr = r.trace();
        int lastChance = first(r, EventKind.SLICE_PULL, i -> tr.time(i) == 40_000_000L && tr.argA(i) == 1);
        int slice = first(r, EventKind.SLICE_PULL, i -> tr.argB(i) == 5_000_000L);
        assertThat(lastChance).isPositive();
        assertThat(ViewTruthTest.explain(r, lastChance))
                .contains("throttle_cfs_rq() makes a last-chance")
                .contains("got 1ns from the pool")
                .contains("runtime_remaining is 1ns, so nothing is throttled")
                .doesNotContain("a slice plus any debt");
        assertThat(slice).isPositive();
        assertThat(ViewTruthTest.explain(r, slice))
                .contains("a slice plus any debt")
                .doesNotContain("last-chance");
    }

    /**
     * 12 under legacy at 50 ms: check_enqueue_throttle() throttles the empty cfs_rq T was moved into;
     * nothing of it ran there, so nothing leaves the CPU (it said every task leaves the CPU at once).
     */
    @Test
    void anEnqueueThrottleMakesNothingLeaveTheCpu() {
        Run r = run("12-parked-task-affinity-change.json", Simulator.Model.LEGACY);
        var tr = r.trace();
        int first = first(r, EventKind.THROTTLE, i -> true);
        int enqueue = first(r, EventKind.THROTTLE, i -> tr.time(i) == 50_000_000L && tr.cpu(i) == 1);
        assertThat(enqueue).isPositive();
        assertThat(ViewTruthTest.explain(r, enqueue))
                .contains("check_enqueue_throttle() throttles it at once")
                .contains("nothing leaves the CPU")
                .doesNotContain("leaves the CPU, whatever");
        // the review at 08, 10, 11: "leaves the CPU at once" beside a running column that still names the task until
        // the switch
        assertThat(ViewTruthTest.explain(r, first))
                .contains("leaves the CPU, whatever it is doing")
                .contains("switched out at the reschedule")
                .doesNotContain("nothing leaves")
                .doesNotContain("at once, whatever");
    }

    /** 10 stop 3 (legacy) says /P @ CPU1 runs out at the same 10 ms as CPU0: it said CPU1 "goes on until it runs out there too". */
    @Test
    void theParentRunsOutOnBothCpusAtTheSameInstant() throws Exception {
        Run r = run("10-nested-parent-binds.json", Simulator.Model.LEGACY);
        var tr = r.trace();
        int p = group(r, "/P");
        long[] first = {-1, -1};
        for (int i = 0; i < tr.size(); i++) {
            if (tr.kind(i) == EventKind.THROTTLE && tr.group(i) == p && first[tr.cpu(i)] < 0)
                first[tr.cpu(i)] = tr.time(i);
        }
        assertThat(first[0]).isEqualTo(10_000_000L);
        assertThat(first[1]).isEqualTo(first[0]);
        String text = java.nio.file.Files.readString(java.nio.file.Path.of("scenarios/10-nested-parent-binds.json"));
        assertThat(text)
                .contains("/P @ CPU1 runs out at the same 10 ms")
                .doesNotContain("goes on until it runs out there too");
    }

    /**
     * 01 legacy step 31: R was handed the read side at 15 ms and is not woken yet. The Tasks table said
     * it "waits for down_read" beside "locks 1"; it holds the lock and waits only to be woken.
     */
    @Test
    void aTaskHandedTheLockWaitsToBeWokenNotForTheLock() {
        Run r = run("01-seed-story-rwsem-reader.json", Simulator.Model.LEGACY);
        int k = -1;
        for (int i = 0; i < r.trace().size(); i++)
            if (r.trace().kind(i) == EventKind.LOCK_ACQUIRE
                    && r.info().tasks()[r.trace().task(i)].equals("R")) {
                k = i;
                break;
            }
        assertThat(k).isPositive();
        TaskRows.Row row = TaskRows.of(r, r.index().at(k)).stream()
                .filter(x -> x.task().equals("R"))
                .findFirst()
                .orElseThrow();
        assertThat(row.locksHeld()).isEqualTo(1);
        assertThat(row.waitsFor()).isEqualTo("to be woken: handed cgroup_threadgroup_rwsem");
    }

    /**
     * 11 stop 4: under legacy /G reports system_usec 0 although the kthread K ran 18 ms in the kernel
     * (the review read it as a fault). The split is by tick samples, and every tick fell while U ran
     * in user mode: the stop now says so, and the run shows it.
     */
    @Test
    void theKthreadsKernelTimeReadsAsUserTimeWhenNoTickSampledIt() throws Exception {
        Run r = run("11-kthread-in-limited-group.json", Simulator.Model.LEGACY);
        var g = r.result().cgroups().get("/G");
        assertThat(g.system_usec()).isZero();
        assertThat(g.user_usec()).isEqualTo(g.usage_usec());
        assertThat(r.result().tasks().get("K").kernel_ns()).isEqualTo(18_000_000L);
        String text =
                java.nio.file.Files.readString(java.nio.file.Path.of("scenarios/11-kthread-in-limited-group.json"));
        assertThat(text)
                .contains(
                        "every tick here fell while U ran in user mode, so K's 18 ms of kernel work reads as user time");
    }

    /** 06 stop 6 says "the same CPU time" beside different user/system figures: the usage is the same, the tick split is not. */
    @Test
    void theSameUsageUnderBothModelsSplitDifferently() {
        var legacy = run("06-kernel-mode-overrun.json", Simulator.Model.LEGACY)
                .result()
                .cgroups()
                .get("/G");
        var task = run("06-kernel-mode-overrun.json", Simulator.Model.TASK)
                .result()
                .cgroups()
                .get("/G");
        assertThat(legacy.usage_usec()).isEqualTo(task.usage_usec()).isEqualTo(40_000L);
        assertThat(legacy.user_usec()).isNotEqualTo(task.user_usec());
    }

    /** 01 stop 3 asks at W's release, one event before the grant: the locks table shows R queued, then a reader, as the stop says. */
    @Test
    void theQuestionOfStopThreeSitsBeforeTheGrant() throws Exception {
        var spec = io.throttlescope.scenario.ScenarioLoader.load(
                        java.nio.file.Path.of("scenarios/01-seed-story-rwsem-reader.json"))
                .spec();
        var stop = spec.lesson().stops().get(2);
        Run r = Run.simulate(spec, LessonPlan.modelOf(spec, stop));
        int ask = LessonPlan.askEventOf(r, stop);
        LockRows.Row row = LockRows.of(r, r.index().at(ask)).get(0);
        assertThat(row.queueText()).contains("R");
        assertThat(row.insideText()).doesNotContain("R");
        assertThat(stop.text()).contains("the locks table shows R queued until the hand-over, then as a reader");
        // after the answer the cursor is at the grant: R is a reader there, as the text says too (the sixth review:
        // "still shows R queued" stood beside a table showing R inside)
        int grant = LessonPlan.eventOf(r, stop.place());
        LockRows.Row after = LockRows.of(r, r.index().at(grant)).get(0);
        assertThat(after.insideText()).contains("R");
    }

    /**
     * Error Prone's StringCaseLocaleUsage: the log named a state in the default locale's lower case,
     * so under a Turkish locale "SLEEPING" read "sleepıng" (dotless i).
     */
    @Test
    void stateNamesDoNotFollowTheDefaultLocale() {
        java.util.Locale before = java.util.Locale.getDefault();
        try {
            java.util.Locale.setDefault(java.util.Locale.forLanguageTag("tr"));
            Run r = run("07-sleeper-woken-into-throttled-group.json", Simulator.Model.TASK);
            String shown = null;
            for (int i = 0; i < r.trace().size() && shown == null; i++) {
                if (r.trace().kind(i) == EventKind.STATE
                        && r.trace().argA(i) == io.throttlescope.sim.TaskState.SLEEPING.ordinal())
                    shown = LogRows.details(r, i);
            }
            assertThat(shown).contains("state: sleeping");
        } finally {
            java.util.Locale.setDefault(before);
        }
    }
}
