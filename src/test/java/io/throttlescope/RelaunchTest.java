package io.throttlescope;

import io.throttlescope.testsupport.LauncherProcess;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A command given a file of 256 MiB or more runs again with huge pages for its heap where Linux gives them
 * on request only; not for small files, not where the options already say, never twice (docs/cli.md).
 */
class RelaunchTest {
    @TempDir
    Path dir;

    @Test
    void theKernelsSettingIsReadAsItsFileSaysIt() throws Exception {
        Path f = dir.resolve("enabled");
        Files.writeString(f, "always [madvise] never\n");
        assertThat(Relaunch.madviseOnly(f)).isTrue();
        Files.writeString(f, "[always] madvise never\n"); // the heap has huge pages already
        assertThat(Relaunch.madviseOnly(f)).isFalse();
        Files.writeString(f, "always madvise [never]\n");
        assertThat(Relaunch.madviseOnly(f)).isFalse();
        assertThat(Relaunch.madviseOnly(dir.resolve("none"))).isFalse();
    }

    @Test
    void onlyABigFileMakesItWorthIt() throws Exception {
        assumeTrue(
                Relaunch.madviseOnly(Path.of("/sys/kernel/mm/transparent_hugepage/enabled")),
                "this kernel's transparent huge pages are not madvise");
        assumeTrue(System.getenv("THROTTLESCOPE_HUGE_PAGES") == null, "THROTTLESCOPE_HUGE_PAGES is set");
        Path small = Files.writeString(dir.resolve("small.txt"), "x"), big = dir.resolve("big.txt");
        try (RandomAccessFile r = new RandomAccessFile(big.toFile(), "rw")) {
            r.setLength(Relaunch.BIG); // sparse: no disk used
        }
        assertThat(Relaunch.hugePagesWorthIt(new String[] {"describe", small.toString(), "--step", "1"}))
                .isFalse();
        assertThat(Relaunch.hugePagesWorthIt(new String[] {"describe", big.toString(), "--step", "1"}))
                .isTrue();
        assertThat(Relaunch.hugePagesWorthIt(new String[] {"describe", dir.toString()}))
                .as("a folder")
                .isFalse();
    }

    @Test
    void optionsThatAlreadySayItAreLeftAsTheyAre() {
        List<byte[]> words = List.of(
                "java".getBytes(StandardCharsets.US_ASCII),
                "-XX:-UseTransparentHugePages".getBytes(StandardCharsets.US_ASCII),
                "-jar".getBytes(StandardCharsets.US_ASCII));
        assertThat(Relaunch.saysHugePages(words)).isTrue();
        assertThat(Relaunch.saysHugePages(List.of("java".getBytes(StandardCharsets.US_ASCII))))
                .isFalse();
        assertThat(Relaunch.saysHugePages("-Xmx2g -XX:+UseTransparentHugePages"))
                .isTrue();
        assertThat(Relaunch.saysHugePages((String) null)).isFalse();
    }

    @Test
    void theArgumentFileHoldsTheGuardThenTheOptionsThenTheWords() {
        byte[] f = Relaunch.argumentFile(
                List.of(Relaunch.HUGE_PAGES),
                List.of("-Xmx2g".getBytes(StandardCharsets.US_ASCII), "a \"b\"".getBytes(StandardCharsets.US_ASCII)));
        assertThat(new String(f, StandardCharsets.US_ASCII))
                .isEqualTo(
                        "\"-Dthrottlescope.relaunched=1\"\n\"-XX:+UseTransparentHugePages\"\n\"-Xmx2g\"\n\"a \\\"b\\\"\"\n");
    }

    /** Through the relaunch a command says and exits as it does without it, and leaves no argument file behind. */
    @Test
    void aCommandOnABigFileAnswersTheSameThroughTheRelaunch() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/self/cmdline")), "no /proc/self/cmdline here");
        Path big = dir.resolve("big.json");
        try (RandomAccessFile r = new RandomAccessFile(big.toFile(), "rw")) {
            r.setLength(Relaunch.BIG);
        }
        String[] with = run(big, null), without = run(big, "0");
        assertThat(with[0]).isEqualTo(without[0]).isEqualTo("1");
        assertThat(with[1]).isEqualTo(without[1]).contains("over the 16 MiB limit");
        assertThat(without[2]).as("no relaunch asked for").isEmpty();
        if (Relaunch.madviseOnly(Path.of("/sys/kernel/mm/transparent_hugepage/enabled"))
                && System.getenv("JAVA_TOOL_OPTIONS") == null
                && System.getenv("JDK_JAVA_OPTIONS") == null)
            assertThat(with[2]).as("the relaunched JVM's argument file").contains(Relaunch.HUGE_PAGES);
    }

    private String[] run(Path file, String hugePages) throws Exception {
        ProcessBuilder pb = LauncherProcess.of("validate", file.toString());
        if (hugePages != null) pb.environment().put("THROTTLESCOPE_HUGE_PAGES", hugePages);
        else pb.environment().remove("THROTTLESCOPE_HUGE_PAGES");
        Process p = pb.start();
        StringBuilder seen = new StringBuilder(); // the argument file of a relaunched child, read while it runs
        Thread watch = new Thread(() -> {
            while (p.isAlive() && seen.length() == 0) {
                p.children()
                        .forEach(c -> c.info().arguments().ifPresent(a -> {
                            for (String w : a)
                                if (w.startsWith("@")) {
                                    try {
                                        seen.append(Files.readString(Path.of(w.substring(1))));
                                    } catch (IOException e) {
                                        // gone already
                                    }
                                }
                        }));
                try {
                    Thread.sleep(2);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        watch.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int code = p.waitFor();
        watch.join();
        try (var left = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            assertThat(left.map(Path::getFileName)
                            .map(Path::toString)
                            .filter(n -> n.startsWith("throttlescope-args-" + p.pid() + "-")))
                    .isEmpty();
        }
        return new String[] {String.valueOf(code), out, seen.toString()};
    }
}
