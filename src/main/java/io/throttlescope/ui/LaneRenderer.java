package io.throttlescope.ui;

import io.throttlescope.view.Run;
import javafx.scene.canvas.GraphicsContext;

/**
 * Draws one kind of lane into the timeline's canvas for the visible range (ChartFX's renderers):
 * the canvas lays the lanes out and loops over them; adding a kind of lane is one class.
 */
interface LaneRenderer {
    void draw(GraphicsContext g, Run run, TimelineCanvas.Lane lane, double y);
}
