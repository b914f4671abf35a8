package io.throttlescope.realtrace;

import io.throttlescope.record.Recorder;
import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.RunResult;
import io.throttlescope.sim.spec.SimSpec;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Records a real run on this machine. Needs root, a cpu cgroup controller and tracefs: where the
 * machine does not allow it the test is skipped and says why.
 */
class RecordTest {
    @TempDir Path dir;

    @Test
    void recordsTheKernelModeOverrunAndCleansUp() throws Exception {
        List<String> missing = Recorder.missing();
        if (!missing.isEmpty()) System.out.println("RecordTest skipped: " + missing);
        Assumptions.assumeTrue(missing.isEmpty(), () -> "cannot record here: " + missing);
        Path scenario = Path.of("scenarios/06-kernel-mode-overrun.json");
        SimSpec spec = ScenarioLoader.load(scenario).spec();
        assertThat(Recorder.refusals(spec, 350_000_000L)).isEmpty();
        Path out = dir.resolve("rec.txt");
        String before = tracingSettings();
        new Recorder(scenario, spec, 350_000_000L, s -> { }).record(out);
        // everything undone: no cgroup of ours, the tracing settings as they were
        try (Stream<Path> s = Files.list(Path.of("/sys/fs/cgroup/cpu").toFile().exists() ? Path.of("/sys/fs/cgroup/cpu") : Path.of("/sys/fs/cgroup"))) {
            assertThat(s.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith("throttlescope-"));
        }
        assertThat(tracingSettings()).isEqualTo(before);

        RealTrace rt = RealTrace.importFile(out, RealTrace.Options.defaults());
        assertThat(rt.header.get("scenario_file").getAsString()).isEqualTo("06-kernel-mode-overrun.json");
        assertThat(rt.model).isEqualTo(RealTrace.modelOfRelease(Files.readString(Path.of("/proc/sys/kernel/osrelease")).strip()));
        // the recording's workload, under its scenario names; the JSON keeps COMM-PID
        assertThat(rt.run.result().tasks()).containsOnlyKeys("T");
        assertThat(rt.result.getAsJsonObject("tasks").keySet()).anyMatch(k -> k.matches("T-\\d+"));
        RunResult.TaskStat ts = rt.run.result().tasks().get("T");
        // the 30 ms syscall is one read(); its real duration is at least its kernel work
        long longest = ts.syscalls().stream().filter(s -> s.exit_ns() != null).mapToLong(s -> s.exit_ns() - s.enter_ns()).max().orElse(0);
        assertThat(longest).isGreaterThan(20_000_000L);
        assertThat(rt.result.getAsJsonObject("cgroups").getAsJsonObject("/G").get("nr_throttled").getAsLong()).isPositive();
        if (rt.model.equals("task")) {
            // 6.18: the read is not throttled inside (well under the legacy 300 ms), T is parked after it
            assertThat(longest).isLessThan(100_000_000L);
            assertThat(rt.result.getAsJsonObject("counts").get("inferred_throttle").getAsInt()).isPositive();
        }
    }

    private static String tracingSettings() throws Exception {
        Path t = Path.of("/sys/kernel/tracing");
        StringBuilder b = new StringBuilder();
        for (String f : new String[] {"tracing_on", "buffer_size_kb", "events/sched/sched_switch/enable", "events/raw_syscalls/sys_enter/enable"}) {
            Path p = t.resolve(f);
            b.append(f).append('=').append(Files.exists(p) ? Files.readString(p).strip() : "-").append(';');
        }
        return b.toString();
    }
}
