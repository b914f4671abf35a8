package io.throttlescope.cli;

import com.google.gson.JsonParser;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import static io.throttlescope.cli.CliTest.cli;
import static org.assertj.core.api.Assertions.assertThat;

/** Help, option values, early usage errors and describe (issue 8). */
class CliPlumbingTest {
    @TempDir
    Path dir;

    static final String SEED = "scenarios/01-seed-story-rwsem-reader.json";

    @Test
    void everySubcommandHasHelpAndEveryOptionADescription() {
        CommandLine root = new CommandLine(new Cli());
        for (String name : root.getSubcommands().keySet()) {
            if (name.equals("help")) continue;
            CliTest.Out h = cli(name, "--help");
            assertThat(h.code()).as(name + " --help").isZero();
            assertThat(h.out()).as(name + " --help").contains("Usage:");
            assertThat(cli("help", name).code()).as("help " + name).isZero();
            for (CommandLine.Model.OptionSpec o :
                    root.getSubcommands().get(name).getCommandSpec().options()) {
                assertThat(String.join(" ", o.description()))
                        .as(name + " " + o.longestName())
                        .isNotBlank();
            }
        }
    }

    @Test
    void optionValuesAreCaseInsensitiveAndListed() {
        assertThat(cli("run", SEED, "--model", "LEGACY", "--json").code()).isZero();
        assertThat(cli("run", "--help").out()).contains("legacy, task");
        assertThat(cli("screenshot", "--help").out().replaceAll("\\s+", " "))
                .contains("window, timeline, budget, limbo, locks, log, explanation, compare");
        CliTest.Out bad = cli("run", SEED, "--model", "newest");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err().lines().count()).isEqualTo(1);
    }

    @Test
    void exportDefaultsTheModelAndWritesSafely() throws Exception {
        Path out = dir.resolve("t.csv");
        assertThat(cli("export", SEED, "--format", "CSV", "-o", out.toString()).code())
                .isZero();
        assertThat(Files.readString(out)).contains("throttle");
        CliTest.Out missing = cli(
                "export",
                SEED,
                "--format",
                "csv",
                "-o",
                dir.resolve("no/such/dir/t.csv").toString());
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err().strip())
                .startsWith("error: cannot write")
                .contains("does not exist")
                .doesNotContain("Exception");
        assertThat(missing.err().lines().count()).isEqualTo(1);
    }

    @Test
    void validateCountsTheValidFiles() {
        CliTest.Out ok = cli("validate", SEED, "scenarios/03-single-task-limited.json");
        assertThat(ok.code()).isZero();
        assertThat(ok.out()).contains("2 files valid");
    }

    @Test
    void validateKernelPrintsTheSettingsWithTheKernelDefaults() {
        CliTest.Out ok = cli("validate", "--kernel", "scenarios/26-async-unthrottle-refused.json");
        assertThat(ok.code()).isZero();
        assertThat(ok.out())
                .contains(
                        "hz=1000 ",
                        "accounting=tick (default)",
                        "delay_dequeue=true (default)",
                        "run_to_parity=true (default)",
                        "place_rel_deadline=true (default)",
                        "ipi_latency=2us (default)");
    }

    @Test
    void cursorsPastTheEndAndBadRegexesAreUsageErrors() {
        CliTest.Out at = cli("describe", SEED, "--at", "10s");
        assertThat(at.code()).isEqualTo(2);
        assertThat(at.err()).contains("past the end of the run");
        CliTest.Out step = cli("describe", SEED, "--step", "100000");
        assertThat(step.code()).isEqualTo(2);
        assertThat(step.err()).contains("past the last step");
        CliTest.Out re = cli("compare", "scenarios/18-hackbench-16-groups.json", "--runs", "50", "--metric", "(");
        assertThat(re.code()).isEqualTo(2);
        assertThat(re.err()).contains("--metric is not a valid regular expression");
        assertThat(re.out()).isEmpty(); // nothing was simulated
    }

    @Test
    void aMissingFileSuggestsNearNames() {
        CliTest.Out r = cli("run", "scenarios/01-seed-story-rwsem-reder.json");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err())
                .contains("does not exist")
                .contains("did you mean")
                .contains("01-seed-story-rwsem-reader.json");
    }

    @Test
    void describePrintsWhatEveryViewShows() {
        CliTest.Out t = cli("describe", SEED, "--model", "task", "--at", "15.1ms");
        assertThat(t.code()).isZero();
        assertThat(t.out())
                .contains("Runqueues and limbo lists")
                .contains("/G @ CPU0")
                .contains("R -> H")
                .contains("What just happened")
                .contains("https://elixir.bootlin.com/linux/v6.18/A/ident/")
                .contains("Budget of /G")
                .contains("Event log")
                .contains("Locks");
        CliTest.Out j = cli("describe", SEED, "--model", "legacy", "--step", "54", "--json");
        assertThat(j.code()).isZero();
        var o = JsonParser.parseString(j.out()).getAsJsonObject();
        assertThat(o.getAsJsonObject("cursor").get("step").getAsInt()).isEqualTo(54);
        assertThat(o.get("model").getAsString()).isEqualTo("legacy");
        assertThat(o.getAsJsonArray("runqueues")).isNotEmpty();
        assertThat(o.getAsJsonArray("budgets")
                        .get(0)
                        .getAsJsonObject()
                        .getAsJsonObject("axis")
                        .getAsJsonArray("ticks"))
                .isNotEmpty();
    }

    @org.junit.jupiter.api.Test
    void generateCompletionPrintsABashCompletionScriptOfEveryCommandAndOption() {
        CliTest.Out c = cli("generate-completion");
        assertThat(c.code()).isZero();
        assertThat(c.out())
                .contains(
                        "complete -F _complete_throttlescope",
                        "describe",
                        "fidelity",
                        "steps",
                        "--model",
                        "--range",
                        "--max");
    }

    /** A file alone is opened in the window, as `open FILE` opens it; a command's name, an option or a missing file is not. */
    @Test
    void aFileAloneIsOpened(@TempDir Path dir) throws Exception {
        CommandLine cl = new CommandLine(new Cli());
        Path f = dir.resolve("run");
        Files.writeString(f, "{}");
        assertThat(Cli.fileAlone(new String[] {f.toString()}, cl)).containsExactly("open", f.toString());
        assertThat(Cli.fileAlone(new String[] {"scenarios/01-seed-story-rwsem-reader.json"}, cl))
                .containsExactly("open", "scenarios/01-seed-story-rwsem-reader.json");
        assertThat(Cli.fileAlone(new String[] {"run"}, cl)).containsExactly("run"); // the command
        assertThat(Cli.fileAlone(new String[] {"--help"}, cl)).containsExactly("--help");
        assertThat(Cli.fileAlone(new String[] {dir.resolve("none.json").toString()}, cl))
                .hasSize(1);
        assertThat(Cli.fileAlone(new String[] {dir.toString()}, cl)).containsExactly(dir.toString()); // a folder
        assertThat(Cli.fileAlone(new String[] {"a\u0000b"}, cl)).hasSize(1);
    }
}
