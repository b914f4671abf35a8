package io.throttlescope.ui.timeline;

import io.throttlescope.trace.Divergence;
import io.throttlescope.trace.Slices;
import io.throttlescope.ui.state.ViewState;
import io.throttlescope.view.BudgetScale;
import io.throttlescope.view.Run;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import javafx.application.Platform;
import javafx.beans.property.DoubleProperty;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Orientation;
import javafx.geometry.VPos;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;
import javafx.util.Duration;

/**
 * The time axis and every lane on one viewport-sized Canvas: CPU lanes, task lanes grouped by
 * cgroup, and a budget lane per limited group. Drawing is per pixel: each lane draws at most one
 * rectangle per pixel column, whatever the number of slices.
 */
public final class TimelineCanvas extends Region {
    /** Sizes at scale 1; the scale (Ctrl+plus, presentation mode, large screens) multiplies them all. */
    public static final double LABEL_W = 130,
            RULER_H = 30,
            CPU_H = 24,
            TASK_H = 17,
            GROUP_H = 17,
            BUDGET_LINE_H = 13,
            SECTION_H = 18;

    private double k = 1,
            labelW = LABEL_W,
            rulerH = RULER_H,
            cpuH = CPU_H,
            taskH = TASK_H,
            groupH = GROUP_H,
            sectionH = SECTION_H;
    public Font font = Font.font("System", 11),
            bold = Font.font("System", FontWeight.BOLD, 11),
            small = Font.font("System", 10);

    private final ViewState vs;
    private final Canvas canvas = new Canvas();
    private final ScrollBar vbar = new ScrollBar();
    private final Tooltip tip = new Tooltip();
    private final RectBatch batch = new RectBatch();
    private final GridLod gridLod = new GridLod();
    private final BudgetLane budgetLane = new BudgetLane(this);
    private final List<Lane> lanes = new ArrayList<>();
    private Lane[] cpuLane = new Lane[0];
    /** Each task's lanes: one under every cgroup it was in. */
    private List<List<Lane>> taskLanes = new ArrayList<>();
    /** Compare mode: CPU lanes only, the intervals where the other run differs, the first divergence. */
    private boolean cpuOnly;

    private Divergence divergence;
    private double contentH;
    private final TimelinePointer pointer;
    private long lastRedrawNs;

    /** A horizontal band of the picture; a task lane also names the cgroup it shows the task in. */
    record Lane(Kind kind, int id, double y, double h, String label, int group) {
        Lane(Kind kind, int id, double y, double h, String label) {
            this(kind, id, y, h, label, -1);
        }
    }

    public enum Kind {
        SECTION,
        CPU,
        GROUP_HEADER,
        TASK,
        BUDGET
    }

    public TimelineCanvas(ViewState vs) {
        this.vs = vs;
        setId("timeline");
        vbar.setOrientation(Orientation.VERTICAL);
        getChildren().addAll(canvas, vbar);
        vbar.valueProperty().addListener((o, a, b) -> requestRedraw());
        vs.run.addListener((o, a, b) -> {
            layoutLanes();
            requestRedraw();
        });
        vs.cursor.addListener((o, a, b) -> requestRedraw());
        vs.viewStart.addListener((o, a, b) -> requestRedraw());
        vs.viewEnd.addListener((o, a, b) -> requestRedraw());
        vs.selectedTask.addListener((o, a, b) -> {
            revealLanes(subject);
            requestRedraw();
        }); // a clicked or highlighted task into view
        vs.selectedGroup.addListener((o, a, b) -> requestRedraw());
        vs.veiled.addListener((o, a, b) -> requestRedraw());
        vs.veilReason.addListener((o, a, b) -> requestRedraw());
        vs.selectedCpu.addListener((o, a, b) -> requestRedraw());
        vs.taskLanes.addListener((o, a, b) -> {
            layoutLanes();
            requestRedraw();
        });
        vs.scale.addListener((o, a, b) -> {
            applyScale();
            layoutLanes();
            requestRedraw();
        });
        applyScale();
        tip.setShowDelay(Duration.millis(150));
        tip.setHideDelay(Duration.millis(100));
        Tooltip.install(canvas, tip);
        pointer = new TimelinePointer(this, vbar, tip);
        setMinSize(200, 150);
    }

    // ------------------------------------------------------------------ geometry

