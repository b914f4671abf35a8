package io.throttlescope.scenario;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static io.throttlescope.scenario.ScenarioLoaderTest.problems;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A refusal for each rule of docs/scenario-format.md that no other test reached (the coverage report
 * after the formatter showed them): each names the key's path and says what is wrong in one line.
 */
class ScenarioRefusalsTest {
    static final String G = ", \"cgroups\": {\"/G\": {\"cpu.max\": \"10000 100000\"}}";
    static final String T = "{\"name\": \"T\", \"cgroup\": \"/G\", \"program\": [{\"user\": \"1ms\"}]}";

    static String scenario(String extra, String tasks) {
        return "{\"format\": 1, \"name\": \"n\", \"duration\": \"10ms\"" + extra + ", \"tasks\": [" + tasks + "]}";
    }

    static String only(String extra, String tasks) {
        List<Problem> ps = problems(scenario(extra, tasks));
        assertThat(ps).hasSize(1);
        return ps.get(0).path() + ": " + ps.get(0).message();
    }

    static String lesson(String stops) {
        return G + ", \"lesson\": {\"title\": \"t\", \"stops\": " + stops + "}";
    }

    static String question(String range, String at) {
        return lesson(
                "[{\"at\": \"5ms\", \"range\": \"" + range + "\", \"text\": \"x\", \"question\": {\"ask\": \"a?\","
                        + " \"choices\": [\"a\", \"b\"], \"answer\": 0, \"why\": \"w\", \"at\": \"" + at + "\"}}]");
    }

