package io.throttlescope.sim;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A chunk fills one G1 region (so it is humongous: at least half a region) and never spills into a second. */
class HeapChunksTest {
    @Test
    void aChunkFillsOneRegion() {
        for (long region = 1 << 20; region <= 32 << 20; region *= 2)
            for (int bytes : new int[] {24, 28}) {
                long rows = HeapChunks.rows(region, bytes, 1 << 15);
                assertThat(rows % 2).isZero();
                // a long array's header is 16 bytes (24 without compressed class pointers)
                assertThat(rows * bytes + 24)
                        .as("%d-byte rows in %d", bytes, region)
                        .isLessThanOrEqualTo(region);
                assertThat(rows * bytes).isGreaterThan(region / 2); // humongous: at least half a region
                assertThat(rows * bytes + HeapChunks.HEADER_ROOM)
                        .isGreaterThan(region - 2L * bytes); // nothing to spare
            }
        assertThat(HeapChunks.rows(4 << 20, 28, 1 << 15)).isEqualTo(149_794);
        assertThat(HeapChunks.rows(0, 28, 1 << 15)).isEqualTo(1 << 15); // not G1
    }
}
