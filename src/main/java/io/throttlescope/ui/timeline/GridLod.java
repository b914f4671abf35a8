package io.throttlescope.ui.timeline;

import io.throttlescope.trace.SliceGrid;
import io.throttlescope.trace.Slices;
import java.util.Map;
import java.util.WeakHashMap;
import javafx.scene.paint.Paint;

/**
 * The level of detail of a dense lane: where a lane has many intervals to a pixel column in view,
 * each column is drawn from the lane's {@link SliceGrid} (bins a power of two nanoseconds wide, at
 * least four to a column, made once per lane and width and kept), not from a search of the lane
 * (a whole run of ten million events: hundreds of intervals a column, each column's search a few
 * cache misses in arrays of millions). A column shows the first interval of the first of its whole
 * bins (those inside the column) that has one: an interval in the column, one of the hundreds there,
 * as a search shows the first in the column; a column none of whose whole bins holds one is not
 * drawn. The bins do not move with a pan: a column that covers the same bins after it shows the
 * same interval (docs/performance.md).
 */
final class GridLod {
    /** A lane is drawn from its grid where it has at least this many intervals in view a pixel column. */
    static final int DENSE = 8;
    /** Grids kept a lane (the widths of the zoom levels looked at last). */
    private static final int KEPT = 2;

    private final Map<Slices, SliceGrid[]> grids = new WeakHashMap<>();

    /**
     * Draws the lane's columns lo (floored) to hi from its grid into batch, if the lane is dense in
     * view; false (nothing drawn) otherwise, or if the grid would be too large at this zoom.
     */
    boolean draw(
            RectBatch batch,
            Slices s,
            double y,
            double h,
            TimelineCanvas.FillOf fill,
            double t0,
            double nsPerPx,
            double labelW,
            double lo,
            double hi) {
        long a = (long) Math.floor(t0 + (lo - labelW) * nsPerPx), b = (long) Math.ceil(t0 + (hi - labelW) * nsPerPx);
        int first = s.firstEndingAfter(a);
        if (first >= s.size() || (long) (s.firstEndingAfter(b) - first) < DENSE * (hi - lo)) return false;
        long width = Long.highestOneBit((long) (nsPerPx / 4));
        if (width < 1) return false;
        SliceGrid g = grid(s, width);
        if (g == null) return false;
        for (int x = (int) Math.floor(lo), end = (int) Math.ceil(hi); x < end; x++) {
            double c0 = t0 + (x - labelW) * nsPerPx, ta = Math.max(c0, a), tb = Math.min(c0 + nsPerPx, b);
            if (tb <= ta) continue;
            // the whole bins in [ta, tb): their intervals overlap the column (a bin across its edge might hold one
            // outside)
            int k = g.firstIn(
                    Math.floorDiv((long) Math.ceil(ta) + width - 1, width),
                    Math.floorDiv((long) Math.floor(tb), width) - 1);
            if (k < 0) continue;
            Paint p = fill.of(g.value(k), g.detail(k));
            if (p != null) batch.add(p, x, y, 1, h);
        }
        return true;
    }

    /** The lane's grid of that width: kept, or made now (and kept in place of the oldest); null if too large. */
    private SliceGrid grid(Slices s, long width) {
        SliceGrid[] kept = grids.computeIfAbsent(s, k -> new SliceGrid[KEPT]);
        for (SliceGrid g : kept) if (g != null && g.width() == width && g.of(s)) return g;
        SliceGrid g = SliceGrid.of(s, width);
        if (g != null) {
            System.arraycopy(kept, 0, kept, 1, KEPT - 1);
            kept[0] = g;
        }
        return g;
    }
}
