package io.throttlescope.trace;

import java.util.Arrays;

/**
 * A column of ints in chunks, kept in the narrowest of bytes, shorts and ints that holds every value
 * put so far: widened in place the first time a value does not fit (each chunk copied once a width).
 * A lane's task numbers, states, groups and wait texts are small: a byte or a short an interval, not
 * an int (docs/performance.md, the peak).
 */
final class NarrowInts {
    private byte[][] bytes;
    private short[][] shorts; // non-null once a value needed a short
    private int[][] ints; // non-null once a value needed an int

    NarrowInts(int firstChunk) {
        bytes = new byte[][] {new byte[firstChunk]};
    }

    int get(int c, int k) {
        if (ints != null) return ints[c][k];
        if (shorts != null) return shorts[c][k];
        return bytes[c][k];
    }

    void set(int c, int k, int v) {
        if (ints != null) {
            ints[c][k] = v;
            return;
        }
        if (v != (short) v) toInts();
        else if (shorts == null && v != (byte) v) toShorts();
        if (ints != null) ints[c][k] = v;
        else if (shorts != null) shorts[c][k] = (short) v;
        else bytes[c][k] = (byte) v;
    }

    /** The table of chunks resized to n entries (new entries empty). */
    void table(int n) {
        if (ints != null) ints = Arrays.copyOf(ints, n);
        else if (shorts != null) shorts = Arrays.copyOf(shorts, n);
        else bytes = Arrays.copyOf(bytes, n);
    }

    /** Chunk c made len long: a new chunk, or the old one's first values kept. */
    void chunk(int c, int len) {
        if (ints != null) ints[c] = ints[c] == null ? new int[len] : Arrays.copyOf(ints[c], len);
        else if (shorts != null) shorts[c] = shorts[c] == null ? new short[len] : Arrays.copyOf(shorts[c], len);
        else bytes[c] = bytes[c] == null ? new byte[len] : Arrays.copyOf(bytes[c], len);
    }

    /** The length of chunk c. */
    int length(int c) {
        return ints != null ? ints[c].length : shorts != null ? shorts[c].length : bytes[c].length;
    }

    private void toShorts() {
        shorts = new short[bytes.length][];
        for (int c = 0; c < bytes.length; c++) {
            byte[] b = bytes[c];
            if (b == null) continue;
            short[] x = new short[b.length];
            for (int k = 0; k < b.length; k++) x[k] = b[k];
            shorts[c] = x;
        }
        bytes = null;
    }

    private void toInts() {
        if (shorts == null) toShorts();
        ints = new int[shorts.length][];
        for (int c = 0; c < shorts.length; c++) {
            short[] s = shorts[c];
            if (s == null) continue;
            int[] x = new int[s.length];
            for (int k = 0; k < s.length; k++) x[k] = s[k];
            ints[c] = x;
        }
        shorts = null;
    }
}
