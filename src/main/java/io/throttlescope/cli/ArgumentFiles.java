package io.throttlescope.cli;

import io.throttlescope.realtrace.TraceText;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * Argument files ({@code @FILE}, expanded by picocli, see docs/cli.md) are checked before picocli
 * reads them: picocli reads an argument file to its end, so {@code @/dev/zero} (or a link to it)
 * never ended and a 50 MB file was read and echoed whole. An argument file must be a regular file
 * of at most {@link #MAX_BYTES}, not a kernel file; files it names with {@code @} are checked too.
 */
final class ArgumentFiles {
    private ArgumentFiles() {}

    /** The largest argument file taken. */
    static final int MAX_BYTES = 1 << 20;

    private static final int MAX_DEPTH = 8;

    /** What is wrong with the argument files of args, or null. */
    static String problem(String[] args) {
        for (String a : args) {
            String p = check(a, 0);
            if (p != null) return p;
        }
        return null;
    }

    private static String check(String arg, int depth) {
        if (!arg.startsWith("@") || arg.startsWith("@@") || arg.length() == 1) return null;
        Path f;
        try {
            f = Path.of(arg.substring(1));
        } catch (InvalidPathException e) {
            return null; // not a file name: picocli takes it as an argument
        }
        if (!Files.exists(f)) return null; // picocli takes an @ that names no file as an argument
        String name = "argument file " + arg;
        if (depth >= MAX_DEPTH) return name + " is nested more than " + MAX_DEPTH + " argument files deep";
        if (!Files.isRegularFile(f))
            return name + " is not a regular file (a device, a pipe or a folder): write the arguments into a file";
        try {
            String fs = Files.getFileStore(f).type();
            if (TraceText.KERNEL_FILE_SYSTEMS.contains(fs) || fs.equals("devtmpfs"))
                return name + " is a kernel file: copy it into a file of your own";
            if (Files.size(f) > MAX_BYTES)
                return name + " is " + (Files.size(f) >> 10) + " KiB; at most " + (MAX_BYTES >> 10) + " KiB is read";
            byte[] text;
            try (InputStream in = Files.newInputStream(f)) {
                text = in.readNBytes(MAX_BYTES + 1);
            }
            if (text.length > MAX_BYTES) return name + " is over " + (MAX_BYTES >> 10) + " KiB; at most that is read";
            for (String word : new String(text, StandardCharsets.UTF_8).split("\\s+")) {
                String p = check(word.replace("\"", "").replace("'", ""), depth + 1);
                if (p != null) return p;
            }
        } catch (IOException e) {
            return "cannot read " + name + ": " + (e.getMessage() == null ? e.toString() : e.getMessage());
        }
        return null;
    }
}
