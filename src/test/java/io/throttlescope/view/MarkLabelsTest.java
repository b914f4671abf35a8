package io.throttlescope.view;

import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.Simulator;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Times next to each other read apart, and each label reads nearer its own time (issue 26: 99.999 and 100.001 ms both read "100ms"). */
class MarkLabelsTest {
    @Test
    void neighbouringTimesReadApartAndNearTheirOwn() {
        assertThat(Durations.apart(100_001_000L, 99_999_000L)).isEqualTo("100.001ms");
        assertThat(Durations.apart(99_999_000L, 100_001_000L)).isEqualTo("99.999ms");
        assertThat(Durations.apart(100_000_000L, 99_999_000L, 100_001_000L)).isEqualTo("100ms");
        assertThat(NoteTimes.label(List.of(99_999_000L, 100_001_000L), 1)).isEqualTo("100.001ms");
    }

    @Test
    void describesRulerTellsTheRefillFromTheIpi() {
        Run r = Run.simulate(
                ScenarioLoader.load(Path.of("scenarios/26-async-unthrottle-refused.json"))
                        .spec(),
                Simulator.Model.TASK);
        Describe.View v = Describe.at(r, r.index().lastVisibleAtOrBefore(100_000_000L), 0, 200e6, -1);
        assertThat(v.ruler_marks().stream().map(m -> m.time()).toList())
                .contains("99.999ms", "100.001ms")
                .doesNotContain("100ms");
    }
}
