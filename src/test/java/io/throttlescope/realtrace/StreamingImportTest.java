package io.throttlescope.realtrace;

import com.google.gson.Gson;
import io.throttlescope.trace.Trace;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CancellationException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A trace file is streamed in two passes, never held: the result must be the one of the same text
 * held in memory and sorted, whatever the order of its lines, and size is no longer a limit.
 */
class StreamingImportTest {
    @TempDir
    Path dir;

    static final Path RECORDING = Path.of("traces/01-seed-story-rwsem-reader-task-6.18.txt.gz");
    private static final Pattern TS = Pattern.compile(" (\\d+)\\.(\\d{6}): ");

    static List<String> lines(Path gz) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }

    static RealTrace held(String name, List<String> lines) throws IOException {
        byte[] b = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
        return RealTrace.of(name, TraceText.read(new java.io.ByteArrayInputStream(b)), RealTrace.Options.defaults());
    }

    /** What the views and the commands see: the result object and every event's columns. */
    static String fingerprint(RealTrace rt) {
        StringBuilder sb = new StringBuilder(new Gson().toJson(rt.result()));
        Trace t = rt.run.trace();
        for (int i = 0; i < t.size(); i++) {
            sb.append('\n')
                    .append(t.time(i))
                    .append(' ')
                    .append(t.kind(i))
                    .append(' ')
                    .append(t.cpu(i))
                    .append(' ')
                    .append(t.task(i))
                    .append(' ')
                    .append(t.group(i))
                    .append(' ')
                    .append(t.argA(i))
                    .append(' ')
                    .append(t.argB(i));
        }
        return sb.toString();
    }

    /** The event lines of a recording repeated back to back, each copy shifted by the recording's span (as tools/big-trace does). */
    static List<String> copies(List<String> lines, int n) {
        List<String> head = new ArrayList<>(), body = new ArrayList<>();
        for (String l : lines) (TS.matcher(l).find() ? body : head).add(l);
        long first = ts(body.get(0)), span = ts(body.get(body.size() - 1)) - first + 1000;
        List<String> out = new ArrayList<>(head);
        for (int c = 0; c < n; c++) for (String l : body) out.add(shift(l, c * span));
        return out;
    }

    private static long ts(String line) {
        Matcher m = TS.matcher(line);
        m.find();
        return Long.parseLong(m.group(1)) * 1_000_000 + Long.parseLong(m.group(2));
    }

    private static String shift(String line, long us) {
        if (us == 0) return line;
        Matcher m = TS.matcher(line);
        m.find();
        long t = Long.parseLong(m.group(1)) * 1_000_000 + Long.parseLong(m.group(2)) + us;
        return line.substring(0, m.start())
                + String.format(Locale.ROOT, " %d.%06d: ", t / 1_000_000, t % 1_000_000)
                + line.substring(m.end());
    }

    private Path write(String name, List<String> lines) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, lines, StandardCharsets.UTF_8);
        return p;
    }

    @Test
    void everyShippedRecordingStreamedIsWhatItIsHeld() throws IOException {
        List<Path> traces;
        try (Stream<Path> s = Files.list(Path.of("traces"))) {
            traces = s.filter(p -> p.toString().endsWith(".gz")).sorted().toList();
        }
        assertThat(traces).hasSizeGreaterThanOrEqualTo(6);
        for (Path f : traces) {
            TraceText text = TraceText.open(f);
            assertThat(text.streamed()).as(f.toString()).isTrue();
            RealTrace streamed = RealTrace.of(f.getFileName().toString(), text, RealTrace.Options.defaults());
            RealTrace held = held(f.getFileName().toString(), lines(f));
            assertThat(fingerprint(streamed)).as(f.toString()).isEqualTo(fingerprint(held));
        }
    }

    /**
     * The lines are parsed on two threads (issue 28): what depends on their order, done where they are
     * taken, is what one thread reading them in turn finds: thousands of unreadable lines (past the list's
     * cap), too long ones, lost-events notices, {@code cpus=} lines and broken headers among a recording's
     * lines, over many batches, give the same skipped list, format, lost events and import streamed as held.
     */
    @Test
    void whatIsSaidOfTheLinesIsInTheirOrderWhenTwoThreadsParseThem() throws IOException {
        List<String> lines = new ArrayList<>();
        java.util.Random r = new java.util.Random(28);
        int n = 0;
        for (String l : copies(lines(RECORDING), 40)) {
            if (l.startsWith("# throttlescope:")) {
                lines.add(l);
                continue;
            }
            int k = r.nextInt(60);
            if (k == 0) lines.add("garbage line " + n++);
            else if (k == 1) lines.add("x".repeat(TraceText.MAX_LINE + 10));
            else if (k == 2) lines.add("CPU:1 [LOST " + r.nextInt(99) + " EVENTS]");
            else if (k == 3) lines.add("cpus=" + (r.nextBoolean() ? 2 : 5000));
            else if (k == 4) lines.add("# throttlescope: {broken");
            lines.add(l);
        }
        assertThat(n).isGreaterThan(1000); // past the skipped list's cap
        Path f = write("salted.txt", lines);
        TraceText streamed = TraceText.open(f);
        TraceText held = TraceText.read(new java.io.ByteArrayInputStream(Files.readAllBytes(f)));
        assertThat(streamed.skipped).hasSize(1001).isEqualTo(held.skipped);
        assertThat(streamed.format).isEqualTo(held.format).isEqualTo("trace-cmd report");
        assertThat(streamed.cpus).isEqualTo(held.cpus);
        assertThat(streamed.lost)
                .usingElementComparator(java.util.Arrays::compare)
                .isEqualTo(held.lost);
        assertThat(fingerprint(RealTrace.of("salted", streamed, RealTrace.Options.defaults())))
                .isEqualTo(fingerprint(RealTrace.of("salted", held, RealTrace.Options.defaults())));
    }

    @Test
    void linesALittleOutOfOrderAreOrderedAsTheyStream() throws IOException {
        List<String> lines = new ArrayList<>(lines(RECORDING));
        List<String> swapped = new ArrayList<>(lines);
        int moved = 0;
        for (int i = 20; i + 1 < swapped.size(); i += 7) { // every seventh event line swapped with the next
            String a = swapped.get(i), b = swapped.get(i + 1);
            if (!TS.matcher(a).find() || !TS.matcher(b).find() || ts(a) == ts(b)) continue;
            swapped.set(i, b);
            swapped.set(i + 1, a);
            moved++;
        }
        assertThat(moved).isGreaterThan(100);
        TraceText text = TraceText.open(write("swapped.txt", swapped));
        assertThat(text.streamed()).isTrue();
        assertThat(fingerprint(RealTrace.of("t", text, RealTrace.Options.defaults())))
                .isEqualTo(fingerprint(held("t", lines)));
    }

    @Test
    void linesFarOutOfOrderAreSortedInMemoryWhenSmallAndRefusedWhenNot() throws IOException {
        List<String> ordered = copies(lines(RECORDING), 80); // about 186,000 event lines
        int head = (int) ordered.stream().takeWhile(l -> !TS.matcher(l).find()).count();
        List<String> far = new ArrayList<>(ordered.subList(0, head));
        int half = head + (ordered.size() - head) / 2;
        far.addAll(ordered.subList(half, ordered.size())); // the second half first: 93,000 lines too early
        far.addAll(ordered.subList(head, half));
        assertThat(ordered.size() - half).isGreaterThan(TraceText.WINDOW);
        Path file = write("far.txt", far);
        TraceText text = TraceText.open(file);
        assertThat(text.streamed()).isFalse();
        assertThat(fingerprint(RealTrace.of("t", text, RealTrace.Options.defaults())))
                .isEqualTo(fingerprint(held("t", ordered)));
        assertThatThrownBy(() -> TraceText.open(file, 1 << 20, null))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("out of time order by more than 65536 lines")
                .hasMessageContaining("sort it first");
    }

    /**
     * A big import says how far it is (the window's progress bar) and stops when told to: opening
     * another file while a gigabyte imports must not leave two imports filling the memory.
     */
    @Test
    void anImportSaysHowFarItIsAndStopsWhenCancelled() throws IOException {
        Path file =
                write("copies.txt", copies(lines(RECORDING), 120)); // about 27 MiB: several progress reports a reading
        List<Double> seen = new ArrayList<>();
        RealTrace rt = RealTrace.importFile(file, RealTrace.Options.defaults().withoutResult(), seen::add);
        assertThat(rt.run.trace().size()).isPositive();
        assertThat(seen).hasSizeGreaterThan(4);
        assertThat(seen).isSorted();
        assertThat(seen.get(0)).isBetween(0.0, 0.45);
        assertThat(seen).anyMatch(f -> f > 0.45 && f < 0.9); // the second reading
        assertThat(seen.get(seen.size() - 1)).isEqualTo(1.0);
        int[] calls = {0};
        assertThatThrownBy(() -> RealTrace.importFile(file, RealTrace.Options.defaults(), f -> {
                    if (++calls[0] == 2) throw new CancellationException("a newer file was opened");
                }))
                .isInstanceOf(CancellationException.class);
        assertThat(calls[0]).isEqualTo(2); // nothing more was read after it
        // told to stop once the file is read, it stops before building the index (seconds for a gigabyte)
        double[] stoppedAt = {-1};
        assertThatThrownBy(() -> RealTrace.importFile(file, RealTrace.Options.defaults(), f -> {
                    if (f >= 0.9 && stoppedAt[0] < 0) {
                        stoppedAt[0] = f;
                        throw new CancellationException("a newer file was opened");
                    }
                }))
                .isInstanceOf(CancellationException.class);
        assertThat(stoppedAt[0]).isEqualTo(0.9); // at the reading's end, not after the index (1.0)
    }

    /**
     * The file is read twice: one that grows in between (a trace still being written) must import
     * as far as it can and say so, not fail on the look-ahead table of the first reading.
     */
    @Test
    void aFileThatGrowsBetweenTheTwoReadingsImportsAndSaysSo() throws IOException {
        List<String> two = copies(lines(RECORDING), 2);
        int head = (int) two.stream().takeWhile(l -> !TS.matcher(l).find()).count();
        int half = head + (two.size() - head) / 2;
        Path file = write("growing.txt", two.subList(0, half));
        TraceText text = TraceText.open(file);
        Files.write(file, two.subList(half, two.size()), StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        RealTrace rt = RealTrace.of("growing.txt", text, RealTrace.Options.defaults());
        assertThat(rt.skipped).anyMatch(s -> s.contains("the file changed while it was read"));
        assertThat(rt.run.trace().size()).isGreaterThan(0);
    }

    /** The old limit refused anything over 256 MiB of text; a gzip'd trace of 270 MiB now streams through. */
    @Test
    void aTraceOverTheOld256MibLimitOpens() throws IOException {
        List<String> one = lines(RECORDING);
        List<String> body = copies(one, 2)
                .subList(
                        one.size(),
                        2 * one.size()
                                - (int) one.stream()
                                        .filter(l -> !TS.matcher(l).find())
                                        .count());
        Path gz = dir.resolve("big.txt.gz");
        long bytes = 0;
        int copies = 0;
        try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(gz), 1 << 16);
                Writer w = new OutputStreamWriter(o, StandardCharsets.UTF_8)) {
            for (String l : one)
                if (!TS.matcher(l).find()) {
                    w.write(l);
                    w.write('\n');
                }
            long span = ts(body.get(0))
                    - ts(one.stream()
                            .filter(l -> TS.matcher(l).find())
                            .findFirst()
                            .orElseThrow());
            while (bytes < (270L << 20)) {
                for (String l : body) {
                    String s = shift(l, copies * span);
                    w.write(s);
                    w.write('\n');
                    bytes += s.length() + 1;
                }
                copies++;
            }
        }
        RealTrace rt = RealTrace.importFile(gz, RealTrace.Options.defaults().withoutResult());
        assertThat(bytes).isGreaterThan(256L << 20);
        assertThat(rt.run.trace().size()).isGreaterThan(copies * 1000);
        assertThat(rt.counts().get("skipped_lines").getAsInt()).isZero();
        assertThat(rt.run.info().endNs()).isGreaterThan((copies - 1) * 300_000_000L);
    }
}
