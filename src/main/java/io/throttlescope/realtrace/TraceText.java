package io.throttlescope.realtrace;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.throttlescope.text.Escape;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * The text of a trace: its event lines in time order, and what is not an event (the {@code record}
 * header, lost-event notices, the numbers of lines that could not be read: skipped, never fatal).
 * A file with no event line at all is not a trace.
 *
 * <p>A file is streamed, never held: {@link #open} reads it once for what the import must know
 * before it starts (header, CPUs, first time, the {@link Switches} the inference looks ahead at),
 * and {@link #each} reads it again line by line into the import. Lines come out in time order
 * through a window of {@link #WINDOW} lines (per-CPU buffers are merged by time; equal times keep
 * the file's order). A file whose lines are further out of order than that is sorted in memory if
 * it is small enough ({@link #MAX_SORTED_BYTES}), refused otherwise.
 */
public final class TraceText {
    /** Text over this is refused (counted as read, gzip'd or not): far more than a 2 GB heap can hold as events. */
    public static final long MAX_BYTES = 64L << 30;
    /** A line over this many bytes is skipped unread (no trace line is a fraction of it). */
    public static final int MAX_LINE = 64 << 10;
    /** Lines may be this far out of time order and still be streamed. */
    public static final int WINDOW = 1 << 16;
    /** A trace further out of order than {@link #WINDOW} is sorted in memory up to this size (about 1.6 KB an event). */
    public static final long MAX_SORTED_BYTES = 256L << 20;
    /** At most this many event lines (a switch or line number must fit an int, with room). */
    public static final long MAX_EVENT_LINES = 500_000_000L;

    static final String HEADER = "# throttlescope: ";
    /** A line a binary reader (trace.dat, Perfetto) writes into its text to say what it could not read. */
    static final String READER_NOTE = "\u0000note: ";
    /** tracefs's {@code CPU:N [LOST n EVENTS]}, trace-cmd report's {@code CPU:N [n EVENTS DROPPED]} and, count unknown, {@code [EVENTS DROPPED]}. */
    private static final Pattern LOST =
            Pattern.compile("^\\s*CPU:?\\s*(\\d+) \\[(?:LOST (\\d+) EVENTS|(\\d+ )?EVENTS DROPPED)\\]\\s*$");

    private static final Pattern CPUS = Pattern.compile("^cpus=(\\d+)\\s*$");
    private static final Pattern EMPTY_CPU = Pattern.compile("^\\s*CPU \\d+ is empty\\s*$");
    static final Comparator<TraceLine> ORDER =
            Comparator.comparingLong(TraceLine::tsNs).thenComparingInt(TraceLine::lineNo);

    /** Line number and why, for lines that were skipped. */
    public final List<String> skipped = new ArrayList<>();

    public final List<long[]> lost = new ArrayList<>(); // {line, cpu, count}; count -1: not known
    public JsonObject header;
    /** The traced kernel's release where the file itself says it (a trace.dat's uname); null otherwise. */
    public String kernel;

    public int cpus;
    public String format = "unknown";
    /** Event lines, the first one's time, the highest CPU an event line names (-1: none). */
    public long events;

    public long firstNs;
    public int maxCpu = -1;
    final Switches switches = new Switches();
    /** The forks seen in the first reading, in order: {parent COMM-PID, parent COMM, child COMM-PID} (see {@link #inherit}). */
    final List<String[]> forks = new ArrayList<>();
    /** Forks kept for {@link #inherit}: as many as the import follows tasks (a child past that is left out anyway). */
    static final int MAX_FORKS = Importer.MAX_TASKS;

    private static final Pattern FORK = Pattern.compile("comm=(.*) pid=(\\d+) child_comm=(.*) child_pid=(\\d+)");

    /**
     * A forked task starts in its parent's cgroup: where the cgroup map names a parent's group but not
     * its child's, the child is put there, in fork order (a child's children follow). The pile-up's
     * forkers in /G made children that the trace drew in "/" and the throttle inference ignored.
     */
    void inherit(CgroupMap map) {
        for (String[] f : forks) {
            String pid = f[0].substring(f[0].lastIndexOf('-') + 1);
            String parent = map.groupOf(f[1], Integer.parseInt(pid));
            String child = f[2];
            int d = child.lastIndexOf('-');
            if (parent != null && map.groupOf(child.substring(0, d), Integer.parseInt(child.substring(d + 1))) == null)
                map.tasks.put(child, parent);
        }
    }

    private final Set<String> eventNames = new HashSet<>();
    /** At most this many distinct event names are kept (a hostile file could name millions). */
    static final int MAX_EVENT_NAMES = 1 << 16;

    private final Path file; // streamed from here; null when the lines are held
    private List<TraceLine> held; // the lines in time order, for text read from a stream or sorted in memory
    private boolean counting = true; // the first reading counts and keeps what is not an event; later ones only read
    /** Where the reading thread puts what it reads: an event line to parse (by either thread), or a note. */
    private ReadAhead.Out out;
    /** Where the lines go, parsed and checked in order (the caller's thread). */
    private Consumer<TraceLine> sink;

    private TraceText(Path file) {
        this.file = file;
    }

    /** Opens a trace file and reads it once through (its lines are read again by {@link #each}). */
    public static TraceText open(Path file) throws IOException {
        return open(file, MAX_SORTED_BYTES, null);
    }

    /**
     * As {@link #open(Path)}, telling progress the fraction of both readings done (0 to 1) as the
     * bytes go by: the first reading is the first half, {@link #each} the second. An exception
     * thrown by progress (a cancelled import) stops the reading.
     */
    public static TraceText open(Path file, DoubleConsumer progress) throws IOException {
        return open(file, MAX_SORTED_BYTES, progress);
    }

    /** As {@link #open(Path)}, sorting in memory up to maxSorted bytes (tests use a small limit). */
    static TraceText open(Path file, long maxSorted, DoubleConsumer progress) throws IOException {
        if (!Files.isRegularFile(file)) throw new IOException(file + " is not a regular file");
        String fs = fileSystem(file);
        if (KERNEL_FILE_SYSTEMS.contains(fs)) {
            throw new IOException(file + " is a kernel file (" + fs
                    + "), which a reading consumes or changes, and a trace is read twice:" + " save a copy first (cat "
                    + file + " > trace.txt) and open that");
        }
        TraceText t = new TraceText(file);
        t.progress = progress;
        boolean[] disordered = {false};
        long[] last = {Long.MIN_VALUE};
        t.stream(l -> {
            if (l.tsNs() < last[0]) disordered[0] = true;
            last[0] = Math.max(last[0], l.tsNs());
            t.count(l);
        });
        t.counting = false;
        t.switches.trim();
        if (disordered[0]) {
            if (t.textBytes > maxSorted) { // the text, not the file: a gzip of 63 MB may hold 1.2 GB
                throw new IOException(
                        file + ": its lines are out of time order by more than " + WINDOW + " lines, and it is over "
                                + (maxSorted >> 20) + " MiB to sort in memory; sort it first (trace-cmd report sorts)");
            }
            List<TraceLine> all = new ArrayList<>();
            t.stream(all::add);
            t.hold(all);
        }
        return t;
    }

    /** Reads a trace from a stream and holds its lines (for small texts: tests, pasted traces). */
    public static TraceText read(InputStream in) throws IOException {
        TraceText t = new TraceText(null);
        List<TraceLine> all = new ArrayList<>();
        t.sink = all::add;
        Names names = new Names();
        t.out = new ReadAhead.Out() {
            @Override
            public void item(Object x) {
                t.take(x);
            }

            @Override
            public void raw(int num, Object x) {
                t.take(parsed(num, (String) x, names));
            }
        };
        t.readLines(in);
        t.counting = false;
        t.hold(all);
        return t;
    }

    /** Every event line in time order, read again from the file unless held. */
    public void each(Consumer<TraceLine> c) throws IOException {
        if (held != null) held.forEach(c);
        else stream(c);
    }

    /** True if the lines are read from the file at each pass, false if they are held (read from a stream, or sorted in memory). */
    boolean streamed() {
        return held == null;
    }

    private void hold(List<TraceLine> all) {
        all.sort(ORDER);
        held = all;
        events = 0;
        maxCpu = -1;
        switches.size = 0;
        forks.clear();
        eventNames.clear();
        all.forEach(this::count);
        switches.trim();
    }

    private void count(TraceLine l) {
        if (events++ == 0) firstNs = l.tsNs();
        maxCpu = Math.max(maxCpu, l.cpu());
        if (l.event().equals("sched_switch")) switches.add(l);
        else if (l.event().equals("sched_process_fork") && forks.size() < MAX_FORKS) {
            Matcher m = FORK.matcher(l.fields());
            if (m.matches() && m.group(2).length() <= 9 && m.group(4).length() <= 9) {
                forks.add(new String[] {
                    TraceLine.key(m.group(1), Integer.parseInt(m.group(2))),
                    m.group(1),
                    TraceLine.key(m.group(3), Integer.parseInt(m.group(4)))
                });
            }
        }
        if (eventNames.size() < MAX_EVENT_NAMES) eventNames.add(l.event());
    }

    /** The names of the events in the trace (the first {@link #MAX_EVENT_NAMES}). */
    Set<String> eventNames() {
        return eventNames;
    }

    private DoubleConsumer progress;
    private int readings;
    private TraceIdentity identity;
    /** The bytes of text the first reading gave (after gunzip). */
    private long textBytes;

    /** File systems whose files are the kernel's, not saved data: a reading may consume them (trace_pipe) or they change under it. */
    public static final Set<String> KERNEL_FILE_SYSTEMS = Set.of("tracefs", "debugfs", "proc", "sysfs");

    static String fileSystem(Path file) {
        try {
            return Files.getFileStore(file).type();
        } catch (IOException e) {
            return "";
        }
    }

    /** True if the file starts with gzip's magic bytes, whatever its name. */
    public static boolean gzipped(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return in.read() == 0x1f && in.read() == 0x8b;
        } catch (IOException e) {
            return false;
        }
    }

    /** Reads the file through the order window into c. */
    private void stream(Consumer<TraceLine> c) throws IOException {
        LineWindow window = new LineWindow();
        accepted = 0;
        // a file whose first reading found every line in order is read again without the window: the window would
        // give the lines as they come (the reading checks that the file is the same)
        boolean direct = readings > 0 && inFileOrder && identity != null && Files.size(file) == identity.size();
        long[] last = {Long.MIN_VALUE};
        sink = direct
                ? l -> { // rewritten in place since (same size, same start): an error, as a replaced file is
                    if (l.tsNs() < last[0])
                        throw new UncheckedIOException(new IOException(file
                                + " was rewritten between its readings (line " + l.lineNo()
                                + " is out of the time order the first reading found): open it again"));
                    last[0] = l.tsNs();
                    c.accept(l);
                }
                : l -> {
                    window.add(l);
                    if (window.size() > WINDOW) c.accept(window.poll());
                };
        // the file is read and split into lines on a thread of its own, the lines parsed on either thread, while
        // this one checks them in order, orders and imports them
        try {
            ReadAhead.run(
                    "trace-reader",
                    o -> {
                        out = o;
                        readFile();
                    },
                    () -> {
                        Names names = new Names(); // each thread's own
                        return (num, line) -> parsed(num, (String) line, names);
                    },
                    this::take);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        if (!direct && readings == 1) inFileOrder = window.inOrder();
        while (!window.isEmpty()) c.accept(window.poll());
    }

    /** Whether the first reading found every line in time order (then the window gave them as they came). */
    private boolean inFileOrder;

    /** Lines given to the sink in this reading. */
    private long accepted;

    /** Reads the file's lines into the sink (its identity checked against the first reading). */
    private void readFile() throws IOException {
        if (!Files.isRegularFile(file))
            throw new IOException(
                    file + " was replaced by something that is not a regular file between its readings: open it again");
        TraceIdentity now = identity == null ? TraceIdentity.of(file) : TraceIdentity.of(file, identity.prefixLength());
        if (identity == null) identity = now;
        else if (!identity.sameFile(now))
            throw new IOException(file + " was replaced or rewritten between its readings (" + identity.differs(now)
                    + "): open it again once it no longer changes");
        double base = Math.min(readings++, 1) * 0.5;
        long size = Math.max(1, Files.size(file));
        try (InputStream raw = progress == null
                        ? Files.newInputStream(file)
                        : new CountingStream(
                                Files.newInputStream(file),
                                n -> progress.accept(base + 0.5 * Math.min(1, (double) n / size)));
                TraceDat dat = now.dat() ? TraceDat.open(file) : null;
                InputStream in = dat != null
                        ? withProgress(dat.text(), dat::consumed, base, size)
                        : now.proto()
                                ? PerfettoTrace.text(file)
                                : now.gzip() ? new GZIPInputStream(raw, 1 << 16) : raw) {
            if (dat != null) {
                format = "trace.dat";
                if (counting) kernel = dat.release();
            }
            if (now.proto()) format = "perfetto";
            readLines(in);
        } catch (ZipException e) {
            throw new IOException(file + " is not a valid gzip file: " + e.getMessage());
        } catch (EOFException e) {
            throw new IOException(file + " is a cut gzip file: it ends before its end (copied or downloaded in part?)");
        }
    }

    /**
     * A decoded file's text (a trace.dat), telling progress how much of the file its reader has read
     * every 4 MiB of text: the raw stream's count says nothing there, as the reader reads the file itself.
     */
    private InputStream withProgress(InputStream text, LongSupplier consumed, double base, long size) {
        if (progress == null) return text;
        return new CountingStream(
                text, n -> progress.accept(base + 0.5 * Math.min(1, (double) consumed.getAsLong() / size)));
    }

    /**
     * Reads lines of bytes with a cap: a line over {@link #MAX_LINE} bytes is skipped as it is read,
     * never built (a small .gz can expand to gigabytes on one line), and the bytes are counted
     * before anything is kept. Each line is decoded as UTF-8, a malformed byte read as U+FFFD.
     */
    private void readLines(InputStream in) throws IOException {
        byte[] buf = new byte[1 << 16], line = new byte[256];
        int len = 0, n = 0;
        long bytes = 0;
        boolean tooLong = false, afterCr = false;
        try {
            for (int got; (got = in.read(buf)) > 0; ) {
                bytes += got;
                if (counting) textBytes = bytes;
                if (bytes > MAX_BYTES) throw new IOException("the trace is over " + (MAX_BYTES >> 30) + " GiB of text");
                int from = 0;
                for (int i = lineEnd(buf, 0, got); i < got; i = lineEnd(buf, i + 1, got)) {
                    byte b = buf[i];
                    boolean lfOfCrLf = b == '\n' && afterCr && i == from && len == 0;
                    afterCr = b == '\r'; // LF, CR LF and a lone CR (old Mac files) each end a line
                    if (lfOfCrLf) {
                        from = i + 1;
                        continue;
                    }
                    n++;
                    if (len == 0 && !tooLong && i - from <= cap(line, 0, buf, from, i - from)) {
                        line(n, buf, from, i - from); // the whole line is in the buffer
                    } else {
                        if (!tooLong) {
                            if (len + i - from > cap(line, len, buf, from, i - from)) tooLong = true;
                            else {
                                line = append(line, len, buf, from, i - from);
                                len += i - from;
                                line(n, line, 0, len);
                            }
                        }
                        if (tooLong) longLine(n);
                    }
                    len = 0;
                    tooLong = false;
                    from = i + 1;
                }
                if (!tooLong && from < got) {
                    if (len + got - from > cap(line, len, buf, from, got - from)) {
                        tooLong = true;
                        len = 0;
                    } else {
                        line = append(line, len, buf, from, got - from);
                        len += got - from;
                    }
                }
            }
            if (tooLong) longLine(n + 1); // the last line, with no line end
            else if (len > 0) line(n + 1, line, 0, len);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** The first line end (LF or CR) in b from from on, or to: a loop of its own, which the compiler makes tight. */
    private static int lineEnd(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) if (b[i] == '\n' || b[i] == '\r') return i;
        return to;
    }

    /** A line may be this long if it is the record header (a scenario with a long description: record writes any length). */
    public static final int MAX_HEADER_LINE = 16 << 20;

    private static final byte[] HEADER_BYTES = HEADER.getBytes(StandardCharsets.US_ASCII);

    /**
     * The longest the line may be: {@link #MAX_HEADER_LINE} for the header (its start is the first
     * len bytes of held followed by the first n of buf from at), {@link #MAX_LINE} for any other.
     */
    private int cap(byte[] held, int len, byte[] buf, int at, int n) {
        if (!counting || len + n < HEADER_BYTES.length) return MAX_LINE;
        for (int k = 0; k < HEADER_BYTES.length; k++) {
            byte c = k < len ? held[k] : buf[at + k - len];
            if (c != HEADER_BYTES[k]) return MAX_LINE;
        }
        return MAX_HEADER_LINE;
    }

    private static byte[] append(byte[] to, int len, byte[] from, int at, int count) {
        if (len + count > to.length) to = Arrays.copyOf(to, Math.max(len + count, to.length * 2));
        System.arraycopy(from, at, to, len, count);
        return to;
    }

    private void line(int n, byte[] b, int from, int len) {
        if (len > 0 && b[from + len - 1] == '\r') len--;
        add(n, new String(b, from, len, StandardCharsets.UTF_8));
    }

    private void longLine(int n) {
        if (counting) out.item(new Note("line " + n + ": longer than " + (MAX_LINE >> 10) + " KiB, skipped", false));
    }

    /** A line the import could not use, listed with the skipped ones (the first thousand). */
    void note(String why) {
        if (skipped.size() < 1000) skipped.add(why);
        else if (skipped.size() == 1000) skipped.add("(more unreadable lines not listed)");
    }

    /** A line skipped (reading thread): said where the lines are taken, in their order. */
    private void skip(String why) {
        if (counting) out.item(new Note(why, true));
    }

    private void add(int n, String line) {
        if (line.isBlank()) return;
        if (line.startsWith(HEADER)) {
            if (!counting) return;
            try {
                header = JsonParser.parseString(line.substring(HEADER.length())).getAsJsonObject();
            } catch (RuntimeException e) {
                skip("line " + n + ": unreadable throttlescope header (not a JSON object on one line)");
            }
            return;
        }
        if (line.startsWith(READER_NOTE)) { // a binary reader's word on what it left out
            skip(line.substring(READER_NOTE.length()));
            return;
        }
        if (line.startsWith("#")) return;
        // the three patterns are tried only where their fixed text is: an event line (nearly every line) pays
        // a prefix test and two searches instead of three regular expressions (issue 28: the import's profile)
        Matcher m = line.startsWith("cpus=") ? CPUS.matcher(line) : null;
        if (m != null && m.matches()) {
            if (m.group(1).length() > 4 || Integer.parseInt(m.group(1)) > 4096) {
                skip("line " + n + ": cpus=" + Escape.shortText(m.group(1)) + " is over 4096");
                return;
            }
            if (counting) cpus = Integer.parseInt(m.group(1));
            out.item(CPUS_LINE);
            return;
        }
        boolean cpuLine =
                startsWithCpu(line); // a lost-events or an empty-CPU line; an event line is searched no further
        m = cpuLine && line.contains("EVENTS") ? LOST.matcher(line) : null;
        if (m != null && m.matches()) {
            String count = m.group(2) != null
                    ? m.group(2)
                    : m.group(3) != null ? m.group(3).strip() : "-1";
            if (m.group(1).length() > 9 || count.length() > 18)
                skip("line " + n + ": a lost-events count out of range");
            else if (counting) lost.add(new long[] {n, Long.parseLong(m.group(1)), Long.parseLong(count)});
            return;
        }
        if (line.startsWith("version = ")
                || (cpuLine
                        && line.contains("is empty")
                        && EMPTY_CPU.matcher(line).matches())) return;
        out.raw(n, line);
    }

    /** An event line parsed, or the note that it is not one (on either thread: names is the thread's own). */
    private static Object parsed(int n, String line, Names names) {
        TraceLine tl = TraceLine.parse(n, line, names);
        if (tl == null || tl.tsNs() < 0 || tl.pid() < 0 || tl.cpu() < 0 || tl.cpu() > 4095)
            return new Note("line " + n + ": not an event line: " + Escape.shortText(line), true);
        return tl;
    }

    /** A line skipped, said in the order of the lines; counted: one past the first thousand says more are not listed. */
    private record Note(String why, boolean counted) {}

    /** A {@code cpus=} line: the text is trace-cmd report's. */
    private static final Object CPUS_LINE = new Object();

    /** What the reading gave, in the order of the lines, on the caller's thread. */
    private void take(Object o) {
        if (o instanceof TraceLine tl) {
            if (format.equals("unknown"))
                format = tl.perf() ? "perf script" : "tracefs"; // trace.dat and perfetto keep theirs
            if (counting && accepted++ >= MAX_EVENT_LINES)
                throw new UncheckedIOException(
                        new IOException("the trace has over " + MAX_EVENT_LINES + " event lines"));
            sink.accept(tl);
        } else if (o instanceof Note note) {
            if (!counting) return;
            if (note.counted()) note(note.why());
            else if (skipped.size() < 1000) skipped.add(note.why());
        } else if (o == CPUS_LINE && (format.equals("unknown") || format.equals("tracefs"))) {
            format = "trace-cmd report";
        }
    }

    /** Whether the line's first characters after its blanks (a regex's {@code \s}) are "CPU", as LOST's and EMPTY_CPU's are. */
    static boolean startsWithCpu(String line) {
        int i = 0, n = line.length();
        while (i < n && " \t\n\013\f\r".indexOf(line.charAt(i)) >= 0) i++;
        return line.startsWith("CPU", i);
    }
}
