package io.throttlescope.ui.timeline;

import io.throttlescope.trace.RunInfo;
import io.throttlescope.view.Run;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;

/**
 * What the timeline draws over its lanes, besides the marks: the period boundaries of the shown
 * group, the compare view's divergence strips and first divergence, the cursor, and while a lesson's
 * question waits, the veil over what comes after the cursor.
 */
final class OverlayRenderer {
    private final TimelineCanvas tl;

    OverlayRenderer(TimelineCanvas tl) {
        this.tl = tl;
    }

    /** The height of the strip that marks where the other model runs a different task. */
    static final double DIFF_STRIP = 4;

    void drawDivergence(GraphicsContext g) {
        for (int c = 0; c < tl.cpuLanes().length; c++) {
            TimelineCanvas.Lane l = tl.cpuLanes()[c];
            if (l == null) continue;
            double y = tl.laneY(l), strip = Math.max(3, Math.round(DIFF_STRIP * tl.scale()));
            // a strip along the lane's top edge: the slices keep their own colours (a tint would mix them)
            tl.drawSlices(tl.divergence().cpuDiff(c), y, strip, (v, d) -> Palette.DIFF, Long.MIN_VALUE, Long.MAX_VALUE);
        }
        tl.flush(g);
        var vs = tl.viewState();
        // while a question waits, a first divergence that lasts past the cursor is part of the answer
        boolean veiled = vs.veiled.get()
                && vs.cursor.get() >= 0
                && tl.divergence().firstTimeNs + tl.divergence().firstDurationNs > vs.cursorTime();
        if (tl.divergence().firstTimeNs >= 0 && !veiled) {
            double xx = Math.round(tl.x(tl.divergence().firstTimeNs)) + 0.5;
            if (xx >= tl.labelW() && xx <= tl.canvas().getWidth()) {
                g.setStroke(Palette.DIFF_LINE);
                g.setLineWidth(2);
                g.setLineDashes(6, 3);
                g.strokeLine(xx, tl.rulerH(), xx, tl.canvas().getHeight());
                g.setLineDashes(null);
                g.setFill(Palette.DIFF_LINE);
                g.setFont(tl.bold);
                g.setTextAlign(TextAlignment.LEFT);
                g.setTextBaseline(VPos.TOP);
                g.fillText("first divergence", xx + 4, tl.rulerH() + 2);
            }
        }
    }

    /** The group whose period boundaries are drawn: the selected one, else the first limited one. */
    int periodGroup(Run r) {
        int grp = tl.viewState().selectedGroup.get();
        if (grp >= 0 && grp < r.info().groups().length && tl.limited(r, grp)) return grp;
        for (int x = 0; x < r.info().groups().length; x++) if (tl.limited(r, x)) return x;
        return -1;
    }

    void drawPeriodLines(GraphicsContext g, Run r, double h) {
        int grp = periodGroup(r);
        if (grp < 0) return;
        RunInfo info = r.info();
        double t0 = tl.viewState().viewStart.get(), t1 = tl.viewState().viewEnd.get();
        long period = r.index().periodAt(grp, (long) Math.max(0, t0)), phase = info.phaseNs()[grp];
        if (period <= 0 || period / (t1 - t0) * tl.plotW() < 4) return;
        g.setStroke(Palette.GRID.darker());
        g.setLineWidth(1);
        g.setLineDashes(2, 3);
        long k0 = (long) Math.floor((t0 - phase) / period);
        for (long b = phase + k0 * period; b <= t1; b += period) {
            if (b < t0 || b > info.endNs()) continue;
            double xx = Math.round(tl.x(b)) + 0.5;
            g.strokeLine(xx, tl.rulerH(), xx, h);
        }
        g.setLineDashes(null);
    }

