package io.throttlescope.ui.window;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * The last scenario files opened, one path a line in {@code recent-files} of the configuration
 * directory ({@code $XDG_CONFIG_HOME/throttlescope}, else {@code ~/.config/throttlescope}; the
 * property {@code throttlescope.config} moves it). Not java.util.prefs: its values stop at 8,192
 * characters (a longer path threw on the JavaFX thread and the opened file was never shown), and
 * its file is read, and synced by a shutdown hook, whatever it is (a FIFO there froze the window and
 * SIGTERM could not end it). Here only a regular file of bounded size is read, a path that cannot
 * be kept is simply not remembered, and nothing here ever throws at the window.
 */
public final class RecentFiles {
    static final int MAX = 8;
    /** Longest path remembered (Linux's PATH_MAX is 4,096 bytes; an absolute path may be longer). */
    public static final int MAX_PATH_CHARS = 32_768;
    /** More than MAX paths of the longest kind: a bigger file is not ours to read. */
    public static final long MAX_FILE_BYTES = 4L * MAX * MAX_PATH_CHARS + 4096;

    private final Path file;

    public RecentFiles() {
        this(defaultFile());
    }

    public RecentFiles(Path file) {
        this.file = file;
    }

    static Path defaultFile() {
        String dir = System.getProperty("throttlescope.config");
        if (dir == null || dir.isEmpty()) {
            String xdg = System.getenv("XDG_CONFIG_HOME");
            dir = xdg != null && xdg.startsWith("/")
                    ? Path.of(xdg, "throttlescope").toString()
                    : Path.of(System.getProperty("user.home"), ".config", "throttlescope")
                            .toString();
        }
        return Path.of(dir, "recent-files");
    }

    /** The remembered paths, newest first; none if the file is missing, not a regular file, too big or unreadable. */
    public List<String> list() {
        List<String> out = new ArrayList<>();
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!a.isRegularFile() || a.size() > MAX_FILE_BYTES) return out; // a FIFO, a device, a link: never opened
            byte[] bytes;
            try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
                bytes = in.readNBytes((int) MAX_FILE_BYTES + 1);
            }
            if (bytes.length > MAX_FILE_BYTES) return out;
            for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n")) {
                if (out.size() == MAX) break;
                if (remembered(line) && !out.contains(line)) out.add(line);
            }
        } catch (IOException | RuntimeException e) {
            // no list is better than a window that cannot open a file
        }
        return out;
    }

    /** Puts path first; false (and the list unchanged) if it cannot be kept or the file cannot be written. */
    public boolean add(String path) {
        if (!remembered(path)) return false;
        List<String> l = list();
        l.remove(path);
        l.add(0, path);
        while (l.size() > MAX) l.remove(l.size() - 1);
        try {
            if (Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS))
                return false; // not ours to replace
            Files.createDirectories(file.getParent());
            Path tmp = Files.createTempFile(file.getParent(), "recent-files", ".tmp");
            try {
                Files.writeString(tmp, String.join("\n", l) + "\n", StandardCharsets.UTF_8);
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** A path is kept if it is absolute, not too long, and has no control characters (a newline would split it). */
    static boolean remembered(String p) {
        if (p == null || p.isEmpty() || p.length() > MAX_PATH_CHARS || !p.startsWith("/")) return false;
        for (int i = 0; i < p.length(); i++) if (Character.isISOControl(p.charAt(i))) return false;
        return true;
    }

    /** The menu's label: a long path keeps its start and its file name, the middle elided. */
    public static String label(String p) {
        if (p.length() <= 80) return p;
        return p.substring(0, 30) + "\u2026" + p.substring(p.length() - 49);
    }
}
