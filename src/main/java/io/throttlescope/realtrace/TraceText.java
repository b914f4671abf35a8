package io.throttlescope.realtrace;

import com.google.gson.JsonObject;
import io.throttlescope.text.Escape;
import com.google.gson.JsonParser;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Reads a text trace into its event lines, in time order, keeping what is not an event: the
 * {@code record} header, lost-event notices, and the line numbers of lines that could not be read
 * (skipped, never fatal). A file with no event line at all is not a trace.
 */
public final class TraceText {
    /** Traces over this are refused before reading (a system-wide trace of several seconds is ~16 MiB). */
    public static final long MAX_BYTES = 256L << 20;
    /** A line over this many characters is skipped unread (no trace line is a fraction of it). */
    public static final int MAX_LINE = 64 << 10;

    private static String stripCr(StringBuilder line) {
        int n = line.length();
        return n > 0 && line.charAt(n - 1) == '\r' ? line.substring(0, n - 1) : line.toString();
    }

    private void longLine(int n) {
        if (skipped.size() < 1000) skipped.add("line " + n + ": longer than " + (MAX_LINE >> 10) + " KiB, skipped");
    }
    static final String HEADER = "# throttlescope: ";
    private static final Pattern LOST = Pattern.compile("^\\s*CPU:?\\s*(\\d+) \\[LOST (\\d+) EVENTS\\]\\s*$");
    private static final Pattern CPUS = Pattern.compile("^cpus=(\\d+)\\s*$");

    public final List<TraceLine> lines = new ArrayList<>();
    /** Line number and why, for lines that were skipped. */
    public final List<String> skipped = new ArrayList<>();
    public final List<long[]> lost = new ArrayList<>();   // {line, cpu, count}
    public JsonObject header;
    public int cpus;
    public String format = "unknown";

    public static TraceText read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) throw new IOException(file + " is not a regular file");
        if (Files.size(file) > MAX_BYTES) throw new IOException(file + " is over " + (MAX_BYTES >> 20) + " MiB");
        try (InputStream raw = Files.newInputStream(file);
             InputStream in = file.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw) {
            return read(in);
        } catch (ZipException e) {
            throw new IOException(file + " is not a gzip file: " + e.getMessage());
        }
    }

    public static TraceText read(InputStream in) throws IOException {
        var dec = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        TraceText t = new TraceText();
        long bytes = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, dec), 1 << 16)) {
            int n = 0;
            StringBuilder line = new StringBuilder();
            char[] buf = new char[1 << 16];
            boolean tooLong = false;
            // lines are read with a cap: a line over MAX_LINE is skipped as it is read, never built (a small .gz
            // can expand to gigabytes on one line), and the text read is counted before anything is kept
            for (int got; (got = r.read(buf)) > 0; ) {
                bytes += got;
                if (bytes > MAX_BYTES) throw new IOException("the trace is over " + (MAX_BYTES >> 20) + " MiB of text");
                int from = 0;
                for (int i = 0; i < got; i++) {
                    if (buf[i] != '\n') continue;
                    n++;
                    if (!tooLong) {
                        line.append(buf, from, i - from);
                        if (line.length() > MAX_LINE) tooLong = true; else t.add(n, stripCr(line));
                    }
                    if (tooLong) t.longLine(n);
                    line.setLength(0);
                    tooLong = false;
                    from = i + 1;
                }
                if (!tooLong) {
                    line.append(buf, from, got - from);
                    if (line.length() > MAX_LINE) { tooLong = true; line.setLength(0); }
                }
            }
            if (tooLong) t.longLine(n + 1);
            else if (line.length() > 0) t.add(n + 1, stripCr(line));
        } catch (CharacterCodingException e) {
            throw new IOException("not a text trace: " + e.getMessage());
        }
        t.lines.sort((a, b) -> Long.compare(a.tsNs(), b.tsNs()));   // stable: per-CPU buffers merged by time
        return t;
    }

    private void add(int n, String line) {
        if (line.isBlank()) return;
        if (line.startsWith(HEADER)) {
            try {
                header = JsonParser.parseString(line.substring(HEADER.length())).getAsJsonObject();
            } catch (RuntimeException e) {
                skipped.add("line " + n + ": unreadable throttlescope header (not a JSON object on one line)");
            }
            return;
        }
        if (line.startsWith("#")) return;
        Matcher m = CPUS.matcher(line);
        if (m.matches()) {
            if (m.group(1).length() > 4 || Integer.parseInt(m.group(1)) > 4096) {
                skipped.add("line " + n + ": cpus=" + Escape.shortText(m.group(1)) + " is over 4096");
                return;
            }
            cpus = Integer.parseInt(m.group(1));
            format = "trace-cmd report";
            return;
        }
        m = LOST.matcher(line);
        if (m.matches()) {
            if (m.group(1).length() > 9 || m.group(2).length() > 18) {
                if (skipped.size() < 1000) skipped.add("line " + n + ": a lost-events count out of range");
                return;
            }
            lost.add(new long[] {n, Long.parseLong(m.group(1)), Long.parseLong(m.group(2))});
            return;
        }
        if (line.startsWith("version = ") || line.matches("^\\s*CPU \\d+ is empty\\s*$")) return;
        TraceLine tl = TraceLine.parse(n, line);
        if (tl == null || tl.tsNs() < 0 || tl.pid() < 0 || tl.cpu() < 0 || tl.cpu() > 4095) {
            if (skipped.size() < 1000) skipped.add("line " + n + ": not an event line: " + Escape.shortText(line));
            else if (skipped.size() == 1000) skipped.add("(more unreadable lines not listed)");
            return;
        }
        if (format.equals("unknown")) format = tl.perf() ? "perf script" : "tracefs";
        lines.add(tl);
    }
}
