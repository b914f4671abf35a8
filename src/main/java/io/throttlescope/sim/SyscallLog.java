package io.throttlescope.sim;

import java.util.Arrays;

/**
 * Every syscall of a run, in the order they were entered, in chunks of primitive columns: a chunk
 * is one long array (who, entry, exit: its rows' columns one after the other) sized to fill a G1
 * region ({@link HeapChunks}), which G1 keeps out of the young generation, so a long run's syscalls
 * are not copied at every young collection (per-task growing arrays made the simulator twice as
 * slow). Only the first chunk grows, so short runs stay small.
 */
final class SyscallLog {
    private static final int CHUNK = HeapChunks.rows(24, 1 << 15);
    private long[][] data = new long[8][]; // who (task << 32 | name index), entry, exit
    private long[] cur;
    private int curCap, curRow, size;

    /** Records an entry; returns its index. */
    int enter(int task, int name, long t) {
        if (curRow == curCap) nextChunk();
        int i = curRow++, cap = curCap;
        cur[i] = (long) task << 32 | name;
        cur[cap + i] = t;
        cur[2 * cap + i] = -1;
        return size++;
    }

    private void nextChunk() {
        if (size < CHUNK) { // the first chunk grows
            int n = cur == null ? 256 : Math.min(CHUNK, curCap * 4), c = curCap;
            long[] d = new long[3 * n];
            if (cur != null) for (int k = 0; k < 3; k++) System.arraycopy(cur, k * c, d, k * n, c);
            data[0] = cur = d;
            curCap = n;
            return;
        }
        int ch = size / CHUNK;
        if (ch == data.length) data = Arrays.copyOf(data, ch * 2);
        data[ch] = cur = new long[3 * CHUNK];
        curCap = CHUNK;
        curRow = 0;
    }

    void exit(int index, long t) {
        long[] d = data[index / CHUNK];
        d[2 * (d.length / 3) + index % CHUNK] = t;
    }

    /** Rows a full chunk holds (for tests). */
    static int chunkRows() {
        return CHUNK;
    }

    int size() {
        return size;
    }

    int task(int i) {
        return (int) (data[i / CHUNK][i % CHUNK] >>> 32);
    }

    int name(int i) {
        return (int) data[i / CHUNK][i % CHUNK];
    }

    long enterNs(int i) {
        long[] d = data[i / CHUNK];
        return d[d.length / 3 + i % CHUNK];
    }

    long exitNs(int i) {
        long[] d = data[i / CHUNK];
        return d[2 * (d.length / 3) + i % CHUNK];
    }
}