    static String action(String body) {
        return G + ", \"actions\": [" + body + "]";
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "actions | `, \"actions\": 5` | $.actions: found the number 5, expected an array of actions",
                "two kinds | `{\"at\": \"1ms\", \"write\": {\"cgroup\": \"/G\", \"file\": \"cpu.max\", \"value\": \"max\"}, \"wake\": \"T\"}`"
                        + " | $.actions[0]: an action has exactly one of write, set_affinity, move, wake",
                "no kind | `{\"at\": \"1ms\"}` | $.actions[0]: the action has none of write, set_affinity, move, wake",
                "root | `{\"at\": \"1ms\", \"write\": {\"cgroup\": \"/\", \"file\": \"cpu.max\", \"value\": \"max\"}}`"
                        + " | $.actions[0].write.cgroup: the root cgroup \"/\" cannot have a limit",
                "quota | `{\"at\": \"1ms\", \"write\": {\"cgroup\": \"/G\", \"file\": \"cpu.max\", \"value\": \"abc\"}}`"
                        + " | $.actions[0].write.value: the quota \"abc\" is neither \"max\" nor a whole number of microseconds",
                "file | `{\"at\": \"1ms\", \"write\": {\"cgroup\": \"/G\", \"file\": \"cpu.mux\", \"value\": \"1\"}}`"
                        + " | $.actions[0].write.file: found \"cpu.mux\", expected cpu.max, cpu.max.burst or cpu.weight (did you mean \"cpu.max\"?)",
                "group | `{\"at\": \"1ms\", \"move\": {\"task\": \"T\", \"cgroup\": \"/H\"}}`"
                        + " | $.actions[0].move.cgroup: no cgroup \"/H\" is listed in \"cgroups\" or used by a task",
                "control file | `{\"at\": \"1ms\", \"move\": {\"task\": \"T\", \"cgroup\": \"/cgroup.procs\"}}`"
                        + " | $.actions[0].move.cgroup: \"/cgroup.procs\": \"cgroup.procs\" is the name of a cgroup control file,"
                        + " which no cgroup can be named; name the group otherwise",
            })
    void anActionIsRefusedInOneLine(String what, String body, String expected) {
        assertThat(only(body.startsWith(",") ? G + body : action(body), T)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "notes | `, \"notes\": 5` | $.notes: found the number 5, expected an array of notes",
                "preemption | `, \"kernel\": {\"preemption\": \"voluntary\"}` | $.kernel.preemption: found \"voluntary\", expected \"full\" or \"none\"",
                "slice | `, \"kernel\": {\"bandwidth_slice\": \"100ns\"}` | $.kernel.bandwidth_slice: sched_cfs_bandwidth_slice_us must be at least 1us",
                "phase | `, \"cgroups\": {\"/G\": {\"cpu.max\": \"10000 100000\", \"period_phase\": \"200ms\"}}`"
                        + " | $.cgroups./G.period_phase: the phase must be less than the period (100000us)",
                "burst | `, \"cgroups\": {\"/G\": {\"cpu.max\": \"10000 100000\", \"cpu.max.burst\": \"-5\"}}`"
                        + " | $.cgroups./G.cpu.max.burst: found \"-5\", expected a burst: a whole number of microseconds in plain digits",
                "weight | `, \"cgroups\": {\"/G\": {\"cpu.max\": \"10000 100000\", \"cpu.weight\": \"0\"}}`"
                        + " | $.cgroups./G.cpu.weight: found \"0\", expected a cpu.weight from 1 to 10000",
                "cpu.max | `, \"cgroups\": {\"/G\": {\"cpu.max\": \"1 2 3\"}}`"
                        + " | $.cgroups./G.cpu.max: found \"1 2 3\", expected \"$QUOTA $PERIOD\" in microseconds, e.g. \"10000 100000\"",
            })
    void aSettingIsRefusedInOneLine(String what, String extra, String expected) {
        assertThat(only(extra.startsWith(", \"cgroups\"") ? extra : G + extra, T))
                .isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                "not an object | 5 | $.tasks[0].program[0]: found the number 5, expected a step object such as {\"user\": \"1ms\"}",
                "two kinds | `{\"user\": \"1ms\", \"sleep\": \"1ms\"}` | $.tasks[0].program[0]: a step has exactly one of user, syscall,"
                        + " kernel, sleep, down_read, up_read, down_write, up_write, lock, unlock, send, recv, loop, exit; found \"user\" and \"sleep\"",
                "no kind | `{\"usr\": \"1ms\"}` | $.tasks[0].program[0]: the step has none of user, syscall, kernel, sleep, down_read,"
                        + " up_read, down_write, up_write, lock, unlock, send, recv, loop, exit (did you mean \"user\"?)",
            })
    void aStepIsRefusedInOneLine(String what, String step, String expected) {
        assertThat(only(G, "{\"name\": \"T\", \"program\": [" + step + "]}")).isEqualTo(expected);
    }

    @Test
    void aCpuListIsRefusedInOneLine() {
        String kernel = G + ", \"kernel\": {\"cpus\": 2}";
        assertThat(only(kernel, "{\"name\": \"T\", \"cpus\": \"0-5\", \"program\": [{\"user\": \"1ms\"}]}"))
                .isEqualTo("$.tasks[0].cpus: CPU 5 does not exist (the machine has 2 CPUs, numbered 0-1)");
        assertThat(only(kernel, "{\"name\": \"T\", \"cpus\": \"a-b\", \"program\": [{\"user\": \"1ms\"}]}"))
                .isEqualTo(
                        "$.tasks[0].cpus: \"a-b\" is not a CPU list (expected the kernel's cpulist syntax in ASCII digits,"
                                + " e.g. \"0\", \"0-3\", \"0,2,5-7\")");
    }

    @Test
    void aLessonIsRefusedInOneLine() {
        assertThat(only(lesson("[]"), T))
                .isEqualTo("$.lesson.stops: found an empty array, expected a non-empty array of stops");
        assertThat(only(lesson("[{\"at\": \"1ms\", \"text\": \"x\", \"views\": 5}]"), T))
                .isEqualTo(
                        "$.lesson.stops[0].views: found the number 5, expected an array of views from task-lanes,"
                                + " explanation, wait-chain, runqueues, locks, scenario, or lanes cpu:N, task:NAME, budget:CGROUP");
        assertThat(only(lesson("[{\"at\": \"1ms\", \"text\": \"x\", \"views\": [\"cpu:7\"]}]"), T))
                .isEqualTo("$.lesson.stops[0].views[0]: no lane \"cpu:7\": the scenario's CPUs are cpu:0..cpu:0");
        assertThat(only(lesson("[{\"at\": \"1ms\", \"text\": \"x\", \"views\": [\"task:U\"]}]"), T))
                .isEqualTo("$.lesson.stops[0].views[0]: no task \"U\" for the lane \"task:U\"");
        assertThat(only(lesson("[{\"at\": \"1ms\", \"text\": \"x\", \"views\": [\"budget:/H\"]}]"), T))
                .isEqualTo("$.lesson.stops[0].views[0]: no cgroup \"/H\" for the lane \"budget:/H\"");
        assertThat(only(question("0ms:10ms", "20ms"), T))
                .isEqualTo(
                        "$.lesson.stops[0].question.at: the question is asked at 20ms, after the end of the run (10ms)");
        assertThat(only(question("4ms:8ms", "2ms"), T))
                .isEqualTo(
                        "$.lesson.stops[0].question.at: the question is asked at 2ms, outside the stop's range 4ms:8ms");
        assertThat(only(question("0ms:10ms", "6ms"), T))
                .isEqualTo(
                        "$.lesson.stops[0].question.at: the question is asked at 6ms, not before the stop's place 5ms");
    }

    /** Files that are not UTF-8 text are refused before any JSON is read, saying what they look like. */
    @Test
    void aFileThatIsNotUtf8IsRefusedInOneLine(@TempDir Path dir) throws Exception {
        String ok = scenario(G, T);
        Path f = dir.resolve("s.json");
        Files.write(f, ok.getBytes(StandardCharsets.UTF_16));
        assertThat(ScenarioLoader.load(f).problems())
                .singleElement()
                .extracting(Problem::message)
                .isEqualTo(
                        "the file is not UTF-8 text: it looks like UTF-16 (big endian, with a byte order mark); save it as UTF-8");
        Files.write(f, ok.replace("\"n\"", "\"n\u0000\"").getBytes(StandardCharsets.UTF_8));
        assertThat(ScenarioLoader.load(f).problems())
                .singleElement()
                .extracting(Problem::message)
                .isEqualTo("the file is not UTF-8 text: it contains NUL bytes");
        byte[] bad = ok.getBytes(StandardCharsets.UTF_8);
        bad[ok.indexOf("\"n\"") + 1] = (byte) 0xff;
        Files.write(f, bad);
        assertThat(ScenarioLoader.load(f).problems())
                .singleElement()
                .extracting(Problem::message)
                .isEqualTo("the file is not valid UTF-8 text");
    }
}
