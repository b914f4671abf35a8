package io.throttlescope.ui;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.scene.shape.Circle;
import javafx.scene.shape.Line;
import javafx.scene.shape.Polygon;
import javafx.scene.shape.Rectangle;
import javafx.scene.layout.HBox;

/** What the colours and marks of the timeline mean, budget lanes included. */
final class Legend extends FlowPane {
    Legend() {
        super(12, 4);
        setId("legend");
        setPadding(new Insets(3, 8, 3, 8));
        setAlignment(Pos.CENTER_LEFT);
        // running: in the task's own colour, solid in user mode and hatched in the kernel; two tasks' colours
        // show it, so that no one colour reads as "user mode"
        getChildren().addAll(
                item(pair(Palette.task(0), Palette.task(2)), "running, user mode (the task's colour)"),
                item(pair(Palette.hatched(Palette.task(0)), Palette.hatched(Palette.task(2))), "running, kernel mode"),
                item(box(Palette.RUNNABLE), "runnable"), item(box(Palette.hatched(Palette.THROTTLED)), "held off (legacy throttle)"),
                item(box(Palette.PARKED), "parked (limbo list)"), item(box(Palette.SLEEPING), "sleeping"),
                item(box(Palette.BLOCKED), "D state"), item(bar(), "holds a lock"),
                item(tri(true, Palette.THROTTLE_MARK), "throttle"), item(hollowTri(Palette.THROTTLE_MARK), "throttle inferred (real trace)"),
                item(tri(false, Palette.UNTHROTTLE_MARK), "unthrottle"),
                item(new Circle(5, Palette.WORK_MARK), "task work attached"), item(sq(Palette.PARKED), "parked"),
                item(sq(Palette.UNTHROTTLE_MARK), "re-enqueued"),
                item(line(Palette.POOL, false, 2), "pool"), item(line(Palette.QUOTA, true, 1.2), "quota"),
                item(box(Palette.DEBT), "debt (runtime < 0)"),
                item(tick(Palette.SLICE_TICK, 1), "slice pull"), item(tick(Palette.WORK_MARK, 1), "slack return"),
                item(tick(Palette.UNTHROTTLE_MARK, 1), "distribution"), item(tick(Palette.POOL, 2), "refill"),
                item(text("\u2691", Palette.NOTE_MARK), "note"), item(text("s", Palette.POOL), "slack timer"),
                item(text("!", Palette.THROTTLE_MARK), "hung-task report"));
    }

    private static Node item(Node n, String text) {
        Label l = new Label(text, n);
        l.getStyleClass().add("legend-item");
        return l;
    }

    private static Node pair(Paint a, Paint b) {
        HBox h = new HBox(1, new Rectangle(8, 10, a), new Rectangle(8, 10, b));
        h.setAlignment(Pos.CENTER);
        return h;
    }

    private static Rectangle box(Paint p) {
        Rectangle r = new Rectangle(16, 10, p);
        r.setStroke(Palette.GRID.darker());
        return r;
    }

    private static Polygon hollowTri(Color c) {
        Polygon p = new Polygon(0, 0, 10, 0, 5, 8);
        p.setFill(Color.TRANSPARENT);
        p.setStroke(c);
        p.setStrokeWidth(1.5);
        return p;
    }

    private static Rectangle bar() { return new Rectangle(16, 3, Palette.TEXT); }

    private static Rectangle sq(Color c) { return new Rectangle(9, 9, c); }

    private static Line line(Color c, boolean dashed, double w) {
        Line l = new Line(0, 0, 16, 0);
        l.setStroke(c);
        l.setStrokeWidth(w);
        if (dashed) l.getStrokeDashArray().addAll(4.0, 3.0);
        return l;
    }

    private static Line tick(Color c, double w) {
        Line l = new Line(0, 0, 0, 9);
        l.setStroke(c);
        l.setStrokeWidth(w);
        return l;
    }

    private static Label text(String s, Color c) {
        Label l = new Label(s);
        l.setTextFill(c);
        l.getStyleClass().add("key-name");
        return l;
    }

    private static Polygon tri(boolean down, Color c) {
        Polygon p = down ? new Polygon(0, 0, 10, 0, 5, 8) : new Polygon(0, 8, 10, 8, 5, 0);
        p.setFill(c);
        return p;
    }
}
