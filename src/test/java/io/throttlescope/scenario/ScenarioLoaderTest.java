package io.throttlescope.scenario;

import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Every rule of docs/scenario-format.md is enforced and every problem is reported with its position. */
class ScenarioLoaderTest {
    static final String OK_TASK = "{\"name\": \"T\", \"program\": [{\"user\": \"1ms\"}]}";

    static List<Problem> problems(String json) {
        ScenarioLoader.Loaded l = ScenarioLoader.loadString(json);
        assertThat(l.spec() == null).isEqualTo(!l.problems().isEmpty());
        return l.problems();
    }

    static String scenario(String extra, String tasks) {
        return "{\"format\": 1, \"name\": \"n\", \"duration\": \"10ms\"" + extra + ", \"tasks\": [" + tasks + "]}";
    }

    static List<String> lines(List<Problem> ps) {
        return ps.stream().map(p -> p.format("f")).toList();
    }

    @Test
    void aValidFileLoads() {
        assertThat(problems(scenario("", OK_TASK))).isEmpty();
    }

    @Test
    void syntaxErrorsHaveLineAndColumn() {
        assertThat(lines(problems("{\n  \"format\": 1,\n  // comment\n}")))
                .singleElement()
                .asString()
                .startsWith("f:3:3: $.format: invalid JSON syntax");
        assertThat(lines(problems("{\"format\": 1, \"format\": 1}")))
                .singleElement()
                .asString()
                .isEqualTo("f:1:15: $: duplicate key \"format\"");
        assertThat(lines(problems("{\"format\": 1,}")))
                .singleElement()
                .asString()
                .contains("f:1:14:");
        assertThat(lines(problems("{\"format\": 'x'}")))
                .singleElement()
                .asString()
                .contains("invalid JSON syntax");
        assertThat(lines(problems("{\"format\": 1")))
                .singleElement()
                .asString()
                .contains("ends before the JSON value is complete");
        assertThat(lines(problems("[1] [2]"))).singleElement().asString().startsWith("f:1:5: $: invalid JSON syntax");
    }

    @Test
    void everyContractProblemIsReportedNotJustTheFirst() {
        String json = "{\n"
                + "  \"format\": 1,\n"
                + "  \"name\": \"n\",\n"
                + "  \"duration\": 100,\n"
                + "  \"kernel\": {\"cpus\": 2, \"hz\": 123},\n"
                + "  \"cgroups\": {\"/G\": {\"cpu.mx\": \"1000 100000\"}, \"bad path\": {}},\n"
                + "  \"tasks\": [{\"name\": \"T\", \"cpus\": \"0-3\", \"program\": [{\"usr\": \"1ms\"}]}],\n"
                + "  \"actions\": [{\"at\": \"1ms\", \"wake\": {\"task\": \"X\"}}]\n"
                + "}";
        List<String> ls = lines(problems(json));
        assertThat(ls)
                .containsExactly(
                        "f:4:15: $.duration: found the bare number 100, expected a duration with a unit (which unit would it be?), e.g. \"100ms\"",
                        "f:5:31: $.kernel.hz: found 123, expected 100, 250, 300 or 1000",
                        "f:6:22: $.cgroups./G.cpu.mx: unknown key \"cpu.mx\" (did you mean \"cpu.max\"?); expected one of cpu.max, cpu.max.burst, cpu.weight, period_phase",
                        "f:6:48: $.cgroups.bad path: \"bad path\" is not a cgroup path (expected \"/\" or \"/a/b\" with segments of letters, digits, _ - .)",
                        "f:7:35: $.tasks[0].cpus: CPU 3 does not exist (the machine has 2 CPUs, numbered 0-1)",
                        "f:7:54: $.tasks[0].program[0]: the step has none of user, syscall, kernel, sleep, down_read, up_read, down_write, up_write, lock, unlock, send, recv, loop, exit (did you mean \"user\"?)",
                        "f:8:46: $.actions[0].wake.task: no task is named \"X\"");
    }

    @Test
    void missingRequiredKeysAndWrongTypes() {
        assertThat(lines(problems("{\"format\": 2, \"tasks\": 3}")))
                .containsExactly(
                        "f:1:1: $: the required key \"name\" is missing",
                        "f:1:1: $: the required key \"duration\" is missing",
                        "f:1:12: $.format: found 2, expected the format version from 1 to 1",
                        "f:1:24: $.tasks: found the number 3, expected an array of tasks");
    }

