package io.throttlescope.ui;

import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Paint;

import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Rectangles collected per paint and drawn with one setFill each (Canvas records every setFill,
 * and many of them make a frame slow: see the project's JavaFX notes).
 */
final class RectBatch {
    private static final class Bucket {
        double[] r = new double[64];
        int n;
    }

    private final Map<Paint, Bucket> buckets = new IdentityHashMap<>();

    void add(Paint p, double x, double y, double w, double h) {
        Bucket b = buckets.computeIfAbsent(p, k -> new Bucket());
        if (b.n + 4 > b.r.length) b.r = Arrays.copyOf(b.r, b.r.length * 2);
        b.r[b.n++] = x; b.r[b.n++] = y; b.r[b.n++] = w; b.r[b.n++] = h;
    }

    void flush(GraphicsContext g) {
        for (Map.Entry<Paint, Bucket> e : buckets.entrySet()) {
            Bucket b = e.getValue();
            if (b.n == 0) continue;
            g.setFill(e.getKey());
            for (int i = 0; i < b.n; i += 4) g.fillRect(b.r[i], b.r[i + 1], b.r[i + 2], b.r[i + 3]);
            b.n = 0;
        }
    }
}
