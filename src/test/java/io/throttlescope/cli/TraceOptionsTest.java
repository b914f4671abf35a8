package io.throttlescope.cli;

import com.google.gson.JsonParser;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 25: every command that opens a trace takes the same options. describe had no --cgroup-map,
 * so a foreign trace's dd sat in / "waiting for a CPU" where import put it in /G.
 */
class TraceOptionsTest {
    @TempDir
    Path dir;

    static int run(StringWriter o, StringWriter e, String... args) {
        return Cli.run(args, new PrintWriter(o, true), new PrintWriter(e, true));
    }

    @Test
    void describeReadsAForeignTraceWithItsCgroupMap() throws Exception {
        Path map = dir.resolve("map.json");
        Files.writeString(map, "{\"cgroups\": {\"/G\": {\"cpu.max\": \"10000 100000\"}}, \"tasks\": {\"dd\": \"/G\"}}");
        String trace = "src/test/resources/realtrace/tracefs-dd-6.18.txt";
        StringWriter o = new StringWriter(), e = new StringWriter();
        assertThat(run(o, e, "describe", trace, "--cgroup-map", map.toString(), "--json", "--at", "100ms"))
                .as(e.toString())
                .isZero();
        var tasks = JsonParser.parseString(o.toString()).getAsJsonObject().getAsJsonArray("tasks");
        var dd = tasks.asList().stream()
                .map(x -> x.getAsJsonObject())
                .filter(x -> x.get("task").getAsString().startsWith("dd"))
                .findFirst()
                .orElseThrow();
        assertThat(dd.get("cgroup").getAsString()).isEqualTo("/G");
        // without the map it is in /, as import puts it without one
        StringWriter o2 = new StringWriter(), e2 = new StringWriter();
        assertThat(run(o2, e2, "describe", trace, "--json", "--at", "100ms")).isZero();
        var dd2 = JsonParser.parseString(o2.toString()).getAsJsonObject().getAsJsonArray("tasks").asList().stream()
                .map(x -> x.getAsJsonObject())
                .filter(x -> x.get("task").getAsString().startsWith("dd"))
                .findFirst()
                .orElseThrow();
        assertThat(dd2.get("cgroup").getAsString()).isEqualTo("/");
    }

    /** screenshot read the trace without the map in the window (its opener): dd was drawn in /, not under /G and its cpu.max. */
    @Test
    void screenshotDrawsAForeignTraceWithItsCgroupMap() throws Exception {
        Path map = dir.resolve("map.json");
        Files.writeString(map, "{\"cgroups\": {\"/G\": {\"cpu.max\": \"10000 100000\"}}, \"tasks\": {\"dd\": \"/G\"}}");
        Path png = dir.resolve("dd.png");
        StringWriter o = new StringWriter(), e = new StringWriter();
        assertThat(run(
                        o,
                        e,
                        "screenshot",
                        "src/test/resources/realtrace/tracefs-dd-6.18.txt",
                        "--cgroup-map",
                        map.toString(),
                        "-o",
                        png.toString(),
                        "--size",
                        "1024x768",
                        "--at",
                        "100ms",
                        "--audit"))
                .as(e.toString())
                .isIn(0, 1);
        String audit = Files.readString(Path.of(png + ".audit.json"));
        assertThat(audit).contains("\"group:/G\"");
    }

    @Test
    void aBadMapOrProbeIsAUsageErrorAndAScenarioTakesNone() throws Exception {
        Path map = dir.resolve("bad.json");
        Files.writeString(map, "[1]");
        for (String cmd : new String[] {"import", "describe"}) {
            StringWriter o = new StringWriter(), e = new StringWriter();
            assertThat(run(
                            o,
                            e,
                            cmd,
                            "src/test/resources/realtrace/tracefs-dd-6.18.txt",
                            "--cgroup-map",
                            map.toString()))
                    .as(cmd)
                    .isEqualTo(2);
            assertThat(e.toString()).contains("--cgroup-map").contains("must be a JSON object");
        }
        StringWriter o = new StringWriter(), e = new StringWriter();
        assertThat(run(o, e, "describe", "scenarios/03-single-task-limited.json", "--probe", "thr=throttle_cfs_rq"))
                .isEqualTo(2);
        assertThat(e.toString()).contains("are for a trace");
    }
}
