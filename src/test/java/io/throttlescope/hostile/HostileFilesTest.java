package io.throttlescope.hostile;

import io.throttlescope.cli.Cli;
import io.throttlescope.scenario.Problem;
import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.spec.SimSpec;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Every case of issue 10, as an attacker or a user with big files would try it: each ends in
 * bounded time with one clear line and the right exit code, and nothing is lost or forged. The
 * timeouts here only stop a hang; they are far above what the cases take.
 */
class HostileFilesTest {
    @TempDir
    Path dir;

    static final Duration HANG = Duration.ofSeconds(60);

    record Out(int code, String out, String err) {}

    static Out cli(String... args) {
        StringWriter o = new StringWriter(), e = new StringWriter();
        int code = Cli.run(args, new PrintWriter(o, true), new PrintWriter(e, true));
        return new Out(code, o.toString(), e.toString());
    }

    Path file(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    static List<Problem> problems(Path p) {
        return ScenarioLoader.load(p).problems();
    }

    // ------------------------------------------------------------------ hangs and unbounded work

    @Test
    void nonRegularFilesAreRefusedBeforeReading() throws Exception {
        Path fifo = dir.resolve("fifo");
        new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor(5, TimeUnit.SECONDS);
        assertTimeoutPreemptively(HANG, () -> {
            for (Path p : List.of(fifo, Path.of("/dev/zero"), Path.of("/dev/urandom"), dir)) {
                assertThat(problems(p))
                        .singleElement()
                        .extracting(Problem::message)
                        .asString()
                        .contains("not a regular file");
            }
        });
    }

    @Test
    void misspellingsCostTimeInProportionToTheFile() throws Exception {
        StringBuilder b = new StringBuilder(
                "{\"format\": 1, \"name\": \"m\", \"duration\": \"1ms\", \"locks\": {\"cgroup_threadgroup_rwsem\": {\"type\": \"percpu_rwsem\"}},"
                        + " \"tasks\": [{\"name\": \"T\", \"program\": [{\"syscall\": \"x\", \"do\": [");
        for (int i = 0; i < 100_000; i++)
            b.append(i == 0 ? "" : ",")
                    .append("{\"down_read\": \"cgroup_threadgroup_rwsm")
                    .append(i % 10)
                    .append("\"}");
        b.append("]}]}]}");
        Path p = file("typos.json", b.toString()); // ~5 MB of misspelt lock names
        String longName = "x".repeat(200_000);
        Path q = file(
                "long.json",
                "{\"format\": 1, \"name\": \"m\", \"duration\": \"1ms\", \"locks\": {\"L\": {\"type\": \"mutex\"}},"
                        + " \"tasks\": [{\"name\": \"T\", \"program\": [{\"syscall\": \"x\", \"do\": [{\"lock\": \""
                        + longName + "\"}, {\"lock\": \"" + longName + "y\"}]}]}]}");
        assertTimeoutPreemptively(HANG, () -> {
            List<Problem> ps = problems(p);
            assertThat(ps).hasSize(1001); // 1000 listed, the rest counted
            assertThat(ps.get(ps.size() - 1).message()).contains("more problems not listed");
            assertThat(problems(q))
                    .isNotEmpty()
                    .allSatisfy(x -> assertThat(x.message().length()).isLessThan(400));
        });
    }

    @Test
    void endlessWorkIsRefusedStaticallyOrStoppedByTheEventBudget() throws Exception {
        Path zero = file(
                "zero.json",
                "{\"format\": 1, \"name\": \"z\", \"duration\": \"3600s\", \"tasks\": [{\"name\": \"T\", \"program\": ["
                        + "{\"loop\": [{\"user\": \"0ns\"}]}]}, {\"name\": \"S\", \"program\": [{\"loop\": [{\"sleep\": \"0ns\"}]}]}],"
                        + " \"kernel\": {\"hung_task_check_interval\": \"1ns\", \"hung_task_timeout\": \"1us\"}}");
        assertThat(problems(zero))
                .extracting(Problem::message)
                .anyMatch(m -> m.contains("endless loop"))
                .anyMatch(m -> m.contains("hung_task") || m.contains("at least 10ms"));
        assertThat(problems(zero).stream().filter(x -> x.message().contains("endless loop")))
                .hasSize(2);
        // 373 bytes that would run for 34 hours: 2^31 steps of 1 ns, stopped with one line and exit 1
        Path nest = file(
                "nest.json",
                "{\"format\": 1, \"name\": \"n\", \"duration\": \"3600s\", \"tasks\": [{\"name\": \"T\", \"program\": ["
                        + "{\"loop\": [{\"loop\": [{\"user\": \"1ns\"}], \"times\": 46341}], \"times\": 46341}]}]}");
        assertThat(problems(nest)).isEmpty();
        assertTimeoutPreemptively(HANG, () -> {
            Out o = cli("run", nest.toString(), "--max-events", "200000");
            assertThat(o.code()).isEqualTo(1);
            assertThat(o.err().strip().lines()).singleElement().asString().contains("stopped after 200000 events");
        });
    }

    // ------------------------------------------------------------------ memory

    @Test
    void countsCannotOverflowPastTheTaskLimit() throws Exception {
        Path p = file(
                "count.json",
                "{\"format\": 1, \"name\": \"c\", \"duration\": \"1ms\", \"tasks\": ["
                        + "{\"name\": \"A\", \"count\": 9223372036854775807, \"program\": [{\"user\": \"1ms\"}]},"
                        + "{\"name\": \"B\", \"count\": 9223372036854775807, \"program\": [{\"user\": \"1ms\"}]}]}");
        assertThat(problems(p)).extracting(Problem::message).anyMatch(m -> m.contains("the limit is 100000"));
    }

    @Test
    void aHugeKeyIsRefusedBeforeItIsCopiedIntoPaths() throws Exception {
        StringBuilder deep = new StringBuilder();
        String key = "k".repeat(100_000);
        for (int i = 0; i < 3; i++) deep.append("{\"").append(key).append(i).append("\": ");
        deep.append("1").append("}".repeat(3));
        Path p = file("key.json", "{\"format\": 1, \"x\": " + deep + "}");
        assertThat(problems(p))
                .singleElement()
                .extracting(Problem::message)
                .asString()
                .contains("a key of 100001 characters");
    }

    /** A long valid run with --trace, and its CSV and Perfetto exports, each in a JVM of 96 MiB: written as the run goes, not held. */
    @Test
    void aLongRunWithATraceOrAnExportFitsInSmallMemory() throws Exception {
        Path scen = file(
                "long.json",
                "{\"format\": 1, \"name\": \"long\", \"duration\": \"300s\", \"kernel\": {\"cpus\": 2},"
                        + " \"cgroups\": {\"/G\": {\"cpu.max\": \"50000 100000\"}}, \"tasks\": ["
                        + "{\"name\": \"A\", \"cgroup\": \"/G\", \"program\": [{\"loop\": [{\"user\": \"100us\"}, {\"sleep\": \"100us\"}]}]},"
                        + "{\"name\": \"B\", \"cgroup\": \"/G\", \"program\": [{\"loop\": [{\"syscall\": \"read\", \"do\": [{\"kernel\": \"50us\"}]}, {\"user\": \"50us\"}]}]}]}");
        Path out = dir.resolve("trace.jsonl"),
                csv = dir.resolve("trace.csv"),
                perfetto = dir.resolve("trace.perfetto.json");
        for (String[] args : new String[][] {
            {"run", scen.toString(), "--trace", out.toString()},
            {"export", scen.toString(), "--format", "csv", "-o", csv.toString()},
            {"export", scen.toString(), "--format", "perfetto", "-o", perfetto.toString()}
        }) {
            java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of(
                    ProcessHandle.current().info().command().orElse("java"),
                    "-Xmx96m",
                    "-cp",
                    System.getProperty("java.class.path"),
                    "io.throttlescope.Launcher"));
            cmd.addAll(java.util.List.of(args));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(180, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as(text).isZero();
        }
        long lines, rows;
        try (var s = Files.lines(out)) {
            lines = s.count();
        }
        try (var s = Files.lines(csv)) {
            rows = s.count();
        }
        assertThat(lines).isGreaterThan(6_000_000L); // held in memory, 6M events would need 170 MB: more than the heap
        assertThat(rows).isEqualTo(lines + 1); // the header, then one row per event
        try (var r = Files.newBufferedReader(perfetto)) { // a complete document, read back as a stream
            com.google.gson.stream.JsonReader j = new com.google.gson.stream.JsonReader(r);
            j.beginObject();
            long events = 0;
            while (j.hasNext()) {
                if (j.nextName().equals("traceEvents")) {
                    j.beginArray();
                    while (j.hasNext()) {
                        j.skipValue();
                        events++;
                    }
                    j.endArray();
                } else {
                    j.skipValue();
                }
            }
            j.endObject();
            assertThat(events).isGreaterThan(1_000_000L);
        }
    }

    @Test
    void compareRefusesAbsurdRunCounts() {
        Out o = cli("compare", "scenarios/03-single-task-limited.json", "--runs", "1000000");
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err().strip().lines()).singleElement().asString().contains("at most 1000");
    }

