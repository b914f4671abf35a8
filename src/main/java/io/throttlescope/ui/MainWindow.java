package io.throttlescope.ui;

import io.throttlescope.compare.Fidelity;
import io.throttlescope.sim.RunResult;
import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.trace.Snapshot;
import io.throttlescope.ui.export.ExportStepsDialog;
import io.throttlescope.ui.export.ExportWindow;
import io.throttlescope.ui.export.LayoutAudit;
import io.throttlescope.ui.lessons.LessonBar;
import io.throttlescope.ui.panels.ExplanationPane;
import io.throttlescope.ui.panels.WaitChainPane;
import io.throttlescope.ui.state.Theme;
import io.throttlescope.ui.state.ViewState;
import io.throttlescope.ui.sweep.SweepPane;
import io.throttlescope.ui.sweep.SweepWindow;
import io.throttlescope.ui.tables.CfsRqView;
import io.throttlescope.ui.tables.EventLogView;
import io.throttlescope.ui.tables.LocksView;
import io.throttlescope.ui.timeline.TimelineCanvas;
import io.throttlescope.ui.whatif.WhatIfPane;
import io.throttlescope.ui.window.EditedScenario;
import io.throttlescope.ui.window.Exports;
import io.throttlescope.ui.window.Keys;
import io.throttlescope.ui.window.MainMenu;
import io.throttlescope.ui.window.MainToolBar;
import io.throttlescope.ui.window.Navigation;
import io.throttlescope.ui.window.Opener;
import io.throttlescope.ui.window.Playback;
import io.throttlescope.ui.window.RecentFiles;
import io.throttlescope.ui.window.StatusLine;
import io.throttlescope.ui.window.WindowCommands;
import io.throttlescope.ui.window.WindowTitle;
import io.throttlescope.view.Cursors;
import io.throttlescope.view.Run;
import io.throttlescope.view.StoryRange;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.IntPredicate;
import javafx.beans.InvalidationListener;
import javafx.concurrent.Task;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;

/**
 * The main window, the composition root: it builds the parts (menu bar, toolbar, timeline, side
 * panel, event log, compare view, lesson bar, status line), wires them to one view state and
 * implements the commands the menus, toolbar and keys invoke by handing each to its part: opening
 * to {@link Opener}, exports to {@link Exports}, stepping to {@link Navigation}, arrangement to
 * {@link WindowLayout}, keys to {@link Keys}.
 */
