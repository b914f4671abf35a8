package io.throttlescope.cli;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/** The command line contract of cli.md: result object, trace lines, validate output, exit codes. */
class CliTest {
    @TempDir
    Path dir;

    record Out(int code, String out, String err) {}

    static Out cli(String... args) {
        StringWriter o = new StringWriter(), e = new StringWriter();
        int code = Cli.run(args, new PrintWriter(o, true), new PrintWriter(e, true));
        return new Out(code, o.toString(), e.toString());
    }

    Path golden(String name) throws Exception {
        Path p = dir.resolve(name);
        try (var in = getClass().getResourceAsStream("/golden/" + name)) {
            Files.write(p, in.readAllBytes());
        }
        return p;
    }

    @Test
    void runJsonPrintsTheResultObject() throws Exception {
        Out r = cli("run", golden("gb1.json").toString(), "--model", "legacy", "--json");
        assertThat(r.code()).isZero();
        JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
        assertThat(o.get("format").getAsInt()).isEqualTo(1);
        assertThat(o.get("scenario").getAsString()).isEqualTo("GB1 single CPU-bound task");
        assertThat(o.get("model").getAsString()).isEqualTo("legacy");
        assertThat(o.get("end_ns").getAsLong()).isEqualTo(300_000_000L);
        JsonObject g = o.getAsJsonObject("cgroups").getAsJsonObject("/G");
        assertThat(g.keySet())
                .containsExactly(
                        "usage_usec",
                        "user_usec",
                        "system_usec",
                        "nr_periods",
                        "nr_throttled",
                        "throttled_usec",
                        "nr_bursts",
                        "burst_usec",
                        "local_throttled_usec");
        assertThat(g.get("usage_usec").getAsLong()).isEqualTo(60_000);
        assertThat(g.get("user_usec").getAsLong()).isEqualTo(60_000);
        assertThat(g.get("nr_throttled").getAsLong()).isEqualTo(3);
        assertThat(g.get("throttled_usec").getAsLong()).isEqualTo(240_000);
        assertThat(g.get("local_throttled_usec").getAsLong()).isEqualTo(240_000);
        JsonObject t = o.getAsJsonObject("tasks").getAsJsonObject("T");
        assertThat(t.keySet())
                .contains(
                        "cpu_ns",
                        "user_ns",
                        "kernel_ns",
                        "runnable_ns",
                        "throttled_ns",
                        "parked_ns",
                        "sleeping_ns",
                        "blocked_ns",
                        "exited_ns",
                        "syscalls",
                        "lock_waits");
        assertThat(t.get("exited_ns").isJsonNull()).isTrue();
        assertThat(t.get("throttled_ns").getAsLong()).isEqualTo(240_000_000L);
        assertThat(o.getAsJsonArray("hung_tasks")).isEmpty();
        assertThat(o.getAsJsonObject("counts").keySet())
                .startsWith(
                        "throttle",
                        "unthrottle",
                        "task_work_added",
                        "parked",
                        "unparked"); // cli.md's keys first; keys may be added
        assertThat(o.getAsJsonObject("counts").get("throttle").getAsLong()).isEqualTo(3);
    }

    @Test
    void runDefaultsToTheScenarioModelAndListsSyscallsAndLockWaits() throws Exception {
        Out r = cli("run", golden("gb8.json").toString(), "--json", "--check");
        assertThat(r.code()).isZero();
        JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
        assertThat(o.get("model").getAsString()).isEqualTo("task");
        JsonObject rr = o.getAsJsonObject("tasks").getAsJsonObject("R");
        JsonObject sc = rr.getAsJsonArray("syscalls").get(0).getAsJsonObject();
        assertThat(sc.get("name").getAsString()).isEqualTo("clone");
        assertThat(sc.get("enter_ns").getAsLong()).isEqualTo(8_000_000L);
        assertThat(sc.get("exit_ns").getAsLong()).isEqualTo(15_100_000L);
        JsonObject lw = rr.getAsJsonArray("lock_waits").get(0).getAsJsonObject();
        assertThat(lw.get("lock").getAsString()).isEqualTo("cgroup_threadgroup_rwsem");
        assertThat(lw.get("op").getAsString()).isEqualTo("down_read");
        assertThat(lw.get("start_ns").getAsLong()).isEqualTo(8_000_000L);
        assertThat(lw.get("acquired_ns").getAsLong()).isEqualTo(15_000_000L);
        assertThat(rr.get("exited_ns").getAsLong()).isEqualTo(101_000_000L);
    }

    @Test
    void traceWritesOneEventALineInOrder() throws Exception {
        Path out = dir.resolve("t.jsonl");
        Out r = cli("run", golden("gb8.json").toString(), "--model", "task", "--trace", out.toString());
        assertThat(r.code()).isZero();
        List<String> lines = Files.readAllLines(out);
        assertThat(lines).isNotEmpty();
        long lastT = -1;
        for (int i = 0; i < lines.size(); i++) {
            JsonObject e = JsonParser.parseString(lines.get(i)).getAsJsonObject();
            assertThat(e.get("seq").getAsLong()).isEqualTo(i);
            assertThat(e.get("t").getAsLong()).isGreaterThanOrEqualTo(lastT);
            lastT = e.get("t").getAsLong();
            assertThat(e.get("kind").getAsString()).isNotEmpty();
        }
        assertThat(lines)
                .anyMatch(l -> l.contains("\"kind\":\"parked\"")
                        && l.contains("\"task\":\"R\"")
                        && l.contains("\"t\":15100000"));
        assertThat(lines).anyMatch(l -> l.contains("\"kind\":\"task_work_added\"") && l.contains("\"task\":\"R\""));
    }

    @Test
    void validateReportsEveryProblemWithPosition() throws Exception {
        Path bad = dir.resolve("bad.json");
        Files.writeString(
                bad,
                "{\n  \"format\": 1,\n  \"name\": \"x\",\n  \"duration\": 100,\n  \"cgroups\": {\"/G\": {\"cpu.mx\": \"1000 100000\"}},\n  \"tasks\": []\n}\n");
        Out r = cli("validate", bad.toString(), golden("gb1.json").toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).contains(bad + ":4:15: $.duration: found the bare number 100");
        assertThat(r.out())
                .contains(bad + ":5:22: $.cgroups./G.cpu.mx: unknown key \"cpu.mx\" (did you mean \"cpu.max\"?)");
        assertThat(r.out()).contains(bad + ":6:12: $.tasks: the scenario needs at least one task");
        assertThat(cli("validate", golden("gb1.json").toString()).code()).isZero();
    }

    @Test
    void exitCodes() throws Exception {
        assertThat(cli("run").code()).isEqualTo(2); // usage
        assertThat(cli("run", golden("gb1.json").toString(), "--model", "nope").code())
                .isEqualTo(2);
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{ not json");
        Out r = cli("run", bad.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).startsWith(bad + ":1:3: ");
        assertThat(r.err()).doesNotContain("Exception");
    }
}
