package io.throttlescope.trace;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Intervals kept as an int duration (a long end aside when over 2.1 s), and galloping search. */
class SlicesTest {
    @Test
    void anIntervalOverTwoSecondsKeepsItsEndAndMergingExtendsIt() {
        Slices s = new Slices();
        s.add(0, 10, 1, 0);
        s.add(10, 5_000_000_000L, 2, 0); // longer than an int of nanoseconds
        s.add(5_000_000_000L, 9_000_000_000L, 2, 0); // same value and detail, touching: merged
        s.add(9_000_000_000L, 9_000_000_100L, 3, 1);
        s.trim();
        assertThat(s.size()).isEqualTo(3);
        assertThat(s.end(1)).isEqualTo(9_000_000_000L);
        assertThat(s.end(2)).isEqualTo(9_000_000_100L);
        assertThat(s.at(4_000_000_000L)).isEqualTo(1);
        assertThat(s.firstEndingAfter(9_000_000_000L)).isEqualTo(2);
    }

    @Property(tries = 300)
    void gallopingFindsWhatBinarySearchFinds(
            @ForAll @Size(min = 1, max = 300) List<@IntRange(min = 1, max = 1000) Integer> lengths,
            @ForAll @IntRange(min = 0, max = 299) int from,
            @ForAll @LongRange(min = 0, max = 400_000) long t) {
        Slices s = new Slices();
        long at = 0;
        for (int i = 0; i < lengths.size(); i++) {
            s.add(at, at + lengths.get(i), i, 0);
            at += lengths.get(i) + (i % 3 == 0 ? 5 : 0);
        }
        int f = Math.min(from, s.size());
        int expected = Math.max(f, s.firstEndingAfter(t));
        assertThat(s.firstEndingAfterFrom(f, t)).isEqualTo(expected);
    }

    @Property(tries = 300)
    void aStaysLastIntervalIsWhereAWalkStops(
            @ForAll @Size(min = 1, max = 60) List<@IntRange(min = 1, max = 400) Integer> stays,
            @ForAll @IntRange(min = 0, max = 3) int gapEvery,
            @ForAll @IntRange(min = 0, max = 2000) int from,
            @ForAll @IntRange(min = 0, max = 300) int max) {
        Slices s = new Slices();
        long at = 0;
        for (int k = 0; k < stays.size(); k++) { // stays of 1 to 400 intervals, over several 64-interval words
            for (int i = 0; i < stays.get(k); i++) {
                s.add(at, at + 10, k % 2, i); // a detail of its own: touching intervals of one value stay apart
                at += 10;
            }
            if (gapEvery > 0 && k % gapEvery == 0) at++; // a gap also ends a stay (the next has the other value anyway)
        }
        int i = Math.min(from, s.size() - 1), j = i;
        while (j + 1 < s.size() && j - i < max && !s.startsStay(j + 1)) j++;
        assertThat(s.stayLast(i, i + max)).isEqualTo(j);
        s.add(
                at,
                at + 10,
                stays.size() % 2 == 0 ? 1 : 0,
                -1); // the lane grew (a stay of its own): its bits are made again
        j = i;
        while (j + 1 < s.size() && j - i < max && !s.startsStay(j + 1)) j++;
        assertThat(s.stayLast(i, i + max)).isEqualTo(j);
    }

    @Test
    void aLaneOfManyChunksKeepsEveryIntervalAndGrowsAgainAfterATrim() {
        Slices s = new Slices();
        s.trim(); // an empty lane cut to size can still grow
        int n = 3 * 8192 + 17; // past many whole chunks (of 1,024)
        for (int i = 0; i < n; i++) s.add(10L * i, 10L * i + 7, i, i % 5);
        s.trim();
        s.add(10L * n, 10L * n + 3_000_000_000L, n, 0); // after the trim, with a long end
        s.add(20L * n + 3_000_000_000L, 20L * n + 3_000_000_001L, n + 1, 1);
        assertThat(s.size()).isEqualTo(n + 2);
        for (int i = 0; i < n; i++) {
            assertThat(s.start(i)).isEqualTo(10L * i);
            assertThat(s.end(i)).isEqualTo(10L * i + 7);
            assertThat(s.value(i)).isEqualTo(i);
            assertThat(s.detail(i)).isEqualTo(i % 5);
        }
        assertThat(s.end(n)).isEqualTo(10L * n + 3_000_000_000L);
        assertThat(s.value(n + 1)).isEqualTo(n + 1);
        assertThat(s.at(10L * 8192 + 3)).isEqualTo(8192);
        assertThat(s.at(10L * 8192 + 8)).isEqualTo(-1); // between two intervals
        assertThat(s.firstEndingAfter(10L * (2 * 8192) + 7)).isEqualTo(2 * 8192 + 1);
    }

