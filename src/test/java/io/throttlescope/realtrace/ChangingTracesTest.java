package io.throttlescope.realtrace;

import io.throttlescope.cli.Cli;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Issue 27, traces that change, block or lie, and scenarios taken for traces: a trace is told by
 * what it holds, a file replaced or rewritten between the two readings is refused, a kernel file
 * that a reading consumes is refused before it blocks, a cut gzip is said.
 */
class ChangingTracesTest {
    @TempDir
    Path dir;

    record Out(int code, String out, String err) {}

    static Out cli(String... args) {
        StringWriter o = new StringWriter(), e = new StringWriter();
        int code = Cli.run(args, new PrintWriter(o, true), new PrintWriter(e, true));
        return new Out(code, o.toString(), e.toString());
    }

    @Test
    void aScenarioWithAByteOrderMarkOrACommentIsAScenario() throws Exception {
        String json = Files.readString(Path.of("scenarios/03-single-task-limited.json"));
        Path bom = dir.resolve("bom.json");
        Files.writeString(bom, "\uFEFF" + json);
        assertThat(RealPair.looksLikeTrace(bom)).isFalse();
        Out d = cli("describe", bom.toString(), "--step", "3");
        assertThat(d.code()).as(d.err()).isZero();
        assertThat(d.out()).contains("What just happened");
        Path comment = dir.resolve("comment.json");
        Files.writeString(comment, "// my notes\n" + json);
        assertThat(RealPair.looksLikeTrace(comment)).isFalse();
        Out c = cli("describe", comment.toString());
        assertThat(c.err()).doesNotContain("not a trace");
        Path array = dir.resolve("array.json");
        Files.writeString(array, "[" + json + "]");
        assertThat(RealPair.looksLikeTrace(array)).isFalse();
        Path utf16 = dir.resolve("utf16.json");
        Files.write(utf16, ("\uFEFF" + json).getBytes(StandardCharsets.UTF_16LE));
        assertThat(RealPair.looksLikeTrace(utf16)).isFalse();
        Out u = cli("describe", utf16.toString());
        assertThat(u.code()).isEqualTo(1);
        assertThat(u.err()).contains("UTF-16").doesNotContain("not a trace");
    }

    /** A gzip named .txt is a gzip: told by its magic bytes, imported as the .gz is. */
    @Test
    void aGzipIsToldByItsBytesNotItsName() throws Exception {
        Path gz = Path.of("traces/03-single-task-limited-task-6.18.txt.gz");
        Path txt = Files.copy(gz, dir.resolve("really-a-gzip.txt"));
        assertThat(RealPair.looksLikeTrace(txt)).isTrue();
        RealTrace a = RealTrace.importFile(gz, RealTrace.Options.defaults()),
                b = RealTrace.importFile(txt, RealTrace.Options.defaults());
        assertThat(b.run.trace().size()).isEqualTo(a.run.trace().size()).isPositive();
        // cut before its trailer: said, not "null"
        byte[] all = Files.readAllBytes(gz);
        Path cut = dir.resolve("cut.txt.gz");
        Files.write(cut, java.util.Arrays.copyOf(all, all.length / 2));
        Out o = cli("import", cut.toString());
        assertThat(o.code()).isEqualTo(1);
        assertThat(o.err().strip())
                .contains("is a cut gzip file")
                .doesNotContain("null")
                .hasLineCount(1);
    }

    /** Rewritten between the two readings with as many lines (a re-recording): refused, not mixed. */
    @Test
    void aFileRewrittenBetweenTheReadingsIsRefused() throws Exception {
        List<String> lines = StreamingImportTest.lines(Path.of("traces/03-single-task-limited-task-6.18.txt.gz"));
        Path file = dir.resolve("t.txt");
        Files.write(file, lines, StandardCharsets.UTF_8);
        TraceText text = TraceText.open(file);
        List<String> other = new ArrayList<>(lines);
        Collections.swap(other, 0, 1); // another recording: same length, another start
        Path tmp = dir.resolve("t2.txt");
        Files.write(tmp, other, StandardCharsets.UTF_8);
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertThatThrownBy(() -> text.each(l -> {})).hasMessageContaining("replaced or rewritten between its readings");
        // replaced by a folder
        TraceText again = TraceText.open(file);
        Files.delete(file);
        Files.createDirectory(file);
        assertThatThrownBy(() -> again.each(l -> {})).hasMessageContaining("not a regular file");
    }

