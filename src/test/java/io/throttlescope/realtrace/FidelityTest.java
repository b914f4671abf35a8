package io.throttlescope.realtrace;

import io.throttlescope.cli.FidelityCommand;
import io.throttlescope.compare.Fidelity;
import io.throttlescope.sim.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The shipped real traces (traces/) beside the simulation: every row of the fidelity table of docs/real-kernels.md. */
class FidelityTest {
    static List<Path> traces() throws Exception {
        try (Stream<Path> s = Files.list(Path.of("traces"))) {
            return s.filter(p -> p.toString().endsWith(".txt.gz")).sorted().toList();
        }
    }

    /**
     * Issue 25: fourteen scenarios recorded on this 6.18 host on 2026-12-05 (the sixth session), once quiet
     * and once beside two busy loops (traces/sets): at least nine rows in ten hold in each set (112 and
     * 106 of 116 when they were shipped; 107 and 101 with the pairing of that morning).
     */
    @Test
    void theNewRecordingsQuietAndBesideLoadHoldNineRowsInTen() throws Exception {
        for (String set : List.of("2026-12-05-quiet", "2026-12-05-busy")) {
            List<Fidelity.Row> rows = new ArrayList<>();
            try (Stream<Path> s = Files.list(Path.of("traces/sets", set))) {
                for (Path t :
                        s.filter(p -> p.toString().endsWith(".txt.gz")).sorted().toList())
                    rows.addAll(FidelityCommand.rows(t));
            }
            assertThat(rows).as(set).hasSize(116);
            long holds = rows.stream().filter(Fidelity.Row::within).count();
            assertThat(holds * 10).as(set + ": " + holds + " hold").isGreaterThanOrEqualTo(rows.size() * 9L);
            // and no fewer than when they were shipped: a pairing that loses a row here has regressed
            assertThat(holds).as(set).isGreaterThanOrEqualTo(set.endsWith("quiet") ? 112 : 106);
            // the rows no rule explains, each said in docs/real-kernels.md: none in the quiet set (27's Q#0 is known
            // since the simulation lying between its figure without the waits after its threads' wake-ups and without
            // them but its threads' runs in them counts: ForkJoinWaitsTest); beside the busy loops 27's writer and
            // forkers (whose simulated waits are above that range), 28's job and /G, 01's writer
            List<String> unexplained = rows.stream()
                    .filter(r -> !r.ok())
                    .map(r -> r.trace() + ": " + r.figure())
                    .toList();
            if (set.endsWith("quiet")) assertThat(unexplained).isEmpty();
            else
                assertThat(unexplained)
                        .containsExactlyInAnyOrder(
                                "01-seed-story-rwsem-reader-task-6.18: task W longest syscall (ms)",
                                "27-pileup-for-recording-task-6.18: task Q#1 switched out while runnable (ms)",
                                "27-pileup-for-recording-task-6.18: task W switched out while runnable (ms)",
                                "27-pileup-for-recording-task-6.18: task Q#0 switched out while runnable (ms)",
                                "28-fresh-group-hog-task-6.18: task job switched out while runnable (ms)",
                                "28-fresh-group-hog-task-6.18: /G throttled_usec (ms)");
        }
    }

    @Test
    void everyFigureHoldsOrDiffersForAReasonComputedFromTheData() throws Exception {
        List<Fidelity.Row> rows = new ArrayList<>();
        for (Path t : traces()) rows.addAll(FidelityCommand.rows(t));
        assertThat(rows).hasSizeGreaterThan(80);
        List<Fidelity.Row> small =
                rows.stream().filter(r -> !r.trace().startsWith("27-")).toList();
        assertThat(small.stream().filter(Fidelity.Row::within).count()).isGreaterThan(small.size() * 3 / 4);
        // every row holds or differs for a reason computed from the recording (docs/real-kernels.md): the last five
        // of 27 are explained by where the recording shows the task held (RecordedHoldsTest)
        List<String> unexplained = rows.stream()
                .filter(r -> !r.ok())
                .map(r -> r.trace() + ": " + r.figure())
                .toList();
        assertThat(unexplained).isEmpty();
    }

