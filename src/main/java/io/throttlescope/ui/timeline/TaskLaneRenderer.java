package io.throttlescope.ui.timeline;

import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.TaskState;
import io.throttlescope.trace.RunInfo;
import io.throttlescope.trace.Slices;
import io.throttlescope.trace.Trace;
import io.throttlescope.trace.TraceIndex;
import io.throttlescope.view.Run;
import io.throttlescope.view.States;
import java.util.Arrays;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;

/** Draws a task lane: the task's state over time (running, runnable, held off, parked, asleep, D state), its lock bar and labels. */
final class TaskLaneRenderer implements LaneRenderer {
    private final TimelineCanvas tl;

    TaskLaneRenderer(TimelineCanvas tl) {
        this.tl = tl;
    }

    @Override
    public void draw(GraphicsContext g, Run r, TimelineCanvas.Lane l, double y) {
        double k = tl.scale();
        Slices s = r.index().taskSlices(l.id());
        int own = tl.slot(l.id());
        Paint user = Palette.taskFill(own), kernel = Palette.hatchedTask(own);
        Slices m = r.index().membership(l.id());
        double t0 = tl.viewState().viewStart.get(), t1 = tl.viewState().viewEnd.get();
        // only while the task is in this lane's cgroup (a moved task has a lane under each)
        for (int i = m.firstEndingAfter((long) t0); i < m.size() && m.start(i) < t1; i++) {
            if (m.value(i) != l.group()) continue;
            long a = m.start(i), b = m.end(i);
            tl.drawSlices(s, y + 2, l.h() - 4, (v, d) -> stateFill(v, d, user, kernel), a, b);
            tl.drawSlices(r.index().heldSlices(l.id()), y, 2 * k, (v, d) -> Palette.TEXT, a, b);
            labelStates(r, s, l, y, a, b);
        }
        if (tl.viewState().selectedTask.get() == l.id()) {
            g.setStroke(Palette.TEXT);
            g.setLineWidth(1);
            g.strokeRect(tl.labelW() + 0.5, y + 1.5, tl.plotW() - 1, l.h() - 3);
        }
    }

    /** The task's state at t (what it waits for, or where it runs), or that it is in another cgroup then. */
    @Override
    public TimelineCanvas.Hit hit(Run r, TimelineCanvas.Lane l, long t) {
        RunInfo info = r.info();
        Slices s = r.index().taskSlices(l.id());
        int i = s.at(t);
        if (i < 0) return new TimelineCanvas.Hit(l.id(), -1, -1, info.tasks()[l.id()]);
        Slices m = r.index().membership(l.id());
        int mi = m.at(t);
        if (mi >= 0 && m.value(mi) != l.group()) {
            return new TimelineCanvas.Hit(
                    l.id(),
                    -1,
                    -1,
                    info.tasks()[l.id()] + " is in " + info.groups()[m.value(mi)] + " at this time, not in "
                            + info.groups()[l.group()]);
        }
        TaskState st = STATES[s.value(i)];
        String why = st == TaskState.BLOCKED || st == TaskState.SLEEPING
                ? " (" + info.str(s.detail(i)) + ")"
                : st == TaskState.RUNNING
                        ? " on CPU" + TraceIndex.runningCpu(s.detail(i))
                                + (TraceIndex.runningKernel(s.detail(i)) ? ", kernel mode" : ", user mode")
                        : "";
        return new TimelineCanvas.Hit(
                l.id(), -1, -1, info.tasks()[l.id()] + ": " + States.name(st) + why + "\n" + LaneRenderer.span(s, i));
    }

