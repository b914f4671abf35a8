package io.throttlescope.ui.timeline;

import io.throttlescope.trace.Slices;
import io.throttlescope.view.Durations;
import io.throttlescope.view.Run;
import javafx.scene.canvas.GraphicsContext;

/**
 * Draws one kind of lane into the timeline's canvas for the visible range (ChartFX's renderers):
 * the canvas lays the lanes out and loops over them; adding a kind of lane is one class, which
 * also says what is under the pointer.
 */
interface LaneRenderer {
    void draw(GraphicsContext g, Run run, TimelineCanvas.Lane lane, double y);

    /** What this lane shows at time t (the pointer is over it), with its tooltip; null for nothing. Hit-testing lives with the drawing. */
    default TimelineCanvas.Hit hit(Run run, TimelineCanvas.Lane lane, long t) {
        return null;
    }

    /** "12.5ms – 13ms  (500us)": a slice's exact span, for a tooltip. */
    static String span(Slices s, int i) {
        return Durations.exact(s.start(i)) + " \u2013 " + Durations.exact(s.end(i)) + "  ("
                + Durations.exact(s.end(i) - s.start(i)) + ")";
    }
}