    // ------------------------------------------------------------------ messages

    @Test
    void valuesAreEscapedAndCannotForgeLinesOrDriveTheTerminal() throws Exception {
        Path p = file(
                "forge.json",
                "{\"format\": 1, \"name\": \"x\\u001b[2J\\u0007\\u0000\", \"duration\": \"1ms\","
                        + " \"tasks\": [{\"name\": \"T\", \"cgroup\": \"/G\\nh.json:1:1: $: forged\", \"program\": [{\"user\": \"1ms\"}]}]}");
        Out v = cli("validate", p.toString());
        assertThat(v.out().lines().filter(l -> l.contains("forged")))
                .allSatisfy(l -> assertThat(l).startsWith(p.toString() + ":"));
        assertThat(v.out()).doesNotContain("\u001b", "\u0007", "\u0000").contains("\\n");
        Path ok = file(
                "esc.json",
                "{\"format\": 1, \"name\": \"x\\u001b[2J\\u0007\", \"duration\": \"1ms\", \"tasks\": [{\"name\": \"T\", \"program\": [{\"user\": \"1ms\"}]}]}");
        Out r = cli("run", ok.toString());
        assertThat(r.code()).isZero();
        assertThat(r.out()).doesNotContain("\u001b", "\u0007").contains("\\u001b");
    }

