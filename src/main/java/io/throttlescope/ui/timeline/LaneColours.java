package io.throttlescope.ui.timeline;

import io.throttlescope.trace.TraceIndex;
import io.throttlescope.view.Run;
import io.throttlescope.view.TaskColours;
import java.util.List;
import javafx.scene.paint.Paint;

/**
 * The colours of a canvas's tasks: each task's colour slot (by the names colours follow, so that a
 * task has the same colour in every canvas) and the fills of its slices, made once per run.
 */
final class LaneColours {
    /** Task names in the order of their colours: a task takes the colour of its name's place (null: the run's own order). */
    private List<String> names;

    private int[] slots = new int[0];
    private Run of;
    /** Per task of {@link #of}: the fill of its slices in user mode, and in kernel mode (hatched). */
    private Paint[] userFills = new Paint[0], kernelFills = new Paint[0];

    void setNames(List<String> names) {
        this.names = names;
        of = null;
    }

    boolean named() {
        return names != null;
    }

    /** These colours made for run r (again only when the run or the names changed). */
    LaneColours of(Run r) {
        if (r == of) return this;
        slots = TaskColours.slots(r.info().tasks(), names);
        userFills = new Paint[slots.length];
        kernelFills = new Paint[slots.length];
        for (int t = 0; t < slots.length; t++) {
            userFills[t] = Palette.taskFill(slots[t]);
            kernelFills[t] = Palette.hatchedTask(slots[t]);
        }
        of = r;
        return this;
    }

    /** The colour slot of task t. */
    int slot(int t) {
        return t >= 0 && t < slots.length ? slots[t] : t;
    }

    /**
     * A CPU lane's fill of a slice of task v with detail d: {@code Palette.taskFill(slot(v))}, hatched in
     * kernel mode, looked up in arrays (a whole run draws a slice a pixel column on every lane; the
     * slot's modulo and the run's property had been a fifth of that redraw).
     */
    TimelineCanvas.FillOf fills() {
        Paint[] user = userFills, kernel = kernelFills;
        return (v, d) -> {
            boolean k = TraceIndex.kernelMode(d);
            if (v < 0 || v >= user.length) return k ? Palette.hatchedTask(v) : Palette.taskFill(v);
            return k ? kernel[v] : user[v];
        };
    }
}