    @Test
    void didYouMeanForNames() {
        String json = scenario(
                ", \"locks\": {\"sem\": {\"type\": \"percpu_rwsem\"}}, \"actions\": [{\"at\": \"1ms\", \"wake\": {\"task\": \"reader\"}}]",
                "{\"name\": \"reader1\", \"program\": [{\"syscall\": \"s\", \"do\": [{\"down_read\": \"sen\"}, {\"up_read\": \"sem\"}]}]}");
        List<String> ls = lines(problems(json));
        assertThat(ls).anyMatch(s -> s.contains("unknown lock \"sen\" (did you mean \"sem\"?)"));
        assertThat(ls).anyMatch(s -> s.contains("no task is named \"reader\" (did you mean \"reader1\"?)"));
    }

    @Test
    void didYouMeanForValues() {
        assertThat(lines(problems(scenario(", \"kernel\": {\"accounting\": \"exct\"}", OK_TASK))))
                .singleElement()
                .asString()
                .contains("found \"exct\", expected \"tick\" or \"exact\" (did you mean \"exact\"?)");
        assertThat(lines(problems(scenario(", \"model\": \"legacyy\"", OK_TASK))))
                .singleElement()
                .asString()
                .contains("(did you mean \"legacy\"?)");
    }

    @Test
    void lockSemantics() {
        String locks = ", \"locks\": {\"L\": {\"type\": \"percpu_rwsem\"}, \"M\": {\"type\": \"mutex\"}}";
        assertThat(lines(problems(scenario(locks, "{\"name\": \"T\", \"program\": [{\"down_read\": \"L\"}]}"))))
                .singleElement()
                .asString()
                .contains("\"down_read\" in user mode; lock operations happen in kernel mode");
        assertThat(lines(problems(scenario(
                        locks,
                        "{\"name\": \"T\", \"program\": [{\"syscall\": \"s\", \"do\": [{\"up_read\": \"L\"}]}]}"))))
                .singleElement()
                .asString()
                .contains("up_read of \"L\" by a task that does not hold it here");
        assertThat(lines(problems(scenario(
                        locks, "{\"name\": \"T\", \"program\": [{\"syscall\": \"s\", \"do\": [{\"lock\": \"M\"}]}]}"))))
                .singleElement()
                .asString()
                .contains("the syscall returns to user mode holding M");
        assertThat(lines(problems(scenario(
                        locks, "{\"name\": \"T\", \"kthread\": true, \"program\": [{\"down_write\": \"L\"}]}"))))
                .singleElement()
                .asString()
                .contains("the program ends holding L (write)");
        assertThat(lines(problems(scenario(
                        locks, "{\"name\": \"T\", \"program\": [{\"syscall\": \"s\", \"do\": [{\"lock\": \"L\"}]}]}"))))
                .singleElement()
                .asString()
                .contains("\"L\" is a percpu_rwsem; lock needs a mutex");
        assertThat(
                        lines(
                                problems(
                                        scenario(
                                                locks,
                                                "{\"name\": \"T\", \"program\": [{\"syscall\": \"s\", \"do\": [{\"lock\": \"M\"}, {\"exit\": true}]}]}"))))
                .anyMatch(s -> s.contains("the task exits holding M"));
        assertThat(
                        lines(
                                problems(
                                        scenario(
                                                locks,
                                                "{\"name\": \"T\", \"program\": [{\"syscall\": \"s\", \"do\": [{\"loop\": [{\"lock\": \"M\"}, {\"kernel\": \"1ms\"}], \"times\": 2}, {\"unlock\": \"M\"}]}]}"))))
                .anyMatch(s -> s.contains("each pass of the loop acquires M without releasing it"));
        assertThat(
                        problems(
                                scenario(
                                        locks,
                                        "{\"name\": \"T\", \"program\": [{\"syscall\": \"s\", \"do\": [{\"down_read\": \"L\"}, {\"kernel\": \"1ms\"}, {\"up_read\": \"L\"}, {\"lock\": \"M\"}, {\"unlock\": \"M\"}]}]}")))
                .isEmpty();
    }

    @Test
    void modes() {
        assertThat(lines(problems(
                        scenario("", "{\"name\": \"K\", \"kthread\": true, \"program\": [{\"user\": \"1ms\"}]}"))))
                .singleElement()
                .asString()
                .contains("a kernel thread has no user mode");
        assertThat(lines(problems(scenario(
                        "", "{\"name\": \"K\", \"kthread\": true, \"program\": [{\"syscall\": \"s\", \"do\": []}]}"))))
                .singleElement()
                .asString()
                .contains("a kernel thread makes no syscalls");
        assertThat(lines(problems(scenario("", "{\"name\": \"T\", \"program\": [{\"kernel\": \"1ms\"}]}"))))
                .singleElement()
                .asString()
                .contains("a \"kernel\" step in user mode");
        assertThat(lines(problems(scenario(
                        "", "{\"name\": \"T\", \"program\": [{\"syscall\": \"s\", \"do\": [{\"user\": \"1ms\"}]}]}"))))
                .singleElement()
                .asString()
                .contains("a \"user\" step inside a syscall");
        assertThat(lines(problems(scenario(
                        "", "{\"name\": \"T\", \"program\": [{\"syscall\": \"s\", \"do\": {\"kernel\": \"1ms\"}}]}"))))
                .singleElement()
                .asString()
                .contains("expected a list of steps");
        assertThat(lines(problems(scenario("", "{\"name\": \"T\", \"program\": [{\"loop\": [{\"exit\": true}]}]}"))))
                .singleElement()
                .asString()
                .contains("an endless loop must contain a step that always takes time");
    }

