package io.throttlescope.ui.timeline;

import io.throttlescope.sim.EventKind;
import io.throttlescope.trace.RunInfo;
import io.throttlescope.trace.Series;
import io.throttlescope.trace.TraceIndex;
import io.throttlescope.view.BudgetScale;
import io.throttlescope.view.Durations;
import io.throttlescope.view.Run;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;

/**
 * One limited group's budget lane: a y-axis with values scaled to what is in view (zero and the
 * quota always in it), the quota in force as a dashed line that follows cpu.max writes, the pool as
 * a step line, each CPU's runtime_remaining (the band below zero is debt), and ticks for slice
 * pulls, slack returns, distributions and refills. The numbers come from {@link BudgetScale}, which
 * {@code describe} prints.
 */
final class BudgetLane implements LaneRenderer {
    private final TimelineCanvas tl;
    /** The scale of the last drawing, per group (for tests and tooltips). */
    private final Map<Integer, BudgetScale> last = new HashMap<>();

    BudgetLane(TimelineCanvas tl) {
        this.tl = tl;
    }

    BudgetScale lastScale(int grp) {
        return last.get(grp);
    }

    @Override
    public void draw(GraphicsContext g, Run r, TimelineCanvas.Lane lane, double y) {
        draw(g, r, lane.id(), y, lane.h());
    }

    private BudgetScale sc(int grp) {
        return last.get(grp);
    }

