package io.throttlescope.realtrace;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * A trace-cmd {@code trace.dat} (file versions 6 and 7; v7's sections and trace data uncompressed or
 * zstd), read as the text {@code trace-cmd report -t} prints of it: {@code cpus=N}, then each event
 * as a tracefs line in time order across every CPU of every buffer, an instance's lines behind its
 * name as report writes them ({@code NAME: COMM-PID [CPU] TS: EVENT: FIELDS}), and lost events as
 * {@code CPU:N [LOST n EVENTS]}. The ring-buffer pages are decoded as the kernel writes them
 * ({@code kernel/trace/ring_buffer.c}: a 5-bit type, a 27-bit time delta; padding, time extends and
 * absolute time stamps). Streamed: one page (or one compressed chunk) a CPU is held at a time
 * (docs/real-kernels.md, "trace.dat").
 */
public final class TraceDat implements Closeable {
    /** A metadata section or a chunk over this is refused (a trace.dat's format files are a few MB). */
    private static final long MAX_SECTION = 256L << 20;

    private static final long NO_LOSS = -1;
    private long consumed;
    private final FileChannel ch;
    private final Path file;
    private ByteOrder order = ByteOrder.LITTLE_ENDIAN;
    private int version, pageSize, cpuCount;
    private boolean zstd;
    private long offsetNs;
    /** The traced machine's uname ("Linux HOST RELEASE ARCH"), null if the file does not say. */
    private String uname;

    private DatFormats formats;
    private int commitOffset = 8, commitSize = 8, dataOffset = 16;
    private final List<Buffer> buffers = new ArrayList<>();

    /** One buffer (the top instance, "", or a named one) and its CPUs' data: {cpu, offset, size}. */
    private record Buffer(String name, int pageSize, List<long[]> cpus) {}

    private TraceDat(Path file) throws IOException {
        this.file = file;
        this.ch = FileChannel.open(file, StandardOpenOption.READ);
    }

