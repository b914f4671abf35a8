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
    /** The root is empty: a pop took it and no push or peek has filled it yet. */
    private boolean hole;

    // the popped event
    long t;
    int popType;
    int popTarget;
    long popGen;

    int size() {
        return size;
    }

    long peekTime() {
        if (hole) fillHole();
        return size == 0 ? Long.MAX_VALUE : heap[0];
    }

    /** Arms a timer at {@code at}, a time of at least 0 (the descent's arithmetic needs no sign: below). */
    void push(long at, int ty, int tg, long g) {
        if (at < 0) throw new IllegalArgumentException("a timer before time 0: " + at);
        int slot = freeCount > 0 ? free[--freeCount] : newSlot();
        type[slot] = ty;
        target[slot] = tg;
        gen[slot] = g;
        if (nextSeq >= 1L << (63 - SLOT_BITS)) throw new IllegalStateException("more timers than the queue can order");
        long key = nextSeq++ << SLOT_BITS | slot;
        if (hole) { // the root a pop left: the new node takes it and goes down (one sift, not two)
            hole = false;
            siftDown(at, key, ++size);
            return;
        }
        if (2 * size + 2 >= heap.length) heap = Arrays.copyOf(heap, heap.length * 2);
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

    /**
     * Takes the earliest node out. Its place at the root stays empty until the next push fills it
     * (the simulator nearly always arms a timer while it handles the one it popped) or the next pop
     * or peek moves the last node there.
     */
    void pop() {
        if (hole) fillHole();
        long[] h = heap;
        t = h[0];
        int slot = (int) (h[1] & SLOT_MASK);
        popType = type[slot];
        popTarget = target[slot];
        popGen = gen[slot];
        free[freeCount++] = slot;
        size--;
        hole = size > 0; // the root's nodes are heap[2..2 * size + 1] below an empty root
    }

    private void fillHole() {
        hole = false;
        long[] h = heap;
        siftDown(h[2 * size], h[2 * size + 1], size);
    }

    /**
     * Puts (at, key) at the root of the first n nodes and sifts it down, bottom-up: the hole walks
     * along the smaller children to a leaf (one comparison a level, taken as arithmetic: which child
     * is smaller is a coin toss a branch predictor loses), then the node goes up from there; it
     * nearly always belongs near the bottom. Node n becomes a sentinel no node is greater than, so a
     * lone left child needs no test.
     */
    private void siftDown(long at, long key, int n) {
        long[] h = heap;
        h[2 * n] = Long.MAX_VALUE;
        h[2 * n + 1] = Long.MAX_VALUE;
        int i = 0;
        int half = n >>> 1;
        while (i < half) {
            int l = 2 * i + 1;
            long lt = h[2 * l];
            long rt = h[2 * l + 2];
            long d = rt - lt; // times are at least 0, so this does not overflow
            int c = l + (int) (d >>> 63);
            if (d == 0 && h[2 * l + 3] < h[2 * l + 1]) c = l + 1; // the same time: the earlier armed
            h[2 * i] = h[2 * c];
            h[2 * i + 1] = h[2 * c + 1];
            i = c;
        }
        while (i > 0) {
            int p = (i - 1) >>> 1;
            long pt = h[2 * p];
            long pk = h[2 * p + 1];
            if (at < pt || (at == pt && key < pk)) {
                h[2 * i] = pt;
                h[2 * i + 1] = pk;
                i = p;
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
