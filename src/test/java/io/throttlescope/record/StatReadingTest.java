package io.throttlescope.record;

import java.util.Map;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 25: a recording of 13 read cpu.stat (throttled 89.1 ms, one throttle) and then cpu.stat.local
 * (179.4 ms, both) with the group's refill between the two readings, while the trace went on past it.
 * The recorder reads every group's cpu.stat before and after its end mark and reads again until no
 * period timer fired between them (nr_periods unchanged).
 */
class StatReadingTest {
    @Test
    void aRefillBetweenTheReadingsIsSeen() {
        var before = Map.of("/G", Map.of("nr_periods", 3L, "throttled_usec", 89_138L));
        var same = Map.of("/G", Map.of("nr_periods", 3L, "throttled_usec", 89_138L, "local_throttled_usec", 89_138L));
        var refilled =
                Map.of("/G", Map.of("nr_periods", 4L, "throttled_usec", 179_405L, "local_throttled_usec", 179_405L));
        assertThat(Recorder.samePeriods(before, same)).isTrue();
        assertThat(Recorder.samePeriods(before, refilled)).isFalse();
        assertThat(Recorder.samePeriods(before, Map.of())).isFalse();
    }
}
