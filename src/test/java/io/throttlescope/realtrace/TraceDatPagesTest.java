package io.throttlescope.realtrace;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The ring-buffer records trace-cmd's files seldom show in a short trace, each decoded as
 * kernel/trace/ring_buffer.c writes it (docs/real-kernels.md, "trace.dat"): a page that lost events
 * (with the count stored after its data), a time extend, a discarded event's padding, a record too
 * long for the 5-bit length (type 0), an absolute time stamp, in either byte order; and the print
 * formats: one whose arguments are fields ({@code %u}, {@code %x}), one that is not (fields as
 * {@code name=value}, an array, a 64-bit unsigned number, a char array).
 */
class TraceDatPagesTest {
    @TempDir
    Path dir;

    private static final String HEADER_PAGE = "\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
            + "\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;\n\tfield: char data;\toffset:16;\tsize:4080;\tsigned:0;\n";
    private static final String COMMON = "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
            + "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
            + "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
            + "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n";
    private static final String TICK = "name: tick\nID: 7\nformat:\n" + COMMON
            + "\tfield:unsigned int n;\toffset:8;\tsize:4;\tsigned:0;\n\nprint fmt: \"n=%u hex=%x\", REC->n, REC->n\n";
    private static final String BLOB = "name: blob\nID: 8\nformat:\n" + COMMON
            + "\tfield:u64 v;\toffset:8;\tsize:8;\tsigned:0;\n\tfield:int arr[2];\toffset:16;\tsize:8;\tsigned:1;\n"
            + "\tfield:char name[8];\toffset:24;\tsize:8;\tsigned:0;\n\nprint fmt: \"%s\", __print_array(REC->arr, 2, 4)\n";

    /** A page's records, written as the kernel writes them, in the byte order given. */
    private static final class Page {
        final ByteBuffer b;
        final ByteOrder order;

        Page(ByteOrder order) {
            this.order = order;
            b = ByteBuffer.allocate(4096).order(order);
            b.position(16);
        }

        void header(int type, long delta) {
            b.putInt(order == ByteOrder.LITTLE_ENDIAN ? (int) (delta << 5) | type : (type << 27) | (int) delta);
        }

        void tick(long delta, int pid, int n) {
            header(3, delta);
            b.putShort((short) 7).put((byte) 0).put((byte) 0).putInt(pid).putInt(n);
        }

        byte[] finish(long ts, long lost) {
            int len = b.position() - 16;
            b.putLong(lost); // the count the kernel stores after the data
            b.putLong(0, ts);
            b.putLong(8, len | (1L << 31) | (1L << 30)); // missed events, count stored
            return b.array();
        }
    }

    private static byte[] cstring(String s) {
        return (s + "\0").getBytes(StandardCharsets.ISO_8859_1);
    }

    /** A version 6 trace.dat of one CPU holding those pages. */
    private static byte[] v6(ByteOrder order, byte[] page) throws IOException {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteBuffer n = ByteBuffer.allocate(8).order(order);
        o.write(new byte[] {0x17, 0x08, 0x44});
        o.write("tracing".getBytes(StandardCharsets.ISO_8859_1));
        o.write(cstring("6"));
        o.write(order == ByteOrder.BIG_ENDIAN ? 1 : 0);
        o.write(8);
        o.write(n.clear().putInt(4096).array(), 0, 4);
        o.write(cstring("header_page"));
        o.write(n.clear().putLong(HEADER_PAGE.length()).array());
        o.write(HEADER_PAGE.getBytes(StandardCharsets.ISO_8859_1));
        o.write(cstring("header_event"));
        o.write(n.clear().putLong(0).array());
        o.write(n.clear().putInt(0).array(), 0, 4); // no ftrace formats
        o.write(n.clear().putInt(1).array(), 0, 4); // one system
        o.write(cstring("test"));
        o.write(n.clear().putInt(2).array(), 0, 4);
        for (String f : List.of(TICK, BLOB)) {
            o.write(n.clear().putLong(f.length()).array());
            o.write(f.getBytes(StandardCharsets.ISO_8859_1));
        }
        o.write(n.clear().putInt(0).array(), 0, 4); // kallsyms
        o.write(n.clear().putInt(0).array(), 0, 4); // printk
        String cmdlines = "5 worker\n";
        o.write(n.clear().putLong(cmdlines.length()).array());
        o.write(cmdlines.getBytes(StandardCharsets.ISO_8859_1));
        o.write(n.clear().putInt(1).array(), 0, 4); // cpus
        o.write(cstring("options  "));
        o.write(n.clear().putShort((short) 0).array(), 0, 2);
        o.write(cstring("flyrecord"));
        long at = ((o.size() + 16L + 4095) / 4096) * 4096;
        o.write(n.clear().putLong(at).array());
        o.write(n.clear().putLong(page.length).array());
        while (o.size() < at) o.write(0);
        o.write(page);
        return o.toByteArray();
    }

