package io.throttlescope.realtrace;

import io.airlift.compress.zstd.ZstdDecompressor;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** How {@link TraceDat} reads the numbers and strings of its metadata, in the file's byte order. */
final class DatBytes {
    /** A metadata text over this is refused (a trace.dat's format files are a few MB). */
    static final long MAX_TEXT = 256L << 20;

    private DatBytes() {}

    /** A zstd part of size usize, compressed to csize bytes from from in b; refused in one line if it does not decompress to that. */
    static ByteBuffer unzstd(ByteBuffer b, int from, int csize, int usize, long max, String file) throws IOException {
        if (csize < 0 || usize < 0 || usize > max || from + csize > b.limit())
            throw new IOException(file + ": a compressed part of " + usize + " bytes is cut");
        byte[] in = new byte[csize];
        b.get(from, in);
        byte[] out = new byte[usize];
        try {
            int got = new ZstdDecompressor().decompress(in, 0, csize, out, 0, usize);
            if (got != usize)
                throw new IOException(file + ": a zstd chunk gave " + got + " bytes where it says " + usize);
        } catch (RuntimeException e) {
            throw new IOException(file + ": a zstd chunk does not decompress: " + e.getMessage());
        }
        return ByteBuffer.wrap(out);
    }

    /** True if the file starts with trace-cmd's magic bytes. */
    static boolean isTraceDat(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return Arrays.equals(in.readNBytes(MAGIC.length), MAGIC);
        } catch (IOException e) {
            return false;
        }
    }

    static final byte[] MAGIC = {0x17, 0x08, 0x44, 't', 'r', 'a', 'c', 'i', 'n', 'g'};

    static long parseLong(String s) {
        try {
            return Long.parseLong(s.strip());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** What the metadata readers read from: a section held in memory, or the file itself (v6). */
    interface In {
        int u32() throws IOException;

        long u64() throws IOException;

        String cstring() throws IOException;

        String text(long n) throws IOException;

        long remaining() throws IOException;
    }

    /** A position in a buffer, reading numbers in the file's order. */
    static final class Cursor implements In {
        private final ByteBuffer b;
        final long base;
        int pos;

        Cursor(ByteBuffer b, long base) {
            this.b = b;
            this.base = base;
        }

        void order(ByteOrder o) {
            b.order(o);
        }

        @Override
        public long remaining() {
            return (long) b.limit() - pos;
        }

        private void need(long n) {
            if (n < 0 || (long) pos + n > b.limit())
                throw new IllegalStateException("the file ends inside a part of it (cut, or not a trace.dat)");
        }

        byte[] bytes(int n) {
            need(n);
            byte[] out = new byte[n];
            b.get(pos, out);
            pos += n;
            return out;
        }

        int u8() {
            need(1);
            return b.get(pos++) & 0xff;
        }

        int u16() {
            need(2);
            int v = b.getShort(pos) & 0xffff;
            pos += 2;
            return v;
        }

        @Override
        public int u32() {
            need(4);
            int v = b.getInt(pos);
            pos += 4;
            return v;
        }

        @Override
        public long u64() {
            need(8);
            long v = b.getLong(pos);
            pos += 8;
            return v;
        }

        @Override
        public String cstring() {
            int e = pos;
            while (e < b.limit() && b.get(e) != 0) e++;
            need(e - pos + 1L);
            byte[] s = new byte[e - pos];
            b.get(pos, s);
            pos = e + 1;
            return new String(s, StandardCharsets.UTF_8);
        }

        @Override
        public String text(long n) {
            need(n);
            byte[] s = new byte[(int) n];
            b.get(pos, s);
            pos += (int) n;
            return new String(s, StandardCharsets.ISO_8859_1);
        }

        Cursor slice(int n) {
            need(n);
            ByteBuffer s = b.duplicate().order(b.order());
            s.position(pos).limit(pos + n);
            Cursor c = new Cursor(s.slice().order(b.order()), base + pos);
            pos += n;
            return c;
        }
    }

    /** A position in the file, read as it goes (v6 keeps its metadata in a row at the start). */
    /** Reads n bytes at an offset of the file (fewer at its end). */
    interface Source {
        ByteBuffer read(long at, int n) throws IOException;
    }

    static final class FileCursor implements In {
        private final Source src;
        private final long size;
        private final String file;
        long pos;

        FileCursor(Source src, long size, String file, long pos) {
            this.src = src;
            this.size = size;
            this.file = file;
            this.pos = pos;
        }

        private ByteBuffer take(int n) throws IOException {
            ByteBuffer b = src.read(pos, n);
            if (b.remaining() < n) throw new IOException(file + " ends inside its metadata (cut, or not a trace.dat)");
            pos += n;
            return b;
        }

        int u16() throws IOException {
            return take(2).getShort(0) & 0xffff;
        }

        @Override
        public int u32() throws IOException {
            return take(4).getInt(0);
        }

        @Override
        public long u64() throws IOException {
            return take(8).getLong(0);
        }

        void skip(long n) throws IOException {
            if (n < 0 || pos + n > size)
                throw new IOException(file + " ends inside its metadata (cut, or not a trace.dat)");
            pos += n;
        }

        @Override
        public String cstring() throws IOException {
            ByteBuffer b = src.read(pos, 256);
            int e = 0;
            while (e < b.limit() && b.get(e) != 0) e++;
            if (e == b.limit()) throw new IOException(file + ": a name in its metadata has no end");
            byte[] s = new byte[e];
            b.get(0, s);
            pos += e + 1;
            return new String(s, StandardCharsets.UTF_8);
        }

        @Override
        public String text(long n) throws IOException {
            if (n < 0 || n > MAX_TEXT) throw new IOException(file + ": a section of " + n + " bytes");
            ByteBuffer b = src.read(pos, (int) n);
            pos += n;
            return StandardCharsets.ISO_8859_1.decode(b).toString();
        }

        @Override
        public long remaining() throws IOException {
            return size - pos;
        }
    }
}
