package io.throttlescope.cli;

import io.throttlescope.sim.EventKind;
import io.throttlescope.trace.Trace;
import java.util.SplittableRandom;

/**
 * The bench's anchor (docs/performance.md, "Speed"): the same number of events as a simulation
 * through a bare binary heap of timed events, each popped, recorded as 28 bytes (a time, a kind and
 * CPU, a task, a group and one argument) into a {@link Trace} as the simulator records its events,
 * and replaced by one a pseudo-random time later. What the simulator does beyond that is the scheduler itself; the
 * ratio of the two rates, in the same JVM, says how close it comes to the cost of a bare event loop.
 */
final class BenchAnchor {
    private BenchAnchor() {}

    /** Events per second through the heap: {@code events} events with {@code pending} timers in flight. */
    static double rate(long events, int pending, long seed) {
        int n = Math.max(1, pending);
        long[] heap = new long[n]; // time << 20 | payload: the payload orders equal times
        SplittableRandom rng = new SplittableRandom(seed);
        for (int i = 0; i < n; i++) heap[i] = (rng.nextLong(1, 1_000_000) << 20) | i;
        for (int i = n / 2 - 1; i >= 0; i--) down(heap, n, i);
        Trace trace = new Trace();
        EventKind[] kinds = EventKind.values();
        long t0 = System.nanoTime();
        for (long e = 0; e < events; e++) {
            long top = heap[0];
            long at = top >>> 20;
            int payload = (int) (top & 0xFFFFF);
            // 8 + 8 + 4 + 4 + 4 bytes an event, recorded as the simulator records its events
            trace.event(at, kinds[payload & 7], payload & 63, payload, payload >>> 4, -1, at ^ payload, 0);
            heap[0] = ((at + rng.nextLong(1, 10_000)) << 20) | payload;
            down(heap, n, 0);
        }
        long el = System.nanoTime() - t0;
        if (trace.size() != events) throw new AssertionError(); // the trace stays alive
        return events / (el / 1e9);
    }

    private static void down(long[] h, int n, int i) {
        long x = h[i];
        while (true) {
            int l = 2 * i + 1;
            if (l >= n) break;
            int m = l + 1 < n && h[l + 1] < h[l] ? l + 1 : l;
            if (h[m] >= x) break;
            h[i] = h[m];
            i = m;
        }
        h[i] = x;
    }
}
