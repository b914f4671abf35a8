package io.throttlescope.ui;

import io.throttlescope.scenario.DurationText;
import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.TaskState;
import io.throttlescope.trace.RunInfo;
import io.throttlescope.trace.Slices;
import io.throttlescope.trace.Trace;
import io.throttlescope.trace.TraceIndex;
import javafx.geometry.Orientation;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;
import javafx.util.Duration;

import java.util.ArrayList;
import java.util.List;

/**
 * The time axis and every lane on one viewport-sized Canvas: CPU lanes, task lanes grouped by
 * cgroup, and a budget lane per limited group. Drawing is per pixel: each lane draws at most one
 * rectangle per pixel column, whatever the number of slices.
 */
public final class TimelineCanvas extends Region {
    static final double LABEL_W = 110, RULER_H = 30, CPU_H = 24, TASK_H = 16, GROUP_H = 16, BUDGET_H = 90, SECTION_H = 18;
    static final Font FONT = Font.font("System", 11);
    private static final Font BOLD = Font.font("System", javafx.scene.text.FontWeight.BOLD, 11);

    private final ViewState vs;
    private final Canvas canvas = new Canvas();
    private final ScrollBar vbar = new ScrollBar();
    private final Tooltip tip = new Tooltip();
    private final RectBatch batch = new RectBatch();
    private final BudgetLane budgetLane = new BudgetLane(this);
    private final List<Lane> lanes = new ArrayList<>();
    private Lane[] cpuLane = new Lane[0], taskLane = new Lane[0];
    /** Compare mode: CPU lanes only, the intervals where the other run differs, the first divergence. */
    private boolean cpuOnly;
    private io.throttlescope.trace.Divergence divergence;
    private double contentH;
    private double dragX = Double.NaN, dragStartX, rulerDragX = Double.NaN;
    private boolean dragged;
    private long lastRedrawNs;

    /** A horizontal band of the picture. */
    record Lane(Kind kind, int id, double y, double h, String label) {}

    enum Kind { SECTION, CPU, GROUP_HEADER, TASK, BUDGET }

    public TimelineCanvas(ViewState vs) {
        this.vs = vs;
        setId("timeline");
        vbar.setOrientation(Orientation.VERTICAL);
        getChildren().addAll(canvas, vbar);
        vbar.valueProperty().addListener((o, a, b) -> requestRedraw());
        vs.run.addListener((o, a, b) -> { layoutLanes(); requestRedraw(); });
        vs.cursor.addListener((o, a, b) -> requestRedraw());
        vs.viewStart.addListener((o, a, b) -> requestRedraw());
        vs.viewEnd.addListener((o, a, b) -> requestRedraw());
        vs.selectedTask.addListener((o, a, b) -> requestRedraw());
        vs.selectedGroup.addListener((o, a, b) -> requestRedraw());
        vs.selectedCpu.addListener((o, a, b) -> requestRedraw());
        vs.taskLanes.addListener((o, a, b) -> { layoutLanes(); requestRedraw(); });
        tip.setShowDelay(Duration.millis(150));
        tip.setHideDelay(Duration.millis(100));
        Tooltip.install(canvas, tip);
        canvas.addEventHandler(ScrollEvent.SCROLL, this::onScroll);
        canvas.addEventHandler(MouseEvent.MOUSE_PRESSED, this::onPress);
        canvas.addEventHandler(MouseEvent.MOUSE_DRAGGED, this::onDrag);
        canvas.addEventHandler(MouseEvent.MOUSE_RELEASED, this::onRelease);
        canvas.addEventHandler(MouseEvent.MOUSE_MOVED, this::onMove);
        setMinSize(200, 150);
    }

    // ------------------------------------------------------------------ geometry

    @Override protected void layoutChildren() {
        double w = getWidth(), h = getHeight(), bw = vbar.prefWidth(-1);
        canvas.setWidth(Math.max(1, w - bw));
        canvas.setHeight(Math.max(1, h));
        vbar.resizeRelocate(w - bw, 0, bw, h);
        updateScroll();
        redraw();
    }

    private void updateScroll() {
        double visible = canvas.getHeight() - RULER_H;
        vbar.setMin(0);
        vbar.setMax(Math.max(0, contentH - visible));
        vbar.setVisibleAmount(Math.max(1, visible));
        vbar.setDisable(contentH <= visible);
        if (vbar.getValue() > vbar.getMax()) vbar.setValue(vbar.getMax());
    }

