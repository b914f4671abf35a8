package io.throttlescope.trace;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The galloping searches find what a look at every index finds, from any start, with repeats and ends. */
class GallopTest {
    private static int firstAtLeastByLook(long[] a, int from, int size, long t) {
        for (int i = from; i < size; i++) if (a[i] >= t) return i;
        return size;
    }

    @Test
    void bothSearchesAgreeWithALookAtEveryIndex() {
        SplittableRandom rng = new SplittableRandom(25);
        for (int k = 0; k < 2_000; k++) {
            int n = rng.nextInt(0, 200);
            long[] a = new long[n];
            for (int i = 0; i < n; i++) a[i] = rng.nextLong(0, 50); // many repeats
            Arrays.sort(a);
            int size = n == 0 ? 0 : rng.nextInt(0, n + 1);
            int from = rng.nextInt(0, size + 2); // past the end too
            long t = rng.nextLong(-2, 53);
            int want = from >= size ? from : firstAtLeastByLook(a, from, size, t);
            assertThat(Gallop.firstAtLeast(a, from, size, t))
                    .as("%s from %d size %d t %d", Arrays.toString(a), from, size, t)
                    .isEqualTo(want);
            assertThat(Gallop.first(from, size, i -> a[i] < t)).isEqualTo(want);
        }
    }
}
