package io.throttlescope.hostile;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.throttlescope.files.IoText;
import io.throttlescope.scenario.ScenarioLoader;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.throttlescope.hostile.HostileFilesTest.cli;
import static io.throttlescope.hostile.HostileTracesTest.base;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 27, traces and scenarios that lie about their size or shape: a header over 64 KiB, old Mac
 * line ends, numbers past 64 bits, a header scenario that does not load, a group named as a control
 * file. Each was seen to go wrong (the header lost, "0 events", 2 CPUs read from 2^64+2, "carries no
 * scenario", a cgroup made before "Not a directory").
 */
class LyingInputsTest {
    @TempDir
    Path dir;

    Path write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    static String inferred(HostileFilesTest.Out o) {
        return o.out()
                .lines()
                .filter(l -> l.startsWith("throttle probes:"))
                .findFirst()
                .orElse(o.out() + o.err());
    }

    /** A recording whose header is over 64 KiB (a long description) kept its header: 5 inferred throttles, and fidelity pairs it. */
    @Test
    void aHeaderOverSixtyFourKibIsRead() throws Exception {
        String b = base();
        int end = b.indexOf('\n');
        JsonObject h = JsonParser.parseString(b.substring("# throttlescope: ".length(), end))
                .getAsJsonObject();
        h.getAsJsonObject("scenario").addProperty("description", "long ".repeat(40_000));
        String text = "# throttlescope: " + h + b.substring(end);
        assertThat(text.indexOf('\n')).isGreaterThan(200_000);
        Path f = write("long-header.txt", text);
        HostileFilesTest.Out o = cli("import", f.toString());
        assertThat(o.code()).as(o.err()).isZero();
        assertThat(inferred(o)).contains("inferred throttles: 5");
        HostileFilesTest.Out fid = cli("fidelity", f.toString());
        assertThat(fid.err()).as(fid.err()).doesNotContain("carries no scenario");
        assertThat(fid.out()).contains("/G nr_throttled real 4, simulated 4");
    }

    /** Line ends of old Mac files (CR only) and of Windows (CR LF) read as the LF file does. */
    @Test
    void crAndCrLfLineEndsAreLineEnds() throws Exception {
        String b = base();
        HostileFilesTest.Out lf = cli("import", write("lf.txt", b).toString());
        HostileFilesTest.Out cr =
                cli("import", write("cr.txt", b.replace("\n", "\r")).toString());
        HostileFilesTest.Out crlf =
                cli("import", write("crlf.txt", b.replace("\n", "\r\n")).toString());
        assertThat(lf.code()).isZero();
        assertThat(cr.code()).as(cr.err()).isZero();
        assertThat(crlf.code()).as(crlf.err()).isZero();
        assertThat(cr.out().replace("cr.txt", "lf.txt")).isEqualTo(lf.out());
        assertThat(crlf.out().replace("crlf.txt", "lf.txt")).isEqualTo(lf.out());
    }

    /** A header number past 64 bits wrapped ("cpus": 2^64 + 2 read as 2): refused in one line. */
    @Test
    void aHeaderNumberPastSixtyFourBitsIsRefused() throws Exception {
        String b = base();
        assertThat(b).contains("\"cpus\":1,");
        HostileFilesTest.Out o = cli(
                "import",
                write("cpus.txt", b.replaceFirst("\"cpus\":1,", "\"cpus\":18446744073709551618,"))
                        .toString());
        assertThat(o.code()).isEqualTo(1);
        assertThat(o.err().strip())
                .isEqualTo("error: the header's \"cpus\" is not a whole number in range (18446744073709551618)");
    }

    /** A header whose scenario does not load says what is wrong with it, not that it carries none. */
    @Test
    void fidelityOfAHeaderWithAnInvalidScenarioSaysWhy() throws Exception {
        String b = base();
        assertThat(b).contains("\"scenario\":{\"format\":1,");
        Path f = write(
                "bad.txt", b.replaceFirst("\"scenario\":\\{\"format\":1,", "\"scenario\":{\"format\":1,\"bogus\":2,"));
        HostileFilesTest.Out o = cli("fidelity", f.toString());
        assertThat(o.code()).isEqualTo(1);
        assertThat(o.err())
                .contains("the scenario in its header does not load: $.bogus: unknown key \"bogus\"")
                .doesNotContain("carries no scenario");
    }

    /** A number of 10,000 digits is out of range, not "invalid JSON syntax". */
    @Test
    void aTenThousandDigitNumberIsOutOfRange() throws Exception {
        String s = Files.readString(Path.of("scenarios/03-single-task-limited.json"))
                .replaceFirst("\"cpus\"\\s*:\\s*1", "\"cpus\": " + "9".repeat(10_000));
        var problems = ScenarioLoader.loadString(s).problems();
        assertThat(problems)
                .singleElement()
                .satisfies(p -> assertThat(p.message())
                        .isEqualTo("a number of 10000 characters is out of range (a value must fit in 64 bits)"));
        var trailing =
                ScenarioLoader.loadString("{\"format\": 1, }").problems(); // a real syntax error keeps its message
        assertThat(trailing.get(0).message()).doesNotContain("out of range");
    }

    /** A cgroup named as a control file of every cgroup is refused by the loader (record made it before failing). */
    @Test
    void aGroupNamedAsAControlFileIsRefused() throws Exception {
        String s = Files.readString(Path.of("scenarios/03-single-task-limited.json"))
                .replace("\"/G\"", "\"/cgroup.procs\"");
        assertThat(s).contains("/cgroup.procs");
        var problems = ScenarioLoader.loadString(s).problems();
        assertThat(problems)
                .isNotEmpty()
                .allSatisfy(
                        p -> assertThat(p.message()).contains("\"cgroup.procs\" is the name of a cgroup control file"));
        for (String fine : new String[] {"/cpu-bound", "/G.cpu", "/memory", "/a/b.c"}) {
            assertThat(ScenarioLoader.loadString(s.replace("/cgroup.procs", fine))
                            .problems())
                    .as(fine)
                    .isEmpty();
        }
        for (String bad : new String[] {"/a/cpu.max", "/tasks", "/x/memory.high"}) {
            assertThat(ScenarioLoader.loadString(s.replace("/cgroup.procs", bad))
                            .problems())
                    .as(bad)
                    .isNotEmpty();
        }
    }

    /** A file that cannot be read says "permission denied" (Java's message is the bare path: "error: F.txt"). */
    @Test
    void permissionDeniedIsSaid() throws Exception {
        assertThat(IoText.message(new AccessDeniedException("/x/F.txt"))).isEqualTo("/x/F.txt: permission denied");
        Path f = write("f.txt", base());
        f.toFile().setReadable(false, false);
        if (Files.isReadable(f)) return; // root reads it anyway: the wording is checked above
        HostileFilesTest.Out o = cli("import", f.toString());
        assertThat(o.err().strip()).isEqualTo("error: " + f + ": permission denied");
    }
}
