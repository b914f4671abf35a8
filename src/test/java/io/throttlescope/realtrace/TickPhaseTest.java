package io.throttlescope.realtrace;

import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.RunResult;
import io.throttlescope.trace.Trace;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Where the recorded kernel's ticks fell, from its throttles (docs/real-kernels.md, "Where the ticks fell"). */
class TickPhaseTest {
    static final long MS = 1_000_000L, TICK = 4 * MS;

    private static Trace throttlesAt(long... ns) {
        Trace tr = new Trace();
        for (long t : ns) {
            tr.event(t, EventKind.THROTTLE, 0, -1, 1, -1, 0, 0);
            tr.event(t, EventKind.THROTTLE, 1, -1, 1, -1, 0, 0); // the same instant on another CPU counts once
        }
        return tr;
    }

    /**
     * A recording of 28 on 6.18 (HZ 250): its job was throttled at 22.557, 122.550, 222.551, 314.564 and
     * 324.860 ms, the first four 2.55 ms after a whole tick from its start, the last at its clock read (a
     * scheduling event): the ticks fell at 2.550 ms + k * 4 ms, the earliest of those that agree.
     */
    @Test
    void mostThrottlesAgreeOnTheTicksGrid() {
        Trace tr = throttlesAt(22_557_000, 122_550_000, 222_551_000, 314_564_000, 324_860_000);
        assertThat(TickPhase.fit(tr, TICK)).isEqualTo(2_550_000);
        // across the grid's wrap: just before and just after a whole tick
        assertThat(TickPhase.fit(throttlesAt(3_995_000, 8_000_000, 12_010_000, 17_000_000), TICK))
                .isEqualTo(3_995_000);
    }

    @Test
    void tooFewOrNoMajorityLeavesTheTicksAsTheyWere() {
        assertThat(TickPhase.fit(throttlesAt(22_557_000, 122_550_000), TICK)).isEqualTo(-1);
        assertThat(TickPhase.fit(throttlesAt(1 * MS, 6 * MS, 11 * MS, 16 * MS, 21 * MS, 26 * MS), TICK))
                .isEqualTo(-1); // 1, 2, 3, 0, 1, 2 ms past a tick: no grid most agree on
        assertThat(TickPhase.fit(new Trace(), TICK)).isEqualTo(-1);
    }

    /**
     * On the shipped 6.18 recording of 28 the simulation beside it throttles where the kernel did: its
     * throttles fall on the fitted grid, within a park's microseconds of the recording's.
     */
    @Test
    void theSimulationBesideARecordingThrottlesOnTheRecordingsTicks() throws Exception {
        RealPair p = RealPair.open(Path.of("traces/28-fresh-group-hog-task-6.18.txt.gz"));
        long phase = p.simulated().spec().kernel().tickPhaseNs();
        assertThat(phase).isEqualTo(TickPhase.fit(p.real().run.trace(), TICK)).isPositive();
        Trace real = p.real().run.trace(), sim = p.simulated().trace();
        long firstReal = -1, firstSim = -1;
        for (int i = 0; i < real.size() && firstReal < 0; i++)
            if (real.kind(i) == EventKind.THROTTLE) firstReal = real.time(i);
        for (int i = 0; i < sim.size() && firstSim < 0; i++)
            if (sim.kind(i) == EventKind.THROTTLE) firstSim = sim.time(i);
        assertThat(Math.floorMod(firstSim - phase, TICK)).isZero();
        assertThat(Math.abs(firstSim - firstReal)).isLessThanOrEqualTo(TickPhase.NEAR_NS);
        RunResult.CgroupStat r = p.real().run.result().cgroups().get("/G"),
                s = p.simulated().result().cgroups().get("/G");
        assertThat(s.nr_throttled()).isEqualTo(r.nr_throttled());
    }

    /** The fit against a count of every throttle against every other (the definition), ticks wrapping round included. */
    @Property(tries = 300)
    void theFitIsTheEarliestPhaseMostThrottlesFallJustAfter(
            @ForAll @Size(max = 40) List<@LongRange(min = 0, max = 50) Long> ticks,
            @ForAll @Size(min = 1, max = 40) List<@LongRange(min = 0, max = 90_000) Long> offsets,
            @ForAll @LongRange(min = 0, max = TICK - 1) long base) {
        // throttles near one grid (base + k ticks, base near a tick's end too: the grid wraps round), some far off
        long[] at = new long[ticks.size()];
        for (int k = 0; k < at.length; k++) {
            long off = offsets.get(k % offsets.size());
            at[k] = ticks.get(k) * TICK + base + (off > 60_000 ? off * 31 : off);
        }
        at = Arrays.stream(at).distinct().toArray();
        long expected = -1;
        int best = 0;
        for (long a : at) {
            int agree = 0;
            for (long b : at) if (Math.floorMod((b % TICK) - (a % TICK), TICK) <= TickPhase.NEAR_NS) agree++;
            if (agree > best || (agree == best && a % TICK < expected)) {
                best = agree;
                expected = a % TICK;
            }
        }
        if (best < TickPhase.MIN_AGREEING || 2 * best <= at.length) expected = -1;
        Arrays.sort(at);
        assertThat(TickPhase.fit(throttlesAt(at), TICK)).isEqualTo(expected);
    }
}