    /**
     * Issue 25: a reason is given where the recording shows it and not elsewhere. 12 under 6.12 has no
     * syscall step, and its longest syscall was tsrun's clock_gettime, held off by the throttle: that
     * is said, not TCG's cold translated code, which stays the reason of 06's read (a kernel step).
     */
    @Test
    void aWorkersOwnSyscallIsToldFromTheScenariosKernelWork() throws Exception {
        Fidelity.Row twelve =
                row("traces/12-parked-task-affinity-change-legacy-6.12.txt.gz", "task T longest syscall (ms)");
        assertThat(twelve.known())
                .contains(
                        "a clock_gettime",
                        "no step of the scenario makes",
                        "the worker's read of the thread's CPU clock")
                .doesNotContain("translated code");
        // R#1's fork under way for 8.5 s at the end: no longer given the TCG reason, as the simulation's fork
        // does not finish either (an unfinished fork's work is more than the recording gave it)
        Fidelity.Row r1m =
                row("traces/27-pileup-for-recording-legacy-6.12-measured.txt.gz", "task R#1 longest syscall (ms)");
        assertThat(r1m.within()).as(r1m.verdict()).isTrue();
        // 06's read, which was given it before the trace's work was taken in, now holds: its CPU is the trace's
        Fidelity.Row six = row("traces/06-kernel-mode-overrun-legacy-6.12.txt.gz", "task T longest syscall (ms)");
        assertThat(six.within()).as(six.verdict()).isTrue();
        assertThat(six.known()).isNull();
        // R#1's 4.1 s clock_nanosleep was tsrun's wait for its start offset: before the task's start, no figure now
        Fidelity.Row r1 = row("traces/27-pileup-for-recording-legacy-6.12.txt.gz", "task R#1 longest syscall (ms)");
        assertThat(r1.real()).isLessThan(4110);
    }

    /**
     * The TCG reason needs its proof in the recording: the task used more CPU inside its longest syscall
     * than the work the simulation's step has. 06 under 6.12: its 30 ms read of /dev/zero used 80 ms of CPU
     * over its throttles; beside the scenario as written (a 30 ms read) the reason is given; beside the
     * work the trace shows (80 ms, what the simulation uses) it is not, and the row holds.
     */
    @Test
    void theTcgReasonNeedsMoreCpuInsideTheCallThanItsWork() throws Exception {
        RealPair p = RealPair.open(Path.of("traces/06-kernel-mode-overrun-legacy-6.12.txt.gz"));
        var real = io.throttlescope.realtrace.RecordedStarts.fromProgramStarts(
                p.real().run, p.simulated().spec());
        var written =
                io.throttlescope.view.Run.simulate(p.asWritten(), p.simulated().model());
        var asWritten = Fidelity.of(
                        "06",
                        real.result(),
                        written.result(),
                        true,
                        io.throttlescope.compare.KnownDifferences.of(real, written.result(), p.asWritten(), true))
                .stream()
                .filter(r -> r.figure().equals("task T longest syscall (ms)"))
                .findFirst()
                .orElseThrow();
        assertThat(asWritten.within()).as(asWritten.verdict()).isFalse();
        assertThat(asWritten.known()).as(asWritten.verdict()).contains("translated code");
        var paired = io.throttlescope.compare.KnownDifferences.of(
                        real, p.simulated().result(), p.simulated().spec(), true)
                .reason("task T longest syscall (ms)", asWritten.real(), asWritten.simulated(), 10, 0.4);
        assertThat(paired)
                .as("the paired step has the trace's 80 ms: nothing ran slower than its work")
                .isNull();
    }

