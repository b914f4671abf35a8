package io.throttlescope.ui.timeline;

import io.throttlescope.trace.Slices;
import io.throttlescope.trace.SlicesAccess;
import java.util.SplittableRandom;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A dense lane drawn from its grid: one rectangle a pixel column, the first interval of the column's first bin that has one. */
class GridLodTest {
    private static final Color[] FILLS = {Color.RED, Color.GREEN, Color.BLUE, Color.ORANGE, Color.PURPLE};

    /** Interval i at [100 i, 100 i + 60), value i % 5: 200 of them a pixel column at 20,000 ns a pixel. */
    private static Slices lane(int n) {
        Slices s = new Slices();
        for (int i = 0; i < n; i++) SlicesAccess.add(s, 100L * i, 100L * i + 60, i % 5, 0);
        return s;
    }

    /** Which paint each of the columns got (null: none), from what the batch holds. */
    private static Paint[] columns(RectBatch b, int n) {
        Paint[] col = new Paint[n];
        for (Color c : FILLS) {
            double[] r = b.rects(c);
            for (int k = 0; k < r.length; k += 4) {
                for (int x = (int) r[k]; x < r[k] + r[k + 2]; x++) {
                    assertThat(col[x]).as("column %d is drawn once", x).isNull();
                    col[x] = c;
                }
                assertThat(r[k + 1]).isEqualTo(5);
                assertThat(r[k + 3]).isEqualTo(10);
            }
        }
        return col;
    }

    @Test
    void aDenseLaneGetsEachColumnFromTheFirstIntervalOfItsFirstBin() {
        Slices s = lane(20_000);
        RectBatch b = new RectBatch();
        GridLod lod = new GridLod();
        assertThat(lod.draw(b, s, 5, 10, (v, d) -> FILLS[v], 0, 20_000, 0, 0, 100))
                .isTrue();
        Paint[] col = columns(b, 100);
        long width = 4096; // the largest power of two at most a quarter of 20,000 ns
        for (int x = 0; x < 100; x++) {
            long bin = Math.floorDiv(20_000L * x, width), binStart = bin * width;
            long i = binStart / 100 + (binStart % 100 < 60 ? 0 : 1); // the first interval overlapping the bin
            assertThat(col[x]).as("column %d", x).isEqualTo(FILLS[(int) (i % 5)]);
        }
    }

    @Test
    void aPanByAFractionOfAColumnKeepsTheBins() {
        Slices s = lane(40_000);
        RectBatch a = new RectBatch(), b = new RectBatch();
        GridLod lod = new GridLod();
        // t0 a twentieth of a column short of a whole one: a column whose first bin is the same shows the same interval
        assertThat(lod.draw(a, s, 5, 10, (v, d) -> FILLS[v], 0, 20_000, 0, 0, 100))
                .isTrue();
        assertThat(lod.draw(b, s, 5, 10, (v, d) -> FILLS[v], 19_000, 20_000, 0, 0, 100))
                .isTrue();
        Paint[] before = columns(a, 100), after = columns(b, 100);
        long width = 4096;
        int same = 0;
        for (int x = 0; x + 1 < 100; x++) {
            if (Math.floorDiv(20_000L * (x + 1), width) == Math.floorDiv(19_000 + 20_000L * x, width)) {
                assertThat(after[x]).as("column %d", x).isEqualTo(before[x + 1]);
                same++;
            }
        }
        assertThat(same).isGreaterThan(50);
    }

    @Test
    void aLaneWithFewIntervalsAColumnIsLeftToTheSearch() {
        Slices s = lane(20_000);
        RectBatch b = new RectBatch();
        assertThat(new GridLod().draw(b, s, 5, 10, (v, d) -> FILLS[v], 0, 500, 0, 0, 100))
                .as("5 intervals a column")
                .isFalse();
        for (Color c : FILLS) assertThat(b.rects(c)).isEmpty();
    }

    @Test
    void aCpuNeverIdleIsDrawnWithoutGapsAndItsKernelTimeInItsShareOfColumns() {
        // user runs of 50-150 ns and syscalls of 2-6 ns, back to back: 4% of the time in the kernel
        Slices s = new Slices();
        SplittableRandom rnd = new SplittableRandom(7);
        long at = 0, kernel = 0;
        for (int i = 0; i < 40_000; i++) {
            long user = 50L + rnd.nextInt(101), sys = 2L + rnd.nextInt(5);
            SlicesAccess.add(s, at, at + user, 1, 0);
            SlicesAccess.add(s, at + user, at + user + sys, 1, 1);
            at += user + sys;
            kernel += sys;
        }
        RectBatch b = new RectBatch();
        int columns = 400;
        assertThat(new GridLod()
                        .draw(
                                b,
                                s,
                                5,
                                10,
                                (v, d) -> d == 1 ? Color.BLUE : Color.RED,
                                0,
                                at / (double) columns,
                                0,
                                0,
                                columns))
                .isTrue();
        Paint[] col = new Paint[columns];
        for (Color c : new Color[] {Color.RED, Color.BLUE}) {
            double[] r = b.rects(c);
            for (int k = 0; k < r.length; k += 4) for (int x = (int) r[k]; x < r[k] + r[k + 2]; x++) col[x] = c;
        }
        int hatched = 0;
        for (int x = 0; x < columns; x++) {
            assertThat(col[x]).as("column %d: the CPU is never idle", x).isNotNull();
            if (col[x] == Color.BLUE) hatched++;
        }
        double share = (double) kernel / at;
        assertThat(share).isBetween(0.035, 0.045);
        assertThat(hatched / (double) columns).as("kernel columns").isBetween(share - 0.025, share + 0.025);
    }
}
