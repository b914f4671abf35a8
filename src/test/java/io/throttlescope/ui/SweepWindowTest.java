package io.throttlescope.ui;

import io.throttlescope.compare.Sweep;
import io.throttlescope.sim.Simulator;
import io.throttlescope.ui.sweep.ErrorBarChart;
import io.throttlescope.view.Run;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.concurrent.Task;
import javafx.scene.chart.XYChart;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import static org.assertj.core.api.Assertions.assertThat;

/** Tools > Sweep: one chart per figure, both models over the values, and a clicked point opens that run. */
@ExtendWith(ApplicationExtension.class)
class SweepWindowTest {
    MainWindow w;

    @Start
    void start(Stage stage) {
        w = TestWindows.seedStory(stage, 1280, 900);
    }

    @Test
    void theSeedStorysQuotaSweptPlotsBothModelsAndAPointOpensItsRun(FxRobot robot) throws Exception {
        AtomicReference<Task<List<Sweep.Point>>> job = new AtomicReference<>();
        robot.interact(() -> {
            var p = w.sweep();
            p.param.setValue("/G:cpu.max"); // suggests values around 10000 100000
            assertThat(p.values.getText()).isEqualTo("2500 100000,5000 100000,10000 100000,20000 100000,50000 100000");
            if (System.getProperty("ts.look") == null) {
                p.values.setText("10000 100000,50000 100000");
                p.metrics.setText("task W longest_lock_wait_ms");
            }
            job.set(p.start());
        });
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> job.get().isDone());
        WaitForAsyncUtils.waitForFxEvents();
        if (System.getProperty("ts.look") != null)
            robot.interact(
                    () -> { // -Dts.look=DIR: keep a picture to look at
                        try {
                            javax.imageio.ImageIO.write(
                                    javafx.embed.swing.SwingFXUtils.fromFXImage(
                                            w.sweeps
                                                    .stage()
                                                    .getScene()
                                                    .getRoot()
                                                    .snapshot(null, null),
                                            null),
                                    "png",
                                    java.nio.file.Path.of(System.getProperty("ts.look"), "sweep.png")
                                            .toFile());
                        } catch (java.io.IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    });
        assertThat(w.sweeps.pane().charts.getChildren()).hasSize(1);
        ErrorBarChart c = (ErrorBarChart) w.sweeps.pane().charts.getChildren().get(0);
        assertThat(c.getTitle()).isEqualTo("task W longest_lock_wait_ms");
        XYChart.Series<String, Number> legacy = c.getData().get(0),
                task = c.getData().get(1);
        assertThat(legacy.getName()).startsWith("legacy");
        assertThat(legacy.getData())
                .extracting(d -> d.getYValue().doubleValue())
                .containsExactly(84.1, 0.0);
        // at 50 ms R runs its 0.1 ms critical section at the 16 ms tick, long before W asks at 20 ms: nobody waits
        assertThat(task.getData()).extracting(d -> d.getYValue().doubleValue()).containsExactly(0.0, 0.0);
        assertThat(legacy.getData().get(1).getXValue()).isEqualTo("50000 100000");

        Run before = w.legacyRun;
        robot.interact(() -> w.switchModel(Simulator.Model.TASK));
        robot.interact(() -> w.whatIf.edit("/G:cpu.max", "20000 100000"));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> w.legacyRun != before);
        Run edited = w.legacyRun;
        robot.clickOn(
                legacy.getData().get(0).getNode()); // the legacy run at 10 ms (84.1 ms, apart from the task-based 0)
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> w.legacyRun != edited);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(w.vs.run.get()).isSameAs(w.legacyRun);
        assertThat(w.whatIf.whatIf().history().undoLabel()).isEqualTo("/G:cpu.max = 10000 100000");
        assertThat(WhatIfWindowTest.wWait(w.legacyRun)).isEqualTo(84.1);
    }

    /** Escape closes the sweep's window, as it does a dialog (under a virtual display there is no close box: the sixth review). */
    @Test
    void escapeClosesTheSweep(FxRobot robot) {
        robot.interact(() -> w.sweep());
        assertThat(w.sweeps.stage().isShowing()).isTrue();
        robot.interact(() -> w.sweeps.stage().requestFocus());
        robot.interact(() -> javafx.event.Event.fireEvent(
                w.sweeps.stage().getScene().getRoot(),
                new javafx.scene.input.KeyEvent(
                        javafx.scene.input.KeyEvent.KEY_PRESSED,
                        "",
                        "",
                        javafx.scene.input.KeyCode.ESCAPE,
                        false,
                        false,
                        false,
                        false)));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(w.sweeps.stage().isShowing()).isFalse();
    }
}
