package io.throttlescope.ui;

import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.Simulator;
import io.throttlescope.trace.Trace;
import io.throttlescope.ui.timeline.Palette;
import io.throttlescope.view.Run;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.function.Predicate;
import java.util.function.Supplier;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.scene.shape.Circle;
import javafx.scene.shape.Line;
import javafx.scene.shape.Polygon;
import javafx.scene.shape.Rectangle;
import org.controlsfx.control.PopOver;

/**
 * What the colours and marks of the timeline mean, as one line: the kinds this run shows, as many as
 * fit whole, and "+N more" for the rest and the full legend (a lesson's timeline keeps the height a
 * legend of five rows took). Hovering a lane names its state too.
 */
final class Legend extends Region {
    /** One entry: its icon (made fresh for each place it is shown), its text, and when it applies. */
    private record Item(Supplier<Node> icon, String text, Predicate<Shown> applies) {}

    /** What the run shows: its event kinds, whether it is real, legacy, and limits a group. */
    record Shown(Set<EventKind> kinds, boolean real, boolean legacy, boolean limited) {
        /** One scan of the run's events, kept for the run: switching models back and forth does not scan again. */
        private static final Map<Run, Shown> SEEN = new WeakHashMap<>();

        static Shown of(Run r) {
            return SEEN.computeIfAbsent(r, Shown::scan);
        }

        private static Shown scan(Run r) {
            Set<EventKind> k = EnumSet.noneOf(EventKind.class);
            Trace t = r.trace();
            for (int i = 0; i < t.size(); i++) k.add(t.kind(i));
            boolean limited = false;
            for (long q : r.info().quotaNs()) limited |= q >= 0;
            return new Shown(k, r.isReal(), r.model() == Simulator.Model.LEGACY, limited);
        }

        boolean has(EventKind e) {
            return kinds.contains(e);
        }
    }

    private static final List<Item> ITEMS = List.of(
            new Item(() -> pair(Palette.task(0), Palette.task(2)), "running, user mode (the task's colour)", s -> true),
            new Item(
                    () -> pair(Palette.hatched(Palette.task(0)), Palette.hatched(Palette.task(2))),
                    "running, kernel mode",
                    s -> true),
            new Item(() -> box(Palette.RUNNABLE), "runnable", s -> true),
            new Item(
                    () -> box(Palette.hatched(Palette.THROTTLED)),
                    "held off (legacy throttle)",
                    s -> s.legacy() && s.has(EventKind.THROTTLE)),
            new Item(() -> box(Palette.PARKED), "parked (limbo list)", s -> s.has(EventKind.PARKED)),
            new Item(() -> box(Palette.SLEEPING), "sleeping", s -> true),
            new Item(() -> box(Palette.BLOCKED), "D state", s -> s.has(EventKind.BLOCK)),
            new Item(Legend::bar, "holds a lock", s -> s.has(EventKind.LOCK_ACQUIRE)),
            new Item(() -> tri(true, Palette.THROTTLE_MARK), "throttle", s -> s.has(EventKind.THROTTLE) && !s.real()),
            new Item(() -> hollowTri(Palette.THROTTLE_MARK), "throttle inferred (real trace)", Shown::real),
            new Item(() -> tri(false, Palette.UNTHROTTLE_MARK), "unthrottle", s -> s.has(EventKind.UNTHROTTLE)),
            new Item(
                    () -> new Circle(5, Palette.WORK_MARK),
                    "task work attached",
                    s -> s.has(EventKind.TASK_WORK_ADDED)),
            new Item(() -> sq(Palette.PARKED), "parked", s -> s.has(EventKind.PARKED)),
            new Item(() -> sq(Palette.UNTHROTTLE_MARK), "re-enqueued", s -> s.has(EventKind.UNPARKED)),
            new Item(() -> line(Palette.POOL, false, 2), "pool", Shown::limited),
            new Item(() -> line(Palette.QUOTA, true, 1.2), "quota", Shown::limited),
            new Item(() -> box(Palette.DEBT), "debt (runtime < 0)", Shown::limited),
            new Item(() -> tick(Palette.SLICE_TICK, 1), "slice pull", s -> s.has(EventKind.SLICE_PULL)),
            new Item(() -> tick(Palette.WORK_MARK, 1), "slack return", s -> s.has(EventKind.SLACK_RETURN)),
            new Item(() -> tick(Palette.UNTHROTTLE_MARK, 1), "distribution", s -> s.has(EventKind.DISTRIBUTE)),
            new Item(() -> tick(Palette.POOL, 2), "refill", s -> s.has(EventKind.REFILL)),
            new Item(() -> text("\u2691", Palette.NOTE_MARK), "note", s -> s.has(EventKind.NOTE)),
            new Item(() -> text("s", Palette.POOL), "slack timer", s -> s.has(EventKind.SLACK_TIMER)),
            new Item(() -> text("!", Palette.THROTTLE_MARK), "hung-task report", s -> s.has(EventKind.HUNG_TASK)));