    /** Wide enough task-lane slices say what the task waits for (D state, sleeping) or that it is parked or held off. */
    private void labelStates(Run r, Slices s, TimelineCanvas.Lane l, double y, long from, long to) {
        double k = tl.scale();
        double t0 = Math.max(tl.viewState().viewStart.get(), from),
                t1 = Math.min(tl.viewState().viewEnd.get(), to);
        double[] marks = null; // found at the first slice wide enough for a label (marks in view can be many)
        double charW = 6.2 * k;
        int drawn = 0;
        for (int i = s.firstEndingAfter((long) t0), next; i < s.size() && s.start(i) < t1 && drawn < 200; i = next) {
            double xs = Math.max(tl.labelW(), tl.x(Math.max(s.start(i), from))),
                    xe = Math.min(tl.canvas().getWidth(), tl.x(Math.min(s.end(i), to)));
            next = tl.afterNarrow(s, i, xs, xe, 70 * k);
            if (xe - xs < 70 * k) continue;
            TaskState st = STATES[s.value(i)];
            String text = switch (st) {
                case BLOCKED, SLEEPING ->
                    s.detail(i) >= 0 ? "waits: " + r.info().str(s.detail(i)) : null;
                case PARKED -> "parked";
                case THROTTLED -> "held off (throttled)";
                default -> null;
            };
            if (text == null) continue;
            if (marks == null) marks = hungMarkXs(r, l.id(), t0, t1);
            // the widest stretch of the slice that no hung-task mark crosses
            double bestA = xs, bestB = xe, a = xs;
            boolean cut = false;
            for (double mx : marks) {
                if (mx <= xs || mx >= xe) continue;
                if (!cut || mx - 6 * k - a > bestB - bestA) {
                    bestA = a;
                    bestB = mx - 6 * k;
                }
                cut = true;
                a = mx + 6 * k;
            }
            if (cut && xe - a > bestB - bestA) {
                bestA = a;
                bestB = xe;
            }
            int fit = (int) ((bestB - bestA - 6) / charW);
            if (fit < 4) continue;
            if (text.length() > fit) text = text.substring(0, fit - 1) + "\u2026";
            Paint p = stateFill(s.value(i), s.detail(i), tl.slot(l.id()));
            Color fill = st == TaskState.THROTTLED
                    ? Palette.THROTTLED
                    : p instanceof Color c ? c : Palette.task(tl.slot(l.id()));
            tl.label(
                    st == TaskState.THROTTLED
                            ? new TimelineCanvas.PendingText(
                                    text, bestA + 4, y + l.h() / 2, Palette.TEXT, TimelineCanvas.LABEL_BOX)
                            : new TimelineCanvas.PendingText(text, bestA + 3, y + l.h() / 2, inkOnState(st, fill)));
            drawn++;
        }
    }

    /** Text on a state's fill: the hatched held-off state gets dark text on its light stripes' average. */
    private static Paint inkOnState(TaskState st, Color fill) {
        return st == TaskState.THROTTLED ? Palette.TEXT : Palette.inkOn(fill);
    }

    /** The x of each hung-task mark of task t in [t0, t1]. */
    private double[] hungMarkXs(Run r, int t, double t0, double t1) {
        TraceIndex idx = r.index();
        Trace tr = r.trace();
        double[] out = new double[8];
        int n = 0;
        for (int m = idx.firstMarkAtOrAfter((long) t0); m < idx.markCount() && n < 64; m++) {
            int e = idx.mark(m);
            if (tr.time(e) > t1) break;
            if (tr.kind(e) != EventKind.HUNG_TASK || tr.task(e) != t) continue;
            if (n == out.length) out = Arrays.copyOf(out, n * 2);
            out[n++] = tl.x(tr.time(e));
        }
        return Arrays.copyOf(out, n);
    }

    private static final TaskState[] STATES = TaskState.values();

    static Paint stateFill(int state, int detail, int slot) {
        return stateFill(state, detail, Palette.taskFill(slot), Palette.hatchedTask(slot));
    }

    /** A task lane's fill of a slice in state, its running fills given (looked up once a lane, not once a slice). */
    static Paint stateFill(int state, int detail, Paint user, Paint kernel) {
        return switch (STATES[state]) {
            case RUNNING -> TraceIndex.runningKernel(detail) ? kernel : user;
            case RUNNABLE -> Palette.RUNNABLE;
            case THROTTLED -> Palette.hatched(Palette.THROTTLED); // made once, kept by Palette
            case PARKED -> Palette.PARKED;
            case SLEEPING -> Palette.SLEEPING;
            case BLOCKED -> Palette.BLOCKED;
            default -> null;
        };
    }
}
