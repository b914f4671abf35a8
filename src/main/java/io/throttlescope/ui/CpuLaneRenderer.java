package io.throttlescope.ui;

import io.throttlescope.trace.Slices;
import io.throttlescope.trace.TraceIndex;
import io.throttlescope.view.Run;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;

/** Draws a CPU lane: which task runs, in its colour (hatched in kernel mode), named where the slice is wide enough. */
final class CpuLaneRenderer implements LaneRenderer {
    private final TimelineCanvas tl;

    CpuLaneRenderer(TimelineCanvas tl) { this.tl = tl; }

    @Override public void draw(GraphicsContext g, Run r, TimelineCanvas.Lane l, double y) {
        g.setFill(Palette.IDLE);
        g.fillRect(tl.labelW(), y + 2, tl.plotW(), l.h() - 4);
        Slices s = r.index().cpuSlices(l.id());
        tl.drawSlices(s, y + 2, l.h() - 4, (v, d) -> TraceIndex.kernelMode(d) ? Palette.hatchedTask(tl.slot(v)) : Palette.taskFill(tl.slot(v)),
                Long.MIN_VALUE, Long.MAX_VALUE);
        labelCpuSlices(r, s, l, y);
        int sel = tl.viewState().selectedTask.get();
        if (sel >= 0) tl.outline(g, s, sel, y + 2, l.h() - 4);
    }

    /**
     * A CPU lane's wide slices name their task (without task lanes a colour alone would not say
     * which task it is); on a hatched (kernel) slice over a light backing. Consecutive slices of one
     * task (split at a syscall) are named once.
     */
    private void labelCpuSlices(Run r, Slices s, TimelineCanvas.Lane l, double y) {
        double k = tl.scale();
        double t0 = tl.viewState().viewStart.get(), t1 = tl.viewState().viewEnd.get(), charW = 6.2 * k;
        int drawn = 0;
        for (int i = s.firstEndingAfter((long) t0); i < s.size() && s.start(i) < t1 && drawn < 200; i++) {
            int task = s.value(i), j = i;
            while (j + 1 < s.size() && s.value(j + 1) == task && s.start(j + 1) == s.end(j)) j++;      // one stay on the CPU
            double xs = Math.max(tl.labelW(), tl.x(s.start(i))), xe = Math.min(tl.canvas().getWidth(), tl.x(s.end(j)));
            boolean kernel = TraceIndex.kernelMode(s.detail(i));
            i = j;
            if (xe - xs < 40 * k || task < 0 || task >= r.info().tasks().length) continue;
            String name = r.info().tasks()[task];
            int fit = (int) ((xe - xs - 8) / charW);
            if (fit < 2) continue;
            if (name.length() > fit) name = name.substring(0, Math.max(1, fit - 1)) + "\u2026";
            Color base = Palette.task(tl.slot(task));
            tl.label(kernel || Palette.cue(tl.slot(task)) != 0 ? new TimelineCanvas.PendingText(name, xs + 4, y + l.h() / 2, Palette.TEXT, TimelineCanvas.LABEL_BOX)
                    : new TimelineCanvas.PendingText(name, xs + 3, y + l.h() / 2, Palette.inkOn(base)));
            drawn++;
        }
    }

}
