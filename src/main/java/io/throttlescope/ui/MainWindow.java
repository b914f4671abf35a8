package io.throttlescope.ui;

import io.throttlescope.ui.state.Theme;
import io.throttlescope.ui.state.ViewState;
import io.throttlescope.view.Run;
import io.throttlescope.scenario.DurationText;
import io.throttlescope.scenario.Problem;
import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.trace.Snapshot;
import javafx.concurrent.Task;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputDialog;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import org.controlsfx.control.SegmentedButton;
import org.controlsfx.control.StatusBar;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.stream.Collectors;
import io.throttlescope.compare.Comparison;
import io.throttlescope.files.SafeOutput;
import io.throttlescope.realtrace.RealPair;
import io.throttlescope.trace.CsvExport;
import io.throttlescope.trace.PerfettoExport;
import io.throttlescope.ui.export.ExportStepsDialog;
import io.throttlescope.ui.export.ExportWindow;
import io.throttlescope.ui.export.StepExport;
import io.throttlescope.ui.lessons.LessonBar;
import io.throttlescope.ui.panels.WaitChainPane;
import io.throttlescope.ui.sweep.SweepPane;
import io.throttlescope.ui.whatif.WhatIfPane;
import io.throttlescope.view.Durations;
import io.throttlescope.view.Explainer;
import io.throttlescope.view.Explanation;
import io.throttlescope.view.LessonPlan;
import io.throttlescope.view.StoryRange;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import javafx.scene.Node;
import javafx.scene.control.Hyperlink;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.stage.DirectoryChooser;

/** The main window: toolbar, timeline, the panels at the cursor and the event log, all on one cursor. */
public final class MainWindow implements ExportWindow {
    final Stage stage;
    final ViewState vs = new ViewState();
    private final Navigation nav = new Navigation(vs, () -> this.lessonBar.waitingForAnswer(), text -> this.status.setText(text));
    final TimelineCanvas timeline = new TimelineCanvas(vs);
    final CfsRqView cfsRqs = new CfsRqView();
    final LocksView locks = new LocksView();
    final EventLogView log = new EventLogView(vs);
    private final ScenarioPanel scenarioPanel = new ScenarioPanel(nav::goToTime, this::zoomTo);
    private final Label explanation = new Label();
    private final FlowPane sourceLinks = new FlowPane(6, 2);
    private Explanation lastExplanation;
    private SplitPane main;
    private double logDivider = 0.72;
    private boolean presenting;
    private double scaleBeforePresenting = 1;
    private Task<Run[]> loading;
    private long loadGeneration;
    private final StatusBar status = new StatusBar();
    private final ToggleButton legacyBtn = new ToggleButton("Legacy (\u2264 6.17)");
    private final ToggleButton taskBtn = new ToggleButton("Task-based (6.18)");
    private final Playback playback = new Playback(vs);
    private final ToggleButton compareBtn = new ToggleButton("Compare");
    final CompareView compare = new CompareView(vs, nav::goToTime);
    private SplitPane top;
    private Node timelineBox, side;
    private SidePanel sidePanel;
    private final TextField jump = new TextField();
    private final Menu recentMenu = new Menu("Open _Recent");
    private final RecentFiles recent = new RecentFiles();
    private final Scene scene;
    Run legacyRun, taskRun;
    private SimSpec spec;
    private Path file;
    private boolean switching;

    public MainWindow(Stage stage) {
        this.stage = stage;
        explanation.setId("explanation");
        explanation.getStyleClass().add("explanation");
        explanation.setWrapText(true);
        explanation.setPadding(new Insets(6));
        explanation.setMinHeight(Region.USE_PREF_SIZE);     // grows with its text: never clipped
        explanation.setAlignment(Pos.TOP_LEFT);
        explanation.setMaxWidth(Double.MAX_VALUE);
        sourceLinks.setId("sourceLinks");
        sourceLinks.setPadding(new Insets(0, 6, 4, 6));
        BorderPane root = new BorderPane();
        root.setTop(new VBox(menuBar(), toolBar()));
        main = new SplitPane();
        main.setOrientation(Orientation.VERTICAL);
        VBox tb = new VBox(timeline, new Legend());
        VBox.setVgrow(timeline, Priority.ALWAYS);
        timelineBox = tb;
        sidePanel = new SidePanel(new VBox(2, explanation, sourceLinks), waitChain, cfsRqs, locks, whatIf, scenarioPanel);
        side = sidePanel.node;
        top = new SplitPane(timelineBox, side);
        top.setDividerPositions(0.6);
        main.getItems().addAll(top, log);
        main.setDividerPositions(0.72);
        log.minHeightProperty().bind(vs.scale.multiply(112));    // the filters, the header and two rows: the current row is always read
        vs.veiled.addListener((o, a, b) -> {                      // a covered log says one line: the timeline takes its room meanwhile
            if (b) { logDivider = main.getDividerPositions()[0]; main.setDividerPositions(0.86); }
            else main.setDividerPositions(logDivider);
            sidePanel.revealLater();
        });
        vs.cursor.addListener((o, a, b) -> sidePanel.revealLater());
        VBox centre = new VBox(lessonBar, main);         // the lesson bar stays in compare and presentation mode
        VBox.setVgrow(main, Priority.ALWAYS);
        root.setCenter(centre);
        root.setBottom(status);
        status.setText("Open a scenario (File > Open, Ctrl+O, or drop a .json file here)");
        scene = new Scene(root, 1500, 950);
        sidePanel.revealAfterLayouts(scene);
        scene.getStylesheets().add(Theme.STYLESHEET);
        vs.scale.addListener((o, a, b) -> applyScale());
        applyScale();
        scene.addEventFilter(KeyEvent.KEY_PRESSED, this::onKey);
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
        vs.selectedTask.addListener((o, a, b) -> {           // a task picked in the lanes: why it is not running
            Run r = vs.run.get();
            if (r != null) waitChain.show(r, r.index().at(vs.cursor.get()), b.intValue());
        });
        vs.cursor.addListener((o, a, b) -> { if (compareBtn.isSelected()) compare.setTime(vs.cursorTime(), vs.cursor.get() >= 0); });
        vs.run.addListener((o, a, b) -> {
            if (b != null) {            // keep the model buttons in step with the run shown
                switching = true;
                (b == legacyRun ? legacyBtn : taskBtn).setSelected(true);
                switching = false;
            }
            cursorMoved();
        });
    }