    /**
     * Values are kept in bytes until one does not fit: then every value held so far (several chunks, the
     * first grown and the last trimmed) is read back as it was, negative ones included, and so is every
     * value after.
     */
    @Test
    void aValueThatDoesNotFitAByteWidensTheLaneWithoutChangingWhatItHolds() {
        Slices s = new Slices();
        int n = 5 * 1024 + 300;
        for (int i = 0; i < n; i++) s.add(10L * i, 10L * i + 7, i % 256 - 128, i % 3); // -128 .. 127: bytes
        s.trim();
        s.add(10L * n, 10L * n + 5, 128, 0); // the first that does not fit
        s.add(10L * n + 20, 10L * n + 25, -1_000_000, 1);
        for (int i = 0; i < n; i++) {
            assertThat(s.value(i)).isEqualTo(i % 256 - 128);
            assertThat(s.detail(i)).isEqualTo(i % 3);
            assertThat(s.end(i)).isEqualTo(10L * i + 7);
        }
        assertThat(s.value(n)).isEqualTo(128);
        assertThat(s.value(n + 1)).isEqualTo(-1_000_000);
        assertThat(s.size()).isEqualTo(n + 2);
        // widened while the first chunk is still growing, and at a chunk's end
        for (int first : new int[] {100, 1024}) {
            Slices p = new Slices();
            for (int i = 0; i < first; i++) p.add(i, i + 1, i % 2, 0);
            p.add(first, first + 1, 1000, 0);
            p.add(first + 1, first + 2, 3, 0);
            for (int i = 0; i < first; i++) assertThat(p.value(i)).isEqualTo(i % 2);
            assertThat(p.value(first)).isEqualTo(1000);
            assertThat(p.value(first + 1)).isEqualTo(3);
        }
        // a touching interval of the same value still extends the last one
        s.add(10L * n + 25, 10L * n + 40, -1_000_000, 1);
        assertThat(s.size()).isEqualTo(n + 2);
        assertThat(s.end(n + 1)).isEqualTo(10L * n + 40);
    }

    /**
     * Values and details are each kept in the narrowest width that holds them (issue 28: the peak): bytes,
     * then shorts from the first that needs one, then ints; every value and detail held so far (several
     * chunks, the last trimmed and grown again) reads back as it was at each step, negative ones included.
     */
    @Test
    void valuesAndDetailsWidenFromBytesToShortsToIntsWithoutChangingWhatTheyHold() {
        Slices s = new Slices();
        java.util.List<int[]> want = new java.util.ArrayList<>();
        int[][] widths = {{-128, 127}, {-32_768, 32_767}, {Integer.MIN_VALUE, Integer.MAX_VALUE}};
        java.util.Random r = new java.util.Random(28);
        long t = 0;
        for (int step = 0; step < 6; step++) {
            int[] w = widths[step / 2], wd = widths[Math.min(2, (step + 1) / 2)]; // value and detail widen apart
            for (int i = 0; i < 1500; i++) { // each width's ends first, then values spread over it
                int v = i == 0 ? w[step % 2] : within(r, w);
                int d = i == 0 ? wd[1 - step % 2] : within(r, wd);
                s.add(t, t + 3, v, d);
                want.add(new int[] {v, d});
                t += 5; // never touching: every add is an interval of its own
            }
            if (step == 1) s.trim(); // a trimmed lane widens and grows again
            for (int i = 0; i < want.size(); i++) {
                assertThat(s.value(i)).as("value %d after step %d", i, step).isEqualTo(want.get(i)[0]);
                assertThat(s.detail(i)).as("detail %d after step %d", i, step).isEqualTo(want.get(i)[1]);
                assertThat(s.end(i)).isEqualTo(5L * i + 3);
            }
        }
        assertThat(s.size()).isEqualTo(want.size());
        // from bytes straight to ints
        Slices b = new Slices();
        for (int i = 0; i < 1100; i++) b.add(2L * i, 2L * i + 1, i % 200 - 100, -(i % 100));
        b.add(3000, 3001, Integer.MIN_VALUE, 1 << 20);
        for (int i = 0; i < 1100; i++) {
            assertThat(b.value(i)).isEqualTo(i % 200 - 100);
            assertThat(b.detail(i)).isEqualTo(-(i % 100));
        }
        assertThat(b.value(1100)).isEqualTo(Integer.MIN_VALUE);
        assertThat(b.detail(1100)).isEqualTo(1 << 20);
    }

    /** A value within [w[0], w[1]], spread over the range. */
    private static int within(java.util.Random r, int[] w) {
        return (int) (w[0] + (long) (r.nextDouble() * ((long) w[1] - w[0] + 1)));
    }

    @Property(tries = 100)
    void aBlocksLongestStayIsTheLongestRunOfTouchingIntervalsOfOneValueStartingInIt(
            @ForAll @Size(min = 1, max = 3000) List<@IntRange(min = 0, max = 3) Integer> values) {
        Slices s = new Slices();
        long at = 0;
        for (int i = 0; i < values.size(); i++) {
            int v = values.get(i);
            s.add(at, at + 1 + i % 7, v, i % 2); // a different detail: not merged, so stays have several pieces
            at += 1 + i % 7 + (i % 11 == 0 ? 3 : 0); // a gap now and then ends a stay
        }
        int blocks = (s.size() + Slices.STAY_BLOCK - 1) / Slices.STAY_BLOCK;
        long[] expected = new long[blocks];
        for (int i = 0; i < s.size(); i++) {
            if (i > 0 && s.value(i - 1) == s.value(i) && s.end(i - 1) == s.start(i)) continue; // not a stay's start
            int j = i;
            while (j + 1 < s.size() && s.value(j + 1) == s.value(i) && s.start(j + 1) == s.end(j)) j++;
            expected[i / Slices.STAY_BLOCK] = Math.max(expected[i / Slices.STAY_BLOCK], s.end(j) - s.start(i));
        }
        for (int b = 0; b < blocks; b++)
            assertThat(s.longestStayStartingIn(b)).as("block %d", b).isEqualTo(expected[b]);
        assertThat(s.longestStayStartingIn(blocks)).isZero();
    }
}
