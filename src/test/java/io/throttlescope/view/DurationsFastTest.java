package io.throttlescope.view;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The human form computed in longs reads exactly as its definition in decimal arithmetic, at every size and precision. */
class DurationsFastTest {
    @Test
    void sameAsTheDecimalDefinition() {
        SplittableRandom rng = new SplittableRandom(11);
        long[] edges = {
            0,
            1,
            999,
            1000,
            1001,
            999_499,
            999_500,
            999_950,
            999_960,
            999_999,
            1_000_000,
            999_999_499L,
            999_999_500L,
            999_999_999L,
            1_000_000_000L,
            999_950_000L,
            12_345_678_901L,
            1_234_567_890_123_456L,
            Long.MAX_VALUE,
            Long.MIN_VALUE,
            Long.MIN_VALUE + 1,
            9_999_500_000L,
            99_995_000L,
            100_000_500L
        };
        for (int digits = 1; digits <= 18; digits++) {
            for (long e : edges) {
                assertThat(Durations.human(e, digits))
                        .as("%d, %d digits", e, digits)
                        .isEqualTo(Durations.humanDecimal(e, digits));
                assertThat(Durations.human(-e, digits))
                        .as("%d, %d digits", -e, digits)
                        .isEqualTo(Durations.humanDecimal(-e, digits));
            }
            for (int k = 0; k < 20_000; k++) {
                long v = rng.nextLong() >> rng.nextInt(64); // every magnitude
                if (rng.nextBoolean()) v = (v / 1000) * 1000 + 500; // ties: half-even decides
                assertThat(Durations.human(v, digits))
                        .as("%d, %d digits", v, digits)
                        .isEqualTo(Durations.humanDecimal(v, digits));
            }
        }
        assertThat(Durations.human(999_960)).isEqualTo("1ms");
        assertThat(Durations.human(10_000_001)).isEqualTo("10ms");
        assertThat(Durations.human(-983_999)).isEqualTo("-984us");
    }
}
