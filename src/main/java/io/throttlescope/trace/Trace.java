package io.throttlescope.trace;

import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.EventSink;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * A recorded run: one row per event in primitive columns (no object per event), stored in chunks
 * of 2^15 events so recording never copies what it already has (only the first chunk grows, so
 * small runs stay small). A chunk's columns (256 KiB for the longs) are never "humongous" to G1 at
 * any region size, so no region is half wasted. Row i is the event with {@code seq == i}; time never
 * decreases, so any instant is found by binary search.
 *
 * <p>24 bytes an event: time and the first argument (longs), kind and CPU (an int), task (an int),
 * cgroup and text (16 bits each in one int; the rare index past 65534 is kept aside). The second
 * argument is used by few kinds (slice pulls, slack returns, refills, period timers, lock
 * acquisitions, hung-task reports): it is kept only where it is not 0, as (row, value) pairs.
 */
public final class Trace implements EventSink {
    private static final int SHIFT = 15;
    private static final int CHUNK = 1 << SHIFT;
    private static final int MASK = CHUNK - 1;
    /** Bytes one event takes in the dense columns. */
    public static final int BYTES_PER_EVENT = 2 * 8 + 3 * 4;

    private static final int WIDE = 0xFFFF; // a group or text index kept in the side maps

    private long[][] time = new long[8][];
    private long[][] a = new long[8][];
    private int[][] meta = new int[8][]; // kind | (cpu + 1) << 8
    private int[][] task = new int[8][];
    private int[][] gt = new int[8][]; // (group + 1) | (text + 1) << 16
    private int size;

    private int[] bRow = new int[16]; // rows whose second argument is not 0, ascending
    private long[] bVal = new long[16];
    private int nb;
    private final boolean[] kindHasB = new boolean[EventKind.values().length];
    private final Map<Integer, Integer> wideGroup = new HashMap<>(), wideText = new HashMap<>();

    @Override
    public void event(long t, EventKind k, int c, int ta, int g, int x, long va, long vb) {
        int ch = size >>> SHIFT, i = size & MASK;
        if (ch == 0) {
            if (time[0] == null || i == time[0].length) growFirst();
        } else if (i == 0) {
            addChunk(ch, CHUNK);
        }
        time[ch][i] = t;
        a[ch][i] = va;
        meta[ch][i] = k.ordinal() | (c + 1) << 8;
        task[ch][i] = ta;
        int gg = g + 1, xx = x + 1;
        if (gg < 0 || gg >= WIDE) {
            wideGroup.put(size, g);
            gg = WIDE;
        }
        if (xx < 0 || xx >= WIDE) {
            wideText.put(size, x);
            xx = WIDE;
        }
        gt[ch][i] = gg | xx << 16;
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

    private void growFirst() {
        if (time[0] == null) {
            addChunk(0, 1024);
            return;
        }
        int n = Math.min(CHUNK, time[0].length * 4);
        time[0] = Arrays.copyOf(time[0], n);
        a[0] = Arrays.copyOf(a[0], n);
        meta[0] = Arrays.copyOf(meta[0], n);
        task[0] = Arrays.copyOf(task[0], n);
        gt[0] = Arrays.copyOf(gt[0], n);
    }

    private void addChunk(int ch, int len) {
        if (ch == time.length) {
            int n = time.length * 2;
            time = Arrays.copyOf(time, n);
            a = Arrays.copyOf(a, n);
            meta = Arrays.copyOf(meta, n);
            task = Arrays.copyOf(task, n);
            gt = Arrays.copyOf(gt, n);
        }
        time[ch] = new long[len];
        a[ch] = new long[len];
        meta[ch] = new int[len];
        task[ch] = new int[len];
        gt[ch] = new int[len];
    }

    public int size() {
        return size;
    }

    public long time(int i) {
        return time[i >>> SHIFT][i & MASK];
    }

    public EventKind kind(int i) {
        return EventKind.of(meta[i >>> SHIFT][i & MASK] & 0xff);
    }

    public int cpu(int i) {
        return (meta[i >>> SHIFT][i & MASK] >>> 8) - 1;
    }

    public int task(int i) {
        return task[i >>> SHIFT][i & MASK];
    }

    public int group(int i) {
        int g = gt[i >>> SHIFT][i & MASK] & 0xFFFF;
        return g == WIDE ? wideGroup.get(i) : g - 1;
    }

    public int text(int i) {
        int x = gt[i >>> SHIFT][i & MASK] >>> 16;
        return x == WIDE ? wideText.get(i) : x - 1;
    }

    public long argA(int i) {
        return a[i >>> SHIFT][i & MASK];
    }

    /** The second argument: 0 unless this kind of event ever recorded one, then found by binary search. */
    public long argB(int i) {
        if (!kindHasB[meta[i >>> SHIFT][i & MASK] & 0xff]) return 0;
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
        for (long[] c : time) if (c != null) slots += c.length;
        return size == 0 ? 0 : ((double) slots * BYTES_PER_EVENT + bRow.length * 12.0) / size;
    }
}