    public Scene scene() { return scene; }

    private boolean rememberRecent = true;

    /** Whether opening a file adds it to File > Open Recent (commands without a window say no). */
    public void rememberRecent(boolean on) { rememberRecent = on; }
    public ViewState viewState() { return vs; }

    /** Redraws the timelines now (exports snapshot the window right after moving the cursor). */
    public void redrawTimelines() {
        timeline.redraw();
        compare.legacyTl.redraw();
        compare.taskTl.redraw();
    }

    // ------------------------------------------------------------------ layout

    private MenuBar menuBar() {
        MenuItem open = new MenuItem("_Open\u2026");
        open.setAccelerator(new KeyCodeCombination(KeyCode.O, KeyCombination.SHORTCUT_DOWN));
        open.setOnAction(e -> chooseFile());
        MenuItem reload = new MenuItem("Re_load");
        reload.setAccelerator(new KeyCodeCombination(KeyCode.R, KeyCombination.SHORTCUT_DOWN));
        reload.setOnAction(e -> { if (file != null && keepEditsAnswered("Reload " + file.getFileName())) open(file); });
        MenuItem quit = new MenuItem("_Quit");
        quit.setOnAction(e -> stage.close());
        MenuItem perfetto = item("Export trace for _Perfetto\u2026", () -> export("perfetto"));
        MenuItem csv = item("Export trace as _CSV\u2026", () -> export("csv"));
        MenuItem copyCmp = item("Copy the comparison table", () -> {
            if (legacyRun == null) return;
            ClipboardContent c = new ClipboardContent();
            c.putString(Comparison.of(legacyRun.result(), taskRun.result()).text(true));
            Clipboard.getSystemClipboard().setContent(c);
            status.setText("The comparison table is on the clipboard.");
        });
        MenuItem stepsItem = item("Export _steps (GIF, slides, PNGs)\u2026", this::askExportSteps);
        Menu fileMenu = new Menu("_File", null, open, recentMenu, reload, new SeparatorMenuItem(), perfetto, csv, stepsItem, copyCmp,
                new SeparatorMenuItem(), quit);
        fileMenu.setOnShowing(e -> fillRecent());
        CheckMenuItem lanes = new CheckMenuItem("_Task lanes");
        lanes.selectedProperty().bindBidirectional(vs.taskLanes);
        MenuItem fit = new MenuItem("_Fit (F)");
        fit.setOnAction(e -> vs.fit());
        MenuItem bigger = new MenuItem("_Larger text and lanes (Ctrl++)");
        bigger.setOnAction(e -> zoomText(1));
        MenuItem smaller = new MenuItem("_Smaller text and lanes (Ctrl+\u2212)");
        smaller.setOnAction(e -> zoomText(-1));
        MenuItem present = new MenuItem("_Presentation mode (F11)");
        present.setOnAction(e -> setPresenting(!presenting));
        Menu view = new Menu("_View", null, lanes, fit, new SeparatorMenuItem(), bigger, smaller, present);
        MenuItem next = item("Next event (\u2192)", () -> step(1, i -> true));
        MenuItem prev = item("Previous event (\u2190)", () -> step(-1, i -> true));
        MenuItem thr = item("Next throttle (T)", () -> step(1, nav.kind(EventKind.THROTTLE)));
        MenuItem park = item("Next park (P)", nav::nextPark);
        MenuItem hung = item("Next hung task (H)", () -> step(1, nav.kind(EventKind.HUNG_TASK)));
        MenuItem jumpTo = item("Jump to time\u2026 (Ctrl+G)", this::askTime);
        MenuItem nextStop = item("Next lesson stop (N)", () -> lessonBar.next());
        MenuItem prevStop = item("Previous lesson stop (Shift+N)", () -> lessonBar.previous());
        Menu go = new Menu("_Go", null, next, prev, thr, park, hung, jumpTo, new SeparatorMenuItem(), nextStop, prevStop);
        go.setOnShowing(e -> { nextStop.setDisable(!lessonBar.active()); prevStop.setDisable(!lessonBar.active() || lessonBar.stop() <= 0); });
        MenuItem keys = item("Keyboard shortcuts (?)", this::showShortcuts);
        Menu help = new Menu("_Help", null, keys);
        MenuItem sweepItem = item("_Sweep a parameter\u2026", this::openSweep);
        MenuItem whatIfItem = item("_What if? (edit the scenario)", () -> sidePanel.openWhatIf());
        Menu tools = new Menu("_Tools", null, whatIfItem, sweepItem);
        return new MenuBar(fileMenu, view, go, tools, help);
    }