    private void applyScale() {
        k = vs.scale.get();
        labelW = LABEL_W * k;
        rulerH = RULER_H * k;
        cpuH = CPU_H * k;
        taskH = TASK_H * k;
        groupH = GROUP_H * k;
        sectionH = SECTION_H * k;
        font = Font.font("System", 11 * k);
        bold = Font.font("System", FontWeight.BOLD, 11 * k);
        small = Font.font("System", 10 * k);
    }

    double scale() {
        return k;
    }

    Lane[] cpuLanes() {
        return cpuLane;
    }

    List<List<Lane>> taskLanes() {
        return taskLanes;
    }

    public final MarksRenderer markRenderer = new MarksRenderer(this); // tests read the marks it drew

    double labelW() {
        return labelW;
    }

    double rulerH() {
        return rulerH;
    }

    @Override
    protected void layoutChildren() {
        double w = getWidth(), h = getHeight(), bw = vbar.prefWidth(-1);
        canvas.setWidth(Math.max(1, w - bw));
        canvas.setHeight(Math.max(1, h));
        vbar.resizeRelocate(w - bw, 0, bw, h);
        updateScroll();
        revealLanes(subject); // the stop's lanes and the highlighted task's, whole
        redraw();
    }

    private List<String> subject = List.of();
    /**
     * The lanes a lesson stop is about ({@code cpu:0}, {@code task:R}, {@code budget:/G}; docs/scenario-format.md):
     * every layout scrolls them into view, whole where they fit together. Empty: only the highlighted task.
     */
    public void setSubject(List<String> lanes) {
        subject = List.copyOf(lanes);
        requestLayout();
    }

    private final LaneNames names = new LaneNames(this);

    /** The lanes, by name, that are whole on screen now (below the ruler, above the bottom edge). */
    public List<String> wholeLanes() {
        return names.onScreen(true);
    }

    /** The lanes, by name, of which only a part is on screen (under the ruler or past the bottom edge). */
    public List<String> cutLanes() {
        return names.onScreen(false);
    }

    /** Every lane's name, top to bottom. */
    public List<String> laneIds() {
        return names.all();
    }

    /**
     * Scrolls so that the named lanes and the selected task's lane are in view together: nothing if
     * they are; the least scroll if they fit (from the top where that shows them), else the topmost first.
     */
    void revealLanes(List<String> ids) {
        double[] span = names.span(ids, vs.selectedTask.get());
        if (span == null) return;
        double top = span[0], bottom = span[1];
        double visible = canvas.getHeight() - rulerH, now = vbar.getValue();
        if (top >= now && bottom <= now + visible) return;
        updateScroll();
        double to = bottom - top > visible ? top : bottom <= visible ? 0 : top < now ? top : bottom - visible;
        vbar.setValue(Math.max(0, Math.min(vbar.getMax(), to)));
    }

    private void updateScroll() {
        double visible = canvas.getHeight() - rulerH;
        vbar.setMin(0);
        vbar.setMax(Math.max(0, contentH - visible));
        vbar.setVisibleAmount(Math.max(1, visible));
        vbar.setDisable(contentH <= visible);
        if (vbar.getValue() > vbar.getMax()) vbar.setValue(vbar.getMax());
    }

    private void layoutLanes() {
        lanes.clear();
        Run r = vs.run.get();
        contentH = r == null
                ? 0
                : LaneLayout.lay(r, lanes, vs.taskLanes.get(), cpuOnly, colours.named(), this::slot, new double[] {
                    sectionH, cpuH, groupH, taskH, k
                });
        int nc = r == null ? 0 : r.info().cpus(), nt = r == null ? 0 : r.info().tasks().length;
        cpuLane = new Lane[nc];
        taskLanes = new ArrayList<>();
        for (int t = 0; t < nt; t++) taskLanes.add(new ArrayList<>());
        for (Lane l : lanes) {
            if (l.kind() == Kind.CPU) cpuLane[l.id()] = l;
            if (l.kind() == Kind.TASK) taskLanes.get(l.id()).add(l);
        }
        updateScroll();
    }

    /** A group with a quota at any time of the run. */
    static boolean limited(Run r, int g) {
        return LaneLayout.limited(r, g);
    }

    public double plotW() {
        return canvas.getWidth() - labelW;
    }

    public double x(double t) {
        return labelW + (t - vs.viewStart.get()) / (vs.viewEnd.get() - vs.viewStart.get()) * plotW();
    }

