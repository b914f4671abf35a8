package io.throttlescope.ui.timeline;

import io.throttlescope.sim.EventKind;
import io.throttlescope.trace.Gallop;
import io.throttlescope.trace.Slices;
import io.throttlescope.trace.Trace;
import io.throttlescope.trace.TraceIndex;
import io.throttlescope.view.Explainer;
import io.throttlescope.view.RulerMarks;
import io.throttlescope.view.Run;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;

/**
 * The marks over the lanes and in the ruler: throttle and unthrottle triangles, task work and park
 * marks on the CPU and task lanes, hung-task reports, notes, the slack timer and faults.
 */
public final class MarksRenderer {
    private final TimelineCanvas tl;

    MarksRenderer(TimelineCanvas tl) {
        this.tl = tl;
    }

    /**
     * The marks on the CPU and task lanes: throttle, unthrottle, task work, park, re-enqueue,
     * hung-task reports. Only the lanes on screen are walked, each through its own marks, and at
     * most one mark of a kind is drawn per 2 pixel columns of a lane (a mark is 8 px wide).
     */
    void drawLaneMarks(GraphicsContext g, Run r) {
        drawnCount = 0;
        TraceIndex idx = r.index();
        Trace tr = r.trace();
        long t0 = (long) tl.viewState().viewStart.get();
        double t1 = tl.viewState().viewEnd.get();
        int nc = tl.cpuLanes().length, nt = tl.taskLanes().size();
        double top = tl.rulerH() - 2, bottom = tl.canvas().getHeight();
        for (int c = 0; c < nc; c++) {
            TimelineCanvas.Lane lane = tl.cpuLanes()[c];
            double y = tl.laneY(lane);
            if (y + lane.h() < top || y > bottom) continue;
            forLaneMarks(tr, idx.cpuMarks(c), t0, t1, (e, px, t, kd) -> {
                switch (kd) {
                    case THROTTLE -> {
                        if (tr.argB(e) == 1)
                            hollowTriangle(g, px, lane, Palette.THROTTLE_MARK); // inferred from a real trace's pattern
                        else triangle(g, px, lane, true, Palette.THROTTLE_MARK);
                    }
                    case UNTHROTTLE -> triangle(g, px, lane, false, Palette.UNTHROTTLE_MARK);
                    case TASK_WORK_ADDED -> marker(g, px, lane, Palette.WORK_MARK, null, true);
                    case PARKED -> marker(g, px, lane, Palette.PARKED, null, false);
                    case UNPARKED -> marker(g, px, lane, Palette.UNTHROTTLE_MARK, null, false);
                    default -> {}
                }
            });
        }
        for (int ta = 0; ta < nt; ta++) {
            boolean on = false;
            for (TimelineCanvas.Lane l : tl.taskLanes().get(ta)) {
                double y = tl.laneY(l);
                if (y + l.h() >= top && y <= bottom) on = true;
            }
            if (!on) continue;
            int task = ta;
            forLaneMarks(tr, idx.taskMarks(ta), t0, t1, (e, px, t, kd) -> {
                TimelineCanvas.Lane taskLane = kd == EventKind.TASK_WORK_ADDED
                                || kd == EventKind.PARKED
                                || kd == EventKind.UNPARKED
                                || kd == EventKind.HUNG_TASK
                        ? taskLaneAt(r, task, t)
                        : null;
                if (taskLane == null) return;
                switch (kd) {
                    case TASK_WORK_ADDED -> marker(g, px, null, Palette.WORK_MARK, taskLane, true);
                    case PARKED -> marker(g, px, null, Palette.PARKED, taskLane, false);
                    case UNPARKED -> marker(g, px, null, Palette.UNTHROTTLE_MARK, taskLane, false);
                    case HUNG_TASK -> letter(g, px, tl.laneY(taskLane) + 1, "!", Palette.THROTTLE_MARK);
                    default -> {}
                }
            });
        }
    }

    /** The events whose marks the last redraw drew on the lanes, the first {@link #drawnCount} of them. */
    private int[] drawn = new int[64];

    private int drawnCount;

    /** The events whose marks the last redraw drew on the lanes (tests read what the window shows). */
    public List<Integer> drawn() {
        return Arrays.stream(drawn, 0, drawnCount).boxed().toList();
    }

    private interface MarkDraw {
        void draw(int event, int px, long t, EventKind kind);
    }

    private static final EventKind[] KINDS = EventKind.values();

    /** The marks chosen in one lane: sort keys (position in the lane's array, then the entry), each entry's kind and place. */
    private long[] chosen = new long[64];

