package io.throttlescope.files;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes an output file safely: into a temporary file in the same folder, renamed over the target
 * when complete, so an interrupted write never leaves half a file; a missing folder is one clear
 * message.
 */
public final class SafeOutput {
    private SafeOutput() { }

    /** What writes the content. */
    public interface Body { void write(Writer w) throws IOException; }

    /** Checks that the output can be written: its folder exists. Returns a message, or null if it can. */
    public static String problem(Path out) {
        if (out.toString().isBlank()) return "the output path is empty";
        Path dir = out.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) return "cannot write " + out + ": the folder " + (dir == null ? out : dir) + " does not exist";
        if (Files.isDirectory(out)) return "cannot write " + out + ": it is a folder";
        return null;
    }

    public static void write(Path out, Body body) throws IOException {
        String p = problem(out);
        if (p != null) throw new IOException(p);
        Path dir = out.toAbsolutePath().getParent();
        Path tmp = Files.createTempFile(dir, "." + out.getFileName(), ".part");
        try {
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) { body.write(w); }
            Files.move(tmp, out.toAbsolutePath(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (NoSuchFileException e) {
            throw new IOException("cannot write " + out + ": " + e.getMessage() + " does not exist");
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
