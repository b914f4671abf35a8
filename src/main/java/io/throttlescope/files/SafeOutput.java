package io.throttlescope.files;

import io.throttlescope.text.Escape;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The one way an output file is written. A regular file (or a new one) is written into a temporary
 * file beside it and renamed over it when complete, so an interrupted or failed write never leaves
 * half a file and never deletes the old one; the new file keeps the old one's mode (a new file gets
 * the umask's, as the shell's {@code >} gives it). A symbolic link to a regular file is replaced,
 * never followed (a link planted where root writes cannot make it overwrite what the link names).
 * A FIFO, a terminal or one of the data devices ({@code /dev/null}, {@code /dev/full}, {@code
 * /dev/zero}), or a link to one ({@code /proc/self/fd/1}), is written through, never replaced: as
 * root, a rename would have put a regular file where the device was. Any other device is refused.
 * Every message names the path as the user gave it, its control characters escaped.
 */
public final class SafeOutput {
    private SafeOutput() {}

    /** What writes text content. */
    public interface Body {
        void write(Writer w) throws IOException;
    }

    /** What writes bytes (pictures, archives). */
    public interface Bytes {
        void write(OutputStream o) throws IOException;
    }

    /** The path as a message may show it: on one line, nothing that drives a terminal. */
    public static String shown(Path p) {
        return Escape.controls(p.toString());
    }

    /**
     * Checks, before any work, that the output can be written: its folder exists and takes a new
     * file, or it is something to write through. Returns a message naming the user's path, or null.
     */
    public static String problem(Path out) {
        if (out.toString().isBlank()) return "the output path is empty";
        if (Files.isDirectory(out)) return "cannot write " + shown(out) + ": it is a folder";
        if (throughTo(out)) return Files.isWritable(out) ? null : "cannot write " + shown(out) + ": permission denied";
        String dev = refusedDevice(out);
        if (dev != null) return dev;
        Path dir;
        try {
            dir = folderOf(out);
        } catch (IOException e) {
            return "cannot write " + shown(out) + ": " + reason(e);
        }
        if (dir == null || !Files.isDirectory(dir))
            return "cannot write " + shown(out) + ": the folder " + shown(dir == null ? out : dir) + " does not exist";
        try { // the folder takes a new file: the one the write will make
            Path probe = newPart(dir, out);
            Files.delete(probe);
        } catch (IOException e) {
            return "cannot write " + shown(out) + ": the folder " + shown(dir) + " does not take new files"
                    + (e instanceof NoSuchFileException ? "" : " (" + reason(e) + ")");
        }
        return null;
    }

    /** Writes text (UTF-8). */
    public static void write(Path out, Body body) throws IOException {
        writeBytes(out, o -> {
            Writer w = new OutputStreamWriter(o, StandardCharsets.UTF_8);
            body.write(w);
            w.flush();
        });
    }

    /** Writes bytes, as the class comment says. */
    public static void writeBytes(Path out, Bytes body) throws IOException {
        try (Pending p = begin(out)) {
            try {
                body.write(p.stream());
            } catch (IOException e) {
                throw p.failed(e);
            }
            p.commit();
        }
    }

    /**
     * An output being written over time (frames of an export as they are drawn): {@link #stream}
     * takes the content, {@link #commit} puts it in place; closed without a commit, nothing changed
     * (what was written through to a device stays written).
     */
    public static final class Pending implements AutoCloseable {
        private final Path out, target, tmp;
        private final OutputStream stream;
        private boolean done;

        private Pending(Path out, Path target, Path tmp, OutputStream stream) {
            this.out = out;
            this.target = target;
            this.tmp = tmp;
            this.stream = stream;
        }

        public OutputStream stream() {
            return stream;
        }

        /** The error of a failed write, naming the user's path and the reason in one line. */
        public IOException failed(IOException e) {
            return e.getMessage() != null && e.getMessage().startsWith("cannot write ")
                    ? e
                    : new IOException("cannot write " + shown(out) + ": " + reason(e), e);
        }

        public void commit() throws IOException {
            try {
                stream.close();
                if (tmp != null) {
                    if (Files.exists(target)) keepModeAndOwner(target, tmp);
                    Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                }
                done = true;
            } catch (IOException e) {
                throw failed(e);
            }
        }

        @Override
        public void close() throws IOException {
            if (!done) {
                try {
                    stream.close();
                } catch (IOException ignored) {
                }
            }
            if (tmp != null) Files.deleteIfExists(tmp);
        }
    }