    /** While a lesson's question waits, the lanes after the cursor are covered: the answer is not on screen. */
    void drawVeil(GraphicsContext g, double h) {
        if (!tl.viewState().veiled.get() || tl.viewState().cursor.get() < 0) return;
        double x0 = Math.max(tl.labelW(), Math.round(tl.x(tl.viewState().cursorTime())) + 1),
                w = tl.canvas().getWidth();
        if (x0 >= w) return;
        g.setFill(Palette.VEIL);
        g.fillRect(x0, tl.rulerH(), w - x0, h - tl.rulerH());
    }

    /** The veil's label as last drawn, {x, y, width, height} (null: none); tests check it is off the header rows. */
    double[] veilBox;

    /** {@link #veilBox}, then each header row's {top, bottom}. */
    List<double[]> veilLabelAndHeaders() {
        List<double[]> out = new ArrayList<>();
        out.add(veilBox);
        for (TimelineCanvas.Lane l : tl.lanes())
            if (l.kind() == TimelineCanvas.Kind.SECTION || l.kind() == TimelineCanvas.Kind.GROUP_HEADER)
                out.add(new double[] {tl.laneY(l), tl.laneY(l) + l.h()});
        return out;
    }

    /** Why the lanes after the cursor are covered, over everything else (a group header's row would hide it). */
    void drawVeilText(GraphicsContext g, double h) {
        veilBox = null;
        if (!tl.viewState().veiled.get() || tl.viewState().cursor.get() < 0) return;
        double x0 = Math.max(tl.labelW(), Math.round(tl.x(tl.viewState().cursorTime())) + 1),
                w = tl.canvas().getWidth();
        if (w - x0 <= 120) return;
        String why = tl.viewState().veilReason.get();
        int cut = why.indexOf(' ', why.length() / 2); // on two lines
        String text = cut < 0 ? why : why.substring(0, cut) + "\n" + why.substring(cut + 1);
        double cx = (x0 + w) / 2, cy = tl.rulerH() + (h - tl.rulerH()) / 2;
        Text probe = new Text(text);
        probe.setFont(tl.small);
        double bw = probe.getLayoutBounds().getWidth() + 16,
                bh = probe.getLayoutBounds().getHeight() + 8;
        // off the section and group header rows: at 02 stop 1 it sat on the "Budgets" band (the seventh review)
        for (TimelineCanvas.Lane l : tl.lanes()) {
            if (l.kind() != TimelineCanvas.Kind.SECTION && l.kind() != TimelineCanvas.Kind.GROUP_HEADER) continue;
            double top = tl.laneY(l), bottom = top + l.h();
            if (cy + bh / 2 <= top || cy - bh / 2 >= bottom) continue;
            cy = bottom + bh / 2 + 2 + bh <= h ? bottom + bh / 2 + 2 : top - bh / 2 - 2;
        }
        veilBox = new double[] {cx - bw / 2, cy - bh / 2, bw, bh};
        g.setFill(Palette.VEIL);
        g.fillRect(cx - bw / 2, cy - bh / 2, bw, bh);
        g.setFill(Palette.TEXT);
        g.setFont(tl.small);
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        g.fillText(text, cx, cy);
    }

    /**
     * The cursor's line from y0 to y1, and with head its triangle on the ruler. The lanes' part is drawn
     * before the marks, so that a mark at the cursor's time stays on top of it: 02's hung-task "!" at
     * 6.25 s vanished under the line, red on red (the sixth review).
     */
    void drawCursor(GraphicsContext g, double y0, double y1, boolean head) {
        if (tl.viewState().cursor.get() < 0) return;
        double xx = Math.round(tl.x(tl.viewState().cursorTime())) + 0.5;
        if (xx < tl.labelW() || xx > tl.canvas().getWidth()) return;
        g.setStroke(Palette.CURSOR);
        g.setLineWidth(1.5);
        g.strokeLine(xx, y0, xx, y1);
        if (!head) return;
        g.setFill(Palette.CURSOR);
        g.fillPolygon(
                new double[] {xx - 6, xx + 6, xx}, new double[] {tl.rulerH() - 9, tl.rulerH() - 9, tl.rulerH()}, 3);
    }
}