    double time(double x) {
        return vs.viewStart.get() + (x - labelW) / plotW() * (vs.viewEnd.get() - vs.viewStart.get());
    }

    double laneY(Lane l) {
        return rulerH + l.y() - vbar.getValue();
    }

    /** The lanes' vertical scroll position (compare mode keeps the two timelines' task lanes level). */
    public DoubleProperty laneScroll() {
        return vbar.valueProperty();
    }

    /** The tasks' colours: each task's slot, and its slices' fills. */
    private final LaneColours colours = new LaneColours();

    /**
     * Colours follow these names (the scenario's tasks): the same task has the same colour in
     * every canvas, a real trace's included; tasks not named take the colours after them.
     */
    public void setColourNames(List<String> names) {
        colours.setNames(names);
        layoutLanes();
        requestRedraw();
    }

    /** The colour slot of task t of the shown run. */
    public int slot(int t) {
        return colours.of(vs.run.get()).slot(t);
    }

    /** A CPU lane's fill of a slice of task v with detail d (see {@link LaneColours#fills}). */
    FillOf taskFills() {
        return colours.of(vs.run.get()).fills();
    }

    /** The differences to the other run to mark (null: none). */
    public void setDivergence(Divergence d) {
        this.divergence = d;
        requestRedraw();
    }

    /** Compare mode: the CPU lanes (and task lanes if shown), no budgets, with the differences to the other run highlighted. */
    public void setCompare(boolean cpuOnly, Divergence d) {
        this.cpuOnly = cpuOnly;
        this.divergence = d;
        layoutLanes();
        requestRedraw();
    }

    /** Scrolls the lanes: 0 shows the CPUs, 1 the last budget lane. */
    public void scrollLanes(double fraction) {
        vbar.setValue(vbar.getMax() * fraction);
    }

    /** The lanes top to bottom as "KIND label [group]", for tests and describe-like checks. */
    public List<String> laneNames() {
        List<String> out = new ArrayList<>();
        Run r = vs.run.get();
        for (Lane l : lanes)
            out.add(l.kind() + " " + l.label()
                    + (l.kind() == Kind.TASK && r != null ? " in " + r.info().groups()[l.group()] : ""));
        return out;
    }

    /** The y of the first lane of a kind with that label (task lanes: in that group), in canvas coordinates, or -1. */
    public double laneTop(Kind kind, String label, int group) {
        for (Lane l : lanes)
            if (l.kind() == kind && l.label().equals(label) && (group < 0 || l.group() == group)) return laneY(l);
        return -1;
    }

    BudgetScale lastBudgetScale(int g) {
        return budgetLane.lastScale(g);
    }

    /** Duration of the last redraw, for the benchmark. */
    public long lastRedrawNs() {
        return lastRedrawNs;
    }

    /**
     * Takes the keyboard's focus once this timeline is in the window (a mode switch puts it there at the
     * next layout). Taken then, the focus is not handed on to the next control when the part that held it
     * leaves: after C it went to the event log's filter (the fifth and sixth reviews).
     */
    public void takeFocusWhenShown() {
        if (getScene() != null) {
            requestFocus();
            return;
        }
        sceneProperty().addListener(new ChangeListener<Scene>() {
            @Override
            public void changed(ObservableValue<? extends Scene> o, Scene was, Scene now) {
                if (now == null) return;
                sceneProperty().removeListener(this);
                requestFocus();
            }
        });
    }

    public Canvas canvas() {
        return canvas;
    }

    ViewState viewState() {
        return vs;
    }

    List<Lane> lanes() {
        return lanes;
    }

    Divergence divergence() {
        return divergence;
    }

    BudgetLane budgetLane() {
        return budgetLane;
    }
    /** Draws the rectangles the lanes have batched so far. */
    void flush(GraphicsContext g) {
        batch.flush(g);
    }

    // ------------------------------------------------------------------ drawing

    private boolean redrawPending;

    /** Many changes in one pulse (a zoom sets both ends of the range) cost one redraw. */
    public void requestRedraw() {
        if (redrawPending) return;
        redrawPending = true;
        Platform.runLater(() -> {
            if (redrawPending) redraw();
        });
    }

    /** A label to draw over the slices once they are drawn; box: a backing for it on a hatched fill (null: none). */
    public record PendingText(String text, double x, double y, Paint ink, Color box) {
        PendingText(String text, double x, double y, Paint ink) {
            this(text, x, y, ink, null);
        }
    }

