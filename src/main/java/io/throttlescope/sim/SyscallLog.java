package io.throttlescope.sim;

import java.util.Arrays;

/**
 * Every syscall of a run, in the order they were entered, in chunked primitive columns: a chunk's
 * columns are 2 MiB each, which G1 keeps out of the young generation, so a long run's syscalls are
 * not copied at every young collection (per-task growing arrays made the simulator twice as slow).
 */
final class SyscallLog {
    private static final int SHIFT = 15, CHUNK = 1 << SHIFT, MASK = CHUNK - 1;
    private long[][] who = new long[8][]; // task << 32 | name index
    private long[][] enter = new long[8][];
    private long[][] exit = new long[8][];
    private int size;

    /** Records an entry; returns its index. */
    int enter(int task, int name, long t) {
        int ch = size >>> SHIFT, i = size & MASK;
        if (ch == 0) {
            if (who[0] == null || i == who[0].length) growFirst();
        } else if (i == 0) {
            if (ch == who.length) {
                who = Arrays.copyOf(who, ch * 2);
                enter = Arrays.copyOf(enter, ch * 2);
                exit = Arrays.copyOf(exit, ch * 2);
            }
            who[ch] = new long[CHUNK];
            enter[ch] = new long[CHUNK];
            exit[ch] = new long[CHUNK];
        }
        who[ch][i] = (long) task << 32 | name;
        enter[ch][i] = t;
        exit[ch][i] = -1;
        return size++;
    }

    private void growFirst() {
        int n = who[0] == null ? 256 : Math.min(CHUNK, who[0].length * 4);
        who[0] = who[0] == null ? new long[n] : Arrays.copyOf(who[0], n);
        enter[0] = enter[0] == null ? new long[n] : Arrays.copyOf(enter[0], n);
        exit[0] = exit[0] == null ? new long[n] : Arrays.copyOf(exit[0], n);
    }

    void exit(int index, long t) {
        exit[index >>> SHIFT][index & MASK] = t;
    }

    int size() {
        return size;
    }

    int task(int i) {
        return (int) (who[i >>> SHIFT][i & MASK] >>> 32);
    }

    int name(int i) {
        return (int) who[i >>> SHIFT][i & MASK];
    }

    long enterNs(int i) {
        return enter[i >>> SHIFT][i & MASK];
    }

    long exitNs(int i) {
        return exit[i >>> SHIFT][i & MASK];
    }
}
