package io.throttlescope.realtrace;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A native Perfetto trace (protobuf, as {@code export --format perfetto-proto} writes it and as
 * Perfetto records a Linux machine with its ftrace data source) read as tracefs text: each ftrace
 * event of a bundle the importer knows ({@code sched_switch}, {@code sched_wakeup(_new)},
 * {@code sched_waking}, {@code sched_process_fork/exit/hang}, {@code sys_enter/exit}, {@code print})
 * as the line tracefs prints for it, tasks named from the events and the process tree. Decoded by
 * the public field numbers of {@code protos/perfetto/trace} (docs/real-kernels.md, "Perfetto traces");
 * bundles in the {@code compact_sched} encoding are counted and said, not read.
 */
public final class PerfettoTrace {
    private static final int MAX_PACKET = 256 << 20;

    private PerfettoTrace() {}

    /**
     * True if the file starts as a Perfetto trace: a Trace's first packet (field 1, length-delimited)
     * that decodes whole, with a control byte in it that no text trace starts with.
     */
    public static boolean is(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(4096);
            if (head.length < 2 || head[0] != 0x0a) return false;
            CodedInputStream c = CodedInputStream.newInstance(head);
            c.readTag();
            int len = c.readRawVarint32();
            int at = c.getTotalBytesRead();
            if (len <= 0 || (at + len > head.length && head.length < 4096)) return false;
            int n = Math.min(len, head.length - at);
            boolean control = false;
            for (int i = at; i < at + n; i++) {
                int b = head[i] & 0xff;
                if (b < 0x20 && b != '\t' && b != '\n' && b != '\r') control = true;
            }
            if (!control) return false;
            if (at + len > head.length) return true; // a first packet over 4 KiB: its start decoded as a varint length
            CodedInputStream p = CodedInputStream.newInstance(head, at, len);
            while (!p.isAtEnd()) {
                int tag = p.readTag();
                if (WireFormat.getTagFieldNumber(tag) == 0 || !p.skipField(tag)) return false;
            }
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** The trace's events as tracefs lines (the importer's text), decoded as they are read. */
    public static InputStream text(Path file) throws IOException {
        return new Lines(new BufferedInputStream(Files.newInputStream(file), 1 << 16));
    }

    private static final class Lines extends InputStream {
        private final InputStream raw;
        private final CodedInputStream in;
        private final ArrayDeque<String> ready = new ArrayDeque<>();
        private final Map<Integer, String> comms = new HashMap<>();
        private byte[] cur = new byte[0];
        private int at;
        private long compact;
        private boolean ended;

        Lines(InputStream raw) {
            this.raw = raw;
            this.in = CodedInputStream.newInstance(raw);
            in.setSizeLimit(Integer.MAX_VALUE);
        }

        @Override
        public void close() throws IOException {
            raw.close();
        }

        private boolean fill() throws IOException {
            while (ready.isEmpty()) {
                if (ended) return false;
                if (in.isAtEnd()) {
                    ended = true;
                    if (compact > 0)
                        ready.add(TraceText.READER_NOTE + compact
                                + " bundles of compact_sched events were not read (record with compact_sched off)\n");
                    continue;
                }
                int tag = in.readTag();
                if (WireFormat.getTagFieldNumber(tag) != 1
                        || WireFormat.getTagWireType(tag) != WireFormat.WIRETYPE_LENGTH_DELIMITED) {
                    if (!in.skipField(tag)) ended = true;
                    continue;
                }
                int len = in.readRawVarint32();
                if (len < 0 || len > MAX_PACKET)
                    throw new IOException("a packet of " + len + " bytes: not a Perfetto trace, or a damaged one");
                packet(CodedInputStream.newInstance(in.readRawBytes(len)));
                in.resetSizeCounter();
            }
            cur = ready.poll().getBytes(StandardCharsets.UTF_8);
            at = 0;
            return true;
        }

        @Override
        public int read() throws IOException {
            if (at >= cur.length && !fill()) return -1;
            return cur[at++] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) return 0;
            if (at >= cur.length && !fill()) return -1;
            int n = Math.min(len, cur.length - at);
            System.arraycopy(cur, at, b, off, n);
            at += n;
            return n;
        }

        private void packet(CodedInputStream p) throws IOException {
            while (!p.isAtEnd()) {
                int tag = p.readTag();
                switch (WireFormat.getTagFieldNumber(tag)) {
                    case 1 -> bundle(sub(p));
                    case 2 -> tree(sub(p));
                    default -> p.skipField(tag);
                }
            }
        }

        private static CodedInputStream sub(CodedInputStream p) throws IOException {
            return CodedInputStream.newInstance(p.readByteArray());
        }

        private void tree(CodedInputStream t) throws IOException {
            while (!t.isAtEnd()) {
                int tag = t.readTag();
                if (WireFormat.getTagFieldNumber(tag) != 2) {
                    t.skipField(tag);
                    continue;
                }
                CodedInputStream th = sub(t);
                int tid = -1;
                String name = null;
                while (!th.isAtEnd()) {
                    int f = th.readTag();
                    switch (WireFormat.getTagFieldNumber(f)) {
                        case 1 -> tid = th.readInt32();
                        case 2 -> name = th.readString();
                        default -> th.skipField(f);
                    }
                }
                if (tid > 0 && name != null) comms.put(tid, name);
            }
        }

