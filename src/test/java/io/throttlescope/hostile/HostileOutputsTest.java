package io.throttlescope.hostile;

import io.throttlescope.cli.Cli;
import io.throttlescope.files.SafeOutput;
import io.throttlescope.ui.export.StepExport;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Issue 27, outputs: an output replaces only a regular file the user named, keeps its mode, is
 * written through to anything else, is checked before the work, and a failed write (standard
 * output included) is one line and exit 1; names are shown without control characters.
 */
class HostileOutputsTest {
    @TempDir
    Path dir;

    static final String S = "scenarios/03-single-task-limited.json";

    /** The command line's answer, as HostileFilesTest runs it. */
    static HostileFilesTest.Out cli(String... args) {
        return HostileFilesTest.cli(args);
    }

    /** A FIFO as the output: written through to its reader, never replaced by a regular file. */
    @Test
    void aFifoIsWrittenThroughNotReplaced() throws Exception {
        Path fifo = dir.resolve("fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor())
                .isZero();
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            CompletableFuture<byte[]> read = CompletableFuture.supplyAsync(() -> {
                try (InputStream in = Files.newInputStream(fifo)) {
                    return in.readAllBytes();
                } catch (IOException e) {
                    throw new RuntimeException(e);
                }
            });
            HostileFilesTest.Out o = cli("export", S, "--format", "csv", "-o", fifo.toString());
            assertThat(o.code()).as(o.err()).isZero();
            assertThat(new String(read.get(30, TimeUnit.SECONDS), StandardCharsets.UTF_8))
                    .startsWith("t_ns,seq,kind");
        });
        assertThat(Files.isRegularFile(fifo)).isFalse();
        assertThat(Files.exists(fifo)).isTrue();
    }

    /** A character device: /dev/null stays a device (as root a rename made it a 0600 regular file); /dev/full fails in one line. */
    @Test
    void aDeviceIsWrittenThroughAndAFullOneFails() throws Exception {
        assumeTrue(
                Files.exists(Path.of("/dev/full")) && Files.isWritable(Path.of("/dev/full")),
                "no writable /dev/full here");
        Path link = Files.createSymbolicLink(dir.resolve("null-link"), Path.of("/dev/null"));
        HostileFilesTest.Out o = cli("export", S, "--format", "csv", "-o", link.toString());
        assertThat(o.code()).as(o.err()).isZero();
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.isRegularFile(Path.of("/dev/null"))).isFalse();
        HostileFilesTest.Out full = cli("export", S, "--format", "csv", "-o", "/dev/full");
        assertThat(full.code()).isEqualTo(1);
        assertThat(full.err().strip()).isEqualTo("error: cannot write /dev/full: No space left on device");
        HostileFilesTest.Out trace = cli("run", S, "--trace", "/dev/full");
        assertThat(trace.code()).isEqualTo(1);
        assertThat(trace.err().lines().count()).isEqualTo(1);
        assertThat(Files.isRegularFile(Path.of("/dev/full"))).isFalse();
    }

    /** A device that is not a data device (here a link to /dev/urandom, as it could be to a disk or /dev/mem) is refused, never written or replaced. */
    @Test
    void otherDevicesAreRefused() throws Exception {
        Path mem = Path.of("/dev/urandom");
        assumeTrue(Files.exists(mem), "no /dev/urandom here");
        Path link = Files.createSymbolicLink(dir.resolve("planted.csv"), mem);
        HostileFilesTest.Out o = cli("export", S, "--format", "csv", "-o", link.toString());
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err())
                .contains("it is a device or a special file, not written")
                .hasLineCount(1);
        assertThat(Files.isSymbolicLink(link)).isTrue();
    }

    /** Standard output on a full disk: exit 1 with one line, for every command that prints. */
    @Test
    void aFailedStandardOutputIsExitOne() {
        for (String[] args : List.of(
                new String[] {"run", S, "--json"},
                new String[] {"validate", S},
                new String[] {"describe", S},
                new String[] {"compare", S},
                new String[] {"--help"},
                new String[] {"generate-completion"})) {
            StringWriter e = new StringWriter();
            PrintWriter full = new PrintWriter(
                    new OutputStream() {
                        @Override
                        public void write(int b) throws IOException {
                            throw new IOException("No space left on device");
                        }
                    },
                    true,
                    StandardCharsets.UTF_8);
            int code = Cli.run(args, full, new PrintWriter(e, true));
            assertThat(code).as(String.join(" ", args)).isEqualTo(1);
            assertThat(e.toString())
                    .as(String.join(" ", args))
                    .contains("cannot write to standard output")
                    .hasLineCount(1);
        }
    }

    /** Replacing a file keeps its mode; a new file gets the umask's, as a file the shell makes. */
    @Test
    void modesAreKeptAndNewFilesGetTheUmasks() throws Exception {
        Path old = dir.resolve("old.csv");
        Files.writeString(old, "x");
        Files.setPosixFilePermissions(old, PosixFilePermissions.fromString("rw-r-----"));
        assertThat(cli("export", S, "--format", "csv", "-o", old.toString()).code())
                .isZero();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(old)))
                .isEqualTo("rw-r-----");
        Path ref = Files.createFile(dir.resolve("made-as-the-shell-makes-it"));
        Path fresh = dir.resolve("new.csv");
        assertThat(cli("export", S, "--format", "csv", "-o", fresh.toString()).code())
                .isZero();
        assertThat(Files.getPosixFilePermissions(fresh)).isEqualTo(Files.getPosixFilePermissions(ref));
        // a link to a regular file: the link is replaced, never followed (a link planted where root writes)
        Path target = dir.resolve("target.csv");
        Files.writeString(target, "old");
        Path link = Files.createSymbolicLink(dir.resolve("link.csv"), target);
        assertThat(cli("export", S, "--format", "csv", "-o", link.toString()).code())
                .isZero();
        assertThat(Files.isSymbolicLink(link)).isFalse();
        assertThat(Files.readString(target)).isEqualTo("old");
    }

    /** A folder that takes no file is a usage error before the run, naming the user's path. */
    @Test
    void aFolderThatTakesNoFileIsRefusedBeforeTheWork() {
        assumeTrue(Files.isDirectory(Path.of("/proc/self")), "no /proc here");
        for (String[] args : List.of(
                new String[] {"export", S, "--format", "csv", "-o", "/proc/x.csv"},
                new String[] {"run", S, "--trace", "/proc/x.jsonl"},
                new String[] {"screenshot", S, "-o", "/proc/x.png"})) {
            HostileFilesTest.Out o = cli(args);
            assertThat(o.code()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(o.err().strip())
                    .as(String.join(" ", args))
                    .matches("error: cannot write /proc/x\\.\\w+: the folder /proc does not take new files");
        }
    }

    /** Names are echoed with their control characters escaped: no terminal control, no forged line. */
    @Test
    void namesAreShownWithoutControlCharacters() throws Exception {
        Path esc = dir.resolve("e\u001b[2J.csv"), nl = dir.resolve("nl\nerror: forged line.csv");
        HostileFilesTest.Out a = cli("export", S, "--format", "csv", "-o", esc.toString());
        assertThat(a.out()).doesNotContain("\u001b").contains("e\\u001b[2J.csv");
        HostileFilesTest.Out b = cli("export", S, "--format", "csv", "-o", nl.toString());
        assertThat(b.out()).hasLineCount(1).contains("nl\\nerror: forged line.csv");
        assertThat(SafeOutput.shown(Path.of("x\ry"))).isEqualTo("x\\ry");
    }

    /** An export of PNGs into a folder holding a longer earlier export leaves this export's frames only. */
    @Test
    void anEarlierExportsFramesAreRemoved() throws Exception {
        Path out = Files.createDirectory(dir.resolve("slides"));
        for (int k = 1; k <= 5; k++) Files.writeString(out.resolve(String.format("step-%03d.png", k)), "old");
        Files.writeString(out.resolve("notes.txt"), "mine");
        BufferedImage img = new BufferedImage(4, 4, BufferedImage.TYPE_INT_RGB);
        var f = new StepExport.Frame(0, "t", "x", img, Map.of());
        StepExport.write(List.of(f, f), StepExport.Format.png, out);
        try (var l = Files.list(out)) {
            assertThat(l.map(p -> p.getFileName().toString()).sorted().toList())
                    .containsExactly("notes.txt", "step-001.png", "step-002.png");
        }
        assertThat(Files.size(out.resolve("step-001.png"))).isGreaterThan(3);
    }

    /** A missing parent of a PNG folder is said, not made silently. */
    @Test
    void aMissingParentIsSaid() {
        Path deep = dir.resolve("a").resolve("b").resolve("c");
        HostileFilesTest.Out o = cli("steps", S, "--from", "0ms", "--to", "1ms", "-o", deep.toString());
        assertThat(o.code()).isNotZero();
        assertThat(o.err()).contains("does not exist");
        assertThat(dir.resolve("a")).doesNotExist();
    }

    /**
     * /dev/stdout of a shell that redirected into a file is a link (through /proc/self/fd) to a
     * regular file: written through, never renamed over (as root that had put a regular file at /dev/stdout).
     */
    @Test
    void aDescriptorLinkToAFileIsWrittenThrough() throws Exception {
        Path file = dir.resolve("redirected.csv");
        try (var o = new java.io.FileOutputStream(file.toFile())) {
            Path fd = null;
            try (var l = Files.list(Path.of("/proc/self/fd"))) {
                for (Path p : l.toList()) {
                    try {
                        if (Files.readSymbolicLink(p).equals(file)) fd = p;
                    } catch (IOException ignored) {
                    }
                }
            }
            assumeTrue(fd != null, "no /proc/self/fd here");
            HostileFilesTest.Out r = cli("export", S, "--format", "csv", "-o", fd.toString());
            assertThat(r.code()).as(r.err()).isZero();
            assertThat(Files.isSymbolicLink(fd)).isTrue();
        }
        assertThat(Files.readString(file)).startsWith("t_ns,");
        try (var l = Files.list(dir)) {
            assertThat(l.filter(p -> p.toString().endsWith(".part"))).isEmpty();
        }
    }

    /** A name of many multibyte characters, within the file system's 255 bytes, is written (its temporary name was too long). */
    @Test
    void aLongMultibyteNameIsWritten() {
        Path out = dir.resolve("\u5831\u544a".repeat(40) + ".csv");
        HostileFilesTest.Out r = cli("export", S, "--format", "csv", "-o", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(out).exists();
    }
}
