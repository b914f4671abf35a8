package io.throttlescope.ui;

import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/** steps: the window at each event, as PNGs, an animated GIF (decoded back) and an HTML deck. */
class StepExportTest {
    @TempDir
    Path dir;

    /** In a JVM of its own: the export starts its own headless toolkit, which must not meet the GUI tests' one. */
    static int cli(String... args) throws Exception {
        java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-cp",
                System.getProperty("java.class.path"),
                "io.throttlescope.Launcher"));
        cmd.addAll(java.util.List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        assertThat(p.waitFor(180, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        return p.exitValue();
    }

    @Test
    void anAnimatedGifDecodesBackFrameByFrame() throws Exception {
        Path gif = dir.resolve("s.gif");
        assertThat(cli(
                        "steps",
                        "scenarios/01-seed-story-rwsem-reader.json",
                        "--model",
                        "task",
                        "--from",
                        "15ms",
                        "--to",
                        "15.1ms",
                        "--size",
                        "800x600",
                        "-o",
                        gif.toString()))
                .isZero();
        ImageReader r = ImageIO.getImageReadersByFormatName("gif").next();
        try (ImageInputStream in = ImageIO.createImageInputStream(gif.toFile())) {
            r.setInput(in);
            int n = r.getNumImages(true);
            assertThat(n).isGreaterThanOrEqualTo(5); // pick, task work, switch, lock release, syscall exit, parked...
            assertThat(r.getWidth(0)).isEqualTo(800);
            assertThat(r.getHeight(n - 1)).isEqualTo(600);
            IIOMetadataNode root = (IIOMetadataNode) r.getImageMetadata(0).getAsTree("javax_imageio_gif_image_1.0");
            IIOMetadataNode gce = (IIOMetadataNode)
                    root.getElementsByTagName("GraphicControlExtension").item(0);
            assertThat(gce.getAttribute("delayTime")).isEqualTo("200"); // 2 s a step
            assertThat(root.getElementsByTagName("ApplicationExtension").getLength())
                    .isEqualTo(1); // loops
            assertThat(ImageIO.read(gif.toFile()).getRGB(400, 300)).isNotZero();
        } finally {
            r.dispose();
        }
    }

    @Test
    void anHtmlDeckCarriesPicturesAndExplanationsAndPngsAreNumbered() throws Exception {
        Path html = dir.resolve("deck.html");
        assertThat(cli(
                        "steps",
                        "scenarios/01-seed-story-rwsem-reader.json",
                        "--model",
                        "legacy",
                        "--from",
                        "10ms",
                        "--to",
                        "10ms",
                        "--size",
                        "800x600",
                        "-o",
                        html.toString()))
                .isZero();
        String text = Files.readString(html);
        long slides = (long) text.split("<section").length - 1;
        assertThat(slides).isGreaterThanOrEqualTo(2);
        assertThat(text.split("data:image/png;base64,").length - 1).isEqualTo((int) slides);
        assertThat(text).contains("throttle_cfs_rq()").contains("ArrowRight");
        assertThat(text)
                .contains("Kernel source: ")
                .contains("<a href=\"https://elixir.bootlin.com/linux/v6.17/A/ident/throttle_cfs_rq\">");
        Path pngs = dir.resolve("pngs");
        assertThat(cli(
                        "steps",
                        "scenarios/01-seed-story-rwsem-reader.json",
                        "--from",
                        "15ms",
                        "--to",
                        "15ms",
                        "--size",
                        "800x600",
                        "-o",
                        pngs.toString()))
                .isZero();
        assertThat(pngs.resolve("step-001.png")).exists();
        assertThat(cli(
                        "steps",
                        "scenarios/01-seed-story-rwsem-reader.json",
                        "--from",
                        "15ms",
                        "--to",
                        "1ms",
                        "-o",
                        pngs.toString()))
                .isEqualTo(2);
    }

    @Test
    void aLessonBecomesOneSlidePerStopAndTwoPerQuestion() throws Exception {
        Path html = dir.resolve("lesson.html");
        assertThat(cli(
                        "steps",
                        "scenarios/01-seed-story-rwsem-reader.json",
                        "--lesson",
                        "--size",
                        "800x600",
                        "-o",
                        html.toString()))
                .isZero();
        String text = Files.readString(html);
        assertThat(text.split("<section").length - 1).isEqualTo(7 + 2); // 7 stops, 2 of them questions
        assertThat(text)
                .contains("Stop 3 of 7: question")
                .contains("What happens to R now, under the task-based model?")
                .contains("Stop 3 of 7: answer")
                .contains("The answer is \u201cR runs its critical section in the kernel, then is parked\u201d");
        Path gif = dir.resolve("first.gif"); // --from/--to pick the stops placed between them
        assertThat(cli(
                        "steps",
                        "scenarios/01-seed-story-rwsem-reader.json",
                        "--lesson",
                        "--from",
                        "0ms",
                        "--to",
                        "12ms",
                        "--size",
                        "800x600",
                        "-o",
                        gif.toString()))
                .isZero();
        ImageReader r = ImageIO.getImageReadersByFormatName("gif").next();
        try (ImageInputStream in = ImageIO.createImageInputStream(gif.toFile())) {
            r.setInput(in);
            assertThat(r.getNumImages(true)).isEqualTo(2); // R queues at 8 ms, /G is throttled at 10 ms
        } finally {
            r.dispose();
        }
        assertThat(cli(
                        "steps",
                        "scenarios/03-single-task-limited.json",
                        "--lesson",
                        "-o",
                        dir.resolve("x.html").toString()))
                .isEqualTo(1);
        assertThat(cli(
                        "steps",
                        "scenarios/03-single-task-limited.json",
                        "-o",
                        dir.resolve("x.html").toString()))
                .isEqualTo(2);
    }
}
