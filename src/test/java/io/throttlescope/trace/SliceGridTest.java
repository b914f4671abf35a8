package io.throttlescope.trace;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A lane's grid: each bin holds the first interval that overlaps it, or none. */
class SliceGridTest {
    @Test
    void eachBinHoldsTheFirstIntervalOverlappingIt() {
        Slices s = new Slices();
        s.add(0, 10, 1, 7);
        s.add(10, 12, 2, 8);
        s.add(30, 50, 3, 9);
        SliceGrid g = SliceGrid.of(s, 8);
        // bins of 8 ns: [0,8) v1, [8,16) v1 (it starts in [0,10), before v2), [16,24) none, then v3 to [48,56)
        assertThat(g.firstIn(0, 0)).isEqualTo(0);
        assertThat(g.value(0)).isEqualTo(1);
        assertThat(g.value(1)).isEqualTo(1);
        assertThat(g.detail(1)).isEqualTo(7);
        assertThat(g.firstIn(2, 2)).isEqualTo(-1);
        assertThat(g.firstIn(2, 3)).isEqualTo(3);
        assertThat(g.value(3)).isEqualTo(3);
        assertThat(g.detail(3)).isEqualTo(9);
        assertThat(g.firstIn(6, 6)).isEqualTo(6); // [48,56) still holds v3, which ends at 50
        assertThat(g.firstIn(7, 100)).isEqualTo(-1); // past the lane
        assertThat(g.firstIn(-5, -1)).isEqualTo(-1); // before it
        assertThat(g.firstIn(-5, 0)).isEqualTo(0);
        assertThat(g.of(s)).isTrue();
        s.add(50, 58, 3, 9); // touches the last interval with its value and detail: it lengthens it
        assertThat(s.size()).isEqualTo(3);
        assertThat(g.of(s))
                .as("a lane whose last interval grew needs a new grid")
                .isFalse();
        g = SliceGrid.of(s, 8);
        assertThat(g.firstIn(7, 7)).isEqualTo(7); // [56,64) holds it now
        s.add(60, 70, 4, 0);
        assertThat(g.of(s)).as("a lane that grew needs a new grid").isFalse();
    }

    @Test
    void aGridOfTooManyBinsIsNotMadeNorOneOfAnEmptyLane() {
        Slices s = new Slices();
        assertThat(SliceGrid.of(s, 8)).isNull();
        s.add(0, 8L * SliceGrid.MAX_BINS, 1, 0);
        assertThat(SliceGrid.of(s, 8)).isNotNull();
        s.add(8L * SliceGrid.MAX_BINS, 8L * SliceGrid.MAX_BINS + 1, 2, 0);
        assertThat(SliceGrid.of(s, 8)).isNull();
        assertThatThrownBy(() -> SliceGrid.of(s, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Property(tries = 300)
    void everyBinAgreesWithALookAtEveryInterval(
            @ForAll @Size(min = 1, max = 200) List<@IntRange(min = 1, max = 50) Integer> lengths,
            @ForAll @Size(min = 1, max = 200) List<@IntRange(min = 0, max = 40) Integer> gaps,
            @ForAll @IntRange(min = 0, max = 12)
                    int log2Width) { // a walk along the lane, or (wide bins) a search a bin
        Slices s = new Slices();
        long at = 3;
        for (int i = 0; i < lengths.size(); i++) {
            s.add(at, at + lengths.get(i), i, -i);
            at += lengths.get(i) + gaps.get(i % gaps.size());
        }
        long w = 1L << log2Width;
        SliceGrid g = SliceGrid.of(s, w);
        for (long b = -2; b * w < at + 2 * w; b++) {
            int expected = -1; // the first interval overlapping [b * w, (b + 1) * w), by looking at all
            for (int i = 0; i < s.size() && expected < 0; i++)
                if (s.start(i) < (b + 1) * w && s.end(i) > b * w) expected = i;
            int k = g.firstIn(b, b);
            assertThat(k < 0).as("bin %d", b).isEqualTo(expected < 0);
            if (expected >= 0) {
                assertThat(g.value(k)).isEqualTo(s.value(expected));
                assertThat(g.detail(k)).isEqualTo(s.detail(expected));
            }
        }
    }
}