    /** The command's last line counts the verdicts above it. */
    @Test
    void theLastLineCountsTheVerdicts() throws Exception {
        java.io.StringWriter out = new java.io.StringWriter();
        var cl = new picocli.CommandLine(new FidelityCommand());
        cl.setOut(new java.io.PrintWriter(out));
        int code = cl.execute(
                "traces/01-seed-story-rwsem-reader-task-6.18.txt.gz", "traces/06-kernel-mode-overrun-task-6.18.txt.gz");
        List<String> lines = out.toString().lines().toList();
        List<Fidelity.Row> rows =
                new ArrayList<>(FidelityCommand.rows(Path.of("traces/01-seed-story-rwsem-reader-task-6.18.txt.gz")));
        rows.addAll(FidelityCommand.rows(Path.of("traces/06-kernel-mode-overrun-task-6.18.txt.gz")));
        assertThat(lines).hasSize(rows.size() + 1);
        long holds = rows.stream().filter(Fidelity.Row::within).count();
        assertThat(holds).isEqualTo(rows.size() - 1); // 01's R longest syscall, with its proved reason
        assertThat(lines.get(lines.size() - 1))
                .isEqualTo(holds + " of " + rows.size() + " figures hold ("
                        + String.format(java.util.Locale.ROOT, "%.1f", 100.0 * holds / rows.size())
                        + "%), 1 differ for a known reason, 0 differ");
        assertThat(code).isZero();
    }

    static Fidelity.Row row(String trace, String figure) throws Exception {
        return FidelityCommand.rows(Path.of(trace)).stream()
                .filter(r -> r.figure().equals(figure))
                .findFirst()
                .orElseThrow();
    }

    /** A verdict comes from the data: the same recordings under other names get the same verdicts. */
    @Test
    void verdictsDoNotDependOnTheFilesNames(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        for (Path t : traces()) {
            Path renamed = dir.resolve(
                    "x" + Integer.toHexString(t.getFileName().toString().hashCode()) + ".txt.gz");
            Files.copy(t, renamed);
            List<Fidelity.Row> a = FidelityCommand.rows(t), b = FidelityCommand.rows(renamed);
            assertThat(b).hasSameSizeAs(a);
            for (int i = 0; i < a.size(); i++) {
                assertThat(b.get(i).ok())
                        .as(t + " " + a.get(i).figure())
                        .isEqualTo(a.get(i).ok());
                assertThat(b.get(i).known()).isEqualTo(a.get(i).known());
            }
        }
    }