        private void bundle(CodedInputStream b) throws IOException {
            int cpu = 0;
            List<byte[]> events = new ArrayList<>();
            while (!b.isAtEnd()) {
                int tag = b.readTag();
                switch (WireFormat.getTagFieldNumber(tag)) {
                    case 1 -> cpu = b.readUInt32();
                    case 2 -> events.add(b.readByteArray());
                    case 4 -> {
                        compact++;
                        b.skipField(tag);
                    }
                    default -> b.skipField(tag);
                }
            }
            for (byte[] e : events) event(cpu, CodedInputStream.newInstance(e));
        }

        private void event(int cpu, CodedInputStream e) throws IOException {
            long ts = 0;
            int pid = 0, kind = 0;
            byte[] body = null;
            while (!e.isAtEnd()) {
                int tag = e.readTag();
                int f = WireFormat.getTagFieldNumber(tag);
                if (f == 1) ts = e.readUInt64();
                else if (f == 2) pid = e.readUInt32();
                else if (WireFormat.getTagWireType(tag) == WireFormat.WIRETYPE_LENGTH_DELIMITED && f >= 3) {
                    kind = f;
                    body = e.readByteArray();
                } else e.skipField(tag);
            }
            if (body == null) return;
            Fields x = Fields.of(body);
            String name, text;
            switch (kind) {
                case 3 -> {
                    name = "print";
                    text = "tracing_mark_write: " + strip(x.str(2));
                }
                case 4 -> {
                    name = "sched_switch";
                    comms.put((int) x.num(2), x.str(1));
                    comms.put((int) x.num(6), x.str(5));
                    text = "prev_comm=" + x.str(1) + " prev_pid=" + x.num(2) + " prev_prio=" + x.num(3) + " prev_state="
                            + DatFormats.state(x.num(4)) + " ==> next_comm=" + x.str(5) + " next_pid=" + x.num(6)
                            + " next_prio=" + x.num(7);
                }
                case 17, 20, 114 -> {
                    name = kind == 17 ? "sched_wakeup" : kind == 20 ? "sched_waking" : "sched_wakeup_new";
                    comms.putIfAbsent((int) x.num(2), x.str(1));
                    text = "comm=" + x.str(1) + " pid=" + x.num(2) + " prio=" + x.num(3) + " target_cpu="
                            + String.format("%03d", x.num(5));
                }
                case 238 -> {
                    name = "sched_process_exit";
                    text = "comm=" + x.str(1) + " pid=" + x.num(2) + " prio=" + x.num(4);
                }
                case 239 -> {
                    name = "sched_process_fork";
                    comms.put((int) x.num(4), x.str(3));
                    text = "comm=" + x.str(1) + " pid=" + x.num(2) + " child_comm=" + x.str(3) + " child_pid="
                            + x.num(4);
                }
                case 241 -> {
                    name = "sched_process_hang";
                    text = "comm=" + x.str(1) + " pid=" + x.num(2);
                }
                case 329 -> {
                    name = "sys_enter";
                    text = "NR " + x.num(1) + " (0, 0, 0, 0, 0, 0)";
                }
                case 330 -> {
                    name = "sys_exit";
                    text = "NR " + x.num(1) + " = " + x.num(2);
                }
                default -> {
                    return;
                }
            }
            String comm = pid == 0 ? "<idle>" : comms.getOrDefault(pid, "<...>");
            ready.add(String.format(
                    "%16s-%-5d [%03d] %d.%09d: %s: %s%n",
                    clean(comm), pid, cpu, ts / 1_000_000_000L, ts % 1_000_000_000L, name, clean(text)));
        }

        private static String clean(String s) {
            return s.replace('\n', ' ').replace('\r', ' ');
        }

        private static String strip(String s) {
            int e = s.length();
            while (e > 0 && (s.charAt(e - 1) == '\n' || s.charAt(e - 1) == '\0')) e--;
            return s.substring(0, e);
        }
    }

    /** The scalar and string fields of one small message, by number (the last of each wins). */
    private record Fields(Map<Integer, Long> nums, Map<Integer, String> strs) {
        static Fields of(byte[] b) throws IOException {
            Map<Integer, Long> n = new HashMap<>();
            Map<Integer, String> s = new HashMap<>();
            CodedInputStream c = CodedInputStream.newInstance(b);
            while (!c.isAtEnd()) {
                int tag = c.readTag();
                int f = WireFormat.getTagFieldNumber(tag);
                switch (WireFormat.getTagWireType(tag)) {
                    case WireFormat.WIRETYPE_VARINT -> n.put(f, c.readInt64());
                    case WireFormat.WIRETYPE_LENGTH_DELIMITED -> s.put(f, c.readString());
                    default -> c.skipField(tag);
                }
            }
            return new Fields(n, s);
        }

        long num(int f) {
            return nums.getOrDefault(f, 0L);
        }

        String str(int f) {
            return strs.getOrDefault(f, "");
        }
    }
}