    private final List<Node> strip = new ArrayList<>();
    private final Button more = new Button();
    private int shownWhole;

    Legend() {
        setId("legend");
        getStyleClass().add("legend-strip");
        setPadding(new Insets(3, 8, 3, 8));
        more.setId("legendMore");
        more.setFocusTraversable(false);
        more.getStyleClass().add("legend-more");
        more.setOnAction(e -> showAll());
        show(null);
    }

    /** The kinds this run shows (null: every kind). */
    void show(Run r) {
        Shown sh = r == null ? null : Shown.of(r);
        strip.clear();
        for (Item it : ITEMS)
            if (sh == null || it.applies().test(sh)) strip.add(item(it.icon().get(), it.text()));
        getChildren().setAll(strip);
        getChildren().add(more);
        requestLayout();
    }

    /** Every entry's text, as the full legend lists them. */
    static List<String> allTexts() {
        return ITEMS.stream().map(Item::text).toList();
    }

    /** The entries shown whole in the strip now (the audit and tests read it). */
    List<String> shownTexts() {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < shownWhole; i++) out.add(((Label) strip.get(i)).getText());
        return out;
    }

    @Override
    protected double computePrefHeight(double w) {
        double h = more.prefHeight(-1);
        for (Node n : strip) h = Math.max(h, n.prefHeight(-1));
        return snappedTopInset() + h + snappedBottomInset();
    }

    @Override
    protected double computeMinHeight(double w) {
        return computePrefHeight(w);
    }

    @Override
    protected double computePrefWidth(double h) {
        return 200;
    }

    @Override
    protected void layoutChildren() {
        double x = snappedLeftInset(), top = snappedTopInset(), h = getHeight() - top - snappedBottomInset();
        double right = getWidth() - snappedRightInset(), gap = 12;
        more.setText("+" + strip.size() + " more\u2026");
        double moreW = more.prefWidth(-1);
        int n = 0;
        for (Node node : strip) { // as many whole entries as fit beside the button
            double w = node.prefWidth(-1);
            boolean last = n == strip.size() - 1;
            if (x + w > (last ? right : right - moreW - gap)) break;
            node.setVisible(true);
            node.resizeRelocate(x, top + (h - node.prefHeight(-1)) / 2, w, node.prefHeight(-1));
            x += w + gap;
            n++;
        }
        for (int i = n; i < strip.size(); i++) node(i).setVisible(false);
        shownWhole = n;
        int rest = strip.size() - n;
        more.setText(rest > 0 ? "+" + rest + " more\u2026" : "All colours\u2026");
        double mw = more.prefWidth(-1), mh = more.prefHeight(-1);
        more.resizeRelocate(Math.min(x, right - mw), top + (h - mh) / 2, mw, mh);
    }

    private Node node(int i) {
        return strip.get(i);
    }

    /** Every entry, in a pop-over beside the button. */
    private void showAll() {
        FlowPane all = new FlowPane(12, 4);
        all.setPadding(new Insets(8));
        all.setPrefWrapLength(560);
        for (Item it : ITEMS) all.getChildren().add(item(it.icon().get(), it.text()));
        PopOver p = new PopOver(all);
        p.setArrowLocation(PopOver.ArrowLocation.BOTTOM_RIGHT);
        p.setTitle("What the colours and marks mean");
        p.setHeaderAlwaysVisible(true);
        p.setDetachable(false);
        p.show(more);
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

    private static Rectangle bar() {
        return new Rectangle(16, 3, Palette.TEXT);
    }

    private static Rectangle sq(Color c) {
        return new Rectangle(9, 9, c);
    }

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
