package io.throttlescope.sim;

import java.util.Arrays;

/**
 * The simulator's timer queue: a binary heap over primitive arrays, ordered by time and then by
 * insertion order, so events at the same instant run in the order they were armed.
 */
final class EventQueue {
    private long[] time = new long[256];
    private long[] seq = new long[256];
    private int[] type = new int[256];
    private int[] target = new int[256];
    private long[] gen = new long[256];
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
        return size == 0 ? Long.MAX_VALUE : time[0];
    }

    void push(long at, int ty, int tg, long g) {
        if (size == time.length) grow();
        int i = size++;
        long s = nextSeq++;
        while (i > 0) {
            int p = (i - 1) >>> 1;
            if (less(at, s, time[p], seq[p])) {
                move(p, i);
                i = p;
            } else break;
        }
        time[i] = at;
        seq[i] = s;
        type[i] = ty;
        target[i] = tg;
        gen[i] = g;
    }

    void pop() {
        t = time[0];
        popType = type[0];
        popTarget = target[0];
        popGen = gen[0];
        size--;
        if (size == 0) return;
        long at = time[size], s = seq[size];
        int ty = type[size], tg = target[size];
        long g = gen[size];
        int i = 0;
        while (true) {
            int l = 2 * i + 1;
            if (l >= size) break;
            int r = l + 1;
            int c = (r < size && less(time[r], seq[r], time[l], seq[l])) ? r : l;
            if (less(time[c], seq[c], at, s)) {
                move(c, i);
                i = c;
            } else break;
        }
        time[i] = at;
        seq[i] = s;
        type[i] = ty;
        target[i] = tg;
        gen[i] = g;
    }

    private static boolean less(long t1, long s1, long t2, long s2) {
        return t1 < t2 || (t1 == t2 && s1 < s2);
    }

    private void move(int from, int to) {
        time[to] = time[from];
        seq[to] = seq[from];
        type[to] = type[from];
        target[to] = target[from];
        gen[to] = gen[from];
    }

    private void grow() {
        int n = time.length * 2;
        time = Arrays.copyOf(time, n);
        seq = Arrays.copyOf(seq, n);
        type = Arrays.copyOf(type, n);
        target = Arrays.copyOf(target, n);
        gen = Arrays.copyOf(gen, n);
    }
}
