package io.throttlescope.trace;

import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.EventSink;
import io.throttlescope.sim.HeapChunks;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * A recorded run: one row per event in primitive columns (no object per event), stored in chunks
 * so recording never copies what it already has (only the first chunk grows, so small runs stay
 * small). A chunk is one long array holding its rows' columns one after the other, sized to fill a
 * G1 heap region ({@link HeapChunks}): it is allocated outside the young generation and never copied
 * by a collection. Row i is the event with {@code seq == i}; time never decreases, so any instant is
 * found by binary search.
 *
 * <p>28 bytes an event: time and the first argument (longs), kind and CPU with the task (two ints in a
 * long), cgroup and text (16 bits each in one int, two rows' in a long; the rare index past 65534 is
 * kept aside). A chunk of capacity c holds times at [0, c), first arguments at [c, 2c), kind, CPU and
 * task at [2c, 3c) and groups and texts at [3c, 3.5c). The second argument is used by few kinds
 * (slice pulls, slack returns, refills, period timers, lock acquisitions, hung-task reports): it is
 * kept only where it is not 0, as (row, value) pairs.
 */
public final class Trace implements EventSink {
    /** Bytes one event takes in the dense columns. */
    public static final int BYTES_PER_EVENT = 2 * 8 + 3 * 4;
    /** Rows a full chunk holds. */
    private static final int CHUNK = HeapChunks.rows(BYTES_PER_EVENT, 1 << 15);

    private static final int WIDE = 0xFFFF; // a group or text index kept in the side maps

    private long[][] data = new long[8][];
    private int size;
    private long[] cur; // the chunk being written, its capacity and the row in it
    private int curCap, curRow;

    private int[] bRow = new int[16]; // rows whose second argument is not 0, ascending
    private long[] bVal = new long[16];
    private int nb;
    private final boolean[] kindHasB = new boolean[EventKind.values().length];
    private final Map<Integer, Integer> wideGroup = new HashMap<>(), wideText = new HashMap<>();

    /** A chunk's capacity from its length (3.5 longs a row, an even number of rows). */
    private static int cap(long[] d) {
        return (d.length << 1) / 7;
    }

    private static long[] chunk(int cap) {
        return new long[cap / 2 * 7];
    }

    @Override
    public void event(long t, EventKind k, int c, int ta, int g, int x, long va, long vb) {
        if (curRow == curCap) nextChunk();
        long[] d = cur;
        int i = curRow++, cap = curCap;
        d[i] = t;
        d[cap + i] = va;
        d[2 * cap + i] = (long) ta << 32 | ((k.ordinal() | (c + 1) << 8) & 0xFFFFFFFFL);
        int gg = g + 1, xx = x + 1;
        if (gg < 0 || gg >= WIDE) {
            wideGroup.put(size, g);
            gg = WIDE;
        }
        if (xx < 0 || xx >= WIDE) {
            wideText.put(size, x);
            xx = WIDE;
        }
        long v = (gg | xx << 16) & 0xFFFFFFFFL;
        if ((i & 1) == 0) d[3 * cap + (i >>> 1)] = v;
        else d[3 * cap + (i >>> 1)] |= v << 32;
        if (vb != 0) {
            if (nb == bRow.length) {
                bRow = Arrays.copyOf(bRow, nb * 2);
                bVal = Arrays.copyOf(bVal, nb * 2);
            }
            bRow[nb] = size;
            bVal[nb++] = vb;
            kindHasB[k.ordinal()] = true;
        }
        size++;
    }

    /** Room for the next row: the first chunk grows (laid out again), later ones are added full size. */
    private void nextChunk() {
        if (size < CHUNK) { // the first chunk
            int n = cur == null ? 1024 : Math.min(CHUNK, curCap * 4);
            long[] d = chunk(n);
            if (cur != null) {
                int c = curCap;
                System.arraycopy(cur, 0, d, 0, c);
                System.arraycopy(cur, c, d, n, c);
                System.arraycopy(cur, 2 * c, d, 2 * n, c);
                System.arraycopy(cur, 3 * c, d, 3 * n, c / 2);
            }
            data[0] = cur = d;
            curCap = n;
            return;
        }
        int ch = size / CHUNK;
        if (ch == data.length) data = Arrays.copyOf(data, ch * 2);
        data[ch] = cur = chunk(CHUNK);
        curCap = CHUNK;
        curRow = 0;
    }

    /** Rows a full chunk holds (for tests). */
    static int chunkRows() {
        return CHUNK;
    }

    public int size() {
        return size;
    }

    public long time(int i) {
        return data[i / CHUNK][i % CHUNK];
    }

    public EventKind kind(int i) {
        return EventKind.of(meta(i) & 0xff);
    }

    public int cpu(int i) {
        return (meta(i) >>> 8) - 1;
    }

    private int meta(int i) {
        long[] d = data[i / CHUNK];
        return (int) d[2 * cap(d) + i % CHUNK];
    }

    public int task(int i) {
        long[] d = data[i / CHUNK];
        return (int) (d[2 * cap(d) + i % CHUNK] >>> 32);
    }

    private int gt(int i) {
        long[] d = data[i / CHUNK];
        int r = i % CHUNK;
        return (int) (d[3 * cap(d) + (r >>> 1)] >>> ((r & 1) << 5));
    }

    public int group(int i) {
        int g = gt(i) & 0xFFFF;
        return g == WIDE ? wideGroup.get(i) : g - 1;
    }

    public int text(int i) {
        int x = gt(i) >>> 16;
        return x == WIDE ? wideText.get(i) : x - 1;
    }

    public long argA(int i) {
        long[] d = data[i / CHUNK];
        return d[cap(d) + i % CHUNK];
    }

    /** The second argument: 0 unless this kind of event ever recorded one, then found by binary search. */
    public long argB(int i) {
        if (!kindHasB[meta(i) & 0xff]) return 0;
        int lo = 0, hi = nb;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (bRow[mid] < i) lo = mid + 1;
            else hi = mid;
        }
        return lo < nb && bRow[lo] == i ? bVal[lo] : 0;
    }

    /** Index of the first event at or after time t (size() if none). */
    public int firstAtOrAfter(long t) {
        int lo = 0, hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (time(mid) < t) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    /** Bytes held per recorded event: the columns (the unused part of the last chunk included) and the second arguments kept. */
    public double bytesPerEvent() {
        long slots = 0;
        for (long[] c : data) if (c != null) slots += cap(c);
        return size == 0 ? 0 : ((double) slots * BYTES_PER_EVENT + bRow.length * 12.0) / size;
    }
}
