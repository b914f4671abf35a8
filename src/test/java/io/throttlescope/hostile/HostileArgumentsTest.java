package io.throttlescope.hostile;

import io.throttlescope.testsupport.LauncherProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Issue 27, the command line's own refusals: option values and argument files are bounded and
 * echoed without control characters, every refusal is one {@code error:} line with the right
 * exit code, and what a command is told (a shell, an output) is never silently ignored.
 */
class HostileArgumentsTest {
    @TempDir
    Path dir;

    static final String S = "scenarios/03-single-task-limited.json";
    static final Duration HANG = Duration.ofSeconds(60);

    static HostileFilesTest.Out cli(String... args) {
        return HostileFilesTest.cli(args);
    }

    /** picocli's own messages and the commands' echo an ESC escaped (it cleared the screen). */
    @Test
    void controlCharactersInOptionValuesAreEscaped() {
        for (String[] args : List.of(
                new String[] {"run", S, "--model", "\u001b[2J"},
                new String[] {"describe", S, "--at", "1ms\u001b[2J"},
                new String[] {"run", S, "--bogus\u001b[2J"},
                new String[] {"run", "\u001b[2J"},
                new String[] {"describe", S, "--step", "\u001b[1m"},
                new String[] {"run", S, "--model", "a\nerror: forged"})) {
            HostileFilesTest.Out o = cli(args);
            assertThat(o.code()).as(String.join(" ", args)).isIn(1, 2);
            assertThat(o.err())
                    .as(String.join(" ", args))
                    .doesNotContain("\u001b")
                    .startsWith("error: ")
                    .hasLineCount(1);
        }
    }

