package io.throttlescope.ui;

import io.throttlescope.compare.Comparison;
import io.throttlescope.compare.Fidelity;
import io.throttlescope.scenario.DurationText;
import io.throttlescope.scenario.Problem;
import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.trace.Snapshot;
import io.throttlescope.ui.export.ExportStepsDialog;
import io.throttlescope.ui.export.ExportWindow;
import io.throttlescope.ui.export.LayoutAudit;
import io.throttlescope.ui.lessons.LessonBar;
import io.throttlescope.ui.panels.WaitChainPane;
import io.throttlescope.ui.state.Theme;
import io.throttlescope.ui.state.ViewState;
import io.throttlescope.ui.sweep.SweepPane;
import io.throttlescope.ui.tables.CfsRqView;
import io.throttlescope.ui.tables.EventLogView;
import io.throttlescope.ui.tables.LocksView;
import io.throttlescope.ui.timeline.TimelineCanvas;
import io.throttlescope.ui.whatif.WhatIfPane;
import io.throttlescope.view.Explainer;
import io.throttlescope.view.Explanation;
import io.throttlescope.view.LessonPlan;
import io.throttlescope.view.Run;
import io.throttlescope.view.StoryRange;
import java.io.File;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntPredicate;
import java.util.stream.Collectors;
import javafx.beans.InvalidationListener;
import javafx.concurrent.Task;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.TextInputDialog;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;

/**
 * The main window, the composition root: it builds the parts (menu bar, toolbar, timeline, side
 * panel, event log, compare view, lesson bar, status line), wires them to one view state and
 * implements the commands the menus, toolbar and keys invoke by handing each to its part: opening
 * to {@link Opener}, exports to {@link Exports}, stepping to {@link Navigation}, arrangement to
 * {@link WindowLayout}, keys to {@link Keys}.
 */
public final class MainWindow implements ExportWindow, WindowCommands {
    final Stage stage;
    final ViewState vs = new ViewState();
    private final StatusLine status = new StatusLine();
    private final Navigation nav = new Navigation(vs, () -> this.lessonBar.waitingForAnswer(), text -> this.status.set(text));
    final TimelineCanvas timeline = new TimelineCanvas(vs);
    final Legend legend = new Legend();
    final CfsRqView cfsRqs = new CfsRqView();
    final LocksView locks = new LocksView();
    final EventLogView log = new EventLogView(vs);
    private final ScenarioPanel scenarioPanel = new ScenarioPanel(nav::goToTime, this::zoomTo);
    private final Label explanation = new Label();
    private final FlowPane sourceLinks = new FlowPane(6, 2);
    private Explanation lastExplanation;
    final Playback playback = new Playback(vs, () -> this.lessonBar.playLimit());     // a lesson's question is put, not played past
    final CompareView compare = new CompareView(vs, nav::goToTime);
    private final SidePanel sidePanel;
    private final WindowLayout layout;
    private final MainToolBar toolbar;
    private final RecentFiles recent = new RecentFiles();
    final Opener opener;
    private final Exports exports;
    private final Scene scene;
    Run legacyRun, taskRun;
    private SimSpec spec;
    private Path file;