    /** A 6.18 recording labelled as a 6.12 one is checked against the legacy model and fails, whatever it is called. */
    @Test
    void aRecordingCheckedAgainstTheWrongModelFails(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        String text;
        try (var in = new java.util.zip.GZIPInputStream(
                Files.newInputStream(Path.of("traces/06-kernel-mode-overrun-task-6.18.txt.gz")))) {
            text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        String relabelled = text.replaceFirst("\"kernel\":\"6\\.18[^\"]*\"", "\"kernel\":\"6.12.41-debian\"");
        assertThat(relabelled).isNotEqualTo(text);
        Path f = dir.resolve("06-kernel-mode-overrun-legacy-x.txt");
        Files.writeString(f, relabelled);
        List<Fidelity.Row> rows = FidelityCommand.rows(f);
        assertThat(rows).anySatisfy(r -> {
            assertThat(r.figure()).isEqualTo("task T longest syscall (ms)");
            assertThat(r.ok()).as(r.verdict()).isFalse();
        });
    }

    @Test
    void theReadmeTableIsTheCommandsOutput() throws Exception {
        List<Fidelity.Row> rows = new ArrayList<>();
        for (Path t : traces()) rows.addAll(FidelityCommand.rows(t));
        assertThat(Files.readString(Path.of("docs/real-kernels.md"))).contains(Fidelity.markdown(rows));
    }

    /** The 6.18 change on real kernels: the 30 ms syscall is throttled inside on 6.12, not on 6.18. */
    @Test
    void theKernelModeOverrunOnBothRealKernels() throws Exception {
        RealTrace legacy = RealTrace.importFile(
                Path.of("traces/06-kernel-mode-overrun-legacy-6.12.txt.gz"), RealTrace.Options.defaults());
        RealTrace task = RealTrace.importFile(
                Path.of("traces/06-kernel-mode-overrun-task-6.18.txt.gz"), RealTrace.Options.defaults());
        assertThat(legacy.model).isEqualTo("legacy");
        assertThat(task.model).isEqualTo("task");
        RunResult.TaskStat l = legacy.run.result().tasks().get("T"),
                t = task.run.result().tasks().get("T");
        long lRead = longestRead(l), tRead = longestRead(t);
        assertThat(lRead).isGreaterThan(250_000_000L); // throttled inside, period after period
        assertThat(tRead).isBetween(25_000_000L, 80_000_000L); // runs to its end, then parked
        assertThat(legacy.result().getAsJsonObject("counts").get("throttle").getAsInt())
                .isGreaterThanOrEqualTo(3); // kprobe hits
        // on 6.12 every throttle_cfs_rq hit while the read is open lands inside the syscall
        var tr = legacy.run.trace();
        int inside = 0;
        boolean open = false;
        for (int i = 0; i < tr.size(); i++) {
            switch (tr.kind(i)) {
                case SYSCALL_ENTER -> {
                    if (isT(legacy, tr.task(i))) open = true;
                }
                case SYSCALL_EXIT -> {
                    if (isT(legacy, tr.task(i))) open = false;
                }
                case THROTTLE -> {
                    if (open) inside++;
                }
                default -> {}
            }
        }
        assertThat(inside).isGreaterThanOrEqualTo(2);
    }

    /**
     * The pile-up on both real kernels (scenario 27): on 6.12 the writer's cgroup.procs write stalls for
     * more than a period (1 s) and the hung-task detector reports it; on 6.18 no write takes long and
     * nothing is reported. The scenario as written and the simulation beside each say the same of each model.
     */
    @Test
    void thePileUpOnBothRealKernels() throws Exception {
        RealPair legacy = RealPair.open(Path.of("traces/27-pileup-for-recording-legacy-6.12.txt.gz"));
        RealPair task = RealPair.open(Path.of("traces/27-pileup-for-recording-task-6.18.txt.gz"));
        assertThat(legacy.real().model).isEqualTo("legacy");
        assertThat(task.real().model).isEqualTo("task");
        RunResult lr = legacy.real().run.result(),
                ls = legacy.simulated().result(),
                tr = task.real().run.result(),
                ts = task.simulated().result();
        assertThat(longestWrite(lr, legacy.real().run.info().endNs()))
                .isGreaterThan(1_000_000_000L); // a whole period and more
        assertThat(lr.hung_tasks()).extracting(RunResult.HungTask::task).contains("W", "Q#0", "Q#1");
        // a forker waiting its turn on CPU0 is held off with its cfs_rq at every throttle probe hit (it was drawn
        // runnable)
        assertThat(lr.tasks().get("R#0").throttled_ns()).isGreaterThan(7_000_000_000L); // 8.0 of its 10 s; 0 before
        // the scenario as written stalls the writer in every period under the legacy model
        var written = io.throttlescope.view.Run.simulate(
                legacy.asWritten(), legacy.simulated().model());
        assertThat(longestWrite(written.result(), written.info().endNs())).isGreaterThan(900_000_000L);
        // with the work the trace shows and the other work replayed where it ran, once, for 3.9 s, as the real kernel
        // did (2.9 s, to the end: behind a forker's child, blocked in exit_group behind the writer and handed the read
        // side when the write ended while /G was throttled; in the simulation, behind a forker of /G handed it so)
        assertThat(longestWrite(ls, legacy.simulated().info().endNs())).isGreaterThan(2_000_000_000L);
        assertThat(longestWrite(tr, task.real().run.info().endNs())).isLessThan(100_000_000L);
        assertThat(tr.hung_tasks()).isEmpty();
        // on 6.18 a forker of the throttled /G is parked, though another forker of /G runs in the kernel on its CPU
        // for microseconds before it is parked too (it was drawn runnable for the whole 4 s)
        assertThat(tr.tasks().get("R#0").parked_ns()).isGreaterThan(3_500_000_000L);
        assertThat(longestWrite(ts, task.simulated().info().endNs())).isLessThan(10_000_000L);
        assertThat(ts.hung_tasks()).isEmpty();
        // the recorded kernels' detectors: 2 s, a scan a second, set by the recording (6.18: record --set-hung-task)
        assertThat(legacy.simulated().spec().kernel().hungTaskTimeoutNs()).isEqualTo(2_000_000_000L);
        assertThat(task.simulated().spec().kernel().hungTaskCheckIntervalNs()).isEqualTo(1_000_000_000L);
    }

    /**
     * Recorded beside ten busy loops (load average 6): every row holds with the same tolerances, and
     * no preemption is counted as a throttle (the inferred throttles are the kernel's nr_throttled).
     */
    @Test
    void recordedOnABusyMachineEveryRowHolds() throws Exception {
        List<Path> busy = traces().stream()
                .filter(p -> p.getFileName().toString().contains("-busy"))
                .toList();
        assertThat(busy).hasSize(2);
        List<Fidelity.Row> rows = new ArrayList<>();
        for (Path t : busy) {
            rows.addAll(FidelityCommand.rows(t));
            RealTrace r = RealTrace.importFile(t, RealTrace.Options.defaults());
            assertThat((long) r.counts().get("inferred_throttle").getAsInt())
                    .as(t.toString())
                    .isEqualTo(r.run.result().cgroups().get("/G").nr_throttled());
        }
        assertThat(rows)
                .hasSize(10)
                .allSatisfy(r -> assertThat(r.within()).as(r.verdict()).isTrue());
    }

    /**
     * A 50 ms job in a fresh 10 ms / 100 ms group: the kernel's refills fall on a grid since boot and
     * the job's busy loop did a little more than 50 ms, so it was throttled five times. The scenario as
     * written says four; the simulation with the recording's phase and the job's measured work finds five.
     */
    @Test
    void aFreshGroupsJobFindsThePhaseAndTheWork() throws Exception {
        List<Fidelity.Row> rows = FidelityCommand.rows(Path.of("traces/28-fresh-group-hog-task-6.18.txt.gz"));
        Fidelity.Row n = rows.stream()
                .filter(r -> r.figure().equals("/G nr_throttled"))
                .findFirst()
                .orElseThrow();
        assertThat(n.real()).isEqualTo(5);
        assertThat(n.simulated()).isEqualTo(5);
        assertThat(n.asWritten()).isEqualTo(4);
        assertThat(rows).allSatisfy(r -> assertThat(r.within()).as(r.verdict()).isTrue());
    }

    /**
     * Issue 25: a recording of two periods has too few returns for a refill grid, so the simulation's
     * phase comes from the returns a refill ended. 13's T was held 3 ms by a JIT thread at the start
     * (a preemption, shorter than a tenth of the period), and its move into /H un-parked it at 55 ms:
     * neither is a refill; T's return at 117.97 ms is. 12's affinity change un-parked T on CPU1 at
     * 56.3 ms; its returns at 81.9 and 179.4 ms are the refills' (the first delayed by a busy CPU). With
     * the first return as the phase, 13's second throttle closed before the end in the simulation
     * only (164.8 ms against 90.3) and 12's first closed 23 ms early (124.8 against 175.7).
     */
    @Test
    void aShortRecordingsPhaseComesFromReturnsThatRefillsEnded() throws Exception {
        RealPair p12 = RealPair.open(Path.of("traces/12-parked-task-affinity-change-task-6.18.txt.gz"));
        RealPair p13 = RealPair.open(Path.of("traces/13-parked-task-cgroup-move-task-6.18.txt.gz"));
        assertThat(p12.spec().cgroups().get("/G").phaseNs()).isBetween(79_300_000L, 79_400_000L);
        assertThat(p13.spec().cgroups().get("/G").phaseNs()).isBetween(17_900_000L, 18_000_000L);
        for (String t : List.of(
                "traces/12-parked-task-affinity-change-task-6.18.txt.gz",
                "traces/13-parked-task-cgroup-move-task-6.18.txt.gz"))
            assertThat(FidelityCommand.rows(Path.of(t)))
                    .filteredOn(r -> r.figure().equals("/G throttled_usec (ms)"))
                    .singleElement()
                    .satisfies(r -> assertThat(r.within()).as(r.verdict()).isTrue());
    }

    /**
     * Issue 25: a real kernel charges a group's runtime at its tick, so its tasks overrun the quota by up
     * to a tick before they are throttled. The recordings of 10 name their kernel's tick (hz 250); the
     * simulation beside them accounts at it. With the scenario's exact accounting, A's CPU on 6.12 was
     * 40.0 ms against 57.5 real (the children used 32 ms of /P's 20 ms in a period): a row that differed.
     */
    @Test
    void theSimulationBesideARecordingChargesRuntimeAtTheKernelsTick(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Path legacy = Path.of("traces/10-nested-parent-binds-legacy-6.12.txt.gz");
        RealPair p = RealPair.open(legacy);
        assertThat(p.real().header.get("hz").getAsInt()).isEqualTo(250);
        assertThat(p.simulated().spec().kernel().exactAccounting()).isFalse();
        assertThat(p.simulated().spec().kernel().hz()).isEqualTo(250);
        // /P binds for its children: its phase comes from their returns (it had none of its own, and stayed 0)
        assertThat(p.spec().cgroups().get("/P").phaseNs()).isBetween(82_900_000L, 83_100_000L);
        assertThat(FidelityCommand.rows(legacy))
                .allSatisfy(r -> assertThat(r.within()).as(r.verdict()).isTrue());
        // the same recording without the tick in its header keeps the scenario's exact accounting, and A's CPU differs
        Path without = dir.resolve("10-nested-parent-binds-legacy-6.12.txt.gz");
        List<String> lines;
        try (var in = new java.io.BufferedReader(new java.io.InputStreamReader(
                new java.util.zip.GZIPInputStream(Files.newInputStream(legacy)),
                java.nio.charset.StandardCharsets.UTF_8))) {
            lines = new ArrayList<>(in.lines().toList());
        }
        lines.set(0, lines.get(0).replace("{\"hz\":250,", "{"));
        try (var out = new java.io.PrintWriter(new java.io.OutputStreamWriter(
                new java.util.zip.GZIPOutputStream(Files.newOutputStream(without)),
                java.nio.charset.StandardCharsets.UTF_8))) {
            lines.forEach(out::println);
        }
        RealPair q = RealPair.open(without);
        assertThat(q.real().header.has("hz")).isFalse();
        assertThat(q.simulated().spec().kernel().exactAccounting()).isTrue();
        assertThat(FidelityCommand.rows(without))
                .filteredOn(r -> r.figure().equals("task A CPU time (ms)"))
                .singleElement()
                .satisfies(r -> assertThat(r.within()).as(r.verdict()).isFalse());
    }

    /** The JVM rule needs a futex as the longest syscall and no futex in the scenario: a write or a scenario futex gets no reason. */
    @Test
    void aJvmWaitIsAReasonOnlyForAFutexTheScenarioDoesNotMake() {
        var spec = pileup();
        RunResult futex = result(
                "W",
                new RunResult.Syscall("write", 0, 1_000_000L),
                new RunResult.Syscall("futex", 2_000_000L, 23_000_000L));
        RunResult write = result(
                "W",
                new RunResult.Syscall("write", 0, 30_000_000L),
                new RunResult.Syscall("futex", 40_000_000L, 41_000_000L));
        assertThat(io.throttlescope.compare.KnownDifferences.jvmWait(futex, "W", spec))
                .contains("futex (21.0 ms)");
        assertThat(io.throttlescope.compare.KnownDifferences.jvmWait(write, "W", spec))
                .isNull();
        assertThat(io.throttlescope.compare.KnownDifferences.jvmWait(futex, "Q#0", spec))
                .isNull(); // no such task in the result
    }

    /**
     * Issue 25: a worker makes the scenario's clone by starting a thread and joining it, so the futexes
     * right after a clone3 are that step (the start's handshake and the join, which waits for the new
     * thread to run in the task's group), not a wait of the JVM. In a 6.18 recording of 27, R#1's
     * 1,001 ms futex after clone3, rt_sigprocmask and two futexes had been given the JVM reason.
     */
    @Test
    void aFutexThatJoinsTheWorkersCloneIsNoJvmWait() {
        var spec = pileup();
        RunResult join = result(
                "R#1",
                new RunResult.Syscall("clone3", 0, 100_000L),
                new RunResult.Syscall("rt_sigprocmask", 110_000L, 111_000L),
                new RunResult.Syscall("futex", 120_000L, 130_000L),
                new RunResult.Syscall("gettid", 140_000L, 141_000L),
                new RunResult.Syscall("futex", 150_000L, 1_001_150_000L));
        RunResult afterRead = result(
                "R#1",
                new RunResult.Syscall("clone3", 0, 100_000L),
                new RunResult.Syscall("read", 110_000L, 200_000L),
                new RunResult.Syscall("futex", 300_000L, 1_000_300_000L));
        assertThat(io.throttlescope.compare.KnownDifferences.jvmWait(join, "R#1", spec))
                .isNull();
        assertThat(io.throttlescope.compare.KnownDifferences.jvmWait(afterRead, "R#1", spec))
                .contains("futex (1000.0 ms)");
    }

    /**
     * Issue 25: the worker sleeps on a futex (parkNanos), so a futex as long as one of the task's
     * sleeps, or as its start offset, is the scenario's own wait, not the JVM's: 07's S sleeps 30 ms.
     */
    @Test
    void aFutexAsLongAsTheTasksOwnSleepOrStartIsNotAJvmWait() {
        var spec = io.throttlescope.scenario.ScenarioLoader.load(
                        Path.of("scenarios/07-sleeper-woken-into-throttled-group.json"))
                .spec();
        RunResult sleep = result("S", new RunResult.Syscall("futex", 1_000_000L, 31_400_000L));
        RunResult other = result("S", new RunResult.Syscall("futex", 1_000_000L, 9_000_000L));
        assertThat(io.throttlescope.compare.KnownDifferences.jvmWait(sleep, "S", spec))
                .isNull();
        assertThat(io.throttlescope.compare.KnownDifferences.jvmWait(other, "S", spec))
                .contains("futex (8.0 ms)");
        var started = io.throttlescope.scenario.ScenarioLoader.loadString(
                        "{\"format\":1,\"name\":\"s\",\"kernel\":{\"cpus\":1},"
                                + "\"duration\":\"100ms\",\"cgroups\":{\"/G\":{\"cpu.max\":\"10000 100000\"}},\"tasks\":[{\"name\":\"S\",\"cgroup\":\"/G\","
                                + "\"start\":\"8ms\",\"program\":[{\"loop\":[{\"user\":\"1ms\"}]}]}]}")
                .spec();
        // a fixed start: the worker's wait for it began before the task's start and is no figure at all
        var run = new io.throttlescope.view.Run(started, io.throttlescope.sim.Simulator.Model.TASK, null, null, other);
        assertThat(RecordedStarts.fromProgramStarts(run, started)
                        .result()
                        .tasks()
                        .get("S")
                        .syscalls())
                .isEmpty();
        // a drawn start: a futex about as long as its typical value is taken for that wait
        var drawn = io.throttlescope.scenario.ScenarioLoader.loadString(
                        "{\"format\":1,\"name\":\"s\",\"kernel\":{\"cpus\":1},"
                                + "\"duration\":\"100ms\",\"cgroups\":{\"/G\":{\"cpu.max\":\"10000 100000\"}},\"tasks\":[{\"name\":\"S\",\"cgroup\":\"/G\","
                                + "\"start\":{\"uniform\":[\"6ms\",\"10ms\"]},\"program\":[{\"loop\":[{\"user\":\"1ms\"}]}]}]}")
                .spec();
        assertThat(io.throttlescope.compare.KnownDifferences.jvmWait(other, "S", drawn))
                .isNull();
    }

    private static RunResult result(String task, RunResult.Syscall... calls) {
        return new RunResult(
                1,
                "s",
                "task",
                100_000_000L,
                0,
                java.util.Map.of(),
                java.util.Map.of(task, new RunResult.TaskStat(0, 0, 0, 0, 0, 0, 0, 0, null, List.of(calls), List.of())),
                List.of(),
                java.util.Map.of(),
                List.of());
    }

    /**
     * The first divergence of a recording and its simulation is about the scenario's tasks: the
     * machine's other processes count as idle on the real side and so does their replay on the
     * simulated side. For 27 on 6.12 it said "the simulation runs others CPU1".
     */
    @Test
    void theReplayedOtherWorkIsNoDivergence() throws Exception {
        RealPair p = RealPair.open(Path.of("traces/27-pileup-for-recording-legacy-6.12.txt.gz"));
        var d = io.throttlescope.trace.Divergence.of(
                p.real().run.index(), p.simulated().index());
        String[] sim = p.simulated().info().tasks();
        assertThat(d.firstTaskB).isGreaterThanOrEqualTo(0);
        if (sim[d.firstTaskB].startsWith(ForeignWork.PREFIX))
            assertThat(d.foreignB(d.firstTaskB)).isTrue(); // said "none of the scenario's tasks"
        for (int t = 0; t < sim.length; t++)
            assertThat(d.foreignB(t)).as(sim[t]).isEqualTo(sim[t].startsWith(ForeignWork.PREFIX));
    }

    private static long longestWrite(RunResult r, long end) {
        return r.tasks().get("W").syscalls().stream()
                .filter(s -> s.name().startsWith("write"))
                .mapToLong(s -> s.durationUpTo(end))
                .max()
                .orElse(0);
    }

    private static boolean isT(RealTrace r, int task) {
        return task >= 0 && r.run.info().tasks()[task].startsWith("T-");
    }

    private static long longestRead(RunResult.TaskStat t) {
        return t.syscalls().stream()
                .filter(s -> s.name().equals("read") && s.exit_ns() != null)
                .mapToLong(s -> s.exit_ns() - s.enter_ns())
                .max()
                .orElse(0);
    }

    @org.junit.jupiter.api.Test
    void exitAndExitGroupNeverReturnSoTheyAreNoLongestSyscall() {
        var exit = new io.throttlescope.sim.RunResult.Syscall("exit_group", 10, null);
        var read = new io.throttlescope.sim.RunResult.Syscall("read", 10, null);
        assertThat(exit.durationUpTo(1_000)).isZero();
        assertThat(read.durationUpTo(1_000)).isEqualTo(990);
        // in the shipped 6.18 recording of 01, R's longest syscall is not its exit held open to the end (nor, since
        // the figures start at each task's start, the worker's 8.3 ms futex waiting for it)
        io.throttlescope.compare.Fidelity.Row r =
                FidelityCommandRows("traces/01-seed-story-rwsem-reader-task-6.18.txt.gz").stream()
                        .filter(x -> x.figure().equals("task R longest syscall (ms)"))
                        .findFirst()
                        .orElseThrow();
        assertThat(r.real()).isLessThan(2);
    }

    static java.util.List<io.throttlescope.compare.Fidelity.Row> FidelityCommandRows(String t) {
        try {
            return io.throttlescope.cli.FidelityCommand.rows(java.nio.file.Path.of(t));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * A waiter that never waited: in the 6.18 recording of 01, R's clone3 took 34 us, where the
     * simulation has R wait for cgroup_threadgroup_rwsem; the reason says so, and only where the
     * recording shows it (a real clone as long as the simulated wait gets none).
     */
    @Test
    void aWaiterWhoseSyscallWasShortNeverWaited() throws Exception {
        Fidelity.Row r = row("traces/01-seed-story-rwsem-reader-task-6.18.txt.gz", "task R longest syscall (ms)");
        assertThat(r.known()).contains("R's clone3 took at most 0.034 ms", "never waited for cgroup_threadgroup_rwsem");
        var spec = io.throttlescope.scenario.ScenarioLoader.load(Path.of("scenarios/01-seed-story-rwsem-reader.json"))
                .spec();
        RunResult sim = io.throttlescope.view.Run.simulate(spec, io.throttlescope.sim.Simulator.Model.TASK)
                .result();
        RunResult waited = result("R", new RunResult.Syscall("clone3", 8_000_000L, 15_100_000L));
        assertThat(io.throttlescope.compare.KnownDifferences.neverWaited(waited, sim, "R", spec))
                .isNull();
        RunResult quick = result("R", new RunResult.Syscall("clone3", 8_000_000L, 8_040_000L));
        assertThat(io.throttlescope.compare.KnownDifferences.neverWaited(quick, sim, "R", spec))
                .contains("clone3 took at most 0.040 ms");
        assertThat(io.throttlescope.compare.KnownDifferences.neverWaited(quick, sim, "H", spec))
                .isNull(); // H takes no lock
    }

    /** Scenario 27, the pile-up made for recording. */
    private static io.throttlescope.sim.spec.SimSpec pileup() {
        return io.throttlescope.scenario.ScenarioLoader.load(Path.of("scenarios/27-pileup-for-recording.json"))
                .spec();
    }
}