    /** An argument file that never ends (/dev/zero, through a link too) is refused at once; a large one is not read or echoed whole. */
    @Test
    void argumentFilesAreBounded() throws Exception {
        assumeTrue(Files.exists(Path.of("/dev/zero")), "no /dev/zero here");
        Path link = Files.createSymbolicLink(dir.resolve("args"), Path.of("/dev/zero"));
        HostileFilesTest.Out z = assertTimeoutPreemptively(HANG, () -> cli("validate", "@" + link));
        assertThat(z.code()).isEqualTo(2);
        assertThat(z.err().strip())
                .isEqualTo("error: argument file @" + link
                        + " is not a regular file (a device, a pipe or a folder): write the arguments into a file");
        Path big = dir.resolve("big.args");
        Files.writeString(big, "--model " + "x".repeat(3 << 20));
        HostileFilesTest.Out b = cli("run", S, "@" + big);
        assertThat(b.code()).isEqualTo(2);
        assertThat(b.err().strip())
                .isEqualTo("error: argument file @" + big + " is 3072 KiB; at most 1024 KiB is read");
        Path nested = dir.resolve("nested.args");
        Files.writeString(nested, "--model task @" + link);
        assertThat(cli("run", S, "@" + nested).err())
                .contains("@" + link + " is not a regular file")
                .hasLineCount(1);
        Path ok = dir.resolve("ok.args"); // a small one still works, a long value in it is echoed cut
        Files.writeString(ok, "--model " + "y".repeat(500_000));
        HostileFilesTest.Out o = cli("run", S, "@" + ok);
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err()).hasLineCount(1).contains("(500000 characters)");
        assertThat(o.err().length()).isLessThan(2100);
        Files.writeString(ok, "--model legacy");
        assertThat(cli("run", S, "@" + ok).code()).isZero();
    }

    /** A 50 MB --metric hung in Pattern.compile: its length is bounded, before the work. */
    @Test
    void aHugeMetricIsRefused() {
        HostileFilesTest.Out o =
                assertTimeoutPreemptively(HANG, () -> cli("compare", S, "--metric", "(a+)+b".repeat(1_000_000)));
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err().strip()).isEqualTo("error: --metric is 6000000 characters long; at most 1000 are taken");
    }

    /** --scale NaN passed both range checks. */
    @Test
    void aScaleThatIsNotANumberIsRefused() {
        for (String v : List.of("NaN", "Infinity", "0.1", "5")) {
            HostileFilesTest.Out o = cli(
                    "screenshot", S, "--scale", v, "-o", dir.resolve("s.png").toString());
            assertThat(o.code()).as(v).isEqualTo(2);
            assertThat(o.err().strip()).as(v).startsWith("error: --scale must be between 0.5 and 4 (got ");
        }
        assertThat(Files.exists(dir.resolve("s.png"))).isFalse();
    }

    /** generate-completion took no arguments and ignored zsh and -o FILE (exit 0, the script printed). */
    @Test
    void completionTakesItsShellAndItsOutput() throws Exception {
        HostileFilesTest.Out zsh = cli("generate-completion", "zsh");
        assertThat(zsh.code()).isZero();
        assertThat(zsh.out()).contains("complete -F _complete_throttlescope", "bashcompinit");
        Path f = dir.resolve("c.bash");
        HostileFilesTest.Out o = cli("generate-completion", "-o", f.toString());
        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.out().strip()).isEqualTo("wrote " + f + "; load it with: source " + f);
        assertThat(Files.readString(f)).contains("complete -F _complete_throttlescope", "--model");
        HostileFilesTest.Out fish = cli("generate-completion", "fish");
        assertThat(fish.code()).isEqualTo(2);
        assertThat(fish.err())
                .startsWith("error: Invalid value for positional parameter at index 0 (SHELL)")
                .hasLineCount(1);
        assertThat(cli("generate-completion", "-o", "/proc/c.bash").code()).isEqualTo(2);
    }

    /** import --probe with an unknown function is a usage error (exit 2), before the trace is read. */
    @Test
    void anUnknownProbeFunctionIsAUsageError() {
        HostileFilesTest.Out o =
                cli("import", "traces/03-single-task-limited-task-6.18.txt.gz", "--probe", "x=no_such_function");
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err().strip())
                .startsWith(
                        "error: --probe x=no_such_function: expected one of [task_throttle_setup_work, tg_throttle_down,");
    }

    /** record --plan of a scenario it cannot plan said only the indented reason, with no error line. */
    @Test
    void aPlanThatIsRefusedSaysErrorFirst() throws Exception {
        String text = Files.readString(Path.of(S)).replaceFirst("\"cpus\"\\s*:\\s*1", "\"cpus\": 4096");
        assertThat(text).contains("4096");
        Path f = dir.resolve("c4096.json");
        Files.writeString(f, text);
        HostileFilesTest.Out o = cli("record", f.toString(), "--plan");
        assertThat(o.code()).isEqualTo(1);
        assertThat(o.err().lines().findFirst().orElse("")).isEqualTo("error: " + f + " cannot be recorded:");
        assertThat(o.err()).contains("  the scenario has 4096 CPUs, this machine ");
    }

    /** Under LANG=C (cron, systemd units, containers) a non-ASCII file name could not be converted to a path. */
    @Test
    void nonAsciiNamesWorkInTheCLocale() throws Exception {
        assumeTrue(
                System.getProperty("sun.jnu.encoding", "").equalsIgnoreCase("UTF-8"),
                "this JVM cannot pass a non-ASCII name itself");
        assumeTrue(Files.isReadable(Path.of("/proc/self/cmdline")), "no /proc/self/cmdline here");
        Path f = Files.copy(Path.of(S), dir.resolve("sc\u00e9nario-\u65e5\u672c.json"));
        Path trace = dir.resolve("sortie-\u00e9.jsonl");
        ProcessBuilder pb = LauncherProcess.of("run", f.toString(), "--trace", trace.toString());
        pb.environment().remove("LANG");
        pb.environment().put("LC_ALL", "C");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
        assertThat(out).doesNotContain("cannot convert");
        assertThat(Files.size(trace)).isPositive();
        try (var left = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            assertThat(left.map(Path::getFileName)
                            .map(Path::toString)
                            .filter(n -> n.startsWith("throttlescope-args-" + p.pid() + "-")))
                    .isEmpty();
        }
    }

    /** A name whose bytes are not UTF-8 reaches Java as U+FFFD: it got "does not exist; did you mean" names that were not it. */
    @Test
    void aNameThatIsNotUtf8IsSaidSo() {
        HostileFilesTest.Out o = cli("validate", dir.resolve("\ufffd.json").toString());
        assertThat(o.code()).isEqualTo(1);
        assertThat(o.err())
                .contains("cannot be opened: its name is not valid UTF-8")
                .doesNotContain("did you mean")
                .hasLineCount(1);
    }
}