    private int[] chosenKind = new int[64], chosenAt = new int[64];

    /**
     * Calls draw for the first mark of each kind in each bucket of 2 pixel columns, in the lane's
     * order. Each kind is walked on its own, jumping from a drawn mark to the next bucket, so a
     * lane with millions of marks in view costs its buckets, not its marks. A mark's time and kind
     * come from the lane's own arrays: a whole run draws tens of thousands of marks, and reading each
     * from the trace had cost a cache miss or two apiece, half of that redraw.
     */
    private void forLaneMarks(Trace tr, int[] ms, long t0, double t1, MarkDraw draw) {
        Kinds byKind = byKind(tr, ms);
        int n = 0;
        double t0v = tl.viewState().viewStart.get(),
                span = tl.viewState().viewEnd.get() - t0v;
        double labelW = tl.labelW(), plotW = tl.plotW(), nsPerPx = span / plotW;
        for (int k = 0; k < byKind.pos.length; k++) {
            int[] pos = byKind.pos[k];
            long[] time = byKind.time[k];
            if (pos.length == 0) continue;
            int p = Gallop.firstAtLeast(time, 0, time.length, t0);
            while (p < pos.length) {
                long t = time[p];
                if (t > t1) break;
                int bucket = (int) Math.round(labelW + (t - t0v) / span * plotW) >> 1; // tl.x(t), properties read once
                if (n == chosen.length) {
                    chosen = Arrays.copyOf(chosen, n * 2);
                    chosenKind = Arrays.copyOf(chosenKind, n * 2);
                    chosenAt = Arrays.copyOf(chosenAt, n * 2);
                }
                chosen[n] = (long) pos[p] << 32 | n;
                chosenKind[n] = k;
                chosenAt[n++] = p;
                // the next bucket starts where round(x) reaches 2 (bucket + 1)
                long next = (long) Math.floor(t0v + (2 * (bucket + 1) - 0.5 - labelW) * nsPerPx);
                int q = Gallop.firstAtLeast(time, p + 1, time.length, next);
                while (q < pos.length && ((int) Math.round(labelW + (time[q] - t0v) / span * plotW)) >> 1 <= bucket)
                    q++;
                p = q;
            }
        }
        Arrays.sort(chosen, 0, n); // drawn in the lane's order, as one walk would
        int lastShown = tl.viewState().lastShown();
        for (int c = 0; c < n; c++) {
            int at = (int) chosen[c], k = chosenKind[at];
            int e = ms[(int) (chosen[c] >>> 32)];
            if (e > lastShown) continue; // a question waits: nothing after the cursor's event
            if (drawnCount == drawn.length) drawn = Arrays.copyOf(drawn, drawnCount * 2);
            drawn[drawnCount++] = e;
            long t = byKind.time[k][chosenAt[at]];
            draw.draw(e, (int) Math.round(labelW + (t - t0v) / span * plotW), t, KINDS[k]);
        }
    }

    /** A lane's marks split by kind: their positions in the lane's array, and their times (searched without the trace). */
    private record Kinds(int[][] pos, long[][] time) {}

    /** A lane's marks split by kind, made once per lane array. */
    private final Map<int[], Kinds> kinds = new WeakHashMap<>();

    private Kinds byKind(Trace tr, int[] ms) {
        return kinds.computeIfAbsent(ms, a -> {
            int nk = EventKind.values().length;
            int[] count = new int[nk];
            for (int e : a) count[tr.kind(e).ordinal()]++;
            int[][] pos = new int[nk][];
            long[][] time = new long[nk][];
            for (int k = 0; k < nk; k++) {
                pos[k] = new int[count[k]];
                time[k] = new long[count[k]];
            }
            Arrays.fill(count, 0);
            for (int p = 0; p < a.length; p++) {
                int k = tr.kind(a[p]).ordinal();
                time[k][count[k]] = tr.time(a[p]);
                pos[k][count[k]++] = p;
            }
            return new Kinds(pos, time);
        });
    }

