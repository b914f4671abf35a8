package io.throttlescope.ui.timeline;

import io.throttlescope.trace.RunInfo;
import io.throttlescope.trace.Slices;
import io.throttlescope.trace.TraceIndex;
import io.throttlescope.view.Durations;
import io.throttlescope.view.Run;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;

/** Draws a CPU lane: which task runs, in its colour (hatched in kernel mode), named where the slice is wide enough. */
final class CpuLaneRenderer implements LaneRenderer {
    private final TimelineCanvas tl;

    /** A stay of more slices than this is looked at in parts (its name is drawn once). */
    private static final int MAX_STAY = 256;

    CpuLaneRenderer(TimelineCanvas tl) {
        this.tl = tl;
    }

    @Override
    public void draw(GraphicsContext g, Run r, TimelineCanvas.Lane l, double y) {
        g.setFill(Palette.IDLE);
        g.fillRect(tl.labelW(), y + 2, tl.plotW(), l.h() - 4);
        Slices s = r.index().cpuSlices(l.id());
        tl.drawSlices(s, y + 2, l.h() - 4, tl.taskFills(), Long.MIN_VALUE, Long.MAX_VALUE);
        labelCpuSlices(r, s, l, y);
        int sel = tl.viewState().selectedTask.get();
        if (sel >= 0) tl.outline(g, s, sel, y + 2, l.h() - 4);
    }

    /** The task on the CPU at t (its cgroup, its mode, the span of its slice), or idle. */
    @Override
    public TimelineCanvas.Hit hit(Run r, TimelineCanvas.Lane l, long t) {
        RunInfo info = r.info();
        Slices s = r.index().cpuSlices(l.id());
        int i = s.at(t);
        if (i < 0) return new TimelineCanvas.Hit(-1, -1, l.id(), "CPU" + l.id() + ": idle at " + Durations.exact(t));
        int task = s.value(i);
        String g = info.groups()[TraceIndex.group(s.detail(i))];
        return new TimelineCanvas.Hit(
                task,
                TraceIndex.group(s.detail(i)),
                l.id(),
                info.tasks()[task] + " (" + g + ") on CPU" + l.id() + ", "
                        + (TraceIndex.kernelMode(s.detail(i)) ? "kernel mode" : "user mode") + "\n"
                        + LaneRenderer.span(s, i));
    }

    /**
     * A CPU lane's wide slices name their task (without task lanes a colour alone would not say
     * which task it is); on a hatched (kernel) slice over a light backing. Consecutive slices of one
     * task (split at a syscall) are named once.
     */
    private void labelCpuSlices(Run r, Slices s, TimelineCanvas.Lane l, double y) {
        double k = tl.scale();
        double t0 = tl.viewState().viewStart.get(), t1 = tl.viewState().viewEnd.get(), charW = 6.2 * k;
        int drawn = 0, chainTask = -2, chainFirst = -1;
        long chainEnd = Long.MIN_VALUE;
        double chainX = 0; // where the stay the pieces belong to starts
        boolean chainNamed = false;
        // a name needs a stay at least this long (its width in view is at most its length): no stay in a block is
        // that long, so a loop at a new stay skips the rest of its block (a whole run is many blocks of short stays)
        double minNs = 40 * k * (t1 - t0) / tl.plotW() * 0.999;
        for (int i = s.firstEndingAfter((long) t0), next; i < s.size() && s.start(i) < t1 && drawn < 200; i = next) {
            if (s.startsStay(i) && s.longestStayStartingIn(i / Slices.STAY_BLOCK) < minNs) {
                next = (i / Slices.STAY_BLOCK + 1) * Slices.STAY_BLOCK;
                chainTask = -2; // what follows is looked at afresh
                continue;
            }
            int task = s.value(i), j;
            // one stay on the CPU (split at syscalls), looked at up to MAX_STAY slices at a time
            j = s.stayLast(i, i + MAX_STAY);
            double xs = Math.max(tl.labelW(), tl.x(s.start(i))),
                    xe = Math.min(tl.canvas().getWidth(), tl.x(s.end(j)));
            boolean continues = task == chainTask && s.start(i) == chainEnd;
            boolean rest = continues && chainNamed; // the rest of a stay already named
            if (!continues) {
                chainX = xs;
                chainFirst = i;
            }
            chainTask = task;
            chainEnd = s.end(j);
            next = tl.afterPixel(s, j, xs, xe);
            // a stay looked at in pieces is measured from its start: a long one is named where it begins
            boolean now = !rest
                    && xe - chainX >= 40 * k
                    && task >= 0
                    && task < r.info().tasks().length
                    && name(r, s, l, y, chainFirst, chainX, xe, charW);
            if (now) drawn++;
            chainNamed = rest || now;
        }
    }

    /** Draws the task's name over a stay from xs to xe if it fits; true if drawn. */
    private boolean name(Run r, Slices s, TimelineCanvas.Lane l, double y, int i, double xs, double xe, double charW) {
        int task = s.value(i);
        String name = r.info().tasks()[task];
        int fit = (int) ((xe - xs - 8) / charW);
        if (fit < 2) return false;
        if (name.length() > fit) name = name.substring(0, Math.max(1, fit - 1)) + "\u2026";
        boolean kernel = TraceIndex.kernelMode(s.detail(i));
        Color base = Palette.task(tl.slot(task));
        tl.label(
                kernel || Palette.cue(tl.slot(task)) != 0
                        ? new TimelineCanvas.PendingText(
                                name, xs + 4, y + l.h() / 2, Palette.TEXT, TimelineCanvas.LABEL_BOX)
                        : new TimelineCanvas.PendingText(name, xs + 3, y + l.h() / 2, Palette.inkOn(base)));
        return true;
    }
}
