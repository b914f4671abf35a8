package io.throttlescope.ui.timeline;

import io.throttlescope.view.Run;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.text.TextAlignment;

/** The column of lane names on the left of the timeline: sections, cgroup headers, CPUs, tasks with their colour, budget scales. */
final class LaneLabelsRenderer {
    private final TimelineCanvas tl;

    LaneLabelsRenderer(TimelineCanvas tl) {
        this.tl = tl;
    }

    void drawLabels(GraphicsContext g, Run r, double h) {
        g.setFill(Palette.LABEL_BG);
        g.fillRect(0, tl.rulerH(), tl.labelW(), h - tl.rulerH());
        g.setStroke(Palette.GRID);
        g.strokeLine(tl.labelW() - 0.5, tl.rulerH(), tl.labelW() - 0.5, h);
        g.setTextBaseline(VPos.CENTER);
        g.setTextAlign(TextAlignment.LEFT);
        for (TimelineCanvas.Lane l : tl.lanes()) {
            double y = tl.laneY(l);
            if (y + l.h() < tl.rulerH() || y > h) continue;
            switch (l.kind()) {
                case SECTION, GROUP_HEADER -> { // a band across the timeline, its name in bold
                    g.setFill(l.kind() == TimelineCanvas.Kind.SECTION ? Palette.SECTION_BG : Palette.GROUP_BG);
                    g.fillRect(0, y, tl.canvas().getWidth(), l.h());
                    g.setFill(Palette.TEXT);
                    g.setFont(tl.bold);
                    g.fillText(l.label(), 6 * tl.scale(), y + l.h() / 2);
                }
                case TASK -> {
                    g.setFill(Palette.taskFill(tl.slot(l.id())));
                    g.fillRect(6 * tl.scale(), y + 4 * tl.scale(), 9 * tl.scale(), l.h() - 8 * tl.scale());
                    g.setFill(Palette.TEXT);
                    g.setFont(tl.viewState().selectedTask.get() == l.id() ? tl.bold : tl.font);
                    g.fillText(clip(l.label(), 15), 19 * tl.scale(), y + l.h() / 2);
                }
                case CPU -> {
                    g.setFill(Palette.TEXT);
                    g.setFont(tl.bold);
                    g.fillText(l.label(), 8 * tl.scale(), y + l.h() / 2);
                }
                case BUDGET -> tl.budgetLane().drawLabel(g, r, l.id(), y, l.h());
            }
        }
    }

    static String clip(String s, int n) {
        return s.length() <= n ? s : s.substring(0, n - 1) + "\u2026";
    }
}