    private void layoutLanes() {
        lanes.clear();
        Run r = vs.run.get();
        double y = 0;
        if (r != null) {
            RunInfo info = r.info();
            lanes.add(new Lane(Kind.SECTION, 0, y, SECTION_H, "CPUs"));
            y += SECTION_H;
            for (int c = 0; c < info.cpus(); c++) { lanes.add(new Lane(Kind.CPU, c, y, CPU_H, "CPU" + c)); y += CPU_H; }
            if (vs.taskLanes.get() && !cpuOnly) {
                lanes.add(new Lane(Kind.SECTION, 1, y, SECTION_H, "Tasks"));
                y += SECTION_H;
                for (int g = 0; g < info.groups().length; g++) {
                    List<Integer> ts = tasksOf(info, g);
                    if (ts.isEmpty()) continue;
                    lanes.add(new Lane(Kind.GROUP_HEADER, g, y, GROUP_H, info.groups()[g] + quotaText(info, g)));
                    y += GROUP_H;
                    for (int t : ts) { lanes.add(new Lane(Kind.TASK, t, y, TASK_H, info.tasks()[t])); y += TASK_H; }
                }
            }
            boolean any = cpuOnly;
            for (int g = 0; g < info.groups().length && !cpuOnly; g++) {
                if (info.quotaNs()[g] < 0) continue;
                if (!any) { lanes.add(new Lane(Kind.SECTION, 2, y, SECTION_H, "Budgets")); y += SECTION_H; any = true; }
                lanes.add(new Lane(Kind.BUDGET, g, y, BUDGET_H, info.groups()[g]));
                y += BUDGET_H;
            }
        }
        contentH = y;
        int nc = r == null ? 0 : r.info().cpus(), nt = r == null ? 0 : r.info().tasks().length;
        cpuLane = new Lane[nc];
        taskLane = new Lane[nt];
        for (Lane l : lanes) {
            if (l.kind() == Kind.CPU) cpuLane[l.id()] = l;
            if (l.kind() == Kind.TASK) taskLane[l.id()] = l;
        }
        updateScroll();
    }

    static String quotaText(RunInfo info, int g) {
        long q = info.quotaNs()[g];
        return q < 0 ? "" : "   cpu.max " + DurationText.format(q) + " / " + DurationText.format(info.periodNs()[g]);
    }

    static List<Integer> tasksOf(RunInfo info, int g) {
        List<Integer> l = new ArrayList<>();
        for (int t = 0; t < info.tasks().length; t++) if (info.taskGroup()[t] == g) l.add(t);
        return l;
    }

    double plotW() { return canvas.getWidth() - LABEL_W; }

    double x(double t) { return LABEL_W + (t - vs.viewStart.get()) / (vs.viewEnd.get() - vs.viewStart.get()) * plotW(); }

    double time(double x) { return vs.viewStart.get() + (x - LABEL_W) / plotW() * (vs.viewEnd.get() - vs.viewStart.get()); }

    private double laneY(Lane l) { return RULER_H + l.y() - vbar.getValue(); }

    /** Compare mode: only the CPU lanes, with the differences to the other run highlighted. */
    public void setCompare(boolean cpuOnly, io.throttlescope.trace.Divergence d) {
        this.cpuOnly = cpuOnly;
        this.divergence = d;
        layoutLanes();
        requestRedraw();
    }

    /** Scrolls the lanes: 0 shows the CPUs, 1 the last budget lane. */
    public void scrollLanes(double fraction) { vbar.setValue(vbar.getMax() * fraction); }

    /** Duration of the last redraw, for the benchmark. */
    public long lastRedrawNs() { return lastRedrawNs; }

    public Canvas canvas() { return canvas; }

    ViewState viewState() { return vs; }

    // ------------------------------------------------------------------ drawing

    private boolean redrawPending;

    /** Many changes in one pulse (a zoom sets both ends of the range) cost one redraw. */
    public void requestRedraw() {
        if (redrawPending) return;
        redrawPending = true;
        javafx.application.Platform.runLater(() -> { if (redrawPending) redraw(); });
    }