    public MainWindow(Stage stage) {
        this.stage = stage;
        status.setOwner(stage);
        edits = new EditedScenario(stage, whatIf, status, () -> file, out -> {
            file = out;
            stage.setTitle("ThrottleScope \u2014 " + spec.name() + "  (" + out.getFileName() + ")");
        });
        opener = new Opener(stage, status, new Opener.Host() {
            @Override public void install(SimSpec s, Path path, Run legacy, Run task) { installRuns(s, path, legacy, task); }
            @Override public void reinstall(SimSpec s, Run legacy, Run task, long ms) { MainWindow.this.reinstall(s, legacy, task, ms); }
            @Override public void editable(String text) { whatIf.open(text); }
            @Override public SimSpec spec() { return spec; }
            @Override public Path file() { return file; }
            @Override public boolean keepEditsAnswered(String what) { return MainWindow.this.keepEditsAnswered(what); }
            @Override public void fidelity(Run real, List<Fidelity.Row> rows) { compare.fidelity(real, rows); }
        });
        exports = new Exports(stage, vs, status, new Exports.Source(() -> file, () -> spec,
                () -> whatIf.whatIf() != null && whatIf.whatIf().history().edited() ? whatIf.whatIf().json() : null), MainWindow::new);
        explanation.setId("explanation");
        explanation.getStyleClass().add("explanation");
        explanation.setWrapText(true);
        explanation.setPadding(new Insets(6));
        explanation.setMinHeight(Region.USE_PREF_SIZE);     // grows with its text: never clipped
        explanation.setAlignment(Pos.TOP_LEFT);
        explanation.setMaxWidth(Double.MAX_VALUE);
        sourceLinks.setId("sourceLinks");
        sourceLinks.setPadding(new Insets(0, 6, 4, 6));
        toolbar = new MainToolBar(this, vs, nav, playback, timeline::requestFocus);
        BorderPane root = new BorderPane();
        VBox chrome = new VBox(new MainMenu(this, vs, nav, lessonBar, recent).bar, toolbar.bar);
        root.setTop(chrome);
        VBox timelineBox = new VBox(timeline, legend);
        VBox.setVgrow(timeline, Priority.ALWAYS);
        sidePanel = new SidePanel(new VBox(2, explanation, sourceLinks), waitChain, cfsRqs, locks, whatIf, scenarioPanel);
        layout = new WindowLayout(stage, vs, timelineBox, sidePanel, log, compare);
        vs.cursor.addListener((o, a, b) -> sidePanel.revealLater());
        VBox centre = new VBox(lessonBar, layout.main);         // the lesson bar stays in compare and presentation mode
        VBox.setVgrow(layout.main, Priority.ALWAYS);
        root.setCenter(centre);
        root.setBottom(status.bar);
        status.bar.getRightItems().add(layout.logToggle());
        layout.setChrome(chrome, legend, status.bar);
        status.set("Open a scenario (File > Open, Ctrl+O, or drop a .json file here)");
        scene = new Scene(root, 1500, 950);
        sidePanel.revealAfterLayouts(scene);
        scene.getStylesheets().add(Theme.STYLESHEET);
        vs.scale.addListener((o, a, b) -> applyScale());
        applyScale();
        Keys keys = new Keys(this, vs, nav, playback, lessonBar, compare);
        scene.addEventFilter(KeyEvent.KEY_PRESSED, keys::onKey);
        scene.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) e.acceptTransferModes(TransferMode.COPY);
            e.consume();
        });
        scene.setOnDragDropped(e -> {
            List<File> f = e.getDragboard().getFiles();
            if (f != null && !f.isEmpty() && keepEditsAnswered("Open " + f.get(0).getName())) open(f.get(0).toPath());
            e.setDropCompleted(true);
            e.consume();
        });
        stage.setScene(scene);
        stage.setTitle("ThrottleScope");
        vs.cursor.addListener((o, a, b) -> cursorMoved());
        vs.cursor.addListener((o, a, b) -> { if (lessonBar.stop() < 0) sidePanel.follow(SidePanel.viewOf(vs.run.get(), b.intValue())); });
        // a task picked in the lanes: why it is not running; again when a question is put or answered (no refill time while it waits)
        InvalidationListener chain = x -> { Run r = vs.run.get(); if (r != null) waitChain.show(r, r.index().at(vs.cursor.get()), vs.selectedTask.get(), !vs.veiled.get()); };
        vs.selectedTask.addListener(chain);
        vs.veiled.addListener(chain);
        vs.cursor.addListener((o, a, b) -> { if (toolbar.comparing()) compare.setTime(vs.cursorTime(), vs.cursor.get() >= 0); });
        vs.run.addListener((o, a, b) -> legend.show(b));
        vs.run.addListener((o, a, b) -> {
            if (b != null) toolbar.showModel(b == legacyRun ? Simulator.Model.LEGACY : Simulator.Model.TASK);   // the switch follows the run shown
            cursorMoved();
            if (lessonBar.stop() < 0) sidePanel.follow(SidePanel.viewOf(vs.run.get(), vs.cursor.get()));
        });
    }

    public Scene scene() { return scene; }

    private boolean rememberRecent = true;

    /** Whether opening a file adds it to File > Open Recent (commands without a window say no). */
    @Override public void rememberRecent(boolean on) { rememberRecent = on; }
    @Override public ViewState viewState() { return vs; }

    /** Redraws the timelines now (exports snapshot the window right after moving the cursor). */
    @Override public void redrawTimelines() {
        timeline.redraw();
        compare.legacyTl.redraw();
        compare.taskTl.redraw();
    }

    final LessonBar lessonBar = new LessonBar(vs, new LessonBar.Host() {
        @Override public void showModel(Simulator.Model m, boolean both) {
            switchModel(m);
            if (both != toolbar.comparing()) setCompare(both);
        }
        @Override public void goTo(int event) { MainWindow.this.goTo(event); }
        @Override public void openViews(List<String> views) { MainWindow.this.openViews(views); }
        @Override public void highlightLock(String lock) { locks.highlight(lock); }
        @Override public void highlightCfsRq(String group, int cpu) { cfsRqs.highlight(group, cpu); }
        @Override public void showLanes(List<String> lanes) {
            timeline.setSubject(lanes);
            compare.legacyTl.setSubject(lanes);        // compare mode: the same lanes in both halves
            compare.taskTl.setSubject(lanes);
        }
        @Override public void inLesson(boolean on) { if (layout != null) layout.foldLog(on); }
    });
    @Override public LessonBar lessonBar() { return lessonBar; }

    /** The layout audit as drawn now: a lesson stop's subject, else the explanation and the selected task's lane. */
    @Override public LayoutAudit audit(int slide, String title) {
        List<String> subject = WindowAudit.subject(lessonBar.subject(), vs, toolbar.comparing());
        return WindowAudit.of(stage.getScene(), toolbar.comparing() ? compare.legacyTl : timeline, sidePanel, lessonBar, compare, subject, slide, title);
    }
    final WhatIfPane whatIf = new WhatIfPane(new WhatIfPane.Host() {
        @Override public void resimulate(SimSpec s, String json) { opener.simulate(s, file, true); }
        @Override public void saveAs(String text) { edits.saveAs(text); }
    });

    private final EditedScenario edits;

    boolean keepEditsAnswered(String what) { return edits.keepEditsAnswered(what); }

    /** Saves the edited scenario to a file (tests call it without the dialog); the window then shows that file. */
    boolean saveScenarioTo(String text, Path out) { return edits.saveTo(text, out); }

    /** Opens the named views (a lesson stop's) and folds the other side panes. */
    void openViews(List<String> views) {
        vs.taskLanes.set(views.contains("task-lanes"));
        sidePanel.open(views);
    }

    final WaitChainPane waitChain = new WaitChainPane(this::goTo);

    // ------------------------------------------------------------------ opening

    /** Opens a scenario or a trace in the background (null: the default scenario); a file that fails to load leaves the open one in place. */
    public void open(Path path) { opener.open(path); }

    /** Loads a scenario's text (an edited one) synchronously and installs it under the file's name. */
    @Override public boolean openJsonNow(String json, Path path) { return opener.openJsonNow(json, path); }

    /** Loads and simulates synchronously on the calling thread, then installs: for the screenshot command. */
    @Override public boolean openNow(Path path) { return opener.openNow(path); }

    @Override public void chooseFile() { opener.chooseFile(); }

    @Override public void reload() { if (file != null && keepEditsAnswered("Reload " + file.getFileName())) open(file); }

    @Override public void openRecent(String p) { if (keepEditsAnswered("Open " + Path.of(p).getFileName())) open(Path.of(p)); }

    @Override public void quit() { stage.close(); }

    @Override public void export(String format) { exports.export(format); }

    @Override public void exportSteps() { exports.askExportSteps(); }

    /** Renders and writes the steps (tests call it without the dialog); the writing job, or null. */
    Task<Void> exportSteps(ExportStepsDialog.Request q, Path out) { return exports.exportSteps(q, out); }

    /** Writes the export off the FX thread, with progress in the status line. */
    Task<Void> exportTo(Run r, String format, Path out) { return exports.exportTo(r, format, out); }

    @Override public void copyComparison() {
        if (legacyRun == null) return;
        ClipboardContent c = new ClipboardContent();
        c.putString(Comparison.of(legacyRun.result(), taskRun.result()).text(true));
        Clipboard.getSystemClipboard().setContent(c);
        status.set("The comparison table is on the clipboard.");
    }

    @Override public void openWhatIf() { sidePanel.openWhatIf(); }

    @Override public void showShortcuts() { Keys.showShortcuts(stage); }

    @Override public boolean undoOrRedo(boolean redo) {
        if (whatIf.whatIf() == null) return false;
        whatIf.undoOrRedo(redo);
        return true;
    }

    private Simulator.Model pendingModel;
    Stage sweepStage;
    SweepPane sweepPane;

    /** Tools > Sweep a parameter: a window of its own over the scenario as edited; a clicked point opens here. */
    @Override public void openSweep() { sweep(); }

    SweepPane sweep() {
        if (whatIf.whatIf() == null) { status.error("Nothing to sweep", "Sweeps work on a scenario file, not on a real trace."); return null; }
        if (sweepStage != null) sweepStage.close();
        sweepPane = new SweepPane(whatIf.whatIf().json(), (param, value, model) -> {
            pendingModel = model;
            if (!whatIf.edit(param, value)) pendingModel = null;
            stage.toFront();
        });
        sweepStage = SweepPane.window(stage, sweepPane, "Sweep \u2014 " + spec.name());
        return sweepPane;
    }

    /** Shows re-simulated runs of an edited scenario where the user was: same model, range, cursor time, compare mode. */
    void reinstall(SimSpec s, Run legacy, Run task, long ms) {
        boolean wasLegacy = vs.run.get() == legacyRun;
        long t = vs.cursor.get() >= 0 ? vs.cursorTime() : -1;
        double a = vs.viewStart.get(), b = vs.viewEnd.get();
        spec = s;
        legacyRun = legacy;
        taskRun = task;
        scenarioPanel.show(s);
        stage.setTitle("ThrottleScope \u2014 " + s.name() + (file == null ? "" : "  (" + file.getFileName() + ")") + " \u2014 edited");
        if (vs.selectedCpu.get() >= legacy.info().cpus()) vs.selectedCpu.set(-1);
        Run r = pendingModel != null ? (pendingModel == Simulator.Model.LEGACY ? legacy : task) : wasLegacy ? legacy : task;
        pendingModel = null;
        vs.cursor.set(-1);
        vs.run.set(r);
        vs.setRange(a, b);
        if (t >= 0) goTo(r.index().lastVisibleAtOrBefore(t));
        if (toolbar.comparing()) setCompare(true);
        var h = whatIf.whatIf().history();                 // after undoing every edit there is no edit to name
        status.set(lessonBar.afterEdit(s, h.edited()) + "What if: " + (h.canUndo() ? h.undoLabel() : "the file as opened")
                + ". Both models simulated again in " + ms + " ms: " + legacy.trace().size() + " and " + task.trace().size() + " events.");
    }

    /** Loads a scenario in the background as File > Open does (tests use it to overlap loads). */
    void openInBackground(Path path) { open(path); }

    /** Installs freshly simulated runs (also used by tests and screenshots, on the FX thread). */
    void installRuns(SimSpec s, Path path, Run legacy, Run task) {
        spec = s;
        file = path;
        legacyRun = legacy;
        taskRun = task;
        if (path != null && rememberRecent) recent.add(path.toAbsolutePath().normalize().toString());
        stage.setTitle("ThrottleScope \u2014 " + s.name() + (path == null ? "" : "  (" + path.getFileName() + ")"));
        scenarioPanel.show(s);
        boolean real = legacy.isReal();
        Simulator.Model m = Simulator.Model.of(s.defaultModel());
        if (real) {                               // a real trace on the left, its simulation on the right
            toolbar.nameModels("Real (" + (legacy.model() == Simulator.Model.LEGACY ? "legacy" : "6.18") + " kernel)",
                    task == legacy ? "Real" : "Simulated (" + (task.model() == Simulator.Model.LEGACY ? "legacy" : "task-based") + ")");
            m = Simulator.Model.LEGACY;
        } else {
            toolbar.nameModels("Legacy (\u2264 6.17)", "Task-based (6.18)");
        }
        // a real trace's tasks take their scenario task's colour and come first (its other processes after)
        timeline.setColourNames(real && task != legacy ? Arrays.asList(task.info().tasks()) : null);
        toolbar.showModel(m);
        Run r = m == Simulator.Model.LEGACY ? legacy : task;
        vs.selectedTask.set(-1);
        vs.selectedGroup.set(-1);
        vs.cursor.set(-1);
        vs.run.set(r);
        HeapTrim.afterLoad(legacy.trace().size() + (task == legacy ? 0 : task.trace().size()));
        double[] story = StoryRange.of(r);     // open where the story is, not on the whole run
        vs.setRange(story[0], story[1]);
        if (toolbar.comparing()) setCompare(true);
        List<Problem> lessonProblems = real ? List.of()
                : LessonPlan.check(s, new EnumMap<>(Map.of(Simulator.Model.LEGACY, legacy, Simulator.Model.TASK, task)));
        lessonBar.open(real || !lessonProblems.isEmpty() ? null : s);
        if (!lessonProblems.isEmpty() && stage.isShowing()) {   // validate refuses such a file; the window opens it without its lesson
            Alert a = new Alert(Alert.AlertType.WARNING, lessonProblems.stream().map(p -> p.format(path == null ? "the scenario" : path.getFileName().toString()))
                    .collect(Collectors.joining("\n")), ButtonType.OK);
            a.initOwner(stage);
            a.setHeaderText("The lesson is left out: a stop's place never happens");
            a.getDialogPane().setId("lessonProblems");
            a.show();
        }
        status.set("Loaded " + s.name() + ": " + legacy.trace().size() + " events (" + legacy.label() + "), " + task.trace().size()
                + " events (" + (real && task != legacy ? "simulated " : "") + task.label() + "). Press \u2192 to step.");
    }

    // ------------------------------------------------------------------ compare mode

    /** Shows both models stacked with the results table, or the single-model view. */
    @Override public void setCompare(boolean on) {
        toolbar.setComparing(on);
        if (on && legacyRun != null) {
            compare.show(legacyRun, taskRun);
            compare.setTime(vs.cursorTime(), vs.cursor.get() >= 0);
        }
        layout.showCompare(on && legacyRun != null);
        lessonBar.comparing(on);
    }

    @Override public boolean comparing() { return toolbar.comparing(); }

    // ------------------------------------------------------------------ model switch

    /** Shows the legacy run (for a real trace: the real run) or the task-based one (the simulation). */
    @Override public void switchModel(Simulator.Model m) { showRun(m == Simulator.Model.LEGACY ? legacyRun : taskRun); }

    @Override public void otherModel() { showRun(vs.run.get() == legacyRun ? taskRun : legacyRun); }

    private void showRun(Run target) {
        if (target == null || target == vs.run.get()) return;
        long t = vs.cursorTime();
        boolean had = vs.cursor.get() >= 0;
        double s = vs.viewStart.get(), e = vs.viewEnd.get();
        vs.cursor.set(-1);               // the old cursor is an event of the old run: no view may read it in the new one
        vs.run.set(target);
        vs.viewStart.set(s);
        vs.viewEnd.set(e);
        toolbar.showModel(target == legacyRun ? Simulator.Model.LEGACY : Simulator.Model.TASK);
        if (had) {
            vs.cursor.set(lastVisibleAtOrBefore(t));
        } else {
            vs.cursor.set(-1);
        }
    }

    // ------------------------------------------------------------------ moving

    /** Moves the cursor to the next (dir 1) or previous (-1) visible event that matches. */
    public void step(int dir, IntPredicate match) { nav.step(dir, match, false); }

    /** As {@link #step(int, IntPredicate)}; hidden (bookkeeping) events count when allowHidden. */
    public void step(int dir, IntPredicate match, boolean allowHidden) { nav.step(dir, match, allowHidden); }

    /** The last visible event at or before time t (-1 if none). */
    public int lastVisibleAtOrBefore(long t) { return vs.run.get().index().lastVisibleAtOrBefore(t); }

    @Override public void goTo(int i) { nav.goTo(i); }

    @Override public void askTime() {
        TextInputDialog d = new TextInputDialog(DurationText.format(vs.cursorTime()));
        d.initOwner(stage);
        d.setTitle("Jump to a time");
        d.setHeaderText("Simulated time, e.g. 15ms, 1.5s, 250us");
        d.showAndWait().ifPresent(nav::jumpTo);
    }

    private void cursorMoved() {
        Run r = vs.run.get();
        if (r == null) return;
        int i = vs.cursor.get();
        Snapshot s = r.index().at(i);
        lastExplanation = Explainer.explain(r, s, i);
        explanation.setText(lastExplanation.text());
        sourceLinks.getChildren().clear();
        if (!lastExplanation.functions().isEmpty()) {
            sourceLinks.getChildren().add(new Label("Kernel source (" + lastExplanation.kernelVersion() + "):"));
            for (String fnName : lastExplanation.functions()) {
                Hyperlink h = new Hyperlink(fnName);
                h.setTooltip(new Tooltip(lastExplanation.link(fnName)));
                h.setOnAction(e -> Browser.open(lastExplanation.link(fnName)));
                h.setFocusTraversable(false);
                sourceLinks.getChildren().add(h);
            }
        }
        cfsRqs.show(r, s);
        locks.show(r, s);
        waitChain.show(r, s, vs.selectedTask.get(), !vs.veiled.get());      // a question waits: no refill time
        if (i >= 0) {                                    // keep the cursor in view, away from the edges
            long t = r.trace().time(i);
            double[] f = StoryRange.follow(vs.viewStart.get(), vs.viewEnd.get(), t);
            if (f[0] != vs.viewStart.get() || f[1] != vs.viewEnd.get()) vs.setRange(f[0], f[1]);
        }
        status.set(StatusLine.stepText(r, i, vs.horizon()));
    }

    public String statusText() { return status.text(); }

    // ------------------------------------------------------------------ scale and presentation

    /** Text, lanes and tables grow together: the root font follows the scale. */
    private void applyScale() {
        scene.getRoot().setStyle(String.format(Locale.ROOT, "-fx-font-size: %.1fpx;", 13 * vs.scale.get()));
        Run r = vs.run.get();
        if (r != null) { cfsRqs.show(r, r.index().at(vs.cursor.get())); locks.show(r, r.index().at(vs.cursor.get())); }
    }

    /** Ctrl+plus / Ctrl+minus / Ctrl+0. */
    @Override public void zoomText(int dir) { vs.zoomText(dir); }

    /** Presentation mode (F11): the timeline, the lesson bar and the explanation, full screen, larger. */
    public void setPresenting(boolean on) { layout.setPresenting(on, toolbar.comparing(), () -> setCompare(toolbar.comparing())); }

    public boolean presenting() { return layout.presenting(); }

    @Override public void togglePresenting() { setPresenting(!presenting()); }

    @Override public boolean leavePresenting() {
        if (!presenting()) return false;
        setPresenting(false);
        return true;
    }

    /** Zooms the timeline to a moment (a note) and moves the cursor there. */
    void zoomTo(long t) {
        Run r = vs.run.get();
        if (r == null) return;
        double[] a = StoryRange.around(r, t);
        vs.setRange(a[0], a[1]);
        nav.goToTime(t);
    }

    public Label explanationLabel() { return explanation; }
}