    /** Opens a trace.dat and reads its metadata; the events are read by {@link #text()}. */
    public static TraceDat open(Path file) throws IOException {
        TraceDat d = new TraceDat(file);
        try {
            d.readHead();
            return d;
        } catch (IOException | RuntimeException e) {
            d.close();
            if (e instanceof IOException io) throw io;
            throw new IOException(file + " is not a readable trace.dat: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() throws IOException {
        ch.close();
    }

    /** The traced kernel's release, from the file's UNAME option (null if it has none). */
    public String release() {
        if (uname == null) return null;
        String[] w = uname.strip().split("\\s+");
        return w.length >= 3 ? w[2] : null;
    }

    // ---- the file's metadata ----

    private void readHead() throws IOException {
        DatBytes.Cursor c = new DatBytes.Cursor(read(0, 64 << 10), 0);
        if (!Arrays.equals(c.bytes(DatBytes.MAGIC.length), DatBytes.MAGIC))
            throw new IOException(file + " is not a trace.dat (no trace-cmd magic)");
        String v = c.cstring();
        try {
            version = Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IOException(file + ": trace.dat version \"" + v + "\" is not a number");
        }
        if (version != 6 && version != 7)
            throw new IOException(file + ": trace.dat version " + version + " is not read (6 and 7 are)");
        order = c.u8() == 1 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        c.order(order);
        c.u8(); // bytes in a user-space long
        pageSize = c.u32();
        formats = new DatFormats(order);
        if (version == 6) readV6(c.pos);
        else {
            String algo = c.cstring();
            c.cstring();
            if (!algo.equals("none") && !algo.isEmpty() && !algo.equals("zstd")) {
                throw new IOException(file + " is compressed with " + algo + ", which is not read (zstd and none are): "
                        + "convert it first (trace-cmd convert --compression zstd -i " + file.getFileName()
                        + " -o out.dat)");
            }
            zstd = algo.equals("zstd");
            long options = c.u64();
            Set<Long> seen = new HashSet<>();
            for (int guard = 0; options != 0 && guard < 64 && seen.add(options); guard++)
                options = readOptions(options);
        }
        if (buffers.isEmpty()) throw new IOException(file + " holds no trace data (no flyrecord buffer)");
        for (Buffer b : buffers) checkPage(b.pageSize() > 0 ? b.pageSize() : pageSize);
        if ((commitSize != 4 && commitSize != 8)
                || commitOffset < 8
                || dataOffset < commitOffset + commitSize
                || dataOffset > 64) {
            throw new IOException(file + ": its page header is not one a kernel writes (commit at " + commitOffset
                    + ", data at " + dataOffset + ")");
        }
    }

    /** A page size a kernel uses: a power of two from 4 KiB to 1 MiB (0 would read one page for ever). */
    private void checkPage(int ps) throws IOException {
        if (ps < 4096 || ps > (1 << 20) || Integer.bitCount(ps) != 1)
            throw new IOException(file + ": a page size of " + ps + " bytes, not one a kernel uses");
    }

    /** One v7 options section at off; returns the offset of the next one (0: none). */
    private long readOptions(long off) throws IOException {
        DatBytes.Cursor c = section(off, 0);
        long next = 0;
        while (c.remaining() >= 6) {
            int id = c.u16();
            int size = c.u32();
            DatBytes.Cursor o = c.slice(size);
            switch (id) {
                case 0 -> {
                    next = o.remaining() >= 8 ? o.u64() : 0;
                    return next;
                }
                case 3 -> {
                    long at = o.u64();
                    String name = o.cstring();
                    o.cstring(); // clock
                    int ps = o.u32(), n = o.u32();
                    List<long[]> cpus = new ArrayList<>();
                    for (int i = 0; i < n; i++) cpus.add(new long[] {o.u32(), o.u64(), o.u64()});
                    if (at > 0) buffers.add(new Buffer(name, ps, cpus));
                }
                case 5 -> uname = o.cstring();
                case 7 -> offsetNs = DatBytes.parseLong(o.cstring());
                case 8 -> cpuCount = o.u32();
                case 16 -> headers(section(o.u64(), 16));
                case 17 -> ftraceFormats(section(o.u64(), 17));
                case 18 -> eventFormats(section(o.u64(), 18));
                case 19 -> {
                    DatBytes.Cursor k = section(o.u64(), 19);
                    formats.kallsyms(k.text(k.u32()));
                }
                case 21 -> {
                    DatBytes.Cursor k = section(o.u64(), 21);
                    formats.comms(k.text(k.u64()));
                }
                default -> {}
            }
        }
        return next;
    }

    private void readV6(long pos) throws IOException {
        DatBytes.FileCursor c = new DatBytes.FileCursor(this::read, ch.size(), file.toString(), pos);
        if (!c.cstring().equals("header_page"))
            throw new IOException(file + ": no header_page where a v6 trace.dat has it");
        headerPage(c.text(c.u64()));
        c.cstring(); // header_event
        c.skip(c.u64());
        ftraceFormats(c);
        eventFormats(c);
        formats.kallsyms(c.text(c.u32()));
        c.skip(c.u32()); // trace_printk formats
        formats.comms(c.text(c.u64()));
        cpuCount = c.u32();
        List<long[]> top = null;
        while (c.remaining() >= 10) {
            String tag = c.cstring();
            if (tag.startsWith("options")) {
                for (int guard = 0; guard < 4096 && c.remaining() >= 2; guard++) {
                    int id = c.u16();
                    if (id == 0) break;
                    int size = c.u32();
                    DatBytes.Cursor o = new DatBytes.Cursor(read(c.pos, size), 0);
                    c.skip(size);
                    if (id == 3) {
                        long at = o.u64();
                        String name = o.cstring();
                        DatBytes.FileCursor f = new DatBytes.FileCursor(this::read, ch.size(), file.toString(), at);
                        if (f.cstring().equals("flyrecord")) buffers.add(new Buffer(name, pageSize, cpuTable(f)));
                    } else if (id == 7) offsetNs = DatBytes.parseLong(o.cstring());
                    else if (id == 5) uname = o.cstring();
                }
            } else if (tag.equals("flyrecord")) {
                top = cpuTable(c);
                break;
            } else break; // latency: text data, not read
        }
        if (top != null) buffers.add(0, new Buffer("", pageSize, top));
    }

    private List<long[]> cpuTable(DatBytes.In c) throws IOException {
        List<long[]> cpus = new ArrayList<>();
        for (int i = 0; i < cpuCount; i++) cpus.add(new long[] {i, c.u64(), c.u64()});
        return cpus;
    }

    private void headers(DatBytes.Cursor c) {
        c.cstring();
        String page = c.text(c.u64());
        headerPage(page);
    }

    /** The page header's layout: where commit and data are (64-bit kernels: 8 and 16). */
    private void headerPage(String text) {
        for (String l : text.split("\n")) {
            DatFormats.Field f = DatFormats.field(l.strip());
            if (f == null) continue;
            if (f.name().equals("commit")) {
                commitOffset = f.offset();
                commitSize = f.size();
            }
            if (f.name().equals("data")) dataOffset = f.offset();
        }
    }

    private void ftraceFormats(DatBytes.In c) throws IOException {
        int n = c.u32();
        for (int i = 0; i < n && c.remaining() >= 8; i++) formats.add("ftrace", c.text(c.u64()));
    }

    private void eventFormats(DatBytes.In c) throws IOException {
        int systems = c.u32();
        for (int s = 0; s < systems && c.remaining() > 0; s++) {
            String sys = c.cstring();
            int n = c.u32();
            for (int i = 0; i < n && c.remaining() >= 8; i++) formats.add(sys, c.text(c.u64()));
        }
    }

    // ---- reading the file ----

    private ByteBuffer read(long at, int n) throws IOException {
        if (at < 0 || at > ch.size())
            throw new IOException(file + ": an offset past its end (" + at + "): the file is cut or not a trace.dat");
        ByteBuffer b = ByteBuffer.allocate((int) Math.min(n, ch.size() - at));
        while (b.hasRemaining() && ch.read(b, at + b.position()) > 0) {}
        b.flip();
        consumed += b.limit();
        return b.order(order);
    }

    /** Bytes of the file read so far (metadata and trace data): the progress of a reading. */
    public long consumed() {
        return consumed;
    }

    private DatBytes.Cursor at(long pos, int n) throws IOException {
        DatBytes.Cursor c = new DatBytes.Cursor(read(pos, n), pos);
        c.order(order);
        return c;
    }

    /** A v7 section's content (decompressed), checked to be of the id expected. */
    private DatBytes.Cursor section(long off, int id) throws IOException {
        DatBytes.Cursor h = at(off, 16);
        int sid = h.u16(), flags = h.u16();
        h.u32();
        long size = h.u64();
        if (sid != id) throw new IOException(file + ": section " + sid + " where section " + id + " was expected");
        if (size < 0 || size > MAX_SECTION) throw new IOException(file + ": a section of " + size + " bytes");
        ByteBuffer b = read(off + 16, (int) size);
        if ((flags & 1) != 0) {
            int csize = b.getInt(0), usize = b.getInt(4);
            b = inflate(b, 8, csize, usize);
        }
        DatBytes.Cursor c = new DatBytes.Cursor(b.order(order), 0);
        c.order(order);
        return c;
    }

    private ByteBuffer inflate(ByteBuffer b, int from, int csize, int usize) throws IOException {
        if (!zstd) throw new IOException(file + ": a compressed part in a file that names no compression");
        return DatBytes.unzstd(b, from, csize, usize, MAX_SECTION, file.toString())
                .order(order);
    }

    // ---- the events ----

    /** The report text of the whole file, generated as it is read. */
    public InputStream text() throws IOException {
        List<CpuStream> all = new ArrayList<>();
        for (Buffer b : buffers)
            for (long[] cpu : b.cpus())
                if (cpu[2] > 0) all.add(new CpuStream(b, (int) cpu[0], cpu[1], cpu[2], all.size()));
        int cpus = cpuCount;
        for (Buffer b : buffers) for (long[] cpu : b.cpus()) cpus = (int) Math.max(cpus, cpu[0] + 1);
        return new Lines(all, "cpus=" + cpus + "\n");
    }

    /** One CPU's pages of one buffer, an event at a time. */
    private final class CpuStream {
        final Buffer buffer;
        final int cpu, index;
        final long end;
        long next; // the file offset of the next page or chunk
        int chunksLeft = -1;
        ByteBuffer pages; // pages not yet read (a chunk decompressed, or one page)
        ByteBuffer page;
        int pos, pageEnd;
        long ts;
        // the current event
        long evTs;
        int evOff, evLen;
        long lost = NO_LOSS; // events lost before the current one (0: a count not stored)

        CpuStream(Buffer b, int cpu, long off, long size, int index) {
            this.buffer = b;
            this.cpu = cpu;
            this.next = off;
            this.end = off + size;
            this.index = index;
        }

        /** Moves to the next event; false at the end. */
        boolean advance() throws IOException {
            while (true) {
                if (page != null && pos < pageEnd) {
                    if (event()) return true;
                    continue;
                }
                if (!nextPage()) return false;
            }
        }

        private boolean nextPage() throws IOException {
            int ps = buffer.pageSize() > 0 ? buffer.pageSize() : pageSize;
            while (pages == null || pages.remaining() < dataOffset) { // a chunk too short for a page is passed over
                if (pages != null) pages.position(pages.limit());
                if (!loadPages(ps)) return false;
            }
            int at = pages.position();
            page = pages;
            ts = page.getLong(at);
            long commit =
                    commitSize == 8 ? page.getLong(at + commitOffset) : page.getInt(at + commitOffset) & 0xffffffffL;
            int len = (int) (commit & ((1 << 27) - 1));
            pos = at + dataOffset;
            pageEnd = Math.min(pos + len, Math.min(at + ps, page.limit()));
            if ((commit & (1L << 31)) != 0) {
                long n = 0;
                if ((commit & (1L << 30)) != 0 && pageEnd + commitSize <= page.limit())
                    n = commitSize == 8 ? page.getLong(pageEnd) : page.getInt(pageEnd) & 0xffffffffL;
                lost = n;
            }
            pages.position(Math.min(page.limit(), at + ps));
            return true;
        }

        private boolean loadPages(int ps) throws IOException {
            if (!zstd) {
                if (next >= end) return false;
                int n = (int) Math.min(Math.max(ps, 1) * 16L, end - next);
                pages = read(next, n);
                next += n;
                return pages.hasRemaining();
            }
            if (chunksLeft < 0) {
                chunksLeft = at(next, 4).u32();
                next += 4;
            }
            if (chunksLeft == 0 || next >= end) return false;
            chunksLeft--;
            DatBytes.Cursor h = at(next, 8);
            int csize = h.u32(), usize = h.u32();
            if (csize < 0 || usize < 0 || usize > 1024 * ps) {
                throw new IOException(file + ": CPU" + cpu + "'s data holds a chunk of " + usize
                        + " bytes, compressed to " + csize + ": the file is damaged");
            }
            ByteBuffer raw = read(next + 8, csize);
            next += 8L + csize;
            pages = inflate(raw, 0, csize, usize);
            return true;
        }

        /** Reads the event at pos; true if it is a data event (evOff, evLen, evTs set). */
        private boolean event() {
            if (pos + 4 > pageEnd) {
                pos = pageEnd;
                return false;
            }
            int word = page.getInt(pos);
            int type = order == ByteOrder.LITTLE_ENDIAN ? word & 0x1f : word >>> 27;
            long delta = order == ByteOrder.LITTLE_ENDIAN ? word >>> 5 : word & ((1 << 27) - 1);
            switch (type) {
                case 29 -> { // padding: the rest of the page, or a discarded event
                    if (delta == 0 || pos + 8 > pageEnd) {
                        pos = pageEnd;
                        return false;
                    }
                    ts += delta;
                    int len = page.getInt(pos + 4);
                    pos = len < 4 || len > pageEnd - pos - 4 ? pageEnd : pos + 4 + len;
                    return false;
                }
                case 30, 31 -> { // time extend, absolute time stamp
                    if (pos + 8 > pageEnd) {
                        pos = pageEnd;
                        return false;
                    }
                    long ext = ((page.getInt(pos + 4) & 0xffffffffL) << 27) | delta;
                    ts = type == 30 ? ts + ext : (ts & 0xf800000000000000L) | ext;
                    pos += 8;
                    return false;
                }
                case 0 -> {
                    if (pos + 8 > pageEnd) {
                        pos = pageEnd;
                        return false;
                    }
                    int n = page.getInt(pos + 4) - 4;
                    ts += delta;
                    evOff = pos + 8;
                    if (n <= 0 || n > pageEnd - evOff) {
                        pos = pageEnd;
                        return false;
                    } // a length past the page: damaged
                    evLen = n;
                    pos = evOff + ((n + 3) & ~3);
                }
                default -> {
                    ts += delta;
                    evOff = pos + 4;
                    evLen = type * 4;
                    pos = evOff + evLen;
                }
            }
            if (evLen <= 0 || evLen > pageEnd - evOff) {
                pos = Math.max(pos, pageEnd);
                return false;
            }
            evTs = ts + offsetNs;
            return true;
        }
    }

    /** The merged lines as bytes: least time first, ties to the CPU read first (as report merges). */
    private final class Lines extends InputStream {
        private final PriorityQueue<CpuStream> heap = new PriorityQueue<>(
                (a, b) -> a.evTs != b.evTs ? Long.compare(a.evTs, b.evTs) : Integer.compare(a.index, b.index));
        private byte[] cur;
        private int at;
        private final List<CpuStream> waiting;

        Lines(List<CpuStream> streams, String first) {
            waiting = streams;
            cur = first.getBytes(StandardCharsets.UTF_8);
        }

        private boolean fill() throws IOException {
            try {
                return next();
            } catch (RuntimeException e) { // a damaged file: one line naming it, never an exception of another kind
                throw new IOException(file + " is damaged: " + e.getMessage(), e);
            }
        }

        private boolean next() throws IOException {
            if (waiting != null && !waiting.isEmpty()) {
                for (CpuStream s : waiting) if (s.advance()) heap.add(s);
                waiting.clear();
            }
            while (!heap.isEmpty()) {
                CpuStream s = heap.poll();
                String line = line(s);
                if (s.advance()) heap.add(s);
                if (line != null) {
                    cur = line.getBytes(StandardCharsets.UTF_8);
                    at = 0;
                    return true;
                }
            }
            return false;
        }

        @Override
        public int read() throws IOException {
            if (cur == null || at >= cur.length) if (!fill()) return -1;
            return cur[at++] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) return 0;
            if (cur == null || at >= cur.length) if (!fill()) return -1;
            int n = Math.min(len, cur.length - at);
            System.arraycopy(cur, at, b, off, n);
            at += n;
            return n;
        }
    }

    /** One event as report prints it (with its lost-events line first when the page said so); null if its format is unknown. */
    private String line(CpuStream s) {
        StringBuilder b = new StringBuilder(160);
        if (s.lost != NO_LOSS) {
            b.append("CPU:")
                    .append(s.cpu)
                    .append(s.lost > 0 ? " [" + s.lost + " EVENTS DROPPED]\n" : " [EVENTS DROPPED]\n");
            s.lost = NO_LOSS;
        }
        ByteBuffer p = s.page;
        if (s.evLen < 2) return b.length() > 0 ? b.toString() : null;
        int type = p.getShort(s.evOff) & 0xffff;
        DatFormats.Format f = formats.format(type);
        if (f == null) return b.length() > 0 ? b.toString() : null;
        int pid = formats.pid(f, p, s.evOff, s.evLen);
        String comm = formats.comm(pid).replace('\n', ' ').replace('\r', ' ');
        if (!s.buffer.name().isEmpty())
            b.append(s.buffer.name().replaceAll("[\\p{Cntrl}\\s]", "_")).append(": ");
        long t = s.evTs;
        b.append(String.format(
                "%16s-%-5d [%03d] %d.%09d: %s: ",
                comm,
                pid,
                s.cpu,
                Long.divideUnsigned(t, 1_000_000_000L),
                Long.remainderUnsigned(t, 1_000_000_000L),
                f.name()));
        b.append(formats.fields(f, p, s.evOff, s.evLen).replace('\n', ' ').replace('\r', ' '))
                .append('\n');
        return b.toString();
    }
}