    public void redraw() {
        redrawPending = false;
        long t0 = System.nanoTime();
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth(), h = canvas.getHeight();
        g.clearRect(0, 0, w, h);
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, w, h);
        Run r = vs.run.get();
        if (r == null || plotW() <= 10) { lastRedrawNs = System.nanoTime() - t0; return; }
        for (Lane l : lanes) {
            double y = laneY(l);
            if (y + l.h() < RULER_H || y > h) continue;
            switch (l.kind()) {
                case CPU -> drawCpu(g, r, l, y);
                case TASK -> drawTask(g, r, l, y);
                case BUDGET -> budgetLane.draw(g, r, l.id(), y, l.h());
                default -> { }
            }
        }
        batch.flush(g);
        // state labels go over the slices, which the batch has just drawn
        g.setFont(SMALL);
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.CENTER);
        for (Object[] t : pendingText) {
            String text = (String) t[0];
            double tx = (double) t[1], ty = (double) t[2];
            g.setFill(LABEL_BG);
            g.fillRect(tx - 2, ty - 6, text.length() * 5.6 + 4, 12);
            g.setFill(Palette.TEXT);
            g.fillText(text, tx, ty);
        }
        pendingText.clear();
        if (divergence != null) drawDivergence(g);
        drawPeriodLines(g, r, h);
        drawMarks(g, r);
        drawLabels(g, r, h);
        drawRuler(g, r, w);
        drawCursor(g, r, h);
        lastRedrawNs = System.nanoTime() - t0;
    }

    private static final Color DIFF = Color.rgb(220, 0, 160, 0.28);

    private void drawDivergence(GraphicsContext g) {
        for (int c = 0; c < cpuLane.length; c++) {
            Lane l = cpuLane[c];
            if (l == null) continue;
            double y = laneY(l);
            drawSlices(divergence.cpuDiff(c), y, l.h(), (v, d) -> DIFF);
        }
        batch.flush(g);
        if (divergence.firstTimeNs >= 0) {
            double xx = Math.round(x(divergence.firstTimeNs)) + 0.5;
            if (xx >= LABEL_W && xx <= canvas.getWidth()) {
                g.setStroke(Color.rgb(200, 0, 150));
                g.setLineWidth(2);
                g.setLineDashes(6, 3);
                g.strokeLine(xx, RULER_H, xx, canvas.getHeight());
                g.setLineDashes(null);
                g.setFill(Color.rgb(200, 0, 150));
                g.setFont(BOLD);
                g.setTextAlign(TextAlignment.LEFT);
                g.setTextBaseline(VPos.TOP);
                g.fillText("first divergence", xx + 4, RULER_H + 2);
            }
        }
    }

    private void drawCpu(GraphicsContext g, Run r, Lane l, double y) {
        g.setFill(Palette.IDLE);
        g.fillRect(LABEL_W, y + 2, plotW(), l.h() - 4);
        Slices s = r.index().cpuSlices(l.id());
        drawSlices(s, y + 2, l.h() - 4, (v, d) -> {
            Color c = Palette.task(v);
            return TraceIndex.kernelMode(d) ? Palette.hatched(c) : c;
        });
        int sel = vs.selectedTask.get();
        if (sel >= 0) outline(g, s, sel, y + 2, l.h() - 4);
    }

    private void drawTask(GraphicsContext g, Run r, Lane l, double y) {
        Slices s = r.index().taskSlices(l.id());
        Color own = Palette.task(l.id());
        drawSlices(s, y + 2, l.h() - 4, (v, d) -> stateFill(v, own));
        Slices held = r.index().heldSlices(l.id());
        drawSlices(held, y, 2, (v, d) -> Color.BLACK);
        labelStates(g, r, s, y, l.h());
        if (vs.selectedTask.get() == l.id()) {
            g.setStroke(Color.BLACK);
            g.setLineWidth(1);
            g.strokeRect(LABEL_W + 0.5, y + 1.5, plotW() - 1, l.h() - 3);
        }
    }

    /** Wide enough task-lane slices say what the task waits for (D state, sleeping) or that it is parked or held off. */
    private void labelStates(GraphicsContext g, Run r, Slices s, double y, double h) {
        double t0 = vs.viewStart.get(), t1 = vs.viewEnd.get();
        int drawn = 0;
        for (int i = s.firstEndingAfter((long) t0); i < s.size() && s.start(i) < t1 && drawn < 200; i++) {
            double xs = Math.max(LABEL_W, x(s.start(i))), xe = Math.min(canvas.getWidth(), x(s.end(i)));
            if (xe - xs < 70) continue;
            TaskState st = TaskState.values()[s.value(i)];
            String text = switch (st) {
                case BLOCKED, SLEEPING -> s.detail(i) >= 0 ? "waits: " + r.info().str(s.detail(i)) : null;
                case PARKED -> "parked";
                case THROTTLED -> "held off (throttled)";
                default -> null;
            };
            if (text == null) continue;
            int fit = (int) ((xe - xs - 6) / 6.2);
            if (fit < 4) continue;
            if (text.length() > fit) text = text.substring(0, fit - 1) + "\u2026";
            Paint ink = st == TaskState.SLEEPING || st == TaskState.THROTTLED ? Palette.TEXT : Color.WHITE;
            pendingText.add(new Object[] {text, xs + 3, y + h / 2, ink});
            drawn++;
        }
    }

    private static final Font SMALL = Font.font("System", 10);
    private static final Color LABEL_BG = Color.rgb(255, 255, 255, 0.82);
    private final List<Object[]> pendingText = new ArrayList<>();

    static Paint stateFill(int state, Color own) {
        TaskState st = TaskState.values()[state];
        return switch (st) {
            case RUNNING -> own;
            case RUNNABLE -> Palette.RUNNABLE;
            case THROTTLED -> Palette.hatched(Palette.THROTTLED);
            case PARKED -> Palette.PARKED;
            case SLEEPING -> Palette.SLEEPING;
            case BLOCKED -> Palette.BLOCKED;
            default -> null;
        };
    }

    interface FillOf { Paint of(int value, int detail); }

    /** Per-pixel level of detail: each pixel column gets the slice that covers its start (or the first one in it). */
    private void drawSlices(Slices s, double y, double h, FillOf fill) {
        if (s.size() == 0) return;
        double w = plotW();
        double t0 = vs.viewStart.get(), span = vs.viewEnd.get() - t0;
        double nsPerPx = span / w;
        int i = s.firstEndingAfter((long) Math.floor(t0));
        while (i < s.size()) {
            double xs = LABEL_W + (s.start(i) - t0) / nsPerPx, xe = LABEL_W + (s.end(i) - t0) / nsPerPx;
            if (xs >= LABEL_W + w) break;
            xs = Math.max(LABEL_W, xs);
            xe = Math.min(LABEL_W + w, xe);
            Paint p = fill.of(s.value(i), s.detail(i));
            double px0 = Math.floor(xs), px1 = Math.max(px0 + 1, Math.round(xe));
            if (p != null) batch.add(p, px0, y, px1 - px0, h);
            if (xe - xs < 1) {
                // skip every other slice that starts in the same pixel column
                long next = (long) Math.ceil(t0 + (px0 + 1 - LABEL_W) * nsPerPx);
                int j = s.firstEndingAfter(next);
                i = Math.max(i + 1, j);
            } else {
                i++;
            }
        }
    }

    private void outline(GraphicsContext g, Slices s, int task, double y, double h) {
        g.setStroke(Color.BLACK);
        g.setLineWidth(1.5);
        double t0 = vs.viewStart.get(), t1 = vs.viewEnd.get();
        int drawn = 0;
        for (int i = s.firstEndingAfter((long) t0); i < s.size() && s.start(i) < t1 && drawn < 4000; i++) {
            if (s.value(i) != task) continue;
            double xs = Math.max(LABEL_W, x(s.start(i))), xe = Math.min(canvas.getWidth(), x(s.end(i)));
            if (xe - xs >= 2) g.strokeRect(xs + 0.75, y + 0.75, xe - xs - 1.5, h - 1.5);
            else g.strokeLine(xs + 0.5, y, xs + 0.5, y + h);
            drawn++;
        }
    }

    private void drawPeriodLines(GraphicsContext g, Run r, double h) {
        int grp = vs.selectedGroup.get();
        RunInfo info = r.info();
        if (grp < 0 || grp >= info.groups().length || info.quotaNs()[grp] < 0) {
            grp = -1;
            for (int x = 0; x < info.groups().length && grp < 0; x++) if (info.quotaNs()[x] >= 0) grp = x;
        }
        if (grp < 0) return;
        long period = info.periodNs()[grp], phase = info.phaseNs()[grp];
        double t0 = vs.viewStart.get(), t1 = vs.viewEnd.get();
        if (period / (t1 - t0) * plotW() < 4) return;
        g.setStroke(Color.web("#9E9E9E"));
        g.setLineWidth(1);
        g.setLineDashes(2, 3);
        long k = (long) Math.floor((t0 - phase) / period);
        for (long b = phase + k * period; b <= t1; b += period) {
            if (b < t0 || b > info.endNs()) continue;
            double xx = Math.round(x(b)) + 0.5;
            g.strokeLine(xx, RULER_H, xx, h);
        }
        g.setLineDashes(null);
    }

    private void drawMarks(GraphicsContext g, Run r) {
        TraceIndex idx = r.index();
        Trace tr = r.trace();
        double t1 = vs.viewEnd.get();
        int nc = cpuLane.length, nt = taskLane.length;
        // at most one mark of a kind per pixel column per lane (marks come in time order)
        int[] lastCpu = new int[EventKind.values().length * Math.max(1, nc)];
        int[] lastTask = new int[EventKind.values().length * Math.max(1, nt)];
        int[] lastRuler = new int[EventKind.values().length];
        java.util.Arrays.fill(lastCpu, Integer.MIN_VALUE);
        java.util.Arrays.fill(lastTask, Integer.MIN_VALUE);
        java.util.Arrays.fill(lastRuler, Integer.MIN_VALUE);
        for (int m = idx.firstMarkAtOrAfter((long) vs.viewStart.get()); m < idx.markCount(); m++) {
            int e = idx.mark(m);
            long t = tr.time(e);
            if (t > t1) break;
            EventKind k = tr.kind(e);
            int px = (int) Math.round(x(t));
            int c = tr.cpu(e), ta = tr.task(e), ko = k.ordinal();
            boolean cpuNew = c >= 0 && c < nc && lastCpu[ko * nc + c] != px;
            boolean taskNew = ta >= 0 && ta < nt && lastTask[ko * nt + ta] != px;
            boolean rulerNew = lastRuler[ko] != px;
            if (c >= 0 && c < nc) lastCpu[ko * nc + c] = px;
            if (ta >= 0 && ta < nt) lastTask[ko * nt + ta] = px;
            lastRuler[ko] = px;
            Lane lane = cpuNew ? cpuLane[c] : null;
            Lane tl = taskNew ? taskLane(ta) : null;
            switch (k) {
                case THROTTLE -> triangle(g, px, lane, true, Palette.THROTTLE_MARK);
                case UNTHROTTLE -> triangle(g, px, lane, false, Palette.UNTHROTTLE_MARK);
                case TASK_WORK_ADDED -> marker(g, px, lane, Palette.WORK_MARK, tl, true);
                case PARKED -> marker(g, px, lane, Palette.PARKED, tl, false);
                case UNPARKED -> marker(g, px, lane, Palette.UNTHROTTLE_MARK, tl, false);
                case SLACK_TIMER -> { if (rulerNew) letter(g, px, RULER_H - 11, "s", Palette.POOL); }
                case HUNG_TASK -> {
                    if (rulerNew) letter(g, px, RULER_H - 11, "!", Palette.THROTTLE_MARK);
                    if (tl != null) letter(g, px, laneY(tl) + 1, "!", Palette.THROTTLE_MARK);
                }
                case NOTE -> { if (rulerNew) letter(g, px, RULER_H - 11, "\u2691", Color.web("#B8860B")); }
                case FAULT -> { if (rulerNew) letter(g, px, RULER_H - 11, "\u2716", Palette.THROTTLE_MARK); }
                default -> { }
            }
        }
    }

    private Lane taskLane(int t) { return t >= 0 && t < taskLane.length ? taskLane[t] : null; }

    private void triangle(GraphicsContext g, double px, Lane lane, boolean down, Color c) {
        if (lane == null) return;
        double y = laneY(lane);
        if (y < RULER_H - 2) return;
        g.setFill(c);
        if (down) g.fillPolygon(new double[] {px - 5, px + 5, px}, new double[] {y, y, y + 8}, 3);
        else g.fillPolygon(new double[] {px - 5, px + 5, px}, new double[] {y + CPU_H, y + CPU_H, y + CPU_H - 8}, 3);
    }

    /** A mark on the CPU lane and on the task's lane: a dot (task work, upper half) or a square (park, lower half). */
    private void marker(GraphicsContext g, double px, Lane lane, Color c, Lane task, boolean round) {
        for (Lane l : new Lane[] {lane, task}) {
            if (l == null) continue;
            double y = laneY(l) + l.h() * (round ? 0.35 : 0.65);
            if (y < RULER_H) continue;
            g.setFill(c);
            g.setStroke(Color.WHITE);
            g.setLineWidth(1);
            if (round) {
                g.fillOval(px - 4, y - 4, 8, 8);
                g.strokeOval(px - 4, y - 4, 8, 8);
            } else {
                g.fillRect(px - 4, y - 4, 8, 8);
                g.strokeRect(px - 4, y - 4, 8, 8);
            }
        }
    }

    private void letter(GraphicsContext g, double px, double y, String s, Color c) {
        if (y < 0) return;
        g.setFill(c);
        g.setFont(BOLD);
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.TOP);
        g.fillText(s, px, y);
    }

    private void drawLabels(GraphicsContext g, Run r, double h) {
        g.setFill(Color.web("#F7F7F7"));
        g.fillRect(0, RULER_H, LABEL_W, h - RULER_H);
        g.setStroke(Palette.GRID);
        g.strokeLine(LABEL_W - 0.5, RULER_H, LABEL_W - 0.5, h);
        g.setTextBaseline(VPos.CENTER);
        g.setTextAlign(TextAlignment.LEFT);
        for (Lane l : lanes) {
            double y = laneY(l);
            if (y + l.h() < RULER_H || y > h) continue;
            switch (l.kind()) {
                case SECTION -> {
                    g.setFill(Color.web("#E8EEF6"));
                    g.fillRect(0, y, canvas.getWidth(), l.h());
                    g.setFill(Palette.TEXT);
                    g.setFont(BOLD);
                    g.fillText(l.label(), 6, y + l.h() / 2);
                }
                case GROUP_HEADER -> {
                    g.setFill(Color.web("#F0F0F0"));
                    g.fillRect(0, y, canvas.getWidth(), l.h());
                    g.setFill(Palette.TEXT);
                    g.setFont(BOLD);
                    g.fillText(l.label(), 6, y + l.h() / 2);
                }
                case TASK -> {
                    g.setFill(Palette.task(l.id()));
                    g.fillRect(6, y + 4, 8, l.h() - 8);
                    g.setFill(Palette.TEXT);
                    g.setFont(vs.selectedTask.get() == l.id() ? BOLD : FONT);
                    g.fillText(clip(l.label(), 13), 18, y + l.h() / 2);
                }
                case CPU -> {
                    g.setFill(Palette.TEXT);
                    g.setFont(BOLD);
                    g.fillText(l.label(), 8, y + l.h() / 2);
                }
                case BUDGET -> {
                    g.setFill(Palette.TEXT);
                    g.setFont(BOLD);
                    g.fillText(clip(l.label(), 14), 8, y + 14);
                    g.setFont(FONT);
                    g.setFill(Palette.POOL);
                    g.fillText("\u2014 pool", 8, y + 32);
                    int k = 0;
                    for (int c : budgetLane.cpus(r.info())) {
                        g.setFill(Palette.cpu(c));
                        g.fillText("\u2014 CPU" + c + " local", 8, y + 46 + k++ * 12);
                    }
                    if (r.info().cpus() > 4) {
                        g.setFill(Color.GRAY);
                        g.fillText("(click a CPU lane)", 8, y + 58);
                    }
                }
            }
        }
    }

    private static String clip(String s, int n) { return s.length() <= n ? s : s.substring(0, n - 1) + "\u2026"; }

    private void drawRuler(GraphicsContext g, Run r, double w) {
        g.setFill(Color.web("#FBFBFB"));
        g.fillRect(0, 0, w, RULER_H);
        g.setStroke(Palette.GRID);
        g.strokeLine(0, RULER_H - 0.5, w, RULER_H - 0.5);
        double t0 = vs.viewStart.get(), t1 = vs.viewEnd.get();
        double step = niceStep((t1 - t0) / Math.max(1, plotW() / 110));
        g.setFont(FONT);
        g.setTextBaseline(VPos.TOP);
        g.setTextAlign(TextAlignment.LEFT);
        for (double t = Math.ceil(t0 / step) * step; t <= t1; t += step) {
            double xx = Math.round(x(t)) + 0.5;
            if (xx < LABEL_W) continue;
            g.setStroke(Color.web("#B0B0B0"));
            g.strokeLine(xx, RULER_H - 8, xx, RULER_H);
            g.setFill(Palette.TEXT);
            g.fillText(DurationText.format(Math.round(t)), xx + 3, 3);
        }
        if (!Double.isNaN(rulerDragX)) {
            g.setFill(Color.rgb(30, 100, 200, 0.25));
            double a = Math.min(rulerDragX, dragX), b = Math.max(rulerDragX, dragX);
            g.fillRect(a, 0, b - a, canvas.getHeight());
        }
        g.setFill(Palette.TEXT);
        g.setFont(BOLD);
        g.fillText(r.model().id.equals("legacy") ? "legacy" : "task-based", 6, 3);
        g.setFont(FONT);
        g.fillText("model  \u00B7  time \u2192", 6, 16);
    }

    static double niceStep(double raw) {
        double p = Math.pow(10, Math.floor(Math.log10(Math.max(1, raw))));
        for (double m : new double[] {1, 2, 5, 10}) if (m * p >= raw) return m * p;
        return 10 * p;
    }

    private void drawCursor(GraphicsContext g, Run r, double h) {
        if (vs.cursor.get() < 0) return;
        double xx = Math.round(x(vs.cursorTime())) + 0.5;
        if (xx < LABEL_W || xx > canvas.getWidth()) return;
        g.setStroke(Palette.CURSOR);
        g.setLineWidth(1.5);
        g.strokeLine(xx, 0, xx, h);
        g.setFill(Palette.CURSOR);
        g.fillPolygon(new double[] {xx - 6, xx + 6, xx}, new double[] {RULER_H - 9, RULER_H - 9, RULER_H}, 3);
    }

    // ------------------------------------------------------------------ interaction

    private void onScroll(ScrollEvent e) {
        if (vs.run.get() == null) return;
        if (e.isShiftDown() || e.getX() < LABEL_W) {
            vbar.setValue(Math.max(0, Math.min(vbar.getMax(), vbar.getValue() - e.getDeltaY())));
        } else if (e.getDeltaY() != 0) {
            vs.zoom(e.getDeltaY() > 0 ? 0.8 : 1.25, time(e.getX()));
        }
        e.consume();
    }

    private void onPress(MouseEvent e) {
        dragged = false;
        dragStartX = e.getX();
        if (e.getY() < RULER_H && e.getX() > LABEL_W) rulerDragX = e.getX();
        dragX = e.getX();
        canvas.requestFocus();
    }

    private void onDrag(MouseEvent e) {
        if (Math.abs(e.getX() - dragStartX) > 3) dragged = true;
        if (!Double.isNaN(rulerDragX)) {
            dragX = e.getX();
            requestRedraw();
            return;
        }
        if (e.getButton() == MouseButton.PRIMARY && !Double.isNaN(dragX)) {
            double dt = (dragX - e.getX()) / plotW() * (vs.viewEnd.get() - vs.viewStart.get());
            vs.pan(dt);
            dragX = e.getX();
        }
    }

    private void onRelease(MouseEvent e) {
        if (!Double.isNaN(rulerDragX)) {
            double a = Math.min(rulerDragX, e.getX()), b = Math.max(rulerDragX, e.getX());
            rulerDragX = Double.NaN;
            if (b - a > 4) vs.setRange(time(a), time(b));
            else moveCursorTo(time(e.getX()));
            redraw();
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
        Hit h = hit(x, y);
        if (h == null) return;
        if (h.task >= 0) vs.selectedTask.set(h.task == vs.selectedTask.get() ? -1 : h.task);
        if (h.group >= 0) vs.selectedGroup.set(h.group);
        if (h.cpu >= 0) vs.selectedCpu.set(h.cpu);
    }

    record Hit(int task, int group, int cpu, String text) {}

    Hit hit(double x, double y) {
        Run r = vs.run.get();
        if (r == null || x < LABEL_W) return null;
        Hit mark = markAt(r, x, y);
        if (mark != null) return mark;
        if (y < RULER_H) return null;
        double t = time(x);
        for (Lane l : lanes) {
            double ly = laneY(l);
            if (y < ly || y >= ly + l.h()) continue;
            RunInfo info = r.info();
            switch (l.kind()) {
                case CPU -> {
                    Slices s = r.index().cpuSlices(l.id());
                    int i = s.at((long) t);
                    if (i < 0) return new Hit(-1, -1, l.id(), "CPU" + l.id() + ": idle at " + DurationText.format((long) t));
                    int task = s.value(i);
                    String g = info.groups()[TraceIndex.group(s.detail(i))];
                    return new Hit(task, TraceIndex.group(s.detail(i)), l.id(), info.tasks()[task] + " (" + g + ") on CPU" + l.id() + ", "
                            + (TraceIndex.kernelMode(s.detail(i)) ? "kernel mode" : "user mode") + "\n"
                            + DurationText.format(s.start(i)) + " \u2013 " + DurationText.format(s.end(i))
                            + "  (" + DurationText.format(s.end(i) - s.start(i)) + ")");
                }
                case TASK -> {
                    Slices s = r.index().taskSlices(l.id());
                    int i = s.at((long) t);
                    if (i < 0) return new Hit(l.id(), -1, -1, info.tasks()[l.id()]);
                    TaskState st = TaskState.values()[s.value(i)];
                    String why = st == TaskState.BLOCKED || st == TaskState.SLEEPING ? " (" + info.str(s.detail(i)) + ")"
                            : st == TaskState.RUNNING && s.detail(i) >= 0 ? " on CPU" + s.detail(i) : "";
                    return new Hit(l.id(), -1, -1, info.tasks()[l.id()] + ": " + stateName(st) + why + "\n"
                            + DurationText.format(s.start(i)) + " \u2013 " + DurationText.format(s.end(i))
                            + "  (" + DurationText.format(s.end(i) - s.start(i)) + ")");
                }
                case BUDGET -> {
                    StringBuilder sb = new StringBuilder(info.groups()[l.id()] + " at " + DurationText.format((long) t) + "\n");
                    io.throttlescope.trace.TraceIndex.Series p = r.index().pool(l.id());
                    int pi = p.lastAtOrBefore((long) t);
                    sb.append("pool ").append(DurationText.format(pi < 0 ? info.quotaNs()[l.id()] : p.value(pi)));
                    for (int c = 0; c < info.cpus(); c++) {
                        sb.append("\nCPU").append(c).append(" runtime_remaining ").append(DurationText.format(r.index().remainingAt(l.id(), c, (long) t)));
                    }
                    return new Hit(-1, l.id(), -1, sb.toString());
                }
                case GROUP_HEADER -> { return new Hit(-1, l.id(), -1, info.groups()[l.id()] + quotaText(info, l.id())); }
                default -> { return null; }
            }
        }
        return null;
    }

    /** A mark within 4 px of the pointer, on the lane under it (or in the ruler). */
    private Hit markAt(Run r, double x, double y) {
        TraceIndex idx = r.index();
        Trace tr = r.trace();
        double per = (vs.viewEnd.get() - vs.viewStart.get()) / plotW();
        long from = (long) (time(x) - 4 * per), to = (long) (time(x) + 4 * per);
        for (int m = idx.firstMarkAtOrAfter(from); m < idx.markCount(); m++) {
            int e = idx.mark(m);
            if (tr.time(e) > to) break;
            EventKind k = tr.kind(e);
            Lane on = y < RULER_H ? null : laneAtY(y);
            boolean here;
            if (y < RULER_H) here = k == EventKind.NOTE || k == EventKind.SLACK_TIMER || k == EventKind.HUNG_TASK || k == EventKind.FAULT;
            else if (on == null) here = false;
            else if (on.kind() == Kind.CPU) here = tr.cpu(e) == on.id() && k != EventKind.NOTE && k != EventKind.SLACK_TIMER;
            else if (on.kind() == Kind.TASK) here = tr.task(e) == on.id();
            else here = false;
            if (!here) continue;
            return new Hit(tr.task(e), tr.group(e), tr.cpu(e), Explainer.explain(r, r.index().at(e), e));
        }
        return null;
    }

    private Lane laneAtY(double y) {
        for (Lane l : lanes) {
            double ly = laneY(l);
            if (y >= ly && y < ly + l.h()) return l;
        }
        return null;
    }

    static String stateName(TaskState st) {
        return switch (st) {
            case RUNNING -> "running";
            case RUNNABLE -> "runnable (waiting for a CPU)";
            case THROTTLED -> "held off by a throttled hierarchy";
            case PARKED -> "parked on a limbo list";
            case SLEEPING -> "sleeping";
            case BLOCKED -> "D state (uninterruptible)";
            case EXITED -> "exited";
            case NEW -> "not started";
        };
    }

    private void onMove(MouseEvent e) {
        Hit h = hit(e.getX(), e.getY());
        if (h == null || h.text == null) {
            tip.setText(null);
            tip.hide();
        } else {
            tip.setText(h.text);
        }
    }
}