    @ParameterizedTest
    @ValueSource(strings = {"little", "big"})
    void everyKindOfRecordIsReadAsTheKernelWroteIt(String endian) throws IOException {
        ByteOrder order = endian.equals("big") ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        Page p = new Page(order);
        p.tick(10, 5, 255); // 1.000000010
        p.header(30, 5); // time extend: (1 << 27) + 5
        p.b.putInt(1);
        p.tick(0, 5, 1); // 1.134217743
        p.header(29, 3); // a discarded event: 8 bytes of padding, its delta kept
        p.b.putInt(8).putInt(0);
        p.header(0, 7); // a record the 5-bit length cannot say: its length first
        p.b.putInt(4 + 32);
        p.b.putShort((short) 8)
                .put((byte) 0)
                .put((byte) 0)
                .putInt(5)
                .putLong(-1L)
                .putInt(-3)
                .putInt(4)
                .put("abc\0\0\0\0\0".getBytes(StandardCharsets.ISO_8859_1));
        long abs = 2_000_000_000L; // absolute time stamp: 2 s
        p.header(31, abs & ((1 << 27) - 1));
        p.b.putInt((int) (abs >>> 27));
        p.tick(1, 5, 2); // 2.000000001
        Path f = dir.resolve(endian + ".dat");
        Files.write(f, v6(order, p.finish(1_000_000_000L, 3)));
        String text;
        try (TraceDat d = TraceDat.open(f);
                InputStream in = d.text()) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(text.lines().map(String::strip).toList())
                .containsExactly(
                        "cpus=1",
                        "CPU:0 [3 EVENTS DROPPED]",
                        "worker-5     [000] 1.000000010: tick: n=255 hex=ff",
                        "worker-5     [000] 1.134217743: tick: n=1 hex=1",
                        "worker-5     [000] 1.134217753: blob: v=18446744073709551615 arr=ARRAY[8] name=abc",
                        "worker-5     [000] 2.000000001: tick: n=2 hex=2");
        RealTrace rt = RealTrace.importFile(f, RealTrace.Options.defaults());
        assertThat(rt.counts().get("lost_events").getAsLong()).isEqualTo(3);
    }

    /** A large trace.dat's reading says how far it has got as it goes (the window's progress bar stood still). */
    @Test
    void aLargeTraceDatsReadingReportsItsProgress() throws IOException {
        ByteArrayOutputStream pages = new ByteArrayOutputStream();
        long ts = 1_000_000_000L;
        for (int k = 0; k < 400; k++) {
            Page p = new Page(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < 250; i++) p.tick(1000, 5, i);
            byte[] b = p.finish(ts, 0);
            ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putLong(8, 250 * 16); // no events lost
            pages.write(b);
            ts += 250_000;
        }
        Path f = dir.resolve("large.dat");
        Files.write(f, v6(ByteOrder.LITTLE_ENDIAN, pages.toByteArray()));
        List<Double> said = new CopyOnWriteArrayList<>();
        RealTrace rt = RealTrace.importFile(f, RealTrace.Options.defaults(), said::add);
        assertThat(rt.run.trace().size()).isPositive();
        assertThat(said).as("progress during the first reading").anyMatch(x -> x > 0.01 && x < 0.44);
    }

    /**
     * The review's damaged files: a page size of 0 (it read one page for ever), a record whose length
     * runs past its page (an int overflow let it through to a 2 GB string), a print format whose flags
     * Java refuses for a string (%05u). Each ends in an IOException or a line of fields, in bounded time.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void damagedPagesEndInOneLineOrAreSkipped() throws IOException {
        Page p = new Page(ByteOrder.LITTLE_ENDIAN);
        p.tick(10, 5, 1);
        p.header(0, 1); // a type-0 record claiming 2 GB
        p.b.putInt(Integer.MAX_VALUE - 2);
        p.b.putInt(0).putInt(0);
        byte[] page = p.finish(1_000_000_000L, 0);
        byte[] good = v6(ByteOrder.LITTLE_ENDIAN, page);
        Path f = dir.resolve("overflow.dat");
        Files.write(f, good);
        RealTrace rt = RealTrace.importFile(f, RealTrace.Options.defaults());
        assertThat(rt.run.trace().size()).isPositive();
        byte[] zero = good.clone();
        ByteBuffer.wrap(zero)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putInt(14, 0); // the page size, after the magic, "6", the byte order and the long size
        Path z = dir.resolve("page0.dat");
        Files.write(z, zero);
        assertThatThrownBy(() -> RealTrace.importFile(z, RealTrace.Options.defaults()))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("a page size of 0 bytes");
        DatFormats formats = new DatFormats(ByteOrder.LITTLE_ENDIAN);
        formats.add("test", TICK.replace("n=%u hex=%x", "n=%05u hex=%#x"));
        DatFormats.Format tick = formats.format(7);
        ByteBuffer r = ByteBuffer.allocate(12)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putShort((short) 7)
                .put((byte) 0)
                .put((byte) 0)
                .putInt(5)
                .putInt(42);
        assertThat(formats.fields(tick, r, 0, 12)).isEqualTo("n=42");
        formats.add("test", TICK.replace("n=%u hex=%x", "n=%05u hex=%x"));
        assertThat(formats.fields(formats.format(7), r, 0, 12)).isEqualTo("n=00042 hex=2a");
    }
}
