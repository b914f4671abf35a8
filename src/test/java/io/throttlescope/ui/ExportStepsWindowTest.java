package io.throttlescope.ui;

import io.throttlescope.ui.export.ExportStepsDialog;
import io.throttlescope.ui.export.StepExport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.concurrent.Task;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import static org.assertj.core.api.Assertions.assertThat;

/** File > Export steps: the same pictures as the steps command, rendered inside the running window. */
@ExtendWith(ApplicationExtension.class)
class ExportStepsWindowTest {
    MainWindow w;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        w = TestWindows.seedStory(stage, 1280, 900);
    }

    void export(FxRobot robot, ExportStepsDialog.Request q, Path out) throws Exception {
        AtomicReference<Task<Void>> job = new AtomicReference<>();
        robot.interact(() -> job.set(w.exportSteps(q, out)));
        assertThat(job.get()).isNotNull();
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> job.get().isDone());
        WaitForAsyncUtils.waitForFxEvents();
        AtomicReference<Throwable> failed = new AtomicReference<>();
        robot.interact(() -> failed.set(job.get().getException()));
        assertThat(failed.get()).isNull();
    }

    @Test
    void aGifOfTheShownModelAndALessonDeck(FxRobot robot) throws Exception {
        if (System.getProperty("ts.look") != null) // -Dts.look=DIR: keep PNGs to look at
        export(
                    robot,
                    new ExportStepsDialog.Request(15_000_000L, 15_100_000L, 3, StepExport.Format.png, 1024, 768, false),
                    Path.of(System.getProperty("ts.look")));
        Path gif = dir.resolve("reader.gif");
        int expected =
                StepExport.between(w.taskRun, 15_000_000L, 15_100_000L, 60).size();
        assertThat(expected).isGreaterThanOrEqualTo(5);
        export(
                robot,
                new ExportStepsDialog.Request(15_000_000L, 15_100_000L, 60, StepExport.Format.gif, 800, 600, false),
                gif);
        ImageReader r = ImageIO.getImageReadersByFormatName("gif").next();
        try (ImageInputStream in = ImageIO.createImageInputStream(gif.toFile())) {
            r.setInput(in);
            assertThat(r.getNumImages(true)).isEqualTo(expected);
            assertThat(r.getWidth(0)).isEqualTo(800);
            assertThat(r.getHeight(0)).isEqualTo(600);
        } finally {
            r.dispose();
        }
        var img = ImageIO.read(gif.toFile());
        java.util.Set<Integer> colours = new java.util.HashSet<>(); // a picture of the window, not a blank
        for (int y = 0; y < img.getHeight(); y += 7)
            for (int x = 0; x < img.getWidth(); x += 7) colours.add(img.getRGB(x, y));
        assertThat(colours.size()).isGreaterThan(20);

        Path deck = dir.resolve("lesson.html");
        export(
                robot,
                new ExportStepsDialog.Request(0, Long.MAX_VALUE, 60, StepExport.Format.html, 800, 600, true),
                deck);
        String html = Files.readString(deck);
        assertThat(html.split("<section").length - 1).isEqualTo(9);
        assertThat(html).contains("Stop 5 of 7: question");
    }
}
