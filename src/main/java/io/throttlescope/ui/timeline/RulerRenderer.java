package io.throttlescope.ui.timeline;

import io.throttlescope.view.BudgetScale;
import io.throttlescope.view.Durations;
import io.throttlescope.view.Run;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;

/** The time ruler along the top of the timeline: the run's name, tick times at a round step, a dragged range. */
final class RulerRenderer {
    private final TimelineCanvas tl;

    RulerRenderer(TimelineCanvas tl) {
        this.tl = tl;
    }

    private final Text probe = new Text();
    /** The tick labels of the last drawing, as {x, width} (tests check they are whole). */
    final List<double[]> labels = new ArrayList<>();

    /** The ruler: the model, tick times, and the range a drag over it selects (from, to: NaN for none). */
    void drawRuler(GraphicsContext g, Run r, double w, double rulerDragX, double dragX) {
        labels.clear();
        g.setFill(Palette.RULER_BG);
        g.fillRect(0, 0, w, tl.rulerH());
        g.setStroke(Palette.GRID);
        g.strokeLine(0, tl.rulerH() - 0.5, w, tl.rulerH() - 0.5);
        double t0 = tl.viewState().viewStart.get(), t1 = tl.viewState().viewEnd.get();
        // at least two times a ruler: a narrow half of the comparison at 2560 px showed "0" alone (the third review)
        double step = niceStep((t1 - t0) / Math.max(2, tl.plotW() / (110 * tl.scale())));
        g.setFont(tl.font);
        g.setTextBaseline(VPos.TOP);
        g.setTextAlign(TextAlignment.LEFT);
        for (double t = Math.ceil(t0 / step) * step; t <= t1; t += step) {
            double xx = Math.round(tl.x(t)) + 0.5;
            if (xx < tl.labelW()) continue;
            g.setStroke(Palette.GRID.darker());
            g.strokeLine(xx, tl.rulerH() - 6 * tl.scale(), xx, tl.rulerH());
            g.setFill(Palette.TEXT);
            String label = Durations.tick(Math.round(t), Math.max(1, Math.round(step)));
            probe.setFont(tl.font);
            probe.setText(label);
            double lw = probe.getLayoutBounds().getWidth();
            // a tick near the right edge has its time left of it, whole (it was cut to "200m": the fifth review)
            double lx = xx + 3 + lw <= w - 2 ? xx + 3 : xx - 3 - lw;
            g.fillText(label, lx, 2 * tl.scale());
            labels.add(new double[] {lx, lw});
        }
        if (!Double.isNaN(rulerDragX)) {
            g.setFill(Color.rgb(30, 100, 200, 0.25));
            double a = Math.min(rulerDragX, dragX), b = Math.max(rulerDragX, dragX);
            g.fillRect(a, 0, b - a, tl.canvas().getHeight());
        }
        g.setFill(Palette.TEXT);
        g.setFont(tl.bold);
        g.fillText(r.label(), 6 * tl.scale(), 2 * tl.scale());
        g.setFont(tl.small);
        g.fillText("model \u00B7 time \u2192", 6 * tl.scale(), 16 * tl.scale());
    }

    static double niceStep(double raw) {
        return BudgetScale.niceStep(raw);
    }
}