    /** The marks of the ruler (drawn after it, so nothing covers them): notes, slack timer, hung-task reports, faults. */
    void drawRulerMarks(GraphicsContext g, Run r) {
        Trace tr = r.trace();
        double t1 = tl.viewState().viewEnd.get();
        int[] last = new int[EventKind.values().length];
        Arrays.fill(last, Integer.MIN_VALUE);
        double y = tl.rulerH() - 13 * tl.scale();
        for (int e : RulerMarks.of(
                r,
                tl.viewState().viewStart.get(),
                t1,
                tl.viewState().horizon())) { // none after the cursor at a question
            if (e > tl.viewState().lastShown()) continue;
            EventKind kd = tr.kind(e);
            int px = (int) Math.round(tl.x(tr.time(e)));
            if (px < tl.labelW() || last[kd.ordinal()] == px) continue;
            last[kd.ordinal()] = px;
            switch (kd) {
                case SLACK_TIMER -> letter(g, px, y, "s", Palette.POOL);
                case HUNG_TASK -> letter(g, px, y, "!", Palette.THROTTLE_MARK);
                case NOTE -> letter(g, px, y, "\u2691", Palette.NOTE_MARK);
                case FAULT -> letter(g, px, y, "\u2716", Palette.THROTTLE_MARK);
                default -> {}
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
        double base = down ? y : y + lane.h(), tip = down ? y + hgt : y + lane.h() - hgt;
        g.fillPolygon(points(xs, px - s, px + s, px), points(ys, base, base, tip), 3);
    }

    /** The three corners of a mark's triangle, reused from mark to mark: the canvas copies them as it is given them. */
    private final double[] xs = new double[3], ys = new double[3];

    private static double[] points(double[] to, double a, double b, double c) {
        to[0] = a;
        to[1] = b;
        to[2] = c;
        return to;
    }

    /** A throttle a real trace shows only by its pattern (no probe): an outlined triangle. */
    private void hollowTriangle(GraphicsContext g, double px, TimelineCanvas.Lane lane, Color c) {
        if (lane == null) return;
        double y = tl.laneY(lane);
        if (y < tl.rulerH() - 2) return;
        double s = 5 * tl.scale(), hgt = 8 * tl.scale();
        g.setStroke(c);
        g.setLineWidth(1.5 * tl.scale());
        double top = y + 0.75 * tl.scale();
        g.strokePolygon(points(xs, px - s, px + s, px), points(ys, top, top, y + hgt), 3);
    }

    /** A mark on the CPU lane and on the task's lane: a dot (task work, upper half) or a square (park, lower half). */
    private void marker(
            GraphicsContext g, double px, TimelineCanvas.Lane lane, Color c, TimelineCanvas.Lane task, boolean round) {
        double r = 4 * tl.scale();
        for (int k = 0; k < 2; k++) {
            TimelineCanvas.Lane l = k == 0 ? lane : task;
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

    /** A letter mark on a white backing a pixel wider than the glyph: it reads on the cursor's line and on any slice. */
    private void letter(GraphicsContext g, double px, double y, String s, Color c) {
        if (y < 0) return;
        glyph.setText(s);
        glyph.setFont(tl.bold);
        double w = glyph.getLayoutBounds().getWidth(),
                h = glyph.getLayoutBounds().getHeight();
        g.setFill(Color.WHITE);
        g.fillRect(Math.floor(px - w / 2 - 1), y, Math.ceil(w + 2), h);
        g.setFill(c);
        g.setFont(tl.bold);
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.TOP);
        g.fillText(s, px, y);
    }

    private final Text glyph = new Text();

    /** A mark within 4 px of the pointer, on the lane under it (or in the ruler), explained; null if none. */
    TimelineCanvas.Hit hitMark(Run r, double x, double y) {
        TraceIndex idx = r.index();
        Trace tr = r.trace();
        double k = tl.scale();
        double per = (tl.viewState().viewEnd.get() - tl.viewState().viewStart.get()) / tl.plotW();
        long from = (long) (tl.time(x) - 4 * per * k), to = (long) (tl.time(x) + 4 * per * k);
        boolean inRuler = y < tl.rulerH();
        TimelineCanvas.Lane on = inRuler ? null : tl.laneAtY(y);
        for (int m = idx.firstMarkAtOrAfter(from); m < idx.markCount(); m++) {
            int e = idx.mark(m);
            if (tr.time(e) > to) break;
            EventKind kd = tr.kind(e);
            boolean here;
            if (inRuler)
                here = kd == EventKind.NOTE
                        || kd == EventKind.SLACK_TIMER
                        || kd == EventKind.HUNG_TASK
                        || kd == EventKind.FAULT;
            else if (on == null) here = false;
            else if (on.kind() == TimelineCanvas.Kind.CPU)
                here = tr.cpu(e) == on.id() && kd != EventKind.NOTE && kd != EventKind.SLACK_TIMER;
            else if (on.kind() == TimelineCanvas.Kind.TASK) here = tr.task(e) == on.id();
            else here = false;
            if (!here) continue;
            return new TimelineCanvas.Hit(
                    tr.task(e),
                    tr.group(e),
                    tr.cpu(e),
                    Explainer.explain(r, r.index().at(e), e).text());
        }
        return null;
    }
}