    private static MenuItem item(String text, Runnable r) {
        MenuItem m = new MenuItem(text);
        m.setOnAction(e -> r.run());
        return m;
    }

    /** The toolbar wraps onto a second row on small screens rather than hiding buttons in an overflow menu. */
    private FlowPane toolBar() {
        Button open = button("Open\u2026", "Open a scenario file (Ctrl+O)", this::chooseFile);
        legacyBtn.setId("modelLegacy");
        taskBtn.setId("modelTask");
        for (ToggleButton b : new ToggleButton[] {legacyBtn, taskBtn, compareBtn}) {
            b.setFocusTraversable(false);
            b.getStyleClass().add("model-toggle");
        }
        SegmentedButton modelSwitch = new SegmentedButton(legacyBtn, taskBtn);
        ToggleGroup models = modelSwitch.getToggleGroup();
        modelSwitch.setId("modelSwitch");
        legacyBtn.setTooltip(new Tooltip("The cfs_rq-based throttle of Linux 6.17 and earlier (M switches)"));
        taskBtn.setTooltip(new Tooltip("The task-based throttle of Linux 6.18 (M switches)"));
        models.selectedToggleProperty().addListener((o, a, b) -> {
            if (b == null) { a.setSelected(true); return; }
            Run cur = vs.run.get();
            Run want = b == legacyBtn ? legacyRun : taskRun;
            if (!switching && cur != null && cur != want) showRun(want);
        });
        Button home = button("First", "First event (Home)", nav::goToFirst);
        Button back = button("\u25C0", "Previous event (\u2190)", () -> step(-1, i -> true));
        back.setId("stepBack");
        Button fwd = button("\u25B6", "Next event (\u2192)", () -> step(1, i -> true));
        fwd.setId("stepForward");
        Button end = button("Last", "Last event (End)", nav::goToLast);
        Button thr = button("Next throttle", "Next throttle_cfs_rq (T)", () -> step(1, nav.kind(EventKind.THROTTLE)));
        thr.setId("nextThrottle");
        Button park = button("Next park", "Next task parked at its return to user (P)", nav::nextPark);
        park.setId("nextPark");
        Button hung = button("Next hung task", "Next hung-task report (H)", () -> step(1, nav.kind(EventKind.HUNG_TASK)));
        hung.setId("nextHung");
        jump.setId("jumpTime");
        jump.setPromptText("jump to, e.g. 15ms");
        jump.setPrefColumnCount(8);
        jump.setOnAction(e -> { nav.jumpTo(jump.getText()); timeline.requestFocus(); });
        ToggleButton lanes = new ToggleButton("Task lanes");
        lanes.setId("taskLanesToggle");
        lanes.selectedProperty().bindBidirectional(vs.taskLanes);
        lanes.setTooltip(new Tooltip("Show one lane per task with its state over time (L)"));
        lanes.setFocusTraversable(false);
        Button fit = button("Fit", "Show the whole run (F)", vs::fit);
        fit.setId("fit");
        compareBtn.setId("compareToggle");
        compareBtn.setTooltip(new Tooltip("Both models stacked on one time axis, with their differences and a results table (C)"));
        compareBtn.setOnAction(e -> setCompare(compareBtn.isSelected()));
        Button help = button("?", "Keyboard shortcuts", this::showShortcuts);
        FlowPane bar = new FlowPane(4, 4);
        bar.setId("toolbar");
        bar.getStyleClass().add("tool-bar");
        bar.setPadding(new Insets(4, 6, 4, 6));
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getChildren().addAll(group(open, new Label("Model:"), modelSwitch), group(home, back, fwd, end),
                group(thr, park, hung), group(playback.button, playback.speed, jump), group(lanes, fit, compareBtn, help));
        return bar;
    }

    /** Buttons that stay together when the toolbar wraps. */
    private static HBox group(Node... nodes) {
        HBox h = new HBox(4, nodes);
        h.setAlignment(Pos.CENTER_LEFT);
        h.setPadding(new Insets(0, 8, 0, 0));
        return h;
    }

    private static Button button(String text, String tip, Runnable r) {
        Button b = new Button(text);
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(e -> r.run());
        b.setFocusTraversable(false);
        return b;
    }

    final LessonBar lessonBar = new LessonBar(vs, new LessonBar.Host() {
        @Override public void showModel(Simulator.Model m, boolean both) {
            switchModel(m);
            if (both != compareBtn.isSelected()) setCompare(both);
        }
        @Override public void goTo(int event) { MainWindow.this.goTo(event); }
        @Override public void openViews(List<String> views) { MainWindow.this.openViews(views); }
        @Override public void highlightLock(String lock) { locks.highlight(lock); }
        @Override public void highlightCfsRq(String group, int cpu) { cfsRqs.highlight(group, cpu); }
    });
    public LessonBar lessonBar() { return lessonBar; }
    final WhatIfPane whatIf = new WhatIfPane(new WhatIfPane.Host() {
        @Override public void resimulate(SimSpec s, String json) { simulate(s, file, true); }
        @Override public void saveAs(String text) { saveScenarioAs(text); }
    });

