package io.throttlescope.ui.window;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * The recent files list (issue 27, "Bounded work"): a path over 8,192 characters threw on the JavaFX
 * thread (java.util.prefs' limit) and the opened file was never shown; a FIFO where the list is kept
 * froze the window, and SIGTERM could not end it (prefs' shutdown hook read it too). Seen in the build
 * before: jstack showed RecentFiles.add blocked in FileSystemPreferences.loadCache on the FIFO.
 */
class RecentFilesTest {
    @TempDir
    Path dir;

    @Test
    void aPathOfAnyLengthIsRememberedOrSkippedNeverThrown() {
        RecentFiles r = new RecentFiles(dir.resolve("cfg/recent-files"));
        String longPath = "/" + "d/".repeat(5000) + "scenario.json"; // 10,014 characters
        assertThat(r.add("/tmp/a.json")).isTrue();
        assertThat(r.add(longPath)).isTrue();
        assertThat(r.list()).containsExactly(longPath, "/tmp/a.json");
        assertThat(RecentFiles.label(longPath))
                .hasSizeLessThanOrEqualTo(80)
                .endsWith("d/d/scenario.json")
                .startsWith("/d/d/");
        String tooLong = "/" + "x".repeat(RecentFiles.MAX_PATH_CHARS);
        assertThat(r.add(tooLong)).isFalse();
        assertThat(r.add("/tmp/new\nline.json")).isFalse(); // one path a line: never split
        assertThat(r.list()).containsExactly(longPath, "/tmp/a.json");
    }

    @Test
    void theNewestFirstAtMostEight() {
        RecentFiles r = new RecentFiles(dir.resolve("recent-files"));
        for (int i = 0; i < 10; i++) r.add("/f" + i);
        r.add("/f3");
        assertThat(r.list()).containsExactly("/f3", "/f9", "/f8", "/f7", "/f6", "/f5", "/f4", "/f2");
    }

    @Test
    void aFifoOrADirectoryWhereTheListIsKeptIsNeitherReadNorReplaced() throws Exception {
        Path fifo = dir.resolve("recent-files");
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertThat(p.waitFor()).isZero();
        RecentFiles r = new RecentFiles(fifo);
        List<String> l = assertTimeoutPreemptively(Duration.ofSeconds(20), r::list);
        assertThat(l).isEmpty();
        assertThat(assertTimeoutPreemptively(Duration.ofSeconds(20), () -> r.add("/tmp/a.json")))
                .isFalse();
        assertThat(Files.isRegularFile(fifo)).isFalse();
        assertThat(Files.exists(fifo)).isTrue();

        Path d = Files.createDirectory(dir.resolve("adir"));
        assertThat(new RecentFiles(d).list()).isEmpty();
        assertThat(new RecentFiles(d).add("/tmp/a.json")).isFalse();
    }

    @Test
    void aHugeOrBinaryFileGivesNoList() throws Exception {
        Path f = dir.resolve("recent-files");
        Files.write(f, new byte[(int) RecentFiles.MAX_FILE_BYTES + 1]);
        assertThat(new RecentFiles(f).list()).isEmpty();
        Files.write(f, new byte[] {0, 1, 2, '\n', '/', 'o', 'k', '\n', (byte) 0xff, '\n'});
        assertThat(new RecentFiles(f).list()).containsExactly("/ok");
    }
}
