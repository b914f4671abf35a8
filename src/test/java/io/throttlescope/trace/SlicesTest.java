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
}
