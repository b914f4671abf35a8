package io.throttlescope.ui.timeline;

import io.throttlescope.ui.state.ViewState;
import io.throttlescope.view.Run;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;

/**
 * The pointer on the timeline (as KernelShark and Perfetto users expect): the wheel zooms around the
 * pointer (with Shift, or over the names, it scrolls the lanes), a drag pans, a drag along the ruler
 * selects a range to zoom to, a click on the ruler moves the cursor and a click on a lane selects its
 * task, cgroup and CPU; hovering shows what is under the pointer.
 */
final class TimelinePointer {
    private final TimelineCanvas tl;
    private final ViewState vs;
    private final ScrollBar vbar;
    private final Tooltip tip;
    private double dragX = Double.NaN, dragStartX, rulerDragX = Double.NaN;
    private boolean dragged;

    TimelinePointer(TimelineCanvas tl, ScrollBar vbar, Tooltip tip) {
        this.tl = tl;
        this.vs = tl.viewState();
        this.vbar = vbar;
        this.tip = tip;
        var canvas = tl.canvas();
        canvas.addEventHandler(ScrollEvent.SCROLL, this::onScroll);
        canvas.addEventHandler(MouseEvent.MOUSE_PRESSED, this::onPress);
        canvas.addEventHandler(MouseEvent.MOUSE_DRAGGED, this::onDrag);
        canvas.addEventHandler(MouseEvent.MOUSE_RELEASED, this::onRelease);
        canvas.addEventHandler(MouseEvent.MOUSE_MOVED, this::onMove);
    }

    /** Where a drag along the ruler started, NaN if none is under way. */
    double rulerDragFrom() {
        return rulerDragX;
    }

    /** Where that drag is now. */
    double rulerDragTo() {
        return dragX;
    }

    private void onScroll(ScrollEvent e) {
        if (vs.run.get() == null) return;
        if (e.isShiftDown() || e.getX() < tl.labelW()) {
            vbar.setValue(Math.max(0, Math.min(vbar.getMax(), vbar.getValue() - e.getDeltaY())));
        } else if (e.getDeltaY() != 0) {
            vs.zoom(e.getDeltaY() > 0 ? 0.8 : 1.25, tl.time(e.getX()));
        }
        e.consume();
    }

    private void onPress(MouseEvent e) {
        dragged = false;
        dragStartX = e.getX();
        if (e.getY() < tl.rulerH() && e.getX() > tl.labelW()) rulerDragX = e.getX();
        dragX = e.getX();
        tl.canvas().requestFocus();
    }

    private void onDrag(MouseEvent e) {
        if (Math.abs(e.getX() - dragStartX) > 3) dragged = true;
        if (!Double.isNaN(rulerDragX)) {
            dragX = e.getX();
            tl.requestRedraw();
            return;
        }
        if (e.getButton() == MouseButton.PRIMARY && !Double.isNaN(dragX)) {
            double dt = (dragX - e.getX()) / tl.plotW() * (vs.viewEnd.get() - vs.viewStart.get());
            vs.pan(dt);
            dragX = e.getX();
        }
    }

    private void onRelease(MouseEvent e) {
        if (!Double.isNaN(rulerDragX)) {
            double a = Math.min(rulerDragX, e.getX()), b = Math.max(rulerDragX, e.getX());
            rulerDragX = Double.NaN;
            if (b - a > 4) vs.setRange(tl.time(a), tl.time(b));
            else moveCursorTo(tl.time(e.getX()));
            tl.redraw();
            return;
        }
        if (!dragged) click(e.getX(), e.getY());
        dragX = Double.NaN;
    }

    private void moveCursorTo(double t) {
        Run r = vs.run.get();
        if (r == null) return;
        int i = r.trace().firstAtOrAfter((long) Math.max(0, t));
        vs.cursor.set(Math.min(r.trace().size() - 1, i));
    }

    /** Clicking a slice selects its task (and a budget lane its group). */
    private void click(double x, double y) {
        TimelineCanvas.Hit h = tl.hit(x, y);
        if (h == null) return;
        if (h.task() >= 0) vs.selectedTask.set(h.task() == vs.selectedTask.get() ? -1 : h.task());
        if (h.group() >= 0) vs.selectedGroup.set(h.group());
        if (h.cpu() >= 0) vs.selectedCpu.set(h.cpu());
    }

    private void onMove(MouseEvent e) {
        TimelineCanvas.Hit h = tl.hit(e.getX(), e.getY());
        if (h == null || h.text() == null) {
            tip.setText(null);
            tip.hide();
        } else {
            tip.setText(h.text());
        }
    }
}