    @Test
    void keysAreEscapedToo() throws Exception {
        // a key is text of the file like a value: an unknown key, a cgroup path that is not one, a missing
        // key under a key with a newline; none may reach the terminal raw or forge a line
        Path p = file(
                "keys.json",
                "{\"format\": 1, \"name\": \"x\", \"duration\": \"1ms\", \"\\u001b[31mevil\\u0007\": 1,"
                        + " \"cgroups\": {\"\\u001b[2Jbad\\nk.json:1:1: $: forged\": {}}, \"locks\": {\"L\\u0000\": {}},"
                        + " \"tasks\": [{\"name\": \"T\", \"program\": [{\"user\": \"1ms\"}]}]}");
        Out v = cli("validate", p.toString());
        assertThat(v.out())
                .contains("unknown key", "is not a cgroup path", "the required key \"type\" is missing")
                .doesNotContain("\u001b", "\u0007", "\u0000")
                .contains("\\u001b");
        assertThat(v.out().lines().filter(l -> l.contains("forged")))
                .allSatisfy(l -> assertThat(l).startsWith(p.toString() + ":"));
    }

    @Test
    void utf16WithoutABomIsNamed() throws Exception {
        Path p = dir.resolve("u16.json");
        Files.write(
                p,
                "{\"format\": 1, \"name\": \"u\", \"duration\": \"1ms\", \"tasks\": []}"
                        .getBytes(StandardCharsets.UTF_16LE));
        assertThat(problems(p))
                .singleElement()
                .extracting(Problem::message)
                .asString()
                .contains("not UTF-8")
                .contains("UTF-16");
    }

    @Test
    void theStepFaultNamesItsTask() throws Exception {
        Path p = file(
                "steps.json",
                "{\"format\": 1, \"name\": \"s\", \"duration\": \"1ms\", \"locks\": {\"M\": {\"type\": \"mutex\"}}, \"tasks\": [{\"name\": \"Zed\", \"program\": ["
                        + "{\"loop\": [{\"syscall\": \"x\", \"do\": [{\"lock\": \"M\"}, {\"unlock\": \"M\"}]}], \"times\": 200000}]}]}");
        SimSpec s = ScenarioLoader.load(p).spec();
        Simulator sim = new Simulator(s, Simulator.Model.TASK, null);
        sim.run();
        assertThat(sim.faults()).anyMatch(f -> f.contains("Zed"));
    }