    /** The backing of a label on a hatched fill: the stripes would cut through the letters. */
    static final Color LABEL_BOX = Color.rgb(255, 255, 255, 0.78);

    /** A label a lane renderer wants drawn over the slices once they are all drawn. */
    void label(PendingText t) {
        pendingText.add(t);
    }

    /** The renderer of each kind of lane: the canvas lays the lanes out and loops over them; a new kind of lane is one class here. */
    private final Map<Kind, LaneRenderer> renderers = new EnumMap<>(Map.of(
            Kind.CPU, new CpuLaneRenderer(this), Kind.TASK, new TaskLaneRenderer(this), Kind.BUDGET, budgetLane));

    private final OverlayRenderer overlay = new OverlayRenderer(this);
    private final RulerRenderer ruler = new RulerRenderer(this);

    /** The ruler's tick labels as last drawn, {x, width} each (tests check they are whole). */
    public List<double[]> rulerLabels() {
        return List.copyOf(ruler.labels);
    }

    /** The veil's label as last drawn {x, y, w, h} (or null), then each header row's {top, bottom}. */
    public List<double[]> veilLabelAndHeaders() {
        return overlay.veilLabelAndHeaders();
    }

    private final LaneLabelsRenderer laneLabels = new LaneLabelsRenderer(this);
    private final List<PendingText> pendingText = new ArrayList<>();
    private List<PendingText> lastText = List.of();

    /** The lanes' labels (task names, states) as last drawn: tests read what the window shows. */
    public List<PendingText> lastText() {
        return lastText;
    }

    private final Text probe = new Text();

