package io.throttlescope.ui;

import io.throttlescope.sim.EventKind;
import io.throttlescope.trace.Slices;
import io.throttlescope.trace.Trace;
import io.throttlescope.trace.TraceIndex;
import io.throttlescope.view.RulerMarks;
import io.throttlescope.view.Run;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.TextAlignment;

import java.util.Arrays;
import java.util.List;

/**
 * The marks over the lanes and in the ruler: throttle and unthrottle triangles, task work and park
 * marks on the CPU and task lanes, hung-task reports, notes, the slack timer and faults.
 */
final class MarksRenderer {
    private final TimelineCanvas tl;

    MarksRenderer(TimelineCanvas tl) { this.tl = tl; }

    /**
     * The marks on the CPU and task lanes: throttle, unthrottle, task work, park, re-enqueue,
     * hung-task reports. Only the lanes on screen are walked, each through its own marks, and at
     * most one mark of a kind is drawn per 2 pixel columns of a lane (a mark is 8 px wide).
     */
    void drawLaneMarks(GraphicsContext g, Run r) {
        TraceIndex idx = r.index();
        Trace tr = r.trace();
        long t0 = (long) tl.viewState().viewStart.get();
        double t1 = tl.viewState().viewEnd.get();
        int nc = tl.cpuLanes().length, nt = tl.taskLanes().size();
        double top = tl.rulerH() - 2, bottom = tl.canvas().getHeight();
        int[] last = new int[EventKind.values().length];
        for (int c = 0; c < nc; c++) {
            TimelineCanvas.Lane lane = tl.cpuLanes()[c];
            double y = tl.laneY(lane);
            if (y + lane.h() < top || y > bottom) continue;
            forLaneMarks(tr, idx.cpuMarks(c), idx, t0, t1, last, (e, px, t, kd) -> {
                switch (kd) {
                    case THROTTLE -> {
                        if (tr.argB(e) == 1) hollowTriangle(g, px, lane, Palette.THROTTLE_MARK);   // inferred from a real trace's pattern
                        else triangle(g, px, lane, true, Palette.THROTTLE_MARK);
                    }
                    case UNTHROTTLE -> triangle(g, px, lane, false, Palette.UNTHROTTLE_MARK);
                    case TASK_WORK_ADDED -> marker(g, px, lane, Palette.WORK_MARK, null, true);
                    case PARKED -> marker(g, px, lane, Palette.PARKED, null, false);
                    case UNPARKED -> marker(g, px, lane, Palette.UNTHROTTLE_MARK, null, false);
                    default -> { }
                }
            });
        }
        for (int ta = 0; ta < nt; ta++) {
            boolean on = false;
            for (TimelineCanvas.Lane l : tl.taskLanes().get(ta)) { double y = tl.laneY(l); if (y + l.h() >= top && y <= bottom) on = true; }
            if (!on) continue;
            int task = ta;
            forLaneMarks(tr, idx.taskMarks(ta), idx, t0, t1, last, (e, px, t, kd) -> {
                TimelineCanvas.Lane taskLane = kd == EventKind.TASK_WORK_ADDED || kd == EventKind.PARKED || kd == EventKind.UNPARKED || kd == EventKind.HUNG_TASK
                        ? taskLaneAt(r, task, t) : null;
                if (taskLane == null) return;
                switch (kd) {
                    case TASK_WORK_ADDED -> marker(g, px, null, Palette.WORK_MARK, taskLane, true);
                    case PARKED -> marker(g, px, null, Palette.PARKED, taskLane, false);
                    case UNPARKED -> marker(g, px, null, Palette.UNTHROTTLE_MARK, taskLane, false);
                    case HUNG_TASK -> letter(g, px, tl.laneY(taskLane) + 1, "!", Palette.THROTTLE_MARK);
                    default -> { }
                }
            });
        }
    }

    private interface MarkDraw { void draw(int event, int px, long t, EventKind kind); }

    /** A lane's marks in the view, at most one of a kind per 2 pixel columns (a mark is 8 px wide). */
    private void forLaneMarks(Trace tr, int[] ms, TraceIndex idx, long t0, double t1, int[] last, MarkDraw draw) {
        Arrays.fill(last, Integer.MIN_VALUE);
        for (int m = idx.firstAtOrAfter(ms, t0); m < ms.length; m++) {
            int e = ms[m];
            long t = tr.time(e);
            if (t > t1) break;
            EventKind kd = tr.kind(e);
            int px = (int) Math.round(tl.x(t)), bucket = px >> 1;
            if (last[kd.ordinal()] == bucket) continue;
            last[kd.ordinal()] = bucket;
            draw.draw(e, px, t, kd);
        }
    }

