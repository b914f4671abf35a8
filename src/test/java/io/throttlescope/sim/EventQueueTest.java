package io.throttlescope.sim;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The timer queue pops by time, then in the order pushed, whatever its layout (checked against a plain priority
 * queue), with or without a peek between a pop and what follows it.
 */
class EventQueueTest {
    private record Ev(long at, long seq, int type, int target, long gen) {}

    private static List<String> drive(EventQueue q, long seed, int ops, long timeRange) {
        SplittableRandom rng = new SplittableRandom(seed);
        PriorityQueue<Ev> ref =
                new PriorityQueue<>(Comparator.comparingLong(Ev::at).thenComparingLong(Ev::seq));
        List<String> mismatches = new ArrayList<>();
        long seq = 0, now = 0;
        for (int k = 0; k < ops; k++) {
            if (ref.isEmpty() || rng.nextInt(100) < 55) {
                long at = now + rng.nextLong(timeRange); // many ties when the range is small
                Ev e = new Ev(at, seq++, rng.nextInt(10), rng.nextInt(100_000), rng.nextLong());
                ref.add(e);
                q.push(e.at, e.type, e.target, e.gen);
            } else {
                Ev e = ref.poll();
                // a peek fills the root a pop left empty; without one, the next pop or push does
                if (rng.nextBoolean()) assertThat(q.peekTime()).isEqualTo(e.at);
                q.pop();
                now = q.t;
                if (q.t != e.at || q.popType != e.type || q.popTarget != e.target || q.popGen != e.gen)
                    mismatches.add("pop " + k + ": " + q.t + "/" + q.popTarget + " expected " + e);
            }
            assertThat(q.size()).isEqualTo(ref.size());
        }
        return mismatches;
    }

    @Test
    void popsInTimeThenPushOrder() {
        for (long range : new long[] {1, 3, 1000, 1L << 40})
            assertThat(drive(new EventQueue(), range, 200_000, range)).isEmpty();
        assertThat(new EventQueue().peekTime()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void refusesATimeBeforeZero() { // the descent picks a child by the sign of a difference of times
        EventQueue q = new EventQueue();
        assertThatThrownBy(() -> q.push(-1, 0, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        q.push(0, 0, 7, 0);
        q.push(Long.MAX_VALUE, 0, 8, 0);
        q.pop();
        assertThat(q.popTarget).isEqualTo(7);
        q.pop();
        assertThat(q.popTarget).isEqualTo(8);
    }
}
