package io.throttlescope.sim;

import java.util.Arrays;

/**
 * The simulator's timer queue: a binary heap ordered by time and then by insertion order, so events
 * at the same instant run in the order they were armed. A node is two adjacent longs of one array
 * (its time; its insertion number and the slot of its payload), so a sift moves 16 bytes within a
 * cache line or two; the payloads (type, target, generation) stay in their slots until popped
 * (docs/performance.md, "Speed").
 */
final class EventQueue {
    /** Bits of a node's second long that name its payload's slot: 2^24 timers pending at most. */
    private static final int SLOT_BITS = 24;

    private static final long SLOT_MASK = (1L << SLOT_BITS) - 1;

    /** Node i: heap[2i] its time, heap[2i + 1] its insertion number << SLOT_BITS | its slot. */
    private long[] heap = new long[512];

    private int[] type = new int[256];
    private int[] target = new int[256];
    private long[] gen = new long[256];
    /** Slots freed by pops, used again first. */
    private int[] free = new int[256];

    private int freeCount;
    private int slotsUsed;
    private int size;
    private long nextSeq;

    // the popped event
    long t;
    int popType;
    int popTarget;
    long popGen;

    int size() {
        return size;
    }

    long peekTime() {
        return size == 0 ? Long.MAX_VALUE : heap[0];
    }

    void push(long at, int ty, int tg, long g) {
        int slot = freeCount > 0 ? free[--freeCount] : newSlot();
        type[slot] = ty;
        target[slot] = tg;
        gen[slot] = g;
        if (nextSeq >= 1L << (63 - SLOT_BITS)) throw new IllegalStateException("more timers than the queue can order");
        long key = nextSeq++ << SLOT_BITS | slot;
        if (2 * size == heap.length) heap = Arrays.copyOf(heap, heap.length * 2);
        long[] h = heap;
        int i = size++;
        while (i > 0) {
            int p = (i - 1) >>> 1;
            long pt = h[2 * p];
            if (at < pt || (at == pt && key < h[2 * p + 1])) {
                h[2 * i] = pt;
                h[2 * i + 1] = h[2 * p + 1];
                i = p;
            } else break;
        }
        h[2 * i] = at;
        h[2 * i + 1] = key;
    }

    void pop() {
        long[] h = heap;
        t = h[0];
        int slot = (int) (h[1] & SLOT_MASK);
        popType = type[slot];
        popTarget = target[slot];
        popGen = gen[slot];
        free[freeCount++] = slot;
        size--;
        if (size == 0) return;
        long at = h[2 * size], key = h[2 * size + 1];
        int i = 0;
        while (true) {
            int l = 2 * i + 1;
            if (l >= size) break;
            int r = l + 1;
            long lt = h[2 * l], lk = h[2 * l + 1];
            if (r < size) {
                long rt = h[2 * r], rk = h[2 * r + 1];
                if (rt < lt || (rt == lt && rk < lk)) {
                    l = r;
                    lt = rt;
                    lk = rk;
                }
            }
            if (lt < at || (lt == at && lk < key)) {
                h[2 * i] = lt;
                h[2 * i + 1] = lk;
                i = l;
            } else break;
        }
        h[2 * i] = at;
        h[2 * i + 1] = key;
    }

    private int newSlot() {
        if (slotsUsed > SLOT_MASK) throw new IllegalStateException("more than 2^24 timers pending");
        if (slotsUsed == type.length) {
            int n = type.length * 2;
            type = Arrays.copyOf(type, n);
            target = Arrays.copyOf(target, n);
            gen = Arrays.copyOf(gen, n);
            free = Arrays.copyOf(free, n);
        }
        return slotsUsed++;
    }
}
