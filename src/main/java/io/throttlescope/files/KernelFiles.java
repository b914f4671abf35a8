package io.throttlescope.files;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * The one way this program reads and writes /proc, /sys and tracefs files. Those files report a
 * size of 0, and Java 17's {@code Files.readString} and {@code readAllBytes} trust the size: they read
 * one byte, and a sysctl, which answers a read at an offset other than 0 with end-of-file, then
 * reads as its first digit ({@code hung_task_timeout_secs} 120 read as "1"). Here a file is read in
 * 64 KiB reads from offset 0 to the end of the stream, whatever size it reports; a value written is
 * read back and compared, so a write the kernel turned down or changed is said, not assumed.
 */
public final class KernelFiles {
    private static final int CHUNK = 1 << 16;

    private KernelFiles() {}

    /** The whole file as the kernel gives it, read to the end of the stream (UTF-8). */
    public static String read(Path p) throws IOException {
        return read(p, StandardCharsets.UTF_8);
    }

    public static String read(Path p, Charset cs) throws IOException {
        try (InputStream in = Files.newInputStream(p)) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] b = new byte[CHUNK];
            for (int n; (n = in.read(b)) >= 0; ) out.write(b, 0, n);
            return out.toString(cs);
        }
    }

    /**
     * The running kernel's CONFIG_HZ, from /proc/config.gz (a gzip stream, read to its end), or -1 if
     * the kernel does not offer its configuration or names no HZ. The tick decides when a real
     * kernel charges a group's runtime (docs/real-kernels.md, "The tick").
     */
    public static int configHz(Path configGz) {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(configGz))) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] b = new byte[CHUNK];
            for (int n; (n = in.read(b)) >= 0; ) out.write(b, 0, n);
            return hzOf(out.toString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            return -1;
        }
    }

    /** CONFIG_HZ in a kernel configuration's text, or -1. */
    public static int hzOf(String config) {
        for (String l : config.split("\n")) {
            if (!l.startsWith("CONFIG_HZ=")) continue;
            try {
                int hz = Integer.parseInt(l.substring("CONFIG_HZ=".length()).strip());
                return hz >= 24 && hz <= 10_000 ? hz : -1;
            } catch (NumberFormatException e) {
                return -1;
            }
        }
        return -1;
    }

    /** The file's lines, read as {@link #read} reads it. */
    public static List<String> lines(Path p) throws IOException {
        return lines(p, StandardCharsets.UTF_8);
    }

    public static List<String> lines(Path p, Charset cs) throws IOException {
        String s = read(p, cs);
        return s.isEmpty() ? List.of() : s.lines().toList();
    }

    /** A one-value file (a sysctl, a cgroup setting) without its line end. */
    public static String value(Path p) throws IOException {
        return read(p).strip();
    }

    /** A one-number file; an IOException names the file when it holds no number. */
    public static long number(Path p) throws IOException {
        String v = value(p);
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new IOException(p + " holds \"" + v + "\", not a number");
        }
    }

    /** Writes the value in one write, as {@code echo value > file} does (no truncation, no temporary file). */
    public static void write(Path p, String value) throws IOException {
        try (OutputStream o = Files.newOutputStream(p)) {
            o.write(value.getBytes(StandardCharsets.UTF_8));
        }
    }

    /**
     * Writes a one-value file and reads it back: an IOException, naming the file, the value written
     * and the value read, unless it now reads as written.
     */
    public static void writeChecked(Path p, String value) throws IOException {
        write(p, value);
        String back = value(p);
        if (!back.equals(value.strip()))
            throw new IOException(p + " reads \"" + back + "\" after writing \"" + value.strip() + "\"");
    }
}