    /** The marks of the ruler (drawn after it, so nothing covers them): notes, slack timer, hung-task reports, faults. */
    void drawRulerMarks(GraphicsContext g, Run r) {
        TraceIndex idx = r.index();
        Trace tr = r.trace();
        double t1 = tl.viewState().viewEnd.get();
        int[] last = new int[EventKind.values().length];
        Arrays.fill(last, Integer.MIN_VALUE);
        double y = tl.rulerH() - 13 * tl.scale();
        for (int e : RulerMarks.of(r, tl.viewState().viewStart.get(), t1, tl.viewState().horizon())) {    // none after the cursor at a question
            EventKind kd = tr.kind(e);
            int px = (int) Math.round(tl.x(tr.time(e)));
            if (px < tl.labelW() || last[kd.ordinal()] == px) continue;
            last[kd.ordinal()] = px;
            switch (kd) {
                case SLACK_TIMER -> letter(g, px, y, "s", Palette.POOL);
                case HUNG_TASK -> letter(g, px, y, "!", Palette.THROTTLE_MARK);
                case NOTE -> letter(g, px, y, "\u2691", Palette.NOTE_MARK);
                case FAULT -> letter(g, px, y, "\u2716", Palette.THROTTLE_MARK);
                default -> { }
            }
        }
    }

    /** The lane of task ta at time t: the one under the cgroup it was in then. */
    private TimelineCanvas.Lane taskLaneAt(Run r, int ta, long t) {
        if (ta < 0 || ta >= tl.taskLanes().size() || tl.taskLanes().get(ta).isEmpty()) return null;
        List<TimelineCanvas.Lane> ls = tl.taskLanes().get(ta);
        if (ls.size() == 1) return ls.get(0);
        Slices m = r.index().membership(ta);
        int i = m.at(t);
        int g = i < 0 ? -1 : m.value(i);
        for (TimelineCanvas.Lane l : ls) if (l.group() == g) return l;
        return ls.get(0);
    }

    private void triangle(GraphicsContext g, double px, TimelineCanvas.Lane lane, boolean down, Color c) {
        if (lane == null) return;
        double y = tl.laneY(lane);
        if (y < tl.rulerH() - 2) return;
        double s = 5 * tl.scale(), hgt = 8 * tl.scale();
        g.setFill(c);
        if (down) g.fillPolygon(new double[] {px - s, px + s, px}, new double[] {y, y, y + hgt}, 3);
        else g.fillPolygon(new double[] {px - s, px + s, px}, new double[] {y + lane.h(), y + lane.h(), y + lane.h() - hgt}, 3);
    }

    /** A throttle a real trace shows only by its pattern (no probe): an outlined triangle. */
    private void hollowTriangle(GraphicsContext g, double px, TimelineCanvas.Lane lane, Color c) {
        if (lane == null) return;
        double y = tl.laneY(lane);
        if (y < tl.rulerH() - 2) return;
        double s = 5 * tl.scale(), hgt = 8 * tl.scale();
        g.setStroke(c);
        g.setLineWidth(1.5 * tl.scale());
        g.strokePolygon(new double[] {px - s, px + s, px}, new double[] {y + 0.75 * tl.scale(), y + 0.75 * tl.scale(), y + hgt}, 3);
    }

    /** A mark on the CPU lane and on the task's lane: a dot (task work, upper half) or a square (park, lower half). */
    private void marker(GraphicsContext g, double px, TimelineCanvas.Lane lane, Color c, TimelineCanvas.Lane task, boolean round) {
        double r = 4 * tl.scale();
        for (TimelineCanvas.Lane l : new TimelineCanvas.Lane[] {lane, task}) {
            if (l == null) continue;
            double y = tl.laneY(l) + l.h() * (round ? 0.35 : 0.65);
            if (y < tl.rulerH()) continue;
            g.setFill(c);
            g.setStroke(Color.WHITE);
            g.setLineWidth(1);
            if (round) {
                g.fillOval(px - r, y - r, 2 * r, 2 * r);
                g.strokeOval(px - r, y - r, 2 * r, 2 * r);
            } else {
                g.fillRect(px - r, y - r, 2 * r, 2 * r);
                g.strokeRect(px - r, y - r, 2 * r, 2 * r);
            }
        }
    }

    private void letter(GraphicsContext g, double px, double y, String s, Color c) {
        if (y < 0) return;
        g.setFill(c);
        g.setFont(tl.bold);
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.TOP);
        g.fillText(s, px, y);
    }
}
