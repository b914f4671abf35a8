package io.throttlescope.ui.window;

import io.throttlescope.scenario.DurationText;
import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.TaskState;
import io.throttlescope.trace.Trace;
import io.throttlescope.ui.state.ViewState;
import io.throttlescope.view.Run;
import io.throttlescope.view.StoryRange;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.IntPredicate;
import javafx.scene.control.TextInputDialog;
import javafx.stage.Window;

/**
 * Moving the cursor: a step to the next or previous event that matches (of a kind, of a task, on a
 * CPU), to an event, to a time; a lesson's open question holds steps forward. Only the view state
 * moves; what cannot be done is said in the status line.
 */
public final class Navigation {
    private final ViewState vs;
    private final BooleanSupplier questionOpen;
    private final Consumer<String> tell;

    public Navigation(ViewState vs, BooleanSupplier questionOpen, Consumer<String> tell) {
        this.vs = vs;
        this.questionOpen = questionOpen;
        this.tell = tell;
    }

    private int size() {
        return vs.run.get() == null ? 0 : vs.run.get().trace().size();
    }

    private boolean visible(int i) {
        return vs.run.get().trace().kind(i) != EventKind.STATE;
    }

    int firstVisible() {
        for (int i = 0; i < size(); i++) if (visible(i)) return i;
        return -1;
    }

    /** Events of this kind. */
    public IntPredicate kind(EventKind k) {
        return i -> vs.run.get().trace().kind(i) == k;
    }

    /** The next park (task-based), or the next task held off by a throttle (legacy). */
    public void nextPark() {
        Run r = vs.run.get();
        if (r != null && r.model() == Simulator.Model.LEGACY)
            step(
                    1,
                    i -> r.trace().kind(i) == EventKind.STATE && r.trace().argA(i) == TaskState.THROTTLED.ordinal(),
                    true);
        else step(1, kind(EventKind.PARKED));
    }

    /** Moves the cursor to the next (dir 1) or previous (-1) visible event that matches; hidden (bookkeeping) events count when allowHidden. */
    public void step(int dir, IntPredicate match, boolean allowHidden) {
        if (vs.run.get() == null) return;
        if (dir > 0 && questionOpen.getAsBoolean()) { // a lesson's question: answer before stepping on
            tell.accept("Answer the lesson's question first: pick a choice and press Answer.");
            return;
        }
        int n = size();
        for (int i = vs.cursor.get() + dir; i >= 0 && i < n; i += dir) {
            if ((allowHidden || visible(i)) && match.test(i)) {
                goTo(i);
                return;
            }
        }
        if (dir < 0 && vs.cursor.get() >= 0 && match.test(vs.cursor.get()) && vs.cursor.get() == firstVisible()) {
            goTo(-1);
            return;
        }
        tell.accept(dir > 0 ? "No further event of that kind." : "No earlier event of that kind.");
    }

    public void step(int dir, IntPredicate match) {
        step(dir, match, false);
    }

    /** What an arrow key steps to: any event, or one like the cursor's (same kind, same task, same CPU). */
    public enum Like {
        ANY,
        KIND,
        TASK,
        CPU
    }

    /**
     * The arrow keys: the next (dir 1) or previous (-1) event, or the next like the current one: of its
     * kind (Shift), of the selected task (Ctrl), on the selected CPU or else the cursor's (Alt).
     */
    public void stepLike(int dir, Like like) {
        Run r = vs.run.get();
        if (r == null) return;
        int cur = vs.cursor.get();
        Trace tr = r.trace();
        switch (like) {
            case KIND -> {
                if (cur < 0) {
                    step(dir, i -> true);
                    return;
                }
                EventKind k = tr.kind(cur);
                step(dir, i -> tr.kind(i) == k);
            }
            case TASK -> { // the selected task, else the cursor's (with neither, it stepped to events of no task)
                int t = vs.selectedTask.get() >= 0 ? vs.selectedTask.get() : cur >= 0 ? tr.task(cur) : -1;
                if (t < 0) {
                    tell.accept(
                            "Ctrl+\u2192 steps through a task's events: click a task's lane, or move to one of its events");
                    return;
                }
                step(dir, i -> tr.task(i) == t);
            }
            case CPU -> {
                int c = vs.selectedCpu.get() >= 0 ? vs.selectedCpu.get() : cur >= 0 ? tr.cpu(cur) : 0;
                step(dir, i -> tr.cpu(i) == c);
            }
            default -> step(dir, i -> true);
        }
    }

    public void goTo(int i) {
        vs.cursor.set(Math.max(-1, Math.min(size() - 1, i)));
    }

    public void goToFirst() {
        goTo(firstVisible());
    }

    public void goToLast() {
        goTo(size() - 1);
    }

    public void goToTime(long t) {
        if (vs.run.get() == null) return;
        goTo(vs.run.get().trace().firstAtOrAfter(t));
    }

    /** Keeps the cursor's event i in view, away from the edges. */
    public void keepInView(int i) {
        if (i < 0 || vs.run.get() == null) return;
        double[] f = StoryRange.follow(
                vs.viewStart.get(), vs.viewEnd.get(), vs.run.get().trace().time(i));
        if (f[0] != vs.viewStart.get() || f[1] != vs.viewEnd.get()) vs.setRange(f[0], f[1]);
    }

    /** Zooms the timeline to a moment (a note) and moves the cursor there. */
    public void zoomTo(long t) {
        Run r = vs.run.get();
        if (r == null) return;
        double[] a = StoryRange.around(r, t);
        vs.setRange(a[0], a[1]);
        goToTime(t);
    }

    /** Go > Jump to time: asks for a time, and goes there. */
    public void askTime(Window owner) {
        TextInputDialog d = new TextInputDialog(DurationText.format(vs.cursorTime()));
        d.initOwner(owner);
        d.setTitle("Jump to a time");
        d.setHeaderText("Simulated time, e.g. 15ms, 1.5s, 250us");
        d.showAndWait().ifPresent(this::jumpTo);
    }

    /** A time the user typed ("15ms"): the cursor goes there, or the status line says why not. */
    public void jumpTo(String text) {
        long t = DurationText.parse(text.trim());
        if (t < 0) {
            tell.accept("\"" + text + "\" is not a time: write a number and a unit, e.g. 15ms");
            return;
        }
        goToTime(t);
    }
}