    public void redraw() {
        redrawPending = false;
        long t0 = System.nanoTime();
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth(), h = canvas.getHeight();
        g.clearRect(0, 0, w, h);
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, w, h);
        Run r = vs.run.get();
        if (r == null || plotW() <= 10) {
            lastRedrawNs = System.nanoTime() - t0;
            return;
        }
        for (Lane l : lanes) {
            double y = laneY(l);
            if (y + l.h() < rulerH || y > h) continue;
            LaneRenderer lr = renderers.get(l.kind()); // sections and group headers are drawn with the labels
            if (lr != null) lr.draw(g, r, l, y);
        }
        batch.flush(g);
        // labels go over the slices the batch has just drawn: an ink that reads on the fill, a box on hatching
        g.setFont(small);
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.CENTER);
        for (PendingText t : pendingText) {
            if (t.box() != null) {
                probe.setText(t.text());
                probe.setFont(small);
                double bw = probe.getLayoutBounds().getWidth(),
                        bh = probe.getLayoutBounds().getHeight();
                g.setFill(t.box());
                g.fillRect(t.x() - 2, t.y() - bh / 2, bw + 4, bh);
            }
            g.setFill(t.ink());
            g.fillText(t.text(), t.x(), t.y());
        }
        lastText = List.copyOf(pendingText);
        pendingText.clear();
        if (divergence != null) overlay.drawDivergence(g);
        overlay.drawPeriodLines(g, r, h);
        overlay.drawCursor(g, rulerH, h, false); // under the marks: a mark at the cursor's time stays whole
        markRenderer.drawLaneMarks(g, r);
        overlay.drawVeil(g, h); // before the labels: a group header's text runs on over the plot
        laneLabels.drawLabels(g, r, h);
        overlay.drawVeilText(g, h);
        ruler.drawRuler(g, r, w, pointer.rulerDragFrom(), pointer.rulerDragTo());
        overlay.drawCursor(g, 0, rulerH, true);
        markRenderer.drawRulerMarks(g, r);
        lastRedrawNs = System.nanoTime() - t0;
    }

    interface FillOf {
        Paint of(int value, int detail);
    }

    /**
     * Per-pixel level of detail: each pixel column gets the slice that covers its start (or the first
     * one in it); a lane with many slices to a column, from its grid ({@link GridLod}). Only the part
     * of each slice inside [from, to) is drawn.
     */
    void drawSlices(Slices s, double y, double h, FillOf fill, long from, long to) {
        if (s.size() == 0) return;
        double w = plotW();
        double t0 = vs.viewStart.get(), span = vs.viewEnd.get() - t0;
        double nsPerPx = span / w;
        double lo = Math.max(labelW, labelW + (from - t0) / nsPerPx),
                hi = Math.min(labelW + w, labelW + (to - t0) / nsPerPx);
        if (hi <= lo) return;
        // a lane cut to [from, to) in view (a moved task's lane) is drawn exactly: a bin may straddle the cut
        if (from <= t0 && to >= t0 + span && gridLod.draw(batch, s, y, h, fill, t0, nsPerPx, labelW, lo, hi)) return;
        int i = s.firstEndingAfter((long) Math.floor(Math.max(t0, from)));
        while (i < s.size()) {
            double xs = labelW + (s.start(i) - t0) / nsPerPx, xe = labelW + (s.end(i) - t0) / nsPerPx;
            if (xs >= hi) break;
            xs = Math.max(lo, xs);
            xe = Math.min(hi, xe);
            Paint p = fill.of(s.value(i), s.detail(i));
            double px0 = Math.floor(xs), px1 = Math.max(px0 + 1, Math.round(xe));
            if (p != null) batch.add(p, px0, y, px1 - px0, h);
            if (xe - xs < 1) {
                // skip every other slice that starts in the same pixel column
                long next = (long) Math.ceil(t0 + (px0 + 1 - labelW) * nsPerPx);
                i = s.firstEndingAfterFrom(i + 1, next);
            } else {
                i++;
            }
        }
    }

    /**
     * Where a loop over the slices in view goes after slice (or stay) j drawn from xs to xe: j + 1,
     * or, if it is narrower than a pixel, the first slice ending after that pixel column (what else
     * starts in the column is too narrow for a label too). This keeps label loops to the pixels in
     * view, not the slices: a whole run of ten million events has millions in view.
     */
    int afterPixel(Slices s, int j, double xs, double xe) {
        return afterNarrow(s, j, xs, xe, 1);
    }

    /**
     * As {@link #afterPixel}, for a loop that only wants slices at least minW pixels wide: from a
     * narrower one it jumps to the slice at half that width further on. Exact: a slice that wide
     * starting in between reaches past that point, so the jump lands on it.
     */
    int afterNarrow(Slices s, int j, double xs, double xe, double minW) {
        if (xe - xs >= minW) return j + 1;
        double t0 = vs.viewStart.get(), nsPerPx = (vs.viewEnd.get() - t0) / plotW();
        long next = (long) Math.ceil(t0 + (Math.floor(xs) + Math.max(1, Math.floor(minW / 2)) - labelW) * nsPerPx);
        return s.firstEndingAfterFrom(j + 1, next);
    }

    void outline(GraphicsContext g, Slices s, int task, double y, double h) {
        g.setStroke(Palette.TEXT);
        g.setLineWidth(1.5);
        double t0 = vs.viewStart.get(), t1 = vs.viewEnd.get();
        int drawn = 0;
        for (int i = s.firstEndingAfter((long) t0); i < s.size() && s.start(i) < t1 && drawn < 4000; i++) {
            if (s.value(i) != task) continue;
            double xs = Math.max(labelW, x(s.start(i))), xe = Math.min(canvas.getWidth(), x(s.end(i)));
            if (xe - xs >= 2) g.strokeRect(xs + 0.75, y + 0.75, xe - xs - 1.5, h - 1.5);
            else g.strokeLine(xs + 0.5, y, xs + 0.5, y + h);
            drawn++;
        }
    }

    // ------------------------------------------------------------------ what is under the pointer

    public record Hit(int task, int group, int cpu, String text) {}

    /** What is under a point, and its tooltip: exact times and values (a mark first, else the lane's own answer). */
    public Hit hit(double x, double y) {
        Run r = vs.run.get();
        if (r == null || x < labelW) return null;
        Hit mark = markRenderer.hitMark(r, x, y);
        if (mark != null) return mark;
        if (y < rulerH) return null;
        Lane l = laneAtY(y);
        if (l == null) return null;
        long t = (long) time(x);
        if (l.kind() == Kind.GROUP_HEADER)
            return new Hit(-1, l.id(), -1, r.info().groups()[l.id()] + LaneLayout.quotaText(r, l.id()));
        LaneRenderer lr = renderers.get(l.kind());
        return lr == null ? null : lr.hit(r, l, t);
    }

    Lane laneAtY(double y) {
        for (Lane l : lanes) {
            double ly = laneY(l);
            if (y >= ly && y < ly + l.h()) return l;
        }
        return null;
    }
}