    /** Starts writing an output, as the class comment says. */
    public static Pending begin(Path out) throws IOException {
        if (out.toString().isBlank()) throw new IOException("the output path is empty");
        if (Files.isDirectory(out)) throw new IOException("cannot write " + shown(out) + ": it is a folder");
        String dev = refusedDevice(out);
        if (dev != null) throw new IOException(dev);
        if (throughTo(out)) { // a FIFO, a terminal, a data device, or a link to one: written through
            try {
                return new Pending(
                        out,
                        null,
                        null,
                        new BufferedOutputStream(Files.newOutputStream(out, StandardOpenOption.WRITE)));
            } catch (IOException e) {
                throw new IOException("cannot write " + shown(out) + ": " + reason(e), e);
            }
        }
        Path target = out.toAbsolutePath(); // a link to a file: the link is replaced
        Path dir = target.getParent();
        if (dir == null || !Files.isDirectory(dir))
            throw new IOException("cannot write " + shown(out) + ": the folder " + shown(dir == null ? out : dir)
                    + " does not exist");
        Path tmp;
        try {
            tmp = newPart(dir, out);
        } catch (IOException e) {
            throw new IOException(
                    "cannot write " + shown(out) + ": the folder " + shown(dir) + " does not take new files"
                            + (e instanceof NoSuchFileException ? "" : " (" + reason(e) + ")"),
                    e);
        }
        try {
            return new Pending(
                    out, target, tmp, new BufferedOutputStream(Files.newOutputStream(tmp, StandardOpenOption.WRITE)));
        } catch (IOException e) {
            Files.deleteIfExists(tmp);
            throw new IOException("cannot write " + shown(out) + ": " + reason(e), e);
        }
    }

    /** The folder the file goes into. */
    private static Path folderOf(Path out) throws IOException {
        return out.toAbsolutePath().getParent();
    }

    private static final int S_IFMT = 0170000, S_IFIFO = 0010000, S_IFCHR = 0020000;

    /** The file type bits of what the path names (links followed), 0 if it does not exist or is not known. */
    private static int type(Path p) {
        try {
            return ((Integer) Files.getAttribute(p, "unix:mode")) & S_IFMT;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            return 0;
        }
    }

    /**
     * True for an output written through: a FIFO, a terminal, /dev/null, /dev/full, /dev/zero, or a
     * link to one; and anything that exists in /dev or /proc ({@code /dev/stdout} of a shell that
     * redirected into a file is a link to a regular file: renaming over it would replace the link).
     */
    private static boolean throughTo(Path out) {
        if (!Files.exists(out)) return false;
        Path abs = out.toAbsolutePath().normalize();
        if (Files.isRegularFile(out))
            return abs.startsWith("/dev") || abs.startsWith("/proc"); // /dev/stdout into a file: written through
        int t = type(out);
        if (t == S_IFIFO) return true;
        return t == S_IFCHR && dataDevice(out);
    }

    private static boolean dataDevice(Path out) {
        try {
            String real = out.toRealPath().toString();
            return real.equals("/dev/null")
                    || real.equals("/dev/full")
                    || real.equals("/dev/zero")
                    || real.equals("/dev/tty")
                    || real.startsWith("/dev/pts/")
                    || real.matches("/dev/tty(S|USB|ACM)?\\d+")
                    || real.equals("/dev/console");
        } catch (IOException e) {
            return false;
        }
    }

    /** A message for an existing output that is neither a regular file, a folder, nor written through (a disk, /dev/mem, a socket); else null. */
    private static String refusedDevice(Path out) {
        if (!Files.exists(out) || Files.isRegularFile(out) || Files.isDirectory(out) || throughTo(out)) return null;
        return refusal(out);
    }

    private static String refusal(Path out) {
        return "cannot write " + shown(out)
                + ": it is a device or a special file, not written (only a regular file, a FIFO, a terminal"
                + " or /dev/null, /dev/full, /dev/zero are)";
    }

    /**
     * A new empty file beside the output, made as the shell makes one (mode 0666 less the umask:
     * {@code createFile} without attributes), with a name no other writer uses.
     */
    private static Path newPart(Path dir, Path out) throws IOException {
        String name = out.getFileName() == null ? "output" : out.getFileName().toString();
        while (name.getBytes(StandardCharsets.UTF_8).length > 200)
            name = name.substring(0, name.length() - 1); // bytes: the file system's limit is 255
        for (int tries = 0; ; tries++) {
            Path p = dir.resolve("." + name + "."
                    + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".part");
            try {
                return Files.createFile(p);
            } catch (FileAlreadyExistsException e) {
                if (tries > 16) throw e;
            }
        }
    }

    /** The replaced file's permissions (and, as root, its owner and group) on the new one. */
    private static void keepModeAndOwner(Path target, Path tmp) throws IOException {
        PosixFileAttributeView from = Files.getFileAttributeView(target, PosixFileAttributeView.class);
        PosixFileAttributeView to = Files.getFileAttributeView(tmp, PosixFileAttributeView.class);
        if (from == null || to == null) return; // not a POSIX file system: nothing to keep
        var a = from.readAttributes();
        to.setPermissions(a.permissions());
        try {
            if (!a.owner().equals(to.getOwner())) to.setOwner(a.owner());
            to.setGroup(a.group());
        } catch (IOException e) {
            // not root: the file is the writer's, as the shell's > would leave a new one
        }
    }

    /** The reason of a failed file operation, as one phrase ("permission denied", "No space left on device"). */
    public static String reason(IOException e) {
        if (e instanceof AccessDeniedException) return "permission denied";
        if (e instanceof NoSuchFileException n)
            return (n.getFile() == null ? "a folder" : Escape.controls(n.getFile())) + " does not exist";
        if (e instanceof FileSystemException f && f.getReason() != null) return Escape.controls(f.getReason());
        return Escape.controls(e.getMessage() == null ? e.toString() : e.getMessage());
    }
}
