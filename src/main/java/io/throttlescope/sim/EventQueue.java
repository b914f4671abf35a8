package io.throttlescope.sim;

import java.util.Arrays;

/**
 * The simulator's timer queue, ordered by time and then by insertion order, so events at the same
 * instant run in the order they were armed. Two parts share the insertion numbers: each CPU's one
 * timer (the end of its current task's stretch of work or its next tick, re-armed at nearly every
 * event) is a leaf of a tournament tree that a re-arm replays in place, and every other timer is a
 * node of a binary heap. A heap node is two adjacent longs of one array (its time; its insertion
 * number and the slot of its payload), so a sift moves 16 bytes within a cache line or two; the
 * payloads (type, target, generation) stay in their slots until popped (docs/performance.md, "Speed").
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

    /**
     * The CPU timers' tournament tree: node i (1 the root, leaves cpuBase + cpu) holds the earliest
     * timer below it, its time, insertion number and CPU; an unarmed leaf holds Long.MAX_VALUE twice.
     */
    private long[] cpuAt = {Long.MAX_VALUE, Long.MAX_VALUE};

    private long[] cpuSeq = {Long.MAX_VALUE, Long.MAX_VALUE};
    private int[] cpuOf = {0, 0};
    private int cpuBase = 1;
    private int cpuCount;
    private int cpuArmed;
    /** The CPU whose timer the last pop took, its leaf not yet cleared (-1: none); the next re-arm replays it once. */
    private int fired = -1;

    // the popped event
    long t;
    int popType;
    int popTarget;
    long popGen;

    /** Makes room for CPU timers 0..cpus-1, all unarmed; call before arming any. */
    void cpuTimers(int cpus) {
        int base = 1;
        while (base < cpus) base <<= 1;
        cpuBase = base;
        cpuCount = cpus;
        cpuAt = new long[2 * base];
        cpuSeq = new long[2 * base];
        cpuOf = new int[2 * base];
        Arrays.fill(cpuAt, Long.MAX_VALUE);
        Arrays.fill(cpuSeq, Long.MAX_VALUE);
        for (int i = 0; i < base; i++) cpuOf[base + i] = i;
        for (int i = base - 1; i >= 1; i--) cpuOf[i] = cpuOf[2 * i];
        cpuArmed = 0;
        fired = -1;
    }

    /** Timers pending: the heap's and the armed CPU timers. */
    int size() {
        return size + cpuArmed;
    }

    long peekTime() {
        if (hole) fillHole();
        if (fired >= 0) clearFired();
        long h = size == 0 ? Long.MAX_VALUE : heap[0];
        return Math.min(h, cpuAt[1]);
    }

    /** Arms CPU {@code cpu}'s timer at {@code at} (at least 0), in place of the one it had; EV_CPU when popped. */
    void armCpu(int cpu, long at) {
        if (at < 0) throw new IllegalArgumentException("a timer before time 0: " + at);
        checkCpu(cpu);
        if (nextSeq >= 1L << (63 - SLOT_BITS)) throw new IllegalStateException("more timers than the queue can order");
        if (at == Long.MAX_VALUE) { // never: the same as none
            cancelCpu(cpu);
            return;
        }
        int leaf = cpuBase + cpu;
        if (cpu == fired || cpuAt[leaf] == Long.MAX_VALUE) cpuArmed++; // a fired timer no longer counts
        if (cpu == fired) fired = -1;
        cpuAt[leaf] = at;
        cpuSeq[leaf] = nextSeq++;
        replay(leaf);
    }

    /** Takes CPU {@code cpu}'s timer out, if it has one. */
    void cancelCpu(int cpu) {
        checkCpu(cpu);
        int leaf = cpuBase + cpu;
        if (cpu == fired) fired = -1;
        else if (cpuAt[leaf] == Long.MAX_VALUE) return;
        else cpuArmed--;
        cpuAt[leaf] = Long.MAX_VALUE;
        cpuSeq[leaf] = Long.MAX_VALUE;
        replay(leaf);
    }

    private void checkCpu(int cpu) {
        if (cpu < 0 || cpu >= cpuCount) throw new IllegalArgumentException("no CPU " + cpu + " of " + cpuCount);
    }

    private void clearFired() {
        int leaf = cpuBase + fired;
        fired = -1;
        cpuAt[leaf] = Long.MAX_VALUE;
        cpuSeq[leaf] = Long.MAX_VALUE;
        replay(leaf);
    }

    /**
     * Recomputes the nodes from a leaf to the root. The path is known before any comparison, so the
     * siblings' loads do not wait for one another, and the choice is arithmetic: a chain of selects, not
     * of dependent loads as a heap's descent is.
     */
    private void replay(int i) {
        long[] at = cpuAt;
        long[] sq = cpuSeq;
        int[] of = cpuOf;
        long t0 = at[i];
        long s0 = sq[i];
        int w = of[i];
        while (i > 1) {
            int j = i ^ 1;
            long jt = at[j];
            long js = sq[j];
            long d = jt - t0; // both in [0, Long.MAX_VALUE]: no overflow
            long m = d >> 63; // all ones where the sibling is earlier
            if (d == 0 && js < s0) m = -1L; // the same time: the earlier armed
            t0 ^= (t0 ^ jt) & m;
            s0 ^= (s0 ^ js) & m;
            w ^= (w ^ of[j]) & (int) m;
            i >>>= 1;
            at[i] = t0;
            sq[i] = s0;
            of[i] = w;
        }
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
        if (fired >= 0) clearFired();
        long[] h = heap;
        long ct = cpuAt[1];
        if (size == 0 || ct < h[0] || (ct == h[0] && cpuSeq[1] < h[1] >>> SLOT_BITS)) {
            if (ct == Long.MAX_VALUE) throw new IllegalStateException("pop of an empty timer queue");
            t = ct;
            popType = Simulator.EV_CPU;
            popTarget = cpuOf[1];
            popGen = 0;
            fired = popTarget; // its leaf is cleared by the next re-arm, or the next pop or peek
            cpuArmed--;
            return;
        }
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
