package io.throttlescope.realtrace;

import io.throttlescope.cli.FidelityCommand;
import io.throttlescope.compare.Fidelity;
import io.throttlescope.sim.RunResult;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The shipped real traces (traces/) beside the simulation: every row of the README's fidelity table. */
class FidelityTest {
    static List<Path> traces() throws Exception {
        try (Stream<Path> s = Files.list(Path.of("traces"))) {
            return s.filter(p -> p.toString().endsWith(".txt.gz")).sorted().toList();
        }
    }

    @Test
    void everyFigureHoldsOrDiffersForAReasonComputedFromTheData() throws Exception {
        List<Fidelity.Row> rows = new ArrayList<>();
        for (Path t : traces()) rows.addAll(FidelityCommand.rows(t));
        assertThat(rows).hasSizeGreaterThan(30);
        assertThat(rows.stream().filter(Fidelity.Row::within).count()).isGreaterThan(rows.size() * 3 / 4);
        // the one difference no rule explains yet (the README says so): in the 6.18 recording R sits ~97 ms off the CPU,
        // in the simulation with the recorded period phase /G is not throttled when R is handed the lock and R leaves at once
        assertThat(rows.stream().filter(r -> !r.ok()).map(r -> r.trace() + ": " + r.figure()).toList())
                .containsExactly("01-seed-story-rwsem-reader-task-6.18: task R switched out while runnable (ms)");
    }

    /** A verdict comes from the data: the same recordings under other names get the same verdicts. */
    @Test
    void verdictsDoNotDependOnTheFilesNames(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        for (Path t : traces()) {
            Path renamed = dir.resolve("x" + Math.abs(t.getFileName().toString().hashCode()) + ".txt.gz");
            Files.copy(t, renamed);
            List<Fidelity.Row> a = FidelityCommand.rows(t), b = FidelityCommand.rows(renamed);
            assertThat(b).hasSameSizeAs(a);
            for (int i = 0; i < a.size(); i++) {
                assertThat(b.get(i).ok()).as(t + " " + a.get(i).figure()).isEqualTo(a.get(i).ok());
                assertThat(b.get(i).known()).isEqualTo(a.get(i).known());
            }
        }
    }

    /** A 6.18 recording labelled as a 6.12 one is checked against the legacy model and fails, whatever it is called. */
    @Test
    void aRecordingCheckedAgainstTheWrongModelFails(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        String text;
        try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(Path.of("traces/06-kernel-mode-overrun-task-6.18.txt.gz")))) {
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
        assertThat(Files.readString(Path.of("README.md"))).contains(Fidelity.markdown(rows));
    }

    /** The 6.18 change on real kernels: the 30 ms syscall is throttled inside on 6.12, not on 6.18. */
    @Test
    void theKernelModeOverrunOnBothRealKernels() throws Exception {
        RealTrace legacy = RealTrace.importFile(Path.of("traces/06-kernel-mode-overrun-legacy-6.12.txt.gz"), RealTrace.Options.defaults());
        RealTrace task = RealTrace.importFile(Path.of("traces/06-kernel-mode-overrun-task-6.18.txt.gz"), RealTrace.Options.defaults());
        assertThat(legacy.model).isEqualTo("legacy");
        assertThat(task.model).isEqualTo("task");
        RunResult.TaskStat l = legacy.run.result().tasks().get("T"), t = task.run.result().tasks().get("T");
        long lRead = longestRead(l), tRead = longestRead(t);
        assertThat(lRead).isGreaterThan(250_000_000L);          // throttled inside, period after period
        assertThat(tRead).isBetween(25_000_000L, 80_000_000L);  // runs to its end, then parked
        assertThat(legacy.result().getAsJsonObject("counts").get("throttle").getAsInt()).isGreaterThanOrEqualTo(3);   // kprobe hits
        // on 6.12 every throttle_cfs_rq hit while the read is open lands inside the syscall
        var tr = legacy.run.trace();
        int inside = 0;
        boolean open = false;
        for (int i = 0; i < tr.size(); i++) {
            switch (tr.kind(i)) {
                case SYSCALL_ENTER -> { if (isT(legacy, tr.task(i))) open = true; }
                case SYSCALL_EXIT -> { if (isT(legacy, tr.task(i))) open = false; }
                case THROTTLE -> { if (open) inside++; }
                default -> { }
            }
        }
        assertThat(inside).isGreaterThanOrEqualTo(2);
    }

    private static boolean isT(RealTrace r, int task) { return task >= 0 && r.run.info().tasks()[task].startsWith("T-"); }

    private static long longestRead(RunResult.TaskStat t) {
        return t.syscalls().stream().filter(s -> s.name().equals("read") && s.exit_ns() != null).mapToLong(s -> s.exit_ns() - s.enter_ns()).max().orElse(0);
    }

    @org.junit.jupiter.api.Test
    void exitAndExitGroupNeverReturnSoTheyAreNoLongestSyscall() {
        var exit = new io.throttlescope.sim.RunResult.Syscall("exit_group", 10, null);
        var read = new io.throttlescope.sim.RunResult.Syscall("read", 10, null);
        assertThat(exit.durationUpTo(1_000)).isZero();
        assertThat(read.durationUpTo(1_000)).isEqualTo(990);
        // in the shipped 6.18 recording of 01, R's longest syscall is its clone (8.3 ms), not its exit held open to the end
        io.throttlescope.compare.Fidelity.Row r = FidelityCommandRows("traces/01-seed-story-rwsem-reader-task-6.18.txt.gz").stream()
                .filter(x -> x.figure().equals("task R longest syscall (ms)")).findFirst().orElseThrow();
        assertThat(r.real()).isLessThan(20);
        assertThat(r.within()).isTrue();
    }

    static java.util.List<io.throttlescope.compare.Fidelity.Row> FidelityCommandRows(String t) {
        try {
            return io.throttlescope.cli.FidelityCommand.rows(java.nio.file.Path.of(t));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