public final class MainWindow implements ExportWindow, WindowCommands, Opener.Host, LessonBar.Host, WhatIfPane.Host {
    final Stage stage;
    final ViewState vs = new ViewState();
    private final StatusLine status = new StatusLine();
    final Navigation nav = new Navigation(vs, () -> this.lessonBar.waitingForAnswer(), text -> this.status.set(text));
    final TimelineCanvas timeline = new TimelineCanvas(vs);
    final Legend legend = new Legend();
    final CfsRqView cfsRqs = new CfsRqView();
    final LocksView locks = new LocksView();
    final EventLogView log = new EventLogView(vs);
    private final ScenarioPanel scenarioPanel = new ScenarioPanel(nav::goToTime, nav::zoomTo);
    private final ExplanationPane explanation = new ExplanationPane();
    final Playback playback =
            new Playback(vs, () -> this.lessonBar.playLimit()); // a lesson's question is put, not played past
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
            stage.setTitle(WindowTitle.of(spec.name(), out, false));
        });
        opener = new Opener(stage, status, this);
        exports = new Exports(
                stage,
                vs,
                status,
                new Exports.Source(
                        () -> file,
                        () -> spec,
                        () -> whatIf.whatIf() != null
                                        && whatIf.whatIf().history().edited()
                                ? whatIf.whatIf().json()
                                : null),
                MainWindow::new);
        toolbar = new MainToolBar(this, vs, nav, playback, timeline::requestFocus);
        BorderPane root = new BorderPane();
        VBox chrome = new VBox(new MainMenu(this, vs, nav, lessonBar, recent).bar, toolbar.bar);
        root.setTop(chrome);
        VBox timelineBox = new VBox(timeline, legend);
        VBox.setVgrow(timeline, Priority.ALWAYS);
        sidePanel = new SidePanel(explanation, waitChain, cfsRqs, locks, whatIf, scenarioPanel);
        layout = new WindowLayout(stage, vs, timelineBox, sidePanel, log, compare);
        VBox centre = new VBox(lessonBar, layout.main); // the lesson bar stays in compare and presentation mode
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
        Keys keys = new Keys(this, vs, nav, playback, lessonBar);
        scene.addEventFilter(KeyEvent.KEY_PRESSED, keys::onKey);
        opener.acceptDrops(scene);
        stage.setScene(scene);
        stage.setTitle("ThrottleScope");
        vs.cursor.addListener((o, a, b) -> cursorMoved());
        sidePanel.followTheCursor(vs, () -> lessonBar.stop() < 0);
        // a task picked in the lanes: why it is not running; again when a question is put or answered (no refill time
        // while it waits)
        InvalidationListener chain = x -> {
            Run r = vs.run.get();
            if (r != null) waitChain.show(r, r.index().at(vs.cursor.get()), vs.selectedTask.get(), !vs.veiled.get());
        };
        vs.selectedTask.addListener(chain);
        vs.veiled.addListener(chain);
        vs.cursor.addListener((o, a, b) -> {
            if (toolbar.comparing()) compare.setTime(vs.cursorTime(), vs.cursor.get() >= 0);
        });
        vs.run.addListener((o, a, b) -> legend.show(b));
        vs.run.addListener((o, a, b) -> {
            if (b != null)
                toolbar.showModel(
                        b == legacyRun
                                ? Simulator.Model.LEGACY
                                : Simulator.Model.TASK); // the switch follows the run shown
            cursorMoved();
        });
    }

    public Scene scene() {
        return scene;
    }

    private boolean rememberRecent = true;

    /** Whether opening a file adds it to File > Open Recent (commands without a window say no). */
    @Override
    public void rememberRecent(boolean on) {
        rememberRecent = on;
    }

    @Override
    public ViewState viewState() {
        return vs;
    }

    /** Redraws the timelines now (exports snapshot the window right after moving the cursor). */
    @Override
    public void redrawTimelines() {
        timeline.redraw();
        compare.legacyTl.redraw();
        compare.taskTl.redraw();
    }

    // ------------------------------------------------------------------ a lesson stop
    final LessonBar lessonBar = new LessonBar(vs, this);

    @Override
    public void showModel(Simulator.Model m, boolean both) {
        switchModel(m);
        if (both != toolbar.comparing()) setCompare(both);
    }

    @Override
    public void highlightLock(String lock) {
        locks.highlight(lock);
    }

    @Override
    public void highlightCfsRq(String group, int cpu) {
        cfsRqs.highlight(group, cpu);
    }

    @Override
    public void showLanes(List<String> lanes) {
        timeline.setSubject(lanes);
        compare.legacyTl.setSubject(lanes); // compare mode: the same lanes in both halves
        compare.taskTl.setSubject(lanes);
    }

    @Override
    public void inLesson(boolean on) {
        if (layout != null) layout.foldLog(on);
    }

    @Override
    public LessonBar lessonBar() {
        return lessonBar;
    }

    /** The layout audit as drawn now: a lesson stop's subject, else the explanation and the selected task's lane. */
    @Override
    public LayoutAudit audit(int slide, String title) {
        List<String> subject = WindowAudit.subject(lessonBar.subject(), vs, toolbar.comparing());
        return WindowAudit.of(
                stage.getScene(),
                toolbar.comparing() ? compare.legacyTl : timeline,
                sidePanel,
                lessonBar,
                compare,
                subject,
                slide,
                title);
    }

    final WhatIfPane whatIf = new WhatIfPane(this);

    @Override
    public void resimulate(SimSpec s, String json) {
        opener.simulate(s, file, true);
    }

    @Override
    public void saveAs(String text) {
        edits.saveAs(text);
    }

    private final EditedScenario edits;

    @Override
    public boolean keepEditsAnswered(String what) {
        return edits.keepEditsAnswered(what);
    }

    @Override
    public void editable(String text) {
        whatIf.open(text);
    }

    @Override
    public SimSpec spec() {
        return spec;
    }

    @Override
    public Path file() {
        return file;
    }

    @Override
    public void fidelity(Run real, List<Fidelity.Row> rows, RunResult judged) {
        compare.fidelity(real, rows, judged);
    }

    /** Saves the edited scenario to a file (tests call it without the dialog); the window then shows that file. */
    boolean saveScenarioTo(String text, Path out) {
        return edits.saveTo(text, out);
    }

    /** Opens the named views (a lesson stop's) and folds the other side panes. */
    @Override
    public void openViews(List<String> views) {
        vs.taskLanes.set(views.contains("task-lanes"));
        sidePanel.open(views);
    }

    final WaitChainPane waitChain = new WaitChainPane(this::goTo);

    // ------------------------------------------------------------------ opening

    /** Opens a scenario or a trace in the background (null: the default scenario); a file that fails to load leaves the open one in place. */
    public void open(Path path) {
        opener.open(path);
    }

    /** Loads a scenario's text (an edited one) synchronously and installs it under the file's name. */
    @Override
    public boolean openJsonNow(String json, Path path) {
        return opener.openJsonNow(json, path);
    }

    /** Loads and simulates synchronously on the calling thread, then installs: for the screenshot command. */
    @Override
    public boolean openNow(Path path) {
        return opener.openNow(path);
    }

    @Override
    public void chooseFile() {
        opener.chooseFile();
    }

    @Override
    public void reload() {
        if (file != null && keepEditsAnswered("Reload " + file.getFileName())) open(file);
    }

    @Override
    public void openRecent(String p) {
        if (keepEditsAnswered("Open " + Path.of(p).getFileName())) open(Path.of(p));
    }

    @Override
    public void quit() {
        stage.close();
    }

    @Override
    public void export(String format) {
        exports.export(format);
    }

    @Override
    public void exportSteps() {
        exports.askExportSteps();
    }

    /** Renders and writes the steps (tests call it without the dialog); the writing job, or null. */
    Task<Void> exportSteps(ExportStepsDialog.Request q, Path out) {
        return exports.exportSteps(q, out);
    }

    /** Writes the export off the FX thread, with progress in the status line. */
    Task<Void> exportTo(Run r, String format, Path out) {
        return exports.exportTo(r, format, out);
    }

    @Override
    public void copyComparison() {
        if (legacyRun == null) return;
        compare.copyTable(legacyRun, taskRun);
        status.set("The comparison table is on the clipboard.");
    }

    /** What if? edits in the side panel: presentation and compare mode, which hide it, are left first. */
    @Override
    public void openWhatIf() {
        leavePresenting();
        if (comparing()) setCompare(false);
        sidePanel.openWhatIf();
    }

    @Override
    public void showShortcuts() {
        Keys.showShortcuts(stage);
    }

    @Override
    public void goToDivergence() {
        compare.goToDivergence();
    }

    @Override
    public boolean undoOrRedo(boolean redo) {
        if (whatIf.whatIf() == null) return false;
        whatIf.undoOrRedo(redo);
        return true;
    }

    private Simulator.Model pendingModel;
    final SweepWindow sweeps = new SweepWindow();

    /** Tools > Sweep a parameter: a window of its own over the scenario as edited; a clicked point opens here. */
    @Override
    public void openSweep() {
        sweep();
    }

    SweepPane sweep() {
        if (whatIf.whatIf() == null) {
            status.error("Nothing to sweep", "Sweeps work on a scenario file, not on a real trace.");
            return null;
        }
        return sweeps.open(stage, whatIf.whatIf().json(), "Sweep \u2014 " + spec.name(), (param, value, model) -> {
            pendingModel = model;
            if (!whatIf.edit(param, value)) pendingModel = null;
            stage.toFront();
        });
    }

    /** Shows re-simulated runs of an edited scenario where the user was: same model, range, cursor time, compare mode. */
    @Override
    public void reinstall(SimSpec s, Run legacy, Run task, long ms) {
        boolean wasLegacy = vs.run.get() == legacyRun;
        long t = vs.cursor.get() >= 0 ? vs.cursorTime() : -1;
        Run shown = vs.run.get();
        int cursor = vs.cursor.get();
        double a = vs.viewStart.get(), b = vs.viewEnd.get();
        spec = s;
        legacyRun = legacy;
        taskRun = task;
        scenarioPanel.show(s);
        var h = whatIf.whatIf().history(); // after undoing every edit there is no edit to name
        stage.setTitle(WindowTitle.of(s.name(), file, h.edited())); // undone to the file: no longer "edited"
        if (vs.selectedCpu.get() >= legacy.info().cpus()) vs.selectedCpu.set(-1);
        Run r = pendingModel != null
                ? (pendingModel == Simulator.Model.LEGACY ? legacy : task)
                : wasLegacy ? legacy : task;
        pendingModel = null;
        vs.cursor.set(-1);
        vs.run.set(r);
        vs.setRange(a, b);
        if (t >= 0) goTo(Cursors.sameStep(shown, cursor, r)); // the same step of its instant, not the instant's last
        if (toolbar.comparing()) setCompare(true);
        // one line at 1024 px: it ended "Both models simulat..." after a lesson's (the sixth review)
        status.set(lessonBar.afterEdit(s, h.edited()) + "What if: "
                + (h.canUndo() ? h.undoLabel() : "the file as opened") + ", both models again in " + ms + " ms.");
    }

    /** Installs freshly simulated runs (also used by tests and screenshots, on the FX thread). */
    @Override
    public void install(SimSpec s, Path path, Run legacy, Run task) {
        spec = s;
        file = path;
        legacyRun = legacy;
        taskRun = task;
        if (path != null && rememberRecent)
            recent.add(path.toAbsolutePath().normalize().toString());
        stage.setTitle(WindowTitle.of(s.name(), path, false));
        scenarioPanel.show(s);
        sidePanel.askWidthAgain();
        boolean real = legacy.isReal();
        Simulator.Model m = toolbar.nameModels(legacy, task, Simulator.Model.of(s.defaultModel()));
        // a real trace's tasks take their scenario task's colour and come first (its other processes after)
        timeline.setColourNames(
                real && task != legacy ? Arrays.asList(task.info().tasks()) : null);
        toolbar.showModel(m);
        Run r = m == Simulator.Model.LEGACY ? legacy : task;
        vs.selectedTask.set(-1);
        vs.selectedGroup.set(-1);
        vs.cursor.set(-1);
        vs.run.set(r);
        HeapTrim.afterLoad(
                legacy.trace().size() + (task == legacy ? 0 : task.trace().size()));
        double[] story = StoryRange.of(r); // open where the story is, not on the whole run
        vs.setRange(story[0], story[1]);
        if (toolbar.comparing()) setCompare(true);
        lessonBar.openChecked(
                real ? null : s,
                legacy,
                task,
                path == null ? "the scenario" : path.getFileName().toString(),
                stage);
        status.set("Loaded " + s.name() + ": " + legacy.trace().size() + " events (" + legacy.label() + "), "
                + task.trace().size() + " events (" + (real && task != legacy ? "simulated " : "") + task.label()
                + "). Press \u2192 to step.");
    }

    // ------------------------------------------------------------------ compare mode

    /** Shows both models stacked with the results table, or the single-model view. */
    @Override
    public void setCompare(boolean on) {
        toolbar.setComparing(on);
        if (on && legacyRun != null) {
            compare.show(legacyRun, taskRun);
            compare.setTime(vs.cursorTime(), vs.cursor.get() >= 0);
        }
        layout.showCompare(on && legacyRun != null);
        lessonBar.comparing(on);
        // the keys stay with the timeline shown: the parts swapped handed the focus to the log's filter
        (on && legacyRun != null ? compare.legacyTl : timeline).takeFocusWhenShown();
    }

    @Override
    public boolean comparing() {
        return toolbar.comparing();
    }

    // ------------------------------------------------------------------ model switch

    /** Shows the legacy run (for a real trace: the real run) or the task-based one (the simulation). */
    @Override
    public void switchModel(Simulator.Model m) {
        showRun(m == Simulator.Model.LEGACY ? legacyRun : taskRun);
    }

    @Override
    public void otherModel() {
        showRun(vs.run.get() == legacyRun ? taskRun : legacyRun);
    }

    private void showRun(Run target) {
        if (target == null || target == vs.run.get()) return;
        long t = vs.cursorTime();
        boolean had = vs.cursor.get() >= 0;
        double s = vs.viewStart.get(), e = vs.viewEnd.get();
        vs.cursor.set(-1); // the old cursor is an event of the old run: no view may read it in the new one
        vs.run.set(target);
        vs.viewStart.set(s);
        vs.viewEnd.set(e);
        toolbar.showModel(target == legacyRun ? Simulator.Model.LEGACY : Simulator.Model.TASK);
        vs.cursor.set(had ? lastVisibleAtOrBefore(t) : -1);
    }

    // ------------------------------------------------------------------ moving

    /** Moves the cursor to the next (dir 1) or previous (-1) visible event that matches. */
    public void step(int dir, IntPredicate match) {
        nav.step(dir, match, false);
    }

    /** The last visible event at or before time t (-1 if none). */
    public int lastVisibleAtOrBefore(long t) {
        return vs.run.get().index().lastVisibleAtOrBefore(t);
    }

    @Override
    public void goTo(int i) {
        nav.goTo(i);
    }

    @Override
    public void askTime() {
        nav.askTime(stage);
    }

    private void cursorMoved() {
        Run r = vs.run.get();
        if (r == null) return;
        int i = vs.cursor.get();
        Snapshot s = r.index().at(i);
        explanation.show(r, s, i, vs.horizon());
        cfsRqs.show(r, s);
        locks.show(r, s);
        waitChain.show(r, s, vs.selectedTask.get(), !vs.veiled.get()); // a question waits: no refill time
        nav.keepInView(i);
        status.set(StatusLine.stepText(r, i, vs.horizon()));
    }

    public String statusText() {
        return status.text();
    }

    // ------------------------------------------------------------------ scale and presentation

    /** Text, lanes and tables grow together: the root font follows the scale. */
    private void applyScale() {
        scene.getRoot().setStyle(String.format(Locale.ROOT, "-fx-font-size: %.1fpx;", 13 * vs.scale.get()));
        Run r = vs.run.get();
        if (r != null) {
            if (sidePanel != null) sidePanel.askWidthAgain(); // the widths of the old scale no longer hold
            cfsRqs.show(r, r.index().at(vs.cursor.get()));
            locks.show(r, r.index().at(vs.cursor.get()));
        }
    }

    /** Ctrl+plus / Ctrl+minus / Ctrl+0. */
    @Override
    public void zoomText(int dir) {
        if (dir == 0 && presenting()) vs.scale.set(layout.presentingScale()); // F11's own size, not the window's
        else vs.zoomText(dir);
    }

    /** Presentation mode (F11): the timeline, the lesson bar and the explanation, full screen, larger. */
    public void setPresenting(boolean on) {
        layout.setPresenting(on, toolbar.comparing(), () -> setCompare(toolbar.comparing()));
    }

    public boolean presenting() {
        return layout.presenting();
    }

    @Override
    public void togglePresenting() {
        setPresenting(!presenting());
    }

    @Override
    public boolean leavePresenting() {
        if (!presenting()) return false;
        setPresenting(false);
        return true;
    }

    public Label explanationLabel() {
        return explanation.label();
    }
}
