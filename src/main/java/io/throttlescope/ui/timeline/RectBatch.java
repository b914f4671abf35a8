package io.throttlescope.ui.timeline;

import java.util.Arrays;
import java.util.IdentityHashMap;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Paint;

/**
 * Rectangles collected per paint and drawn with one setFill each (Canvas records every setFill,
 * and many of them make a frame slow: see the project's JavaFX notes). A frame uses about a
 * hundred paints at most (the tasks' colours, plain and hatched), found by identity; a rectangle that
 * continues the previous one of its paint (same row, touching) widens it instead of adding another.
 */
final class RectBatch {
    private Paint[] paints = new Paint[32];
    private double[][] rects = new double[32][];
    private int[] sizes = new int[32];
    private int nPaints;
    /** Each paint's place, by identity: a frame of 640 tasks' colours and hatchings has about a hundred. */
    private final IdentityHashMap<Paint, Integer> index = new IdentityHashMap<>();
    /** Paints kept from frame to frame (the palette's are few and the same objects each frame). */
    private static final int MAX_PAINTS = 1024;

    private int last = -1;

    void add(Paint p, double x, double y, double w, double h) {
        int b = last >= 0 && paints[last] == p ? last : bucket(p);
        last = b;
        double[] r = rects[b];
        int n = sizes[b];
        if (n >= 4 && r[n - 3] == y && r[n - 1] == h && r[n - 4] + r[n - 2] == x) { // continues the last one: widen it
            r[n - 2] += w;
            return;
        }
        if (n + 4 > r.length) rects[b] = r = Arrays.copyOf(r, r.length * 2);
        r[n] = x;
        r[n + 1] = y;
        r[n + 2] = w;
        r[n + 3] = h;
        sizes[b] = n + 4;
    }

    private int bucket(Paint p) {
        Integer known = index.get(p);
        if (known != null) return known;
        if (nPaints == paints.length) {
            paints = Arrays.copyOf(paints, nPaints * 2);
            rects = Arrays.copyOf(rects, nPaints * 2);
            sizes = Arrays.copyOf(sizes, nPaints * 2);
        }
        paints[nPaints] = p;
        rects[nPaints] = new double[256];
        index.put(p, nPaints);
        return nPaints++;
    }

    /** The rectangles collected since the last flush with this paint, {x, y, w, h} each (tests look at what a frame draws). */
    double[] rects(Paint p) {
        Integer b = index.get(p);
        return b == null ? new double[0] : Arrays.copyOf(rects[b], sizes[b]);
    }

    void flush(GraphicsContext g) {
        for (int i = 0; i < nPaints; i++) {
            int n = sizes[i];
            if (n == 0) continue;
            double[] r = rects[i];
            g.setFill(paints[i]);
            for (int k = 0; k < n; k += 4) g.fillRect(r[k], r[k + 1], r[k + 2], r[k + 3]);
            sizes[i] = 0;
        }
        last = -1;
        if (nPaints > MAX_PAINTS) { // paints made afresh each frame would pile up: start over
            Arrays.fill(paints, null);
            Arrays.fill(rects, null);
            index.clear();
            nPaints = 0;
        }
    }
}
