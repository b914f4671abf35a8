package io.throttlescope.ui.timeline;

import java.util.Arrays;
import javafx.scene.paint.Color;

/**
 * Filled mark triangles of one kind in one lane, drawn as they come but those that overlap as one
 * polygon: their union, a band along the lane's edge whose other edge dips to each triangle's tip
 * and rises to where two neighbours' sides cross. A lane at the whole run has a triangle every two
 * pixel columns, and a Canvas call or two each was a third of that redraw (docs/performance.md).
 */
final class TriangleRun {
    private final Color colour;
    private double base, tip, half; // the run's lane edge, tip height and half width
    private double[] tips = new double[64], xs = new double[130], ys = new double[130];
    private int n;

    TriangleRun(Color colour) {
        this.colour = colour;
    }

    /** Where a run's polygon goes: the Canvas (setFill, fillPolygon), or a test. */
    interface Sink {
        void fill(Color c, double[] xs, double[] ys, int points);
    }

    /** A triangle with its base on y = base from px - half to px + half and its tip at (px, tip); marks come left to right. */
    void add(Sink g, double px, double base, double tip, double half) {
        if (n > 0 && (base != this.base || tip != this.tip || half != this.half || px - tips[n - 1] > 2 * half))
            flush(g);
        if (n == 0) {
            this.base = base;
            this.tip = tip;
            this.half = half;
        }
        if (n == tips.length) tips = Arrays.copyOf(tips, 2 * n);
        tips[n++] = px;
    }

    /** Draws the run so far (a lone triangle as one). */
    void flush(Sink g) {
        if (n == 0) return;
        int m = 2 * n + 1;
        if (xs.length < m) {
            xs = new double[2 * m];
            ys = new double[2 * m];
        }
        xs[0] = tips[0] - half;
        ys[0] = base;
        xs[1] = tips[n - 1] + half;
        ys[1] = base;
        int k = 2;
        for (int i = n - 1; i >= 0; i--) {
            xs[k] = tips[i];
            ys[k++] = tip;
            if (i > 0) { // where this triangle's left side crosses the previous one's right side
                double d = tips[i] - tips[i - 1];
                xs[k] = tips[i - 1] + d / 2;
                ys[k++] = tip + (base - tip) * d / (2 * half);
            }
        }
        g.fill(colour, xs, ys, k);
        n = 0;
    }
}