    /**
     * Rewritten in place between the readings, same size and same start, two lines far in swapped: the
     * second reading of a file whose lines all came in order goes without the order window, and a line
     * out of that order is refused as a rewrite, never given to the trace out of order.
     */
    @Test
    void aFileRewrittenInPlacePastItsStartIsRefused() throws Exception {
        List<String> lines = StreamingImportTest.lines(Path.of("traces/27-pileup-for-recording-task-6.18.txt.gz"));
        Path file = dir.resolve("t.txt");
        Files.write(file, lines, StandardCharsets.UTF_8);
        assertThat(Files.size(file)).isGreaterThan(1 << 17); // past the start the identity compares
        TraceText text = TraceText.open(file);
        List<String> other = new ArrayList<>(lines);
        int a = other.size() - 4; // two syscall lines of W near the end, 2 us apart
        Collections.swap(other, a, a + 1);
        assertThat(TraceLine.parse(0, other.get(a)).tsNs())
                .isGreaterThan(TraceLine.parse(0, other.get(a + 1)).tsNs()); // out of time order now
        Files.write(file, other, StandardCharsets.UTF_8); // in place: the same file, the same size
        assertThatThrownBy(() -> text.each(l -> {})).hasMessageContaining("rewritten between its readings");
    }

    /**
     * trace_pipe and other kernel files: refused before a reading consumes or blocks on them. describe
     * and screenshot read a file's first bytes to tell a trace from a scenario: on an empty trace_pipe
     * that read blocked for ever (seen: a test JVM held trace_pipe for 40 minutes), so the time is bounded.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aKernelFileIsRefusedBeforeItIsRead() {
        Path stat = Path.of("/proc/self/stat");
        assumeTrue(Files.isReadable(stat) && TraceText.fileSystem(stat).equals("proc"), "no procfs here");
        Out o = cli("import", stat.toString());
        assertThat(o.code()).isEqualTo(1);
        assertThat(o.err().strip())
                .contains("is a kernel file (proc)")
                .contains("save a copy first")
                .hasLineCount(1);
        Path pipe = Path.of("/sys/kernel/tracing/trace_pipe");
        if (Files.isReadable(pipe)) {
            assertThat(cli("describe", pipe.toString()).err()).contains("is a kernel file");
            assertThat(cli(
                                    "screenshot",
                                    pipe.toString(),
                                    "-o",
                                    dir.resolve("x.png").toString())
                            .err())
                    .contains("is a kernel file");
        }
    }

    /** The in-memory sort limit counts the text, not the gzip: 20 MB of out-of-order text in a small gzip is refused at 8 MiB. */
    @Test
    void theSortLimitCountsTheText() throws Exception {
        Path gz = dir.resolve("disordered.txt.gz");
        try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(gz))) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < 140_000; i++) {
                long us = i < 70_000
                        ? 1_000_000L + i
                        : i - 70_000; // the second half before the first: beyond the 65,536-line window
                b.append("           <idle>-0     [000] d..2. ")
                        .append(us / 1_000_000)
                        .append('.')
                        .append(String.format("%06d", us % 1_000_000))
                        .append(
                                ": sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=x next_pid=7 next_prio=120\n");
            }
            o.write(b.toString().getBytes(StandardCharsets.UTF_8));
        }
        assertThat(Files.size(gz)).isLessThan(8L << 20);
        assertThatThrownBy(() -> TraceText.open(gz, 8L << 20, null)).hasMessageContaining("to sort in memory");
    }
}