    void draw(GraphicsContext g, Run r, int grp, double y, double laneH) {
        RunInfo info = r.info();
        double k = tl.scale(), x0 = tl.labelW(), w = tl.plotW(), right = x0 + w;
        double top = y + 8 * k, bottom = y + laneH - 10 * k;
        int n = Math.max(2, (int) (w / 2) + 1);
        double t0 = tl.time(x0), t1 = tl.time(x0 + 2 * (n - 1));
        BudgetScale sc = BudgetScale.of(
                r,
                grp,
                t0,
                t1,
                n,
                tl.viewState().selectedCpu.get(),
                tl.viewState().horizon());
        last.put(grp, sc);
        DoubleUnaryOperator vy = v -> bottom - sc.fraction(v) * (bottom - top);
        double zero = Math.round(vy.applyAsDouble(0)) + 0.5;
        g.setFill(Palette.BUDGET_BG);
        g.fillRect(x0, y + 2, w, laneH - 4);
        if (zero < bottom) {
            g.setFill(Palette.DEBT);
            g.fillRect(x0, zero, w, bottom - zero);
        }
        // grid lines at the axis ticks
        g.setStroke(Palette.GRID);
        g.setLineWidth(1);
        for (long v : sc.ticks) {
            double yy = Math.round(vy.applyAsDouble(v)) + 0.5;
            g.strokeLine(x0, yy, right, yy);
        }
        g.setStroke(Palette.TEXT_MUTED);
        g.strokeLine(x0, zero, right, zero);
        // the min-max band of all CPUs when there are too many for a line each
        if (sc.bandLow != null) {
            g.setFill(Palette.cpu(0).deriveColor(0, 0.5, 1.2, 0.25));
            // sample j stands for the span since sample j - 1: the column left of its x (as the lines' samples do)
            for (int j = 1; j < n; j++) {
                if (Double.isNaN(sc.bandLow[j])) continue;
                double a = vy.applyAsDouble(sc.bandHigh[j]), b = vy.applyAsDouble(sc.bandLow[j]);
                g.fillRect(x0 + 2 * (j - 1), a, 2, Math.max(1, b - a));
            }
        }
        // each shown CPU's runtime_remaining
        // the selected CPU's line (a click, or a lesson's highlighted cfs_rq) is drawn last and bold: the one to follow
        int selected = tl.viewState().selectedCpu.get();
        Integer[] order = new Integer[sc.cpus.length];
        for (int c = 0; c < order.length; c++) order[c] = c;
        Arrays.sort(order, Comparator.comparingInt(c -> sc.cpus[c] == selected ? 1 : 0));
        for (int c : order) {
            boolean bold = sc.cpus[c] == selected && sc.cpus.length > 1;
            g.setStroke(Palette.cpu(sc.cpus[c]));
            g.setLineWidth((bold ? 3.2 : 1.6) * k);
            g.setLineDashes(Palette.cpuDashes(sc.cpus[c]));
            g.beginPath();
            boolean first = true;
            for (int j = 0; j < n; j++) {
                double t = t0 + j * sc.dt;
                if (t < 0 || t > info.endNs() || Double.isNaN(sc.curves[c][j])) {
                    first = true;
                    continue;
                }
                double yy = vy.applyAsDouble(sc.curves[c][j]);
                if (first) {
                    g.moveTo(x0 + 2 * j, yy);
                    first = false;
                } else g.lineTo(x0 + 2 * j, yy);
            }
            g.stroke();
            g.setLineDashes(null);
        }
        drawQuota(g, r, grp, vy, x0, right, t0, t1);
        drawPool(g, r, grp, vy, x0, right, t0, t1);
        drawTicks(g, r, grp, t0, t1, bottom + 8 * k, k);
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.TOP);
        if (zero < bottom - 10 * k) {
            g.setFill(Palette.THROTTLE_MARK);
            g.fillText("debt", x0 + 4, zero + 2);
        }
    }

    private void drawQuota(
            GraphicsContext g, Run r, int grp, DoubleUnaryOperator vy, double x0, double right, double t0, double t1) {
        Series q = r.index().quotas(grp);
        g.setStroke(Palette.QUOTA);
        g.setLineWidth(1.2);
        g.setLineDashes(5, 4);
        long horizon = tl.viewState().horizon();
        double seen =
                horizon == Long.MAX_VALUE ? right : Math.min(right, tl.x(horizon)); // the veil covers what follows
        int i = Math.max(0, q.lastAtOrBefore((long) t0));
        for (; i < q.size() && q.time(i) <= t1; i++) {
            long v = q.value(i);
            double a = Math.max(x0, tl.x(q.time(i))),
                    b = i + 1 < q.size() ? Math.min(right, tl.x(q.time(i + 1))) : right;
            if (v < 0 || b <= a) continue;
            // a label is drawn whole or not at all: within its segment and before the veil ("qu", "quota 10r" were cut)
            double room = Math.min(b, seen) - a - 6;
            g.setFill(Palette.QUOTA);
            g.setFont(tl.small);
            g.setTextAlign(TextAlignment.LEFT);
            if (v > sc(grp).max) { // zoomed in below the quota: say where it is
                g.setTextBaseline(VPos.TOP);
                String label = fitting(
                        room,
                        "quota " + Durations.human(v) + " \u2191 (above this scale)",
                        "quota " + Durations.human(v) + " \u2191",
                        "\u2191 quota");
                if (label != null) g.fillText(label, a + 4, vy.applyAsDouble(sc(grp).max) + 1);
                continue;
            }
            double yy = Math.round(vy.applyAsDouble(v)) + 0.5;
            g.strokeLine(a, yy, b, yy);
            g.setTextBaseline(VPos.BOTTOM);
            String label = fitting(room, "quota " + Durations.human(v), "quota");
            if (label != null) g.fillText(label, a + 4, yy - 1);
        }
        g.setLineDashes(null);
    }

    private String fitting(double room, String... labels) {
        return fitting(room, tl.small, labels);
    }

    /** The first of the labels that fits the room in the font, or null: a label is drawn whole or not at all. */
    static String fitting(double room, Font font, String... labels) {
        PROBE.setFont(font); // one measuring node for every redraw, not one a label
        for (String l : labels) {
            PROBE.setText(l);
            if (PROBE.getLayoutBounds().getWidth() <= room) return l;
        }
        return null;
    }

    private static final Text PROBE = new Text();

    private void drawPool(
            GraphicsContext g, Run r, int grp, DoubleUnaryOperator vy, double x0, double right, double t0, double t1) {
        Series pool = r.index().pool(grp);
        g.setStroke(Palette.POOL);
        g.setLineWidth(2 * tl.scale());
        g.beginPath();
        int i = Math.max(0, pool.lastAtOrBefore((long) t0));
        double lastY = Double.NaN;
        if (pool.size() == 0 || pool.time(0) > t0) { // before the first pool event: the initial quota
            long q0 = r.index().quotaAt(grp, 0);
            if (q0 >= 0) {
                lastY = vy.applyAsDouble(q0);
                g.moveTo(Math.max(x0, tl.x(0)), lastY);
            }
        }
        // a step line, one vertical span per pixel column however many points fall into it
        while (i < pool.size() && pool.time(i) <= t1) {
            double xx = Math.max(x0, Math.round(tl.x(pool.time(i))));
            double lo = Double.MAX_VALUE, hi = -Double.MAX_VALUE, endY = 0;
            int j = i;
            for (; j < pool.size() && pool.time(j) <= t1 && Math.max(x0, Math.round(tl.x(pool.time(j)))) == xx; j++) {
                double yy = vy.applyAsDouble(pool.value(j));
                lo = Math.min(lo, yy);
                hi = Math.max(hi, yy);
                endY = yy;
            }
            if (Double.isNaN(lastY)) g.moveTo(xx, endY);
            else {
                g.lineTo(xx, lastY);
                g.lineTo(xx, lo);
                g.lineTo(xx, hi);
                g.lineTo(xx, endY);
            }
            lastY = endY;
            i = j;
        }
        if (!Double.isNaN(lastY))
            g.lineTo(Math.min(right, tl.x(Math.min(t1, r.info().endNs()))), lastY);
        g.stroke();
    }

    /** The kinds of tick along the bottom, their colours and heights (the legend shows the same). */
    static final EventKind[] TICK_KINDS = {
        EventKind.SLICE_PULL, EventKind.SLACK_RETURN, EventKind.DISTRIBUTE, EventKind.PERIOD_TIMER, EventKind.REFILL
    };

    static final Color[] TICK_COLOURS = {
        Palette.SLICE_TICK, Palette.WORK_MARK, Palette.UNTHROTTLE_MARK, Palette.POOL, Palette.POOL
    };

    private void drawTicks(GraphicsContext g, Run r, int grp, double t0, double t1, double base, double k) {
        Series pool = r.index().pool(grp);
        double[] heights = {5 * k, 8 * k, 8 * k, 8 * k, 8 * k};
        int[] lastPx = new int[TICK_KINDS.length];
        Arrays.fill(lastPx, Integer.MIN_VALUE);
        int[][] xs = new int[TICK_KINDS.length][16];
        int[] nx = new int[TICK_KINDS.length];
        for (int j = Math.max(0, pool.lastAtOrBefore((long) t0)); j < pool.size() && pool.time(j) <= t1; j++) {
            EventKind kk = pool.kind(j);
            if (kk == null) continue;
            int which = -1;
            for (int q = 0; q < TICK_KINDS.length; q++) if (TICK_KINDS[q] == kk) which = q;
            if (which < 0) continue;
            int px = (int) Math.round(tl.x(pool.time(j)));
            if (px < tl.labelW() || px == lastPx[which]) continue;
            lastPx[which] = px;
            if (nx[which] == xs[which].length) xs[which] = Arrays.copyOf(xs[which], nx[which] * 2);
            xs[which][nx[which]++] = px;
        }
        for (int q = 0; q < TICK_KINDS.length; q++) {
            if (nx[q] == 0) continue;
            g.setStroke(TICK_COLOURS[q]);
            g.setLineWidth(q >= 3 ? 2 : 1);
            for (int m = 0; m < nx[q]; m++) g.strokeLine(xs[q][m] + 0.5, base - heights[q], xs[q][m] + 0.5, base);
        }
    }

    /** The lane's name, the legend of its lines and the axis values, in the label column. */
    void drawLabel(GraphicsContext g, Run r, int grp, double y, double h) {
        double k = tl.scale();
        BudgetScale s0 = last.get(grp);
        if (s0 != null) { // axis values, right-aligned against the plot's left edge
            double top = y + 8 * k, bottom = y + h - 10 * k;
            g.setFont(tl.small);
            g.setTextAlign(TextAlignment.RIGHT);
            g.setTextBaseline(VPos.CENTER);
            g.setFill(Palette.TEXT_MUTED);
            for (long v : s0.ticks)
                g.fillText(Durations.human(v), tl.labelW() - 4, bottom - s0.fraction(v) * (bottom - top));
        }
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.TOP);
        g.setFill(Palette.TEXT);
        g.setFont(tl.bold);
        g.fillText(LaneLabelsRenderer.clip(r.info().groups()[grp], 12), 6 * k, y + 4 * k);
        g.setFont(tl.small);
        double ly = y + 20 * k;
        g.setFill(Palette.POOL);
        g.fillText("\u2501 pool", 6 * k, ly);
        ly += TimelineCanvas.BUDGET_LINE_H * k;
        g.setFill(Palette.QUOTA);
        g.fillText("\u254C quota", 6 * k, ly);
        ly += TimelineCanvas.BUDGET_LINE_H * k;
        BudgetScale sc = last.get(grp);
        int[] cpus = sc == null ? new int[0] : sc.cpus;
        int selected = tl.viewState().selectedCpu.get();
        for (int c : cpus) {
            if (ly > y + h - 12 * k) break;
            boolean bold = c == selected && cpus.length > 1;
            g.setStroke(Palette.cpu(c)); // a sample of the line: its colour, dash pattern and weight
            g.setLineWidth((bold ? 3.2 : 1.6) * k);
            g.setLineDashes(Palette.cpuDashes(c));
            double my = Math.round(ly + 6 * k) + 0.5;
            g.strokeLine(6 * k, my, 22 * k, my);
            g.setLineDashes(null);
            g.setFill(Palette.cpu(c));
            g.setFont(bold ? tl.bold : tl.small);
            g.fillText("CPU" + c, 25 * k, ly);
            g.setFont(tl.small);
            ly += TimelineCanvas.BUDGET_LINE_H * k;
        }
        if (sc != null && sc.bandLow != null && ly <= y + h - 12 * k) {
            g.setFill(Palette.TEXT_MUTED);
            g.fillText("\u2588 all CPUs", 6 * k, ly);
        }
    }

    /** Exact values at time t. */
    @Override
    public TimelineCanvas.Hit hit(Run r, TimelineCanvas.Lane l, long t) {
        return new TimelineCanvas.Hit(-1, l.id(), -1, tooltip(r, l.id(), t));
    }

    String tooltip(Run r, int grp, long t) {
        RunInfo info = r.info();
        TraceIndex idx = r.index();
        StringBuilder sb = new StringBuilder(info.groups()[grp] + " at " + Durations.exact(t) + "\n");
        long q = idx.quotaAt(grp, t);
        sb.append("quota ")
                .append(q < 0 ? "max" : Durations.exact(q))
                .append(" per ")
                .append(Durations.exact(idx.periodAt(grp, t)));
        Series p = idx.pool(grp);
        int pi = p.lastAtOrBefore(t);
        sb.append("\npool ").append(Durations.exact(pi < 0 ? info.quotaNs()[grp] : p.value(pi)));
        for (int c : BudgetScale.activeCpus(idx, grp)) {
            sb.append("\nCPU")
                    .append(c)
                    .append(" runtime_remaining ")
                    .append(Durations.exact(idx.remainingAt(grp, c, t)));
        }
        return sb.toString();
    }
}