    @Test
    void kernelBounds() {
        assertThat(lines(problems(scenario(", \"cgroups\": {\"/\": {\"cpu.max\": \"1000 100000\"}}", OK_TASK))))
                .singleElement()
                .asString()
                .contains("the root cgroup \"/\" cannot have a limit");
        assertThat(lines(problems(scenario(", \"cgroups\": {\"/G\": {\"cpu.max\": \"999 100000\"}}", OK_TASK))))
                .singleElement()
                .asString()
                .contains("below the kernel's minimum of 1000 us");
        assertThat(lines(problems(scenario(", \"cgroups\": {\"/G\": {\"cpu.max\": \"1000 1000001\"}}", OK_TASK))))
                .singleElement()
                .asString()
                .contains("outside the kernel's bounds 1000 to 1000000 us");
        assertThat(lines(problems(scenario(
                        ", \"cgroups\": {\"/G\": {\"cpu.max\": \"5000 100000\", \"cpu.max.burst\": \"6000\"}}",
                        OK_TASK))))
                .singleElement()
                .asString()
                .contains("larger than the quota");
        assertThat(lines(problems(scenario(", \"cgroups\": {\"/G\": {\"cpu.weight\": 0}}", OK_TASK))))
                .singleElement()
                .asString()
                .contains("expected a cpu.weight from 1 to 10000");
        assertThat(lines(problems(scenario(", \"cgroups\": {\"/G\": {\"cpu.max\": \"lots\"}}", OK_TASK))))
                .singleElement()
                .asString()
                .contains("neither \"max\" nor a whole number");
        assertThat(lines(problems(scenario(
                        ", \"actions\": [{\"at\": \"1ms\", \"write\": {\"cgroup\": \"/nope\", \"file\": \"cpu.max\", \"value\": \"max\"}}]",
                        OK_TASK))))
                .singleElement()
                .asString()
                .contains("no cgroup \"/nope\"");
        assertThat(lines(problems(scenario(
                        ", \"actions\": [{\"at\": \"1ms\", \"set_affinity\": {\"task\": \"T\", \"cpus\": \"1\"}}]",
                        OK_TASK))))
                .singleElement()
                .asString()
                .contains("CPU 1 does not exist");
    }

    @Test
    void limits() {
        assertThat(lines(problems(
                        "{\"format\": 1, \"name\": \"n\", \"duration\": \"2h\", \"tasks\": [" + OK_TASK + "]}")))
                .singleElement()
                .asString()
                .contains("found \"2h\"");
        assertThat(lines(problems(
                        "{\"format\": 1, \"name\": \"n\", \"duration\": \"3601s\", \"tasks\": [" + OK_TASK + "]}")))
                .singleElement()
                .asString()
                .contains("over the one-hour limit");
        assertThat(lines(problems(
                        scenario("", "{\"name\": \"T\", \"count\": 100001, \"program\": [{\"user\": \"1ms\"}]}"))))
                .singleElement()
                .asString()
                .contains("the tasks expand to 100001 tasks; the limit is 100000");
        String deep = "[".repeat(70) + "]".repeat(70);
        assertThat(lines(problems(deep))).singleElement().asString().contains("nesting deeper than 64 levels");
    }

    @Test
    void countExpandsNamesAndDefaultsApply() {
        ScenarioLoader.Loaded l = ScenarioLoader.loadString(
                scenario("", "{\"name\": \"w\", \"count\": 3, \"program\": [{\"user\": \"1ms\"}]}"));
        assertThat(l.spec().tasks()).extracting(t -> t.name()).containsExactly("w#0", "w#1", "w#2");
        assertThat(l.spec().kernel().hz()).isEqualTo(250);
        assertThat(l.spec().kernel().exactAccounting()).isFalse();
        assertThat(l.spec().defaultModel()).isEqualTo("task");
        assertThat(l.spec().seed()).isEqualTo(1);
    }
}
