package io.throttlescope;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * Under {@code LANG=C}, POSIX or no locale at all (cron, systemd units, containers) Java decodes the
 * command line and file names as ASCII: a non-ASCII argument reaches {@code main} as {@code ?} and
 * no such path can be opened ("cannot convert ... to interface java.nio.file.Path"). Neither can be
 * repaired from inside the JVM, so where the process's own command line ({@code /proc/self/cmdline},
 * the bytes as given) holds a non-ASCII byte and the JVM's file-name encoding is not UTF-8, the jar
 * runs itself again in the C.UTF-8 locale with the same bytes (through a java argument file, which
 * the launcher reads as bytes) and exits with its code. See docs/cli.md, "Conventions".
 *
 * <p>The same way, a command given a file of {@link #BIG} bytes or more (a long recording) runs
 * itself again with transparent huge pages for its heap where Linux gives them only on request
 * ({@code madvise}): the first reading of a gigabyte's text faults its young heap in 4 KiB at a time
 * otherwise, seconds of the open (docs/performance.md, "Where the first reading's extra seconds go").
 * Not where the command line or the JVM's option variables already say UseTransparentHugePages either
 * way, nor with {@code THROTTLESCOPE_HUGE_PAGES=0}.
 */
final class Relaunch {
    private Relaunch() {}

    static final String GUARD = "throttlescope.relaunched";

    /** A file argument this large has the JVM run again with huge pages for its heap (see above). */
    static final long BIG = 256L << 20;

    static final String HUGE_PAGES = "-XX:+UseTransparentHugePages";

    /** The exit code of the relaunched run, or empty where none is needed (or possible). */
    static OptionalInt ifNeeded(String[] args) {
        if (System.getProperty(GUARD) != null) return OptionalInt.empty();
        boolean utf8Names = System.getProperty("sun.jnu.encoding", "").equalsIgnoreCase("UTF-8");
        boolean huge = hugePagesWorthIt(args);
        if (utf8Names && !huge) return OptionalInt.empty();
        byte[] cmdline;
        try (InputStream in = Files.newInputStream(Path.of("/proc/self/cmdline"))) {
            cmdline = in.readAllBytes(); // a stream read to its end (the file reports size 0)
        } catch (IOException | RuntimeException e) {
            return OptionalInt.empty(); // not Linux: nothing to do
        }
        List<byte[]> words = split(cmdline);
        boolean utf8 = !utf8Names && nonAscii(cmdline); // names read as ASCII, and one is not
        huge &= !saysHugePages(words);
        if (words.size() < 2 || (!utf8 && !huge)) return OptionalInt.empty();
        Path argFile = null;
        try {
            argFile = Files.createTempFile(
                    "throttlescope-args-" + ProcessHandle.current().pid() + "-",
                    ".txt",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            // a JVM that does not know the option (not HotSpot) ignores it rather than refuse to start
            List<String> options = huge ? List.of("-XX:+IgnoreUnrecognizedVMOptions", HUGE_PAGES) : List.of();
            Files.write(argFile, argumentFile(options, words.subList(1, words.size())));
            ProcessBuilder pb =
                    new ProcessBuilder("/proc/" + ProcessHandle.current().pid() + "/exe", "@" + argFile).inheritIO();
            if (utf8) pb.environment().put("LC_ALL", "C.UTF-8");
            Process child = pb.start();
            Thread stop = new Thread(child::destroy); // a SIGTERM to this process ends the relaunched one too
            Runtime.getRuntime().addShutdownHook(stop);
            int code = child.waitFor();
            Runtime.getRuntime().removeShutdownHook(stop);
            return OptionalInt.of(code);
        } catch (IOException | RuntimeException e) {
            return OptionalInt.empty(); // run as we are: the old message is better than none
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return OptionalInt.of(130);
        } finally {
            if (argFile != null) {
                try {
                    Files.deleteIfExists(argFile);
                } catch (IOException e) {
                    /* in the temp folder */
                }
            }
        }
    }

    /**
     * Whether a huge-page heap would help: Linux gives them on request only (madvise; with always the
     * heap has them already), and an argument names a regular file of {@link #BIG} bytes or more.
     */
    static boolean hugePagesWorthIt(String[] args) {
        if ("0".equals(System.getenv("THROTTLESCOPE_HUGE_PAGES"))
                || saysHugePages(System.getenv("JAVA_TOOL_OPTIONS"))
                || saysHugePages(System.getenv("JDK_JAVA_OPTIONS"))) return false;
        if (!madviseOnly(Path.of("/sys/kernel/mm/transparent_hugepage/enabled"))) return false;
        for (String a : args) {
            try {
                Path p = Path.of(a);
                if (Files.isRegularFile(p) && Files.size(p) >= BIG) return true;
            } catch (IOException | RuntimeException e) {
                // not a file's name
            }
        }
        return false;
    }

    /** Whether the kernel's THP setting (its file, "always [madvise] never") is madvise. */
    static boolean madviseOnly(Path enabled) {
        try (InputStream in = Files.newInputStream(enabled)) {
            return new String(in.readNBytes(256), StandardCharsets.US_ASCII).contains("[madvise]");
        } catch (IOException | RuntimeException e) {
            return false; // not Linux, or no THP
        }
    }

    /** Whether these words (the JVM's own) already say UseTransparentHugePages, on or off. */
    static boolean saysHugePages(List<byte[]> words) {
        for (byte[] w : words) if (saysHugePages(new String(w, StandardCharsets.ISO_8859_1))) return true;
        return false;
    }

    static boolean saysHugePages(String options) {
        return options != null && options.contains("UseTransparentHugePages");
    }

    static boolean nonAscii(byte[] b) {
        for (byte x : b) if (x < 0) return true;
        return false;
    }

    /** The NUL-separated words of a command line. */
    static List<byte[]> split(byte[] cmdline) {
        List<byte[]> out = new ArrayList<>();
        int from = 0;
        for (int i = 0; i < cmdline.length; i++) {
            if (cmdline[i] != 0) continue;
            byte[] w = new byte[i - from];
            System.arraycopy(cmdline, from, w, 0, w.length);
            out.add(w);
            from = i + 1;
        }
        if (from < cmdline.length) {
            byte[] w = new byte[cmdline.length - from];
            System.arraycopy(cmdline, from, w, 0, w.length);
            out.add(w);
        }
        return out;
    }

    /**
     * A java launcher argument file holding these words as they are, the guard and the JVM options first: each word in
     * double quotes, a backslash, a quote and the line ends escaped (the launcher's rules), every
     * other byte as it is.
     */
    static byte[] argumentFile(List<String> options, List<byte[]> words) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        o.writeBytes(("\"-D" + GUARD + "=1\"\n").getBytes(StandardCharsets.US_ASCII));
        for (String opt : options) o.writeBytes(("\"" + opt + "\"\n").getBytes(StandardCharsets.US_ASCII));
        for (byte[] w : words) {
            o.write('"');
            for (byte b : w) {
                switch (b) {
                    case '\\' -> o.writeBytes(new byte[] {'\\', '\\'});
                    case '"' -> o.writeBytes(new byte[] {'\\', '"'});
                    case '\n' -> o.writeBytes(new byte[] {'\\', 'n'});
                    case '\r' -> o.writeBytes(new byte[] {'\\', 'r'});
                    case '\t' -> o.writeBytes(new byte[] {'\\', 't'});
                    case '\f' -> o.writeBytes(new byte[] {'\\', 'f'});
                    default -> o.write(b);
                }
            }
            o.writeBytes(new byte[] {'"', '\n'});
        }
        return o.toByteArray();
    }
}
