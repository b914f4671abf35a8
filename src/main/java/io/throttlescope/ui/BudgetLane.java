package io.throttlescope.ui;

import io.throttlescope.scenario.DurationText;
import io.throttlescope.sim.EventKind;
import io.throttlescope.trace.RunInfo;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.TextAlignment;

/**
 * One limited group's budget lane on the timeline: its pool (a step line) against the quota, each
 * CPU's runtime_remaining with the debt band below zero, and ticks for slice pulls, slack returns,
 * distributions and refills.
 */
final class BudgetLane {
    private final TimelineCanvas tl;

    BudgetLane(TimelineCanvas tl) { this.tl = tl; }

    void draw(GraphicsContext g, Run r, int grp, double y, double laneH) {
        RunInfo info = r.info();
        long quota = info.quotaNs()[grp];
        double top = y + 6, bottom = y + laneH - 6, mid = top + (bottom - top) * 0.65;
        // scale: quota at top, -quota/2 at bottom (debt)
        double maxV = quota, minV = -quota * 0.55;
        java.util.function.DoubleUnaryOperator vy = v -> mid - (Math.max(minV, Math.min(maxV * 1.05, v)) / maxV) * (mid - top);
        g.setFill(Color.web("#FAFAFA"));
        g.fillRect(TimelineCanvas.LABEL_W, y + 2, tl.plotW(), laneH - 4);
        g.setFill(Color.web("#FDECEA"));
        g.fillRect(TimelineCanvas.LABEL_W, mid, tl.plotW(), bottom - mid + 4);
        g.setStroke(Palette.GRID);
        g.setLineWidth(1);
        g.strokeLine(TimelineCanvas.LABEL_W, Math.round(mid) + 0.5, tl.canvas().getWidth(), Math.round(mid) + 0.5);
        g.setLineDashes(4, 4);
        g.strokeLine(TimelineCanvas.LABEL_W, Math.round(vy.applyAsDouble(quota)) + 0.5, tl.canvas().getWidth(), Math.round(vy.applyAsDouble(quota)) + 0.5);
        g.setLineDashes(null);
        // per-CPU runtime_remaining, sampled per 2 px; with many CPUs only the selected CPU's
        double w = tl.plotW();
        int n = (int) (w / 2) + 1;
        double[] curve = new double[n];
        double t0 = tl.time(TimelineCanvas.LABEL_W), dt = 2 * (tl.viewState().viewEnd.get() - tl.viewState().viewStart.get()) / w;
        for (int c : cpus(info)) {
            if (r.index().remainingPoints(grp, c).size() == 0) continue;
            r.index().remainingCurve(grp, c, t0, dt, curve);
            g.setStroke(Palette.cpu(c));
            g.setLineWidth(1.2);
            g.beginPath();
            boolean first = true;
            for (int k = 0; k < n; k++) {
                double t = t0 + k * dt;
                if (t < 0 || t > info.endNs()) { first = true; continue; }
                double yy = vy.applyAsDouble(curve[k]);
                if (first) { g.moveTo(TimelineCanvas.LABEL_W + 2 * k, yy); first = false; } else g.lineTo(TimelineCanvas.LABEL_W + 2 * k, yy);
            }
            g.stroke();
        }
        // the pool, a step line
        io.throttlescope.trace.TraceIndex.Series pool = r.index().pool(grp);
        g.setStroke(Palette.POOL);
        g.setLineWidth(2);
        g.beginPath();
        double t1 = tl.viewState().viewEnd.get();
        t0 = tl.viewState().viewStart.get();
        int i = Math.max(0, pool.lastAtOrBefore((long) t0));
        double lastY = Double.NaN;
        // a step line, one vertical span per pixel column however many points fall into it
        while (i < pool.size() && pool.time(i) <= t1) {
            double xx = Math.max(TimelineCanvas.LABEL_W, Math.round(tl.x(pool.time(i))));
            double lo = Double.MAX_VALUE, hi = -Double.MAX_VALUE, endY = 0;
            int j = i;
            for (; j < pool.size() && pool.time(j) <= t1 && Math.max(TimelineCanvas.LABEL_W, Math.round(tl.x(pool.time(j)))) == xx; j++) {
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
        if (!Double.isNaN(lastY)) g.lineTo(Math.min(tl.canvas().getWidth(), tl.x(Math.min(t1, info.endNs()))), lastY);
        g.stroke();
        // ticks along the bottom: slice pulls (grey), distributions (green), refills (blue), slack
        // returns (orange): at most one per kind per pixel column, drawn per kind with one stroke colour
        EventKind[] tickKinds = {EventKind.SLICE_PULL, EventKind.SLACK_RETURN, EventKind.DISTRIBUTE, EventKind.PERIOD_TIMER, EventKind.REFILL};
        Color[] tickColours = {Color.web("#9E9E9E"), Palette.WORK_MARK, Palette.UNTHROTTLE_MARK, Palette.POOL, Palette.POOL};
        double[] tickHeights = {5, 9, 9, 9, 9};
        int[] lastPx = new int[tickKinds.length];
        java.util.Arrays.fill(lastPx, Integer.MIN_VALUE);
        int[][] xs = new int[tickKinds.length][16];
        int[] nx = new int[tickKinds.length];
        for (int j = Math.max(0, pool.lastAtOrBefore((long) t0)); j < pool.size() && pool.time(j) <= t1; j++) {
            EventKind kk = pool.kind(j);
            if (kk == null) continue;
            int which = -1;
            for (int q = 0; q < tickKinds.length; q++) if (tickKinds[q] == kk) which = q;
            if (which < 0) continue;
            int px = (int) Math.round(tl.x(pool.time(j)));
            if (px < TimelineCanvas.LABEL_W || px == lastPx[which]) continue;
            lastPx[which] = px;
            if (nx[which] == xs[which].length) xs[which] = java.util.Arrays.copyOf(xs[which], nx[which] * 2);
            xs[which][nx[which]++] = px;
        }
        for (int q = 0; q < tickKinds.length; q++) {
            if (nx[q] == 0) continue;
            g.setStroke(tickColours[q]);
            g.setLineWidth(q >= 3 ? 2 : 1);
            for (int k = 0; k < nx[q]; k++) g.strokeLine(xs[q][k] + 0.5, bottom + 4 - tickHeights[q], xs[q][k] + 0.5, bottom + 4);
        }
        g.setFill(Palette.TEXT);
        g.setFont(TimelineCanvas.FONT);
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.TOP);
        g.fillText("quota " + DurationText.format(quota), TimelineCanvas.LABEL_W + 4, vy.applyAsDouble(quota) + 1);
        g.fillText("debt", TimelineCanvas.LABEL_W + 4, mid + 2);
    }

    /** The CPUs whose runtime_remaining the budget lanes draw: all of up to 4, else the selected one. */
    int[] cpus(RunInfo info) {
        if (info.cpus() <= 4) {
            int[] all = new int[info.cpus()];
            for (int c = 0; c < all.length; c++) all[c] = c;
            return all;
        }
        int sel = tl.viewState().selectedCpu.get();
        return new int[] {sel >= 0 && sel < info.cpus() ? sel : 0};
    }

}
