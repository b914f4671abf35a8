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
 * queue), with or without a peek between a pop and what follows it, and with CPU timers re-armed and cancelled in
 * place among the other timers.
 */
class EventQueueTest {
    private record Ev(long at, long seq, int type, int target, long gen, boolean cpu) {
        Ev(long at, long seq, int type, int target, long gen) {
            this(at, seq, type, target, gen, false);
        }
    }

    /**
     * Random pushes and pops, a peek before a pop or not (a peek fills the root a pop left empty; without one, the
     * next pop or push does), checked against a priority queue; with {@code cpus} above 0 it also arms and cancels
     * the timers of that many CPUs: a re-arm replaces the CPU's timer (the reference drops the old one), often
     * right after that CPU's timer popped, as the simulator does. A small time range makes many ties.
     */
    private static List<String> drive(long seed, int ops, long timeRange, int cpus) {
        EventQueue q = new EventQueue();
        if (cpus > 0) q.cpuTimers(cpus);
        int pushes = cpus > 0 ? 30 : 55, arms = cpus > 0 ? 55 : 0, cancels = cpus > 0 ? 60 : 0;
        SplittableRandom rng = new SplittableRandom(seed);
        PriorityQueue<Ev> ref =
                new PriorityQueue<>(Comparator.comparingLong(Ev::at).thenComparingLong(Ev::seq));
        Ev[] armed = new Ev[cpus];
        List<String> mismatches = new ArrayList<>();
        long seq = 0, now = 0;
        for (int k = 0; k < ops; k++) {
            int dice = rng.nextInt(100);
            if (ref.isEmpty() || dice < pushes) {
                Ev e = new Ev(now + rng.nextLong(timeRange), seq++, 1 + rng.nextInt(9), rng.nextInt(100_000), k);
                ref.add(e);
                q.push(e.at, e.type, e.target, e.gen);
            } else if (dice < arms) {
                int c = rng.nextInt(cpus);
                if (armed[c] != null) ref.remove(armed[c]);
                armed[c] = new Ev(now + rng.nextLong(timeRange), seq++, Simulator.EV_CPU, c, 0, true);
                ref.add(armed[c]);
                q.armCpu(c, armed[c].at);
            } else if (dice < cancels) {
                int c = rng.nextInt(cpus);
                if (armed[c] != null) ref.remove(armed[c]);
                armed[c] = null;
                q.cancelCpu(c);
            } else {
                Ev e = ref.poll();
                if (rng.nextBoolean()) assertThat(q.peekTime()).isEqualTo(e.at);
                q.pop();
                now = q.t;
                if (q.t != e.at || q.popType != e.type || q.popTarget != e.target || q.popGen != e.gen)
                    mismatches.add("pop " + k + ": " + q.t + "/" + q.popType + "/" + q.popTarget + " expected " + e);
                if (e.cpu) {
                    armed[e.target] = null;
                    if (rng.nextInt(4) > 0) { // the simulator re-arms the CPU whose timer fired
                        armed[e.target] =
                                new Ev(now + rng.nextLong(timeRange), seq++, Simulator.EV_CPU, e.target, 0, true);
                        ref.add(armed[e.target]);
                        q.armCpu(e.target, armed[e.target].at);
                    }
                }
            }
            assertThat(q.size()).isEqualTo(ref.size());
        }
        while (!ref.isEmpty()) { // drains in order, the fired leaves cleared by the pops themselves
            Ev e = ref.poll();
            q.pop();
            if (q.t != e.at || q.popTarget != e.target)
                mismatches.add("drain: " + q.t + "/" + q.popTarget + " expected " + e);
        }
        assertThat(q.size()).isZero();
        assertThat(q.peekTime()).isEqualTo(Long.MAX_VALUE);
        return mismatches;
    }

    @Test
    void popsInTimeThenPushOrder() {
        for (long range : new long[] {1, 3, 1000, 1L << 40})
            assertThat(drive(range, 200_000, range, 0)).isEmpty();
        assertThat(new EventQueue().peekTime()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void cpuTimersTakeTheirPlaceAmongTheOthers() {
        for (int cpus : new int[] {1, 2, 3, 64, 100})
            for (long range : new long[] {1, 3, 1000, 1L << 40})
                assertThat(drive(cpus * 31L + range, 100_000, range, cpus)).isEmpty();
    }

    @Test
    void aCpuTimerArmedAtTheSameInstantAsAnotherTimerKeepsTheOrderOfArming() {
        EventQueue q = new EventQueue();
        q.cpuTimers(4);
        q.push(10, 3, 1, 0); // armed first
        q.armCpu(2, 10);
        q.push(10, 3, 2, 0);
        q.armCpu(1, 10);
        q.armCpu(2, 10); // re-armed: now after the others
        List<String> order = new ArrayList<>();
        while (q.size() > 0) {
            q.pop();
            order.add(q.popType + ":" + q.popTarget);
        }
        assertThat(order).containsExactly("3:1", "3:2", "0:1", "0:2");
        // a CPU timer at the end of time is none; a heap timer there still pops; no CPU outside the tree
        q.armCpu(3, 20);
        q.armCpu(3, Long.MAX_VALUE);
        q.push(Long.MAX_VALUE, 4, 9, 0);
        assertThat(q.size()).isEqualTo(1);
        q.pop();
        assertThat(q.popTarget).isEqualTo(9);
        assertThatThrownBy(() -> q.armCpu(4, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> q.cancelCpu(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void refusesATimeBeforeZero() { // the descent picks a child by the sign of a difference of times
        EventQueue q = new EventQueue();
        assertThatThrownBy(() -> q.push(-1, 0, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        q.cpuTimers(2);
        assertThatThrownBy(() -> q.armCpu(1, -1)).isInstanceOf(IllegalArgumentException.class);
        q.push(0, 0, 7, 0);
        q.push(Long.MAX_VALUE, 0, 8, 0);
        q.pop();
        assertThat(q.popTarget).isEqualTo(7);
        q.pop();
        assertThat(q.popTarget).isEqualTo(8);
    }
}