    /** Before the edits of What if? are dropped (reload, open another file): true if the user agrees, or there are none. */
    boolean keepEditsAnswered(String what) {
        var w = whatIf.whatIf();
        if (w == null || !w.history().edited() || !stage.isShowing()) return true;
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, what + " and drop " + w.history().edits() + " What if? edit"
                + (w.history().edits() == 1 ? "" : "s") + "? (Save as\u2026 in the What if? panel keeps them.)", ButtonType.OK, ButtonType.CANCEL);
        a.initOwner(stage);
        a.setHeaderText("The scenario has unsaved edits");
        return a.showAndWait().filter(b -> b == ButtonType.OK).isPresent();
    }

    /** Writes the edited scenario where the user says (the library's formatting; temporary file and rename). */
    private void saveScenarioAs(String text) {
        FileChooser fc = new FileChooser();
        fc.setTitle("Save the edited scenario as");
        String base = file == null ? "scenario" : file.getFileName().toString().replaceAll("\\.json$", "");
        fc.setInitialFileName(base + "-whatif.json");
        if (file != null && file.getParent() != null && file.getParent().toFile().isDirectory()) fc.setInitialDirectory(file.getParent().toFile());
        File f = fc.showSaveDialog(stage);
        if (f != null) saveScenarioTo(text, f.toPath());
    }

    /** Saves the edited scenario to a file (tests call it without the dialog); the window then shows that file. */
    boolean saveScenarioTo(String text, Path out) {
        try {
            SafeOutput.write(out, w -> w.write(text));
            file = out;
            stage.setTitle("ThrottleScope \u2014 " + spec.name() + "  (" + out.getFileName() + ")");
            status.setText("Saved " + out);
            return true;
        } catch (Exception e) {
            error("Cannot write " + out, String.valueOf(e.getMessage()));
            return false;
        }
    }
    /** Opens the named views (a lesson stop's) and folds the other side panes. */
    void openViews(List<String> views) {
        vs.taskLanes.set(views.contains("task-lanes"));
        sidePanel.open(views);
    }

    final WaitChainPane waitChain = new WaitChainPane(this::goTo);

    // ------------------------------------------------------------------ opening

    /** Opens a scenario; a file that fails to load leaves the open one in place. */
    public void open(Path path) {
        if (path == null) {
            load(DefaultScenario.load(), null);
        } else if (RealPair.looksLikeTrace(path)) {
            openTrace(path);
        } else {
            load(ScenarioLoader.load(path), path);
        }
    }

    /** Imports a real trace in the background and shows it beside its scenario's simulation. */
    private void openTrace(Path path) {
        if (loading != null) loading.cancel();
        long generation = ++loadGeneration;
        Task<RealPair> job = new Task<>() {
            @Override protected RealPair call() throws Exception {
                updateMessage("Importing " + path.getFileName() + "\u2026");
                return RealPair.open(path);
            }
        };
        status.textProperty().bind(job.messageProperty());
        job.setOnSucceeded(e -> {
            if (generation != loadGeneration) return;
            unbindStatus();
            var pair = job.getValue();
            installRuns(pair.spec(), path, pair.real().run, pair.right());
            whatIf.open(null);
        });
        job.setOnFailed(e -> {
            if (generation != loadGeneration) return;
            unbindStatus();
            Throwable t = job.getException();
            error("Cannot open " + path.getFileName(), String.valueOf(t == null ? "" : t.getMessage()));
        });
        Thread th = new Thread(job, "import");
        th.setDaemon(true);
        th.start();
    }

    /** Writes the shown model's trace (Perfetto trace-event JSON or CSV), as the export command does. */
    private void export(String format) {
        Run r = vs.run.get();
        if (r == null) return;
        FileChooser fc = new FileChooser();
        fc.setTitle(format.equals("csv") ? "Export the trace as CSV" : "Export the trace for Perfetto UI");
        String base = (file == null ? "scenario" : file.getFileName().toString().replaceAll("\\.json$", "")) + "-" + r.model().id;
        fc.setInitialFileName(base + (format.equals("csv") ? ".csv" : ".perfetto.json"));
        File f = fc.showSaveDialog(stage);
        if (f == null) return;
        exportTo(r, format, f.toPath());
    }

    private Simulator.Model pendingModel;
    Stage sweepStage;
    SweepPane sweepPane;

    /** Tools > Sweep a parameter: a window of its own over the scenario as edited; a clicked point opens here. */
    SweepPane openSweep() {
        if (whatIf.whatIf() == null) { error("Nothing to sweep", "Sweeps work on a scenario file, not on a real trace."); return null; }
        if (sweepStage != null) sweepStage.close();
        sweepPane = new SweepPane(whatIf.whatIf().json(), (param, value, model) -> {
            pendingModel = model;
            if (!whatIf.edit(param, value)) pendingModel = null;
            stage.toFront();
        });
        sweepStage = SweepPane.window(stage, sweepPane, "Sweep \u2014 " + spec.name());
        return sweepPane;
    }

    /** File > Export steps: asks what and where, then renders and writes. */
    private void askExportSteps() {
        Run r = vs.run.get();
        if (r == null || r.isReal()) { error("Nothing to export", "Export steps works on a simulated scenario."); return; }
        var req = ExportStepsDialog.ask(stage, (long) vs.viewStart.get(), (long) vs.viewEnd.get(), spec.lesson() != null);
        if (req.isEmpty()) return;
        String base = (file == null ? "scenario" : file.getFileName().toString().replaceAll("\\.json$", "")) + (req.get().lesson() ? "-lesson" : "-" + r.model().id);
        File f;
        if (req.get().format() == StepExport.Format.png) {
            DirectoryChooser dc = new DirectoryChooser();
            dc.setTitle("A folder for the numbered PNGs");
            f = dc.showDialog(stage);
        } else {
            FileChooser fc = new FileChooser();
            fc.setTitle("Export steps");
            fc.setInitialFileName(base + (req.get().format() == StepExport.Format.gif ? ".gif" : ".html"));
            f = fc.showSaveDialog(stage);
        }
        if (f != null) exportSteps(req.get(), f.toPath());
    }

    /**
     * Renders the steps here (the FX thread: an off-screen window, never shown) and writes them in the
     * background; the scenario as edited in What if?, under the model shown. Returns the writing job, or null.
     */
    Task<Void> exportSteps(ExportStepsDialog.Request q, Path out) {
        Run r = vs.run.get();
        var fmt = q.format();
        List<Integer> events = q.lesson() ? List.of() : StepExport.between(r, q.from(), q.to(), q.max());
        if (!q.lesson() && events.isEmpty()) { error("Nothing to export", "No event between the two times."); return null; }
        String json = whatIf.whatIf() != null && whatIf.whatIf().history().edited() ? whatIf.whatIf().json() : null;
        List<StepExport.Frame> frames;
        try {
            frames = StepExport.renderHere(new StepExport.Options(file, r.model().id, events,
                    q.width(), q.height(), fmt, out, q.lesson(), q.lesson() ? q.from() : 0, q.lesson() ? q.to() : Long.MAX_VALUE), json, MainWindow::new);
        } catch (RuntimeException e) {
            error("Cannot export the steps", String.valueOf(e.getMessage()));
            return null;
        }
        if (frames.isEmpty()) { error("Nothing to export", "No stop of the lesson between the two times."); return null; }
        Task<Void> job = new Task<>() {
            @Override protected Void call() throws Exception {
                updateMessage("Writing " + frames.size() + " steps to " + out.getFileName() + "\u2026");
                StepExport.write(frames, fmt, out);
                return null;
            }
        };
        return writeInBackground(job, out, "Wrote " + frames.size() + " steps to " + out);
    }

    /** Runs a writing job off the FX thread, its message and progress in the status line; a failure names the file. */
    private Task<Void> writeInBackground(Task<Void> job, Path out, String done) {
        status.textProperty().bind(job.messageProperty());
        status.progressProperty().bind(job.progressProperty());
        job.setOnSucceeded(e -> { unbindStatus(); status.setText(done); });
        job.setOnFailed(e -> { unbindStatus(); error("Cannot write " + out, String.valueOf(job.getException().getMessage())); });
        Thread th = new Thread(job, "write " + out.getFileName());
        th.setDaemon(true);
        th.start();
        return job;
    }

    /** Writes the export off the FX thread, with progress in the status line. */
    Task<Void> exportTo(Run r, String format, Path out) {
        Task<Void> job = new Task<>() {
            @Override protected Void call() throws Exception {
                updateMessage("Writing " + out.getFileName() + "\u2026");
                updateProgress(-1, 1);
                SafeOutput.write(out, w -> {
                    if (format.equals("csv")) CsvExport.write(r.index(), w);
                    else PerfettoExport.write(r.index(), w);
                });
                return null;
            }
        };
        return writeInBackground(job, out, "Wrote " + out);
    }

    private void chooseFile() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Open a scenario");
        fc.setTitle("Open a scenario or a real trace");
        fc.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("Scenarios and traces", "*.json", "*.txt", "*.trace", "*.gz"),
                new FileChooser.ExtensionFilter("All files", "*"));
        Path dir = file != null ? file.getParent() : Path.of("scenarios");
        if (dir != null && dir.toFile().isDirectory()) fc.setInitialDirectory(dir.toFile());
        File f = fc.showOpenDialog(stage);
        if (f != null && keepEditsAnswered("Open " + f.getName())) open(f.toPath());
    }

    private void fillRecent() {
        recentMenu.getItems().clear();
        for (String p : recent.list()) {
            MenuItem m = new MenuItem(p);
            m.setMnemonicParsing(false);
            m.setOnAction(e -> { if (keepEditsAnswered("Open " + Path.of(p).getFileName())) open(Path.of(p)); });
            recentMenu.getItems().add(m);
        }
        if (recentMenu.getItems().isEmpty()) {
            MenuItem none = new MenuItem("(none yet)");
            none.setDisable(true);
            recentMenu.getItems().add(none);
        }
    }

    private void load(ScenarioLoader.Loaded l, Path path) {
        if (!l.ok()) {
            showProblems(path, l.problems());
            if (spec == null && path != null) load(DefaultScenario.load(), null);   // never an empty window
            return;
        }
        whatIfSource = path == null ? DefaultScenario.text() : readText(path);
        simulate(l.spec(), path, false);
    }

    private String whatIfSource;

    private static String readText(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Simulates both models in the background, in parallel, and shows the runs: a newer load wins.
     * keepView (a what-if edit): the model, range, cursor time and compare mode stay as they are.
     */
    private void simulate(SimSpec s, Path path, boolean keepView) {
        if (loading != null) loading.cancel();        // a newer file wins: the older load stops and is never installed
        long generation = ++loadGeneration;
        long started = System.nanoTime();
        Task<Run[]> job = new Task<>() {
            @Override protected Run[] call() throws Exception {
                updateMessage("Simulating " + s.name() + " under both models\u2026");
                CompletableFuture<Run> a = CompletableFuture.supplyAsync(
                        () -> Run.simulate(s, Simulator.Model.LEGACY, f -> stopIfCancelled()));
                Run b = Run.simulate(s, Simulator.Model.TASK, f -> { stopIfCancelled(); updateProgress(f, 1); });
                updateProgress(1, 1);
                try {
                    return new Run[] {a.get(), b};
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof Exception ex ? ex : e;
                }
            }

            private void stopIfCancelled() {
                if (isCancelled()) throw new CancellationException("a newer scenario was opened");
            }
        };
        loading = job;
        status.textProperty().bind(job.messageProperty());
        status.progressProperty().bind(job.progressProperty());
        job.setOnSucceeded(e -> {
            if (generation != loadGeneration) return;
            unbindStatus();
            loading = null;
            Run[] runs = job.getValue();
            if (keepView) reinstall(s, runs[0], runs[1], (System.nanoTime() - started) / 1_000_000);
            else {
                installRuns(s, path, runs[0], runs[1]);
                whatIf.open(whatIfSource);
            }
        });
        job.setOnFailed(e -> {
            if (generation != loadGeneration) return;
            unbindStatus();
            loading = null;
            Throwable t = job.getException();
            error("The simulation failed", String.valueOf(t == null ? "" : t.getMessage()));
        });
        Thread th = new Thread(job, "simulate");
        th.setDaemon(true);
        th.start();
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
        if (compareBtn.isSelected()) setCompare(true);
        status.setText("What if: " + whatIf.whatIf().history().undoLabel() + ". Both models simulated again in " + ms + " ms: "
                + legacy.trace().size() + " and " + task.trace().size() + " events.");
    }

    private void unbindStatus() {
        status.textProperty().unbind();
        status.progressProperty().unbind();
        status.setProgress(0);
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
            legacyBtn.setText("Real (" + (legacy.model() == Simulator.Model.LEGACY ? "legacy" : "6.18") + " kernel)");
            taskBtn.setText(task == legacy ? "Real" : "Simulated (" + (task.model() == Simulator.Model.LEGACY ? "legacy" : "task-based") + ")");
            m = Simulator.Model.LEGACY;
        } else {
            legacyBtn.setText("Legacy (\u2264 6.17)");
            taskBtn.setText("Task-based (6.18)");
        }
        // a real trace's tasks take their scenario task's colour and come first (its other processes after)
        timeline.setColourNames(real && task != legacy ? Arrays.asList(task.info().tasks()) : null);
        switching = true;
        (m == Simulator.Model.LEGACY ? legacyBtn : taskBtn).setSelected(true);
        switching = false;
        Run r = m == Simulator.Model.LEGACY ? legacy : task;
        vs.selectedTask.set(-1);
        vs.selectedGroup.set(-1);
        vs.cursor.set(-1);
        vs.run.set(r);
        HeapTrim.afterLoad(legacy.trace().size() + (task == legacy ? 0 : task.trace().size()));
        double[] story = StoryRange.of(r);     // open where the story is, not on the whole run
        vs.setRange(story[0], story[1]);
        if (compareBtn.isSelected()) setCompare(true);
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
        status.setText("Loaded " + s.name() + ": " + legacy.trace().size() + " events (" + legacy.label() + "), " + task.trace().size()
                + " events (" + (real && task != legacy ? "simulated " : "") + task.label() + "). Press \u2192 to step.");
    }

    /** Loads a scenario's text (an edited one) synchronously and installs it under the file's name. */
    public boolean openJsonNow(String json, Path path) {
        ScenarioLoader.Loaded l = ScenarioLoader.loadString(json);
        if (!l.ok()) return false;
        installRuns(l.spec(), path, Run.simulate(l.spec(), Simulator.Model.LEGACY), Run.simulate(l.spec(), Simulator.Model.TASK));
        whatIf.open(json);
        return true;
    }

    /** Loads and simulates synchronously on the calling thread, then installs: for the screenshot command. */
    public boolean openNow(Path path) {
        if (path != null && RealPair.looksLikeTrace(path)) {
            try {
                var pair = RealPair.open(path);
                installRuns(pair.spec(), path, pair.real().run, pair.right());
                whatIf.open(null);
                return true;
            } catch (IOException e) {
                return false;
            }
        }
        ScenarioLoader.Loaded l = path == null ? DefaultScenario.load() : ScenarioLoader.load(path);
        if (!l.ok()) return false;
        installRuns(l.spec(), path, Run.simulate(l.spec(), Simulator.Model.LEGACY), Run.simulate(l.spec(), Simulator.Model.TASK));
        whatIf.open(path == null ? DefaultScenario.text() : readText(path));
        return true;
    }

    private void showProblems(Path path, List<Problem> problems) {
        String name = path == null ? "the default scenario" : path.getFileName().toString();
        String text = problems.stream().map(p -> p.format(name)).collect(Collectors.joining("\n"));
        Alert a = new Alert(Alert.AlertType.ERROR);
        a.initOwner(stage);
        a.setTitle("Cannot open " + name);
        a.setHeaderText(name + " has " + problems.size() + " problem" + (problems.size() == 1 ? "" : "s")
                + (spec != null ? "; " + spec.name() + " stays open." : "."));
        TextArea area = new TextArea(text);
        area.setId("problems");
        area.setEditable(false);
        area.setWrapText(false);
        area.setPrefSize(760, 260);
        a.getDialogPane().setContent(area);
        a.getDialogPane().setId("problemsDialog");
        a.show();
    }

    private void error(String header, String text) {
        Alert a = new Alert(Alert.AlertType.ERROR, text, ButtonType.OK);
        a.initOwner(stage);
        a.setHeaderText(header);
        a.show();
    }

    // ------------------------------------------------------------------ compare mode

    /** Shows both models stacked with the results table, or the single-model view. */
    public void setCompare(boolean on) {
        compareBtn.setSelected(on);
        if (on && legacyRun != null) {
            compare.show(legacyRun, taskRun);
            compare.setTime(vs.cursorTime(), vs.cursor.get() >= 0);
            top.getItems().setAll(compare);
        } else {
            top.getItems().setAll(timelineBox, side);
            top.setDividerPositions(0.6);
        }
    }

    // ------------------------------------------------------------------ model switch

    /** Shows the legacy run (for a real trace: the real run) or the task-based one (the simulation). */
    public void switchModel(Simulator.Model m) { showRun(m == Simulator.Model.LEGACY ? legacyRun : taskRun); }

    private void showRun(Run target) {
        if (target == null || target == vs.run.get()) return;
        long t = vs.cursorTime();
        boolean had = vs.cursor.get() >= 0;
        double s = vs.viewStart.get(), e = vs.viewEnd.get();
        vs.cursor.set(-1);               // the old cursor is an event of the old run: no view may read it in the new one
        vs.run.set(target);
        vs.viewStart.set(s);
        vs.viewEnd.set(e);
        switching = true;
        (target == legacyRun ? legacyBtn : taskBtn).setSelected(true);
        switching = false;
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

    public void goTo(int i) { nav.goTo(i); }

    private void askTime() {
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
        waitChain.show(r, s, vs.selectedTask.get());
        if (i >= 0) {                                    // keep the cursor in view, away from the edges
            long t = r.trace().time(i);
            double[] f = StoryRange.follow(vs.viewStart.get(), vs.viewEnd.get(), t);
            if (f[0] != vs.viewStart.get() || f[1] != vs.viewEnd.get()) vs.setRange(f[0], f[1]);
        }
        status.setText(statusText(r, i, vs.horizon()));
    }

    /** "step 12 of 180 · t = 15.1ms · task-based model": the numbering of the log, describe and --step. */
    static String statusText(Run r, int i) { return statusText(r, i, Long.MAX_VALUE); }

    /** The same, knowing nothing after the horizon (a lesson's question waits). */
    static String statusText(Run r, int i, long horizon) {
        return (i < 0 ? "before the first step (0 of " + r.index().steps() + ")"
                : "step " + r.index().stepOf(i) + " of " + r.index().steps() + "  \u00B7  t = " + Durations.atEvent(r, i, horizon))
                + "  \u00B7  " + (r.isReal() ? "real trace (" + (r.model() == Simulator.Model.LEGACY ? "legacy" : "task-based") + " kernel)"
                        : r.model() == Simulator.Model.LEGACY ? "legacy model" : "task-based model");
    }

    public String statusText() { return status.getText(); }

    // ------------------------------------------------------------------ scale and presentation

    /** Text, lanes and tables grow together: the root font follows the scale. */
    private void applyScale() {
        scene.getRoot().setStyle(String.format(Locale.ROOT, "-fx-font-size: %.1fpx;", 13 * vs.scale.get()));
        Run r = vs.run.get();
        if (r != null) { cfsRqs.show(r, r.index().at(vs.cursor.get())); locks.show(r, r.index().at(vs.cursor.get())); }
    }

    /** Ctrl+plus / Ctrl+minus / Ctrl+0. */
    public void zoomText(int dir) { vs.zoomText(dir); }


    /** Presentation mode (F11): the timeline alone, full screen, larger. */
    public void setPresenting(boolean on) {
        if (on == presenting) return;
        presenting = on;
        if (on) {
            scaleBeforePresenting = vs.scale.get();
            vs.scale.set(Math.max(1.4, scaleBeforePresenting * 1.4));
            top.getItems().setAll(compareBtn.isSelected() ? compare : timelineBox);
            main.getItems().setAll(top);
        } else {
            vs.scale.set(scaleBeforePresenting);
            main.getItems().setAll(top, log);
            main.setDividerPositions(0.72);
            setCompare(compareBtn.isSelected());
        }
        stage.setFullScreenExitHint("F11 or Esc leaves presentation mode");
        stage.setFullScreen(on);
    }

    public boolean presenting() { return presenting; }

    /** Zooms the timeline to a moment (a note) and moves the cursor there. */
    void zoomTo(long t) {
        Run r = vs.run.get();
        if (r == null) return;
        double[] a = StoryRange.around(r, t);
        vs.setRange(a[0], a[1]);
        nav.goToTime(t);
    }

    // ------------------------------------------------------------------ keys and playback

    private void onKey(KeyEvent e) {
        if (e.getTarget() instanceof TextField || e.getTarget() instanceof TextArea) return;
        KeyCode k = e.getCode();
        boolean shift = e.isShiftDown(), ctrl = e.isShortcutDown(), alt = e.isAltDown();
        if (ctrl && (k == KeyCode.PLUS || k == KeyCode.EQUALS || k == KeyCode.ADD)) { zoomText(1); e.consume(); return; }
        if (ctrl && (k == KeyCode.MINUS || k == KeyCode.SUBTRACT)) { zoomText(-1); e.consume(); return; }
        if (ctrl && (k == KeyCode.DIGIT0 || k == KeyCode.NUMPAD0)) { zoomText(0); e.consume(); return; }
        if (k == KeyCode.F11) { setPresenting(!presenting); e.consume(); return; }
        if (ctrl && k == KeyCode.Z && whatIf.whatIf() != null) { whatIf.undoOrRedo(shift); e.consume(); return; }
        if (ctrl && k == KeyCode.Y && whatIf.whatIf() != null) { whatIf.undoOrRedo(true); e.consume(); return; }
        if (k == KeyCode.ESCAPE && presenting) { setPresenting(false); e.consume(); return; }
        if (vs.run.get() == null) return;
        int dir = 0;
        if (k == KeyCode.RIGHT || k == KeyCode.PERIOD) dir = 1;
        if (k == KeyCode.LEFT || k == KeyCode.COMMA) dir = -1;
        if (dir != 0) {
            nav.stepLike(dir, shift && vs.cursor.get() >= 0 ? Navigation.Like.KIND : ctrl ? Navigation.Like.TASK : alt ? Navigation.Like.CPU : Navigation.Like.ANY);
            e.consume();
            return;
        }
        double span = vs.viewEnd.get() - vs.viewStart.get();
        double around = vs.cursor.get() >= 0 ? vs.cursorTime() : (vs.viewStart.get() + vs.viewEnd.get()) / 2;
        switch (k) {
            case T -> step(shift ? -1 : 1, nav.kind(EventKind.THROTTLE));
            case P -> { if (shift) step(-1, nav.kind(EventKind.PARKED)); else nav.nextPark(); }
            case H -> step(shift ? -1 : 1, nav.kind(EventKind.HUNG_TASK));
            case HOME -> nav.goToFirst();
            case END -> nav.goToLast();
            case SPACE -> playback.toggle();
            case W -> vs.zoom(0.7, around);
            case S -> { if (!ctrl) vs.zoom(1.0 / 0.7, around); }
            case A -> vs.pan(-span * 0.2);
            case D -> vs.pan(span * 0.2);
            case F -> { if (ctrl) return; vs.fit(); }
            case M -> showRun(vs.run.get() == legacyRun ? taskRun : legacyRun);
            case L -> vs.taskLanes.set(!vs.taskLanes.get());
            case C -> { if (ctrl) return; setCompare(!compareBtn.isSelected()); }
            case X -> compare.goToDivergence();
            case G -> { if (ctrl) askTime(); else return; }
            case N -> { if (!lessonBar.active()) return; if (shift) lessonBar.previous(); else lessonBar.next(); }
            case DIGIT1, DIGIT2, DIGIT3, DIGIT4, DIGIT5, DIGIT6, DIGIT7, DIGIT8, DIGIT9 -> {
                if (!lessonBar.waitingForAnswer()) return;
                lessonBar.answer(k.getChar().charAt(0) - '1');
            }
            case SLASH -> { if (shift) showShortcuts(); else return; }
            default -> { if ("?".equals(e.getText())) showShortcuts(); else return; }
        }
        e.consume();
    }

    private void showShortcuts() {
        Alert a = new Alert(Alert.AlertType.INFORMATION);
        a.initOwner(stage);
        a.setTitle("Keyboard shortcuts");
        a.setHeaderText("Moving through time and around the timeline");
        GridPane grid = new GridPane();
        grid.setHgap(16);
        grid.setVgap(4);
        int row = 0;
        for (Shortcuts.Key s : Shortcuts.ALL) {
            Label k = new Label(s.keys());
            k.getStyleClass().add("key-name");
            grid.addRow(row++, k, new Label(s.does()));
        }
        a.getDialogPane().setContent(grid);
        a.getDialogPane().setId("shortcutsDialog");
        a.show();
    }

    public Label explanationLabel() { return explanation; }
}
