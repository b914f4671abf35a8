package io.throttlescope.ui;

import io.throttlescope.realtrace.RealTrace;
import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.Simulator;
import io.throttlescope.trace.PerfettoProto;
import io.throttlescope.ui.tables.CfsRqView;
import io.throttlescope.ui.tables.LocksView;
import io.throttlescope.ui.timeline.TimelineCanvas;
import io.throttlescope.view.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.concurrent.Task;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import static org.assertj.core.api.Assertions.assertThat;

/** The window, headless (Monocle): stepping through the seed story under both models. */
@ExtendWith(ApplicationExtension.class)
class MainWindowTest {
    MainWindow w;
    Stage stage;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        w = new MainWindow(stage);
        stage.setWidth(1500);
        stage.setHeight(950);
        stage.show();
        w.openNow(null); // the default scenario, simulated on the FX thread
    }

    int eventOf(EventKind k, String task) {
        Run r = w.vs.run.get();
        int id = java.util.Arrays.asList(r.info().tasks()).indexOf(task);
        for (int i = 0; i < r.trace().size(); i++)
            if (r.trace().kind(i) == k && r.trace().task(i) == id) return i;
        throw new AssertionError("no " + k + " for " + task);
    }

    String cell(CfsRqView v, String cfsRq, java.util.function.Function<io.throttlescope.view.CfsRqRows.Row, String> f) {
        return v.getItems().stream()
                .filter(r -> r.cfsRq().equals(cfsRq))
                .map(f)
                .findFirst()
                .orElseThrow();
    }

    /**
     * A real trace of millions of events beside a short simulation: switching with the cursor past
     * the end of the other run threw in the event log (it read the old cursor in the new run).
     */
    @Test
    void switchingToAShorterRunWithTheCursorPastItsEndIsSafe(FxRobot robot) {
        var spec = w.vs.run.get().spec();
        Run longRun = Run.simulate(spec.withDuration(400_000_000_000L), Simulator.Model.LEGACY);
        Run shortRun = Run.simulate(spec, Simulator.Model.TASK);
        assertThat(longRun.trace().size()).isGreaterThan(3 * 32768); // past the short run's first chunk of events
        List<Throwable> errors = new CopyOnWriteArrayList<>();
        robot.interact(() -> {
            Thread.currentThread().setUncaughtExceptionHandler((t, e) -> errors.add(e));
            w.install(spec, null, longRun, shortRun);
            w.switchModel(Simulator.Model.LEGACY);
            w.goTo(longRun.trace().size() - 1);
            w.switchModel(Simulator.Model.TASK);
        });
        assertThat(errors).isEmpty();
        assertThat(w.vs.run.get()).isSameAs(shortRun);
        assertThat(w.vs.cursor.get()).isEqualTo(shortRun.trace().size() - 1); // the last event at or before that time
    }

    /** A lesson's question covers what follows the cursor and makes room in the log: in presentation mode there is no log (it threw). */
    @Test
    void aQuestionInPresentationModeIsSafe(FxRobot robot) {
        List<Throwable> errors = new CopyOnWriteArrayList<>();
        robot.interact(() -> {
            Thread.currentThread().setUncaughtExceptionHandler((t, e) -> errors.add(e));
            w.setPresenting(true);
            w.vs.veiled.set(true);
            w.vs.veiled.set(false);
            w.setPresenting(false);
        });
        assertThat(errors).isEmpty();
        assertThat(w.presenting()).isFalse();
    }

    @Test
    void opensTheDefaultScenarioReadyToStep(FxRobot robot) {
        assertThat(stage.getTitle()).contains("percpu_rwsem reader woken into a throttled cgroup");
        assertThat(w.vs.run.get().model()).isEqualTo(Simulator.Model.TASK);
        assertThat(w.vs.cursor.get()).isEqualTo(-1);
        Label name = robot.lookup("#scenarioName").queryAs(Label.class);
        assertThat(name.getText()).isEqualTo("percpu_rwsem reader woken into a throttled cgroup");
        assertThat(robot.lookup("#scenarioDescription").queryAs(Label.class).getText())
                .contains("Step through it under both models");
        robot.clickOn("#timeline");
        robot.type(KeyCode.RIGHT);
        assertThat(w.vs.cursor.get()).isEqualTo(0);
        assertThat(w.vs.run.get().trace().kind(0)).isNotEqualTo(EventKind.STATE);
    }

    @Test
    void theReaderGetsTheTaskWorkThenParksAndSteppingBackRestoresEverything(FxRobot robot) {
        int work = eventOf(EventKind.TASK_WORK_ADDED, "R");
        robot.interact(() -> w.goTo(work));
        Label explanation = robot.lookup("#explanation").queryAs(Label.class);
        assertThat(explanation.getText())
                .contains("CPU0 picked R")
                .contains("task_throttle_setup_work() attached the throttle task work throttle_cfs_rq_work()")
                .contains("R keeps running in the kernel and will be parked when it returns to user mode");
        CfsRqView rq = robot.lookup("#cfsrqTable").queryAs(CfsRqView.class);
        assertThat(cell(rq, "/G @ CPU0", r -> r.throttled() ? "yes" : "no")).isEqualTo("yes");
        assertThat(cell(rq, "/G @ CPU0", io.throttlescope.view.CfsRqRows.Row::limboText))
                .isEqualTo("H"); // H was parked at 10 ms
        LocksView locks = robot.lookup("#locksTable").queryAs(LocksView.class);
        assertThat(locks.getItems().get(0).insideText()).isEqualTo("R"); // R holds the read side
        assertThat(locks.getItems().get(0).queueText()).isEmpty();

        // step forward (key) to the park: R is now at the head of the limbo list, before H
        robot.clickOn("#timeline");
        int park = eventOf(EventKind.PARKED, "R");
        for (int i = 0; i < 20 && w.vs.cursor.get() < park; i++) robot.type(KeyCode.RIGHT);
        assertThat(w.vs.cursor.get()).isEqualTo(park);
        assertThat(cell(rq, "/G @ CPU0", io.throttlescope.view.CfsRqRows.Row::limboText))
                .isEqualTo("R \u2192 H");
        assertThat(locks.getItems().get(0).insideText()).isEmpty(); // it released the lock first
        assertThat(explanation.getText())
                .contains("R returns to user mode")
                .contains("at the head of the limbo list of its own cfs_rq, /G on CPU0");
        String atPark = explanation.getText();

        // and back: every view as it was
        for (int i = 0; i < 20 && w.vs.cursor.get() > work; i++) robot.type(KeyCode.LEFT);
        assertThat(w.vs.cursor.get()).isEqualTo(work);
        assertThat(cell(rq, "/G @ CPU0", io.throttlescope.view.CfsRqRows.Row::limboText))
                .isEqualTo("H");
        assertThat(locks.getItems().get(0).insideText()).isEqualTo("R");
        assertThat(explanation.getText()).contains("task_throttle_setup_work()");
        robot.type(KeyCode.RIGHT);
        assertThat(explanation.getText()).isNotEqualTo(atPark);
    }

    @Test
    void nextParkButtonAndEventLogFollowTheCursor(FxRobot robot) {
        robot.interact(
                () -> robot.lookup("#jumpMenu").queryAs(javafx.scene.control.MenuButton.class).getItems().stream()
                        .filter(i -> "nextPark".equals(i.getId()))
                        .findFirst()
                        .orElseThrow()
                        .fire());
        int parkH = eventOf(EventKind.PARKED, "H");
        assertThat(w.vs.cursor.get()).isEqualTo(parkH);
        assertThat(w.log.table().getSelectionModel().getSelectedItem()).isEqualTo(parkH);
        // clicking a row of the log moves the cursor there
        int wake = eventOf(EventKind.WAKE, "W");
        robot.interact(() -> w.log.table()
                .getSelectionModel()
                .clearAndSelect(w.log.table().getItems().indexOf(wake)));
        assertThat(w.vs.cursor.get()).isEqualTo(wake);
        // filtering by kind keeps only those events
        robot.interact(() -> w.log.filterKind("parked"));
        assertThat(w.log.table().getItems())
                .allSatisfy(i -> assertThat(w.vs.run.get().trace().kind(i)).isEqualTo(EventKind.PARKED));
        assertThat(w.log.rowCount())
                .isEqualTo(w.vs.run.get().result().counts().get("parked").intValue());
    }

    @Test
    void switchingModelsKeepsTheSimulatedTime(FxRobot robot) {
        int park = eventOf(EventKind.PARKED, "R");
        robot.interact(() -> w.goTo(park));
        long t = w.vs.cursorTime();
        robot.clickOn("#modelLegacy");
        assertThat(w.vs.run.get().model()).isEqualTo(Simulator.Model.LEGACY);
        assertThat(w.vs.cursorTime()).isLessThanOrEqualTo(t);
        assertThat(w.vs.run.get().trace().time(w.vs.cursor.get() + 1)).isGreaterThan(t);
        // legacy at 15.1 ms: R holds the lock but is held off by the throttle; nothing is parked
        CfsRqView rq = robot.lookup("#cfsrqTable").queryAs(CfsRqView.class);
        assertThat(cell(rq, "/G @ CPU0", io.throttlescope.view.CfsRqRows.Row::limboText))
                .isEmpty();
        assertThat(cell(rq, "/G @ CPU0", io.throttlescope.view.CfsRqRows.Row::queuedText))
                .contains("R")
                .contains("H");
        LocksView locks = robot.lookup("#locksTable").queryAs(LocksView.class);
        assertThat(locks.getItems().get(0).insideText()).isEqualTo("R");
        robot.clickOn("#timeline");
        robot.type(KeyCode.M);
        assertThat(w.vs.run.get().model()).isEqualTo(Simulator.Model.TASK);
    }

    @Test
    void aBrokenFileShowsEveryProblemAndTheOldScenarioStays(FxRobot robot) throws Exception {
        Path bad = dir.resolve("broken.json");
        Files.writeString(
                bad,
                "{\n  \"format\": 1,\n  \"name\": \"x\",\n  \"duration\": 5,\n  \"tasks\": [{\"name\": \"T\", \"program\": [{\"usr\": \"1ms\"}]}]\n}\n");
        String title = stage.getTitle();
        Run before = w.vs.run.get();
        robot.interact(() -> w.open(bad));
        WaitForAsyncUtils.waitFor(
                10, TimeUnit.SECONDS, () -> robot.lookup("#problems").tryQuery().isPresent());
        TextArea problems = robot.lookup("#problems").queryAs(TextArea.class);
        assertThat(problems.getText())
                .contains("broken.json:4:15: $.duration: found the bare number 5")
                .contains("broken.json:5:39: $.tasks[0].program[0]: the step has none of");
        DialogPane pane = robot.lookup("#problemsDialog").queryAs(DialogPane.class);
        assertThat(pane.getHeaderText()).contains("2 problems").contains("stays open");
        assertThat(stage.getTitle()).isEqualTo(title);
        assertThat(w.vs.run.get()).isSameAs(before);
        robot.interact(() -> {
            for (Window win : new java.util.ArrayList<>(Window.getWindows()))
                if (win != stage && win instanceof Stage s) s.close();
        });
    }

    @Test
    void openingAFileSimulatesInTheBackground(FxRobot robot) throws Exception {
        Path f = Path.of("scenarios", "03-single-task-limited.json");
        robot.interact(() -> w.open(f));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> stage.getTitle().contains("One CPU-bound task"));
        assertThat(w.vs.run.get().spec().name()).isEqualTo("One CPU-bound task in a limited group");
        robot.clickOn("#timeline");
        robot.type(KeyCode.T);
        assertThat(w.vs.run.get().trace().kind(w.vs.cursor.get())).isEqualTo(EventKind.THROTTLE);
    }

    /** File > Export native Perfetto trace writes the shown run as a Perfetto trace that import reads back with its CPU times. */
    @Test
    void theWindowExportsANativePerfettoTrace(FxRobot robot) throws Exception {
        Run r = w.vs.run.get();
        Path out = dir.resolve("shown.pftrace");
        AtomicReference<Task<Void>> job = new AtomicReference<>();
        robot.interact(() -> job.set(w.exportTo(r, "perfetto-proto", out)));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> job.get().isDone());
        WaitForAsyncUtils.waitForFxEvents();
        AtomicReference<Throwable> failed = new AtomicReference<>();
        robot.interact(() -> failed.set(job.get().getException()));
        assertThat(failed.get()).isNull();
        RealTrace back = RealTrace.importFile(out, RealTrace.Options.defaults());
        assertThat(back.format).isEqualTo("perfetto");
        String[] tasks = r.info().tasks();
        for (int t = 0; t < tasks.length; t++) {
            assertThat(back.run
                            .result()
                            .tasks()
                            .get(tasks[t] + "-" + PerfettoProto.pid(t))
                            .cpu_ns())
                    .as(tasks[t])
                    .isEqualTo(r.result().tasks().get(tasks[t]).cpu_ns());
        }
    }

    @Test
    void clickingASliceSelectsItsTask(FxRobot robot) {
        TimelineCanvas tl = w.timeline;
        robot.interact(() -> w.vs.setRange(0, 8_000_000));
        // CPU0's lane: the first CPU lane under the "CPUs" section
        double y = TimelineCanvas.RULER_H + TimelineCanvas.SECTION_H + TimelineCanvas.CPU_H / 2;
        double x = TimelineCanvas.LABEL_W + tl.plotW() * 0.5; // 4 ms: H runs on CPU0
        javafx.geometry.Point2D p = tl.canvas().localToScreen(x, y);
        robot.clickOn(p.getX(), p.getY());
        assertThat(w.vs.selectedTask.get())
                .isEqualTo(
                        java.util.Arrays.asList(w.vs.run.get().info().tasks()).indexOf("H"));
        assertThat(tl.hit(x, y).text()).startsWith("H (/G) on CPU0, user mode");
    }

    @Test
    void compareModeStacksBothModelsWithTheResultsTable(FxRobot robot) {
        robot.clickOn("#compareToggle");
        assertThat(robot.lookup("#compareView").tryQuery()).isPresent();
        assertThat(w.compare.legacyVs.run.get().model()).isEqualTo(Simulator.Model.LEGACY);
        assertThat(w.compare.taskVs.run.get().model()).isEqualTo(Simulator.Model.TASK);
        // zoom and pan are shared
        robot.interact(() -> w.vs.setRange(0, 40_000_000));
        assertThat(w.compare.legacyVs.viewEnd.get()).isEqualTo(w.compare.taskVs.viewEnd.get());
        // the first divergence is one key away, and both cursors stand at that time
        robot.clickOn("#legacyTimeline");
        robot.type(KeyCode.X);
        long t = w.compare.divergence().firstTimeNs;
        assertThat(w.vs.cursorTime()).isEqualTo(t);
        assertThat(w.compare.legacyVs.cursorTime()).isLessThanOrEqualTo(t);
        assertThat(w.compare.taskVs.cursorTime()).isLessThanOrEqualTo(t);
        // the results table: selecting the writer's lock wait goes to its worst moment (legacy: 20 ms)
        javafx.scene.control.TableView<io.throttlescope.compare.Comparison.Row> table = w.compare.table;
        var row = table.getItems().stream()
                .filter(r -> r.metric().equals("task W longest_lock_wait_ms"))
                .findFirst()
                .orElseThrow();
        assertThat(row.legacy().mean()).isEqualTo(84.1);
        assertThat(row.task().mean()).isZero();
        robot.interact(() -> table.getSelectionModel().select(row));
        assertThat(w.vs.cursorTime()).isEqualTo(20_000_000L);
        assertThat(w.compare.tableText())
                .contains("task W longest_lock_wait_ms")
                .contains("-100.00%");
        // sortable: by change
        robot.interact(() -> {
            table.getSortOrder().setAll(table.getColumns().get(3));
            table.sort();
        });
        assertThat(table.getItems()).isNotEmpty();
        robot.clickOn("#compareToggle");
        assertThat(robot.lookup("#compareView").tryQuery()).isEmpty();
    }

    @Test
    void jumpToATimeAndPlay(FxRobot robot) throws Exception {
        robot.clickOn("#jumpTime").write("100ms").type(KeyCode.ENTER);
        long t = w.vs.cursorTime();
        assertThat(t).isGreaterThanOrEqualTo(100_000_000L);
        assertThat(w.vs.run.get().trace().time(w.vs.cursor.get() - 1)).isLessThan(100_000_000L + 1);
        int before = w.vs.cursor.get();
        robot.clickOn("#play");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> w.vs.cursor.get() > before);
        robot.clickOn("#play");
        int stopped = w.vs.cursor.get();
        WaitForAsyncUtils.sleep(300, TimeUnit.MILLISECONDS);
        assertThat(w.vs.cursor.get()).isEqualTo(stopped);
        // "?" lists the shortcuts
        robot.clickOn("#timeline");
        robot.interact(() -> robot.lookup("#timeline").query().requestFocus());
        robot.press(KeyCode.SHIFT).type(KeyCode.SLASH).release(KeyCode.SHIFT);
        WaitForAsyncUtils.waitFor(
                5,
                TimeUnit.SECONDS,
                () -> robot.lookup("#shortcutsDialog").tryQuery().isPresent());
        robot.interact(() -> {
            for (Window win : new java.util.ArrayList<>(Window.getWindows()))
                if (win != stage && win instanceof Stage s) s.close();
        });
    }
}
