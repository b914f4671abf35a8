package io.throttlescope.sim;

import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.trace.Trace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static io.throttlescope.sim.EventKind.*;
import static org.assertj.core.api.Assertions.assertThat;

/** Preemption and accounting options (docs/model.md, "8. Context switches, preemption and modes", and "Tick and exact accounting"), and the library's shape. */
class KernelOptionsTest {
    static final long MS = 1_000_000L;

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void withoutKernelPreemptionTheLegacyThrottleWaitsForTheReturnToUser(Simulator.Model m) {
        // GB10 under PREEMPT_NONE: the resched at 10 ms cannot stop T inside its syscall
        SimRun r = SimRun.resource("/golden/gb10-none.json", m);
        RunResult.Syscall sc = r.task("T").syscalls().get(0);
        assertThat(sc.exit_ns()).isEqualTo(35 * MS); // 30 ms: the syscall ran through
        assertThat(r.first(THROTTLE, null)).isEqualTo(35 * MS);
        int i = r.trace.firstAtOrAfter(35 * MS);
        while (r.trace.kind(i) != THROTTLE) i++;
        assertThat(r.trace.argA(i)).isBetween(-25 * MS, -25 * MS + 1); // the overrun is debt
    }

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void tickAccountingOverrunsByUpToATickAndRepaysItAsDebt(Simulator.Model m) {
        SimRun r = SimRun.resource("/golden/gb1-tick.json", m); // HZ=100: ticks every 10 ms
        long tick = 10 * MS;
        for (long t : r.times(THROTTLE, null)) assertThat(t % tick).isZero(); // noticed only at ticks
        long quota = 20 * MS, periods = 10;
        long cpu = r.task("T").cpu_ns();
        assertThat(cpu).isBetween(quota * periods, quota * periods + tick); // at most one tick over in all
        if (m == Simulator.Model.TASK) {
            // the first period overran by a tick; the distribution repays exactly that debt
            int i = r.trace.firstAtOrAfter(100 * MS);
            while (r.trace.kind(i) != DISTRIBUTE) i++;
            assertThat(r.trace.argA(i)).isEqualTo(tick);
        }
    }

    /**
     * tick_phase: the ticks fall at the phase + k * (1 s / hz). T in /G (10 ms every 100 ms) at HZ 250 uses
     * up the quota at 10 ms; it is found out at the next tick: 12 ms with the ticks at 0, 4, 8, 12 (2 ms
     * of debt), 13 ms with them at 1, 5, 9, 13 (3 ms). A phase of a tick or more is refused.
     */
    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void theTickPhaseMovesEveryChargeOfTickAccounting(Simulator.Model m) {
        for (String phase : new String[] {"", ", \"tick_phase\": \"0ms\"", ", \"tick_phase\": \"1ms\""}) {
            String json = "{\"format\": 1, \"name\": \"tick phase\", \"duration\": \"150ms\","
                    + " \"kernel\": {\"cpus\": 1, \"hz\": 250" + phase + "},"
                    + " \"cgroups\": {\"/G\": {\"cpu.max\": \"10000 100000\"}},"
                    + " \"tasks\": [{\"name\": \"T\", \"cgroup\": \"/G\", \"program\": [{\"user\": \"100ms\"}]}]}";
            ScenarioLoader.Loaded l = ScenarioLoader.loadString(json);
            assertThat(l.problems()).isEmpty();
            Trace tr = new Trace();
            new Simulator(l.spec(), m, tr).run();
            long expected = phase.contains("1ms") ? 13 * MS : 12 * MS;
            int i = 0;
            while (tr.kind(i) != THROTTLE) i++;
            assertThat(tr.time(i)).as(phase).isEqualTo(expected);
            assertThat(tr.argA(i))
                    .as(phase)
                    .isBetween(10 * MS - expected, 10 * MS - expected + 1); // the overrun, as debt
            // the next period's throttle, after the unthrottle at 100 ms: on the phase's grid too
            int k = i + 1;
            while (tr.kind(k) != THROTTLE) k++;
            long next = phase.contains("1ms") ? 109 * MS : m == Simulator.Model.TASK ? 112 * MS : 108 * MS;
            assertThat(tr.time(k)).as(phase).isEqualTo(next);
        }
        ScenarioLoader.Loaded bad = ScenarioLoader.loadString("{\"format\": 1, \"name\": \"bad\", \"duration\": \"1s\","
                + " \"kernel\": {\"hz\": 250, \"tick_phase\": \"4ms\"}, \"tasks\": [{\"name\": \"T\","
                + " \"program\": [{\"user\": \"1ms\"}]}]}");
        assertThat(bad.problems())
                .singleElement()
                .satisfies(p -> assertThat(p.message()).contains("expected less than one tick"));
    }

    @Test
    void everyLibraryFileValidatesAndTeaches() throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.list(Path.of("scenarios"))) {
            files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(15);
        for (Path f : files) {
            ScenarioLoader.Loaded l = ScenarioLoader.load(f);
            assertThat(l.problems()).as(f.toString()).isEmpty();
            assertThat(l.spec().description()).as(f.toString()).hasSizeGreaterThan(150);
            assertThat(l.spec().notes()).as(f.toString()).isNotEmpty();
            assertThat(f.getFileName().toString()).matches("\\d\\d-[a-z0-9-]+\\.json");
        }
    }
}
