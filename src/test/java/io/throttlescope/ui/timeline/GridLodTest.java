package io.throttlescope.ui.timeline;

import io.throttlescope.trace.Slices;
import io.throttlescope.trace.SlicesAccess;
import java.util.ArrayList;
import java.util.List;
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

    /**
     * Each column against a look at every interval: the first interval overlapping the first of the
     * column's whole bins that any interval overlaps; none, no rectangle. On a lane with gaps of up to
     * two columns, so that columns and bins without an interval are met.
     */
    @Test
    void eachColumnShowsTheFirstIntervalOfItsFirstWholeBinThatHasOne() {
        Slices s = new Slices();
        SplittableRandom rnd = new SplittableRandom(3);
        List<long[]> all = new ArrayList<>(); // start, end, value
        long at = 0;
        for (int i = 0; i < 30_000; i++) {
            long len = 20L + rnd.nextInt(200);
            all.add(new long[] {at, at + len, i % 5});
            SlicesAccess.add(s, at, at + len, i % 5, 0);
            at += len + (rnd.nextInt(400) == 0 ? rnd.nextInt(40_000) : rnd.nextInt(30));
        }
        int columns = 150;
        double nsPerPx = at / (double) columns, t0 = 0;
        RectBatch b = new RectBatch();
        assertThat(new GridLod().draw(b, s, 5, 10, (v, d) -> FILLS[v], t0, nsPerPx, 0, 0, columns))
                .isTrue();
        Paint[] col = columns(b, columns);
        long width = Long.highestOneBit((long) (nsPerPx / 4));
        int empty = 0;
        for (int x = 0; x < columns; x++) {
            double c0 = t0 + x * nsPerPx, c1 = c0 + nsPerPx;
            long[] shown = null;
            for (long bin = Math.floorDiv((long) Math.ceil(c0) + width - 1, width);
                    shown == null && (bin + 1) * width <= (long) Math.floor(c1);
                    bin++) {
                for (long[] iv : all) {
                    if (iv[0] < (bin + 1) * width && iv[1] > bin * width) {
                        shown = iv;
                        break;
                    }
                }
            }
            if (shown == null) {
                assertThat(col[x])
                        .as("column %d: no interval in its whole bins", x)
                        .isNull();
                empty++;
                continue;
            }
            assertThat(col[x]).as("column %d", x).isEqualTo(FILLS[(int) shown[2]]);
            assertThat(shown[0] < c1 && shown[1] > c0)
                    .as("column %d shows an interval in it", x)
                    .isTrue();
        }
        assertThat(empty).as("gaps of a column or more were met").isPositive();
    }

    @Test
    void anIdleColumnBetweenBusyOnesStaysEmpty() {
        Slices s = new Slices();
        int columns = 100;
        long perColumn = 20_000;
        for (long t = 0; t < columns * perColumn; t += 100) {
            if (t >= 40 * perColumn && t < 41 * perColumn) continue; // column 40 idle, exactly
            SlicesAccess.add(s, t, t + 60, (int) (t / 100 % 5), 0);
        }
        RectBatch b = new RectBatch();
        assertThat(new GridLod().draw(b, s, 5, 10, (v, d) -> FILLS[v], 0, perColumn, 0, 0, columns))
                .isTrue();
        Paint[] col = columns(b, columns);
        assertThat(col[40]).isNull();
        assertThat(col[39]).isNotNull();
        assertThat(col[41]).isNotNull();
    }

    @Test
    void aPanByAFractionOfAColumnKeepsTheBins() {
        Slices s = lane(40_000);
        RectBatch a = new RectBatch(), b = new RectBatch();
        GridLod lod = new GridLod();
        // t0 a twentieth of a column short of a whole one: a column whose first whole bin is the same shows the same
        // interval (every bin holds one here)
        assertThat(lod.draw(a, s, 5, 10, (v, d) -> FILLS[v], 0, 20_000, 0, 0, 100))
                .isTrue();
        assertThat(lod.draw(b, s, 5, 10, (v, d) -> FILLS[v], 19_000, 20_000, 0, 0, 100))
                .isTrue();
        Paint[] before = columns(a, 100), after = columns(b, 100);
        long width = 4096;
        int same = 0;
        for (int x = 0; x + 1 < 100; x++) {
            if (Math.floorDiv(20_000L * (x + 1) + width - 1, width)
                    == Math.floorDiv(19_000 + 20_000L * x + width - 1, width)) {
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
