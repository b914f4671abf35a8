package io.throttlescope.ui;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.scene.shape.Circle;
import javafx.scene.shape.Polygon;
import javafx.scene.shape.Rectangle;
import javafx.scene.Node;

/** What the colours and marks of the timeline mean. */
final class Legend extends FlowPane {
    Legend() {
        super(12, 4);
        setId("legend");
        setPadding(new Insets(3, 8, 3, 8));
        setAlignment(Pos.CENTER_LEFT);
        Color t = Palette.task(0);
        getChildren().addAll(
                item(box(t), "user mode"), item(box(Palette.hatched(t)), "kernel mode"),
                item(box(Palette.RUNNABLE), "runnable"), item(box(Palette.hatched(Palette.THROTTLED)), "held off (legacy throttle)"),
                item(box(Palette.PARKED), "parked (limbo list)"), item(box(Palette.SLEEPING), "sleeping"),
                item(box(Palette.BLOCKED), "D state"), item(bar(), "holds a lock"),
                item(tri(true, Palette.THROTTLE_MARK), "throttle"), item(tri(false, Palette.UNTHROTTLE_MARK), "unthrottle"),
                item(new Circle(5, Palette.WORK_MARK), "task work attached"), item(sq(Palette.PARKED), "parked"),
                item(sq(Palette.UNTHROTTLE_MARK), "re-enqueued"));
    }

    private static Node item(Node n, String text) {
        Label l = new Label(text, n);
        l.setStyle("-fx-font-size: 11px;");
        return l;
    }

    private static Rectangle box(Paint p) {
        Rectangle r = new Rectangle(16, 10, p);
        r.setStroke(Color.web("#909090"));
        return r;
    }

    private static Rectangle bar() { return new Rectangle(16, 3, Color.BLACK); }

    private static Rectangle sq(Color c) { return new Rectangle(9, 9, c); }

    private static Polygon tri(boolean down, Color c) {
        Polygon p = down ? new Polygon(0, 0, 10, 0, 5, 8) : new Polygon(0, 8, 10, 8, 5, 0);
        p.setFill(c);
        return p;
    }
}