    @Test
    void outputsInAMissingFolderSayWhy() {
        Out o = cli("run", "scenarios/03-single-task-limited.json", "--trace", "/no/such/dir/t.jsonl");
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err().strip()).contains("the folder /no/such/dir does not exist");
    }

    // ------------------------------------------------------------------ data loss

    @Test
    void anOutputThatIsTheInputIsRefusedAlsoThroughALink() throws Exception {
        Path scen = dir.resolve("s.json");
        Files.copy(Path.of("scenarios/03-single-task-limited.json"), scen);
        Path link = dir.resolve("link.json");
        Files.createSymbolicLink(link, scen);
        byte[] before = Files.readAllBytes(scen);
        for (String[] args : List.of(
                new String[] {"run", scen.toString(), "--trace", scen.toString()},
                new String[] {"export", scen.toString(), "--format", "csv", "-o", link.toString()},
                new String[] {"screenshot", scen.toString(), "-o", link.toString()})) {
            Out o = cli(args);
            assertThat(o.code()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(o.err()).contains("would be overwritten");
        }
        assertThat(Files.readAllBytes(scen)).isEqualTo(before);
        assertThat(Files.isSymbolicLink(link)).isTrue();
    }

    // ------------------------------------------------------------------ accepted that must not be

    @Test
    void signsAndOtherDigitsAndDotSegmentsAreRefused() throws Exception {
        for (String max : List.of("+10000 100000", "\uff11\uff10000 100000", "10000 +100000")) {
            Path p = file(
                    "m.json",
                    "{\"format\": 1, \"name\": \"d\", \"duration\": \"1ms\", \"cgroups\": {\"/G\": {\"cpu.max\": \""
                            + max + "\"}}," + " \"tasks\": [{\"name\": \"T\", \"program\": [{\"user\": \"1ms\"}]}]}");
            assertThat(problems(p)).as(max).isNotEmpty();
        }
        for (String cpus : List.of("+0", "\u0660", "\uff10")) {
            Path p = file(
                    "c.json",
                    "{\"format\": 1, \"name\": \"d\", \"duration\": \"1ms\", \"tasks\": [{\"name\": \"T\", \"cpus\": \""
                            + cpus + "\", \"program\": [{\"user\": \"1ms\"}]}]}");
            assertThat(problems(p)).as(cpus).isNotEmpty();
        }
        for (String cg : List.of("/a/..", "/..", "/a/./b", "/.")) {
            Path p = file(
                    "g.json",
                    "{\"format\": 1, \"name\": \"d\", \"duration\": \"1ms\", \"tasks\": [{\"name\": \"T\", \"cgroup\": \""
                            + cg + "\", \"program\": [{\"user\": \"1ms\"}]}]}");
            assertThat(problems(p)).as(cg).isNotEmpty();
        }
        Path dots = file(
                "ok.json",
                "{\"format\": 1, \"name\": \"d\", \"duration\": \"1ms\", \"tasks\": [{\"name\": \"T\", \"cgroup\": \"/a.b/..c\","
                        + " \"program\": [{\"user\": \"1ms\"}]}]}");
        assertThat(problems(dots)).isEmpty(); // dots inside a name are fine
    }

    @Test
    void aSelfDeadlockIsRefusedStatically() throws Exception {
        Path p = file(
                "dead.json",
                "{\"format\": 1, \"name\": \"d\", \"duration\": \"1ms\", \"locks\": {\"M\": {\"type\": \"mutex\"}},"
                        + " \"tasks\": [{\"name\": \"T\", \"program\": [{\"syscall\": \"x\", \"do\": [{\"lock\": \"M\"}, {\"lock\": \"M\"}, {\"unlock\": \"M\"}]}]}]}");
        assertThat(problems(p)).extracting(Problem::message).anyMatch(m -> m.contains("self-deadlock"));
    }

    @Test
    void aLoopReleasingALockTakenBeforeItIsAPositionedProblemNotAnInternalError() throws Exception {
        Path p = file(
                "loop.json",
                "{\"format\": 1, \"name\": \"d\", \"duration\": \"1ms\", \"locks\": {\"M\": {\"type\": \"mutex\"}},"
                        + " \"tasks\": [{\"name\": \"T\", \"program\": [{\"syscall\": \"x\", \"do\": [{\"lock\": \"M\"}, {\"loop\": [{\"kernel\": \"1us\"}, {\"unlock\": \"M\"}], \"times\": 3}]}]}]}");
        assertThat(problems(p))
                .isNotEmpty()
                .noneMatch(x -> x.message().contains("internal error"))
                .anyMatch(x -> x.message().contains("only the first pass holds it"));
        Path once = file(
                "once.json",
                "{\"format\": 1, \"name\": \"d\", \"duration\": \"1ms\", \"locks\": {\"M\": {\"type\": \"mutex\"}},"
                        + " \"tasks\": [{\"name\": \"T\", \"program\": [{\"syscall\": \"x\", \"do\": [{\"lock\": \"M\"}, {\"loop\": [{\"kernel\": \"1us\"}, {\"unlock\": \"M\"}], \"times\": 1}]}]}]}");
        assertThat(problems(once)).isEmpty();
    }

    // ------------------------------------------------------------------ command line

    @Test
    void usageErrorsAreOneLineAndExit2BeforeAnyWork() {
        String s = "scenarios/03-single-task-limited.json";
        for (String[] args : List.of(
                new String[] {"screenshot", s, "--size", "0x0", "-o", "/tmp/x.png"},
                new String[] {"screenshot", s, "--size", "abc", "-o", "/tmp/x.png"},
                new String[] {"screenshot", s, "--size=-5x-5", "-o", "/tmp/x.png"},
                new String[] {"describe", s, "--step", "-5"},
                new String[] {"compare", s, "--metric", "("},
                new String[] {"run", s, "--trace", ""},
                new String[] {"bench", "--cpus", "0"},
                new String[] {"bench", "--duration", "1ms\"x"},
                new String[] {"run", s, "--max-events", "0"})) {
            Out o = cli(args);
            assertThat(o.code()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(o.err().strip().lines()).as(String.join(" ", args)).hasSize(1);
            assertThat(o.err()).doesNotContain("Exception");
        }
    }
}
