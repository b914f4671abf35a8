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
 */
final class Utf8Relaunch {
    private Utf8Relaunch() {}

    static final String GUARD = "throttlescope.relaunched";

    /** The exit code of the relaunched run, or empty where none is needed (or possible). */
    static OptionalInt ifNeeded() {
        String jnu = System.getProperty("sun.jnu.encoding", "");
        if (jnu.equalsIgnoreCase("UTF-8") || System.getProperty(GUARD) != null) return OptionalInt.empty();
        byte[] cmdline;
        try (InputStream in = Files.newInputStream(Path.of("/proc/self/cmdline"))) {
            cmdline = in.readAllBytes(); // a stream read to its end (the file reports size 0)
        } catch (IOException | RuntimeException e) {
            return OptionalInt.empty(); // not Linux: nothing to do
        }
        List<byte[]> words = split(cmdline);
        if (words.size() < 2 || !nonAscii(cmdline)) return OptionalInt.empty();
        Path argFile = null;
        try {
            argFile = Files.createTempFile(
                    "throttlescope-args-" + ProcessHandle.current().pid() + "-",
                    ".txt",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.write(argFile, argumentFile(words.subList(1, words.size())));
            ProcessBuilder pb =
                    new ProcessBuilder("/proc/" + ProcessHandle.current().pid() + "/exe", "@" + argFile).inheritIO();
            pb.environment().put("LC_ALL", "C.UTF-8");
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
     * A java launcher argument file holding these words as they are, the guard first: each word in
     * double quotes, a backslash, a quote and the line ends escaped (the launcher's rules), every
     * other byte as it is.
     */
    static byte[] argumentFile(List<byte[]> words) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        o.writeBytes(("\"-D" + GUARD + "=1\"\n").getBytes(StandardCharsets.US_ASCII));
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
