package io.throttlescope.scenario;

import io.throttlescope.view.LessonPlan;
import java.util.List;
import org.junit.jupiter.api.Test;

import static io.throttlescope.scenario.ScenarioLoaderTest.lines;
import static io.throttlescope.scenario.ScenarioLoaderTest.problems;
import static io.throttlescope.scenario.ScenarioLoaderTest.scenario;
import static org.assertj.core.api.Assertions.assertThat;

/** Issue 16: a lesson is checked, not only parsed: its places, its texts' times and its questions. */
class LessonChecksTest {
    static final String TASK = "{\"name\": \"T\", \"program\": [{\"loop\": [{\"user\": \"1ms\"}]}]}";

    static String lesson(String stops) {
        return scenario(", \"lesson\": {\"title\": \"t\", \"stops\": [" + stops + "]}", TASK);
    }

    static String question(String choices, int answer) {
        return "{\"at\": \"1ms\", \"text\": \"x\", \"question\": {\"ask\": \"?\", \"choices\": [" + choices
                + "], \"answer\": " + answer + ", \"why\": \"w\"}}";
    }

    @Test
    void aStopOutsideItsRangeOrAfterTheEndIsRefused() {
        assertThat(lines(problems(lesson("{\"at\": \"5ms\", \"range\": \"0ms:4ms\", \"text\": \"x\"}"))))
                .singleElement()
                .asString()
                .contains("$.lesson.stops[0].at")
                .contains("outside its own range 0:4ms");
        assertThat(lines(problems(lesson("{\"at\": \"11ms\", \"text\": \"x\"}"))))
                .singleElement()
                .asString()
                .contains("after the end of the run (10ms)");
        assertThat(lines(problems(lesson("{\"at\": \"1ms\", \"range\": \"20ms:30ms\", \"text\": \"x\"}"))))
                .anySatisfy(l -> assertThat(l).contains("the range starts at 20ms, after the end of the run"));
    }

    @Test
    void aTextThatOpensWithATimeMustBeAtThatTime() {
        assertThat(problems(lesson("{\"at\": \"4ms\", \"text\": \"At 4 ms the group runs out.\"}")))
                .isEmpty();
        assertThat(problems(lesson("{\"at\": \"4.0029ms\", \"text\": \"At 4.0029 ms the writer releases it.\"}")))
                .isEmpty();
        assertThat(problems(lesson("{\"at\": \"6.004ms\", \"text\": \"6 ms: the refill.\"}")))
                .isEmpty(); // to the digits given
        assertThat(lines(problems(lesson("{\"at\": \"5ms\", \"text\": \"6 ms: the refill.\"}"))))
                .singleElement()
                .asString()
                .contains("$.lesson.stops[0].text")
                .contains("opens with \"6 ms\" but the stop is at 5 ms");
        assertThat(lines(problems(lesson("{\"at\": \"4.1ms\", \"text\": \"At 4.0029 ms the writer.\"}"))))
                .singleElement()
                .asString()
                .contains("but the stop is at 4.1000 ms");
        assertThat(problems(lesson("{\"at\": \"5ms\", \"text\": \"The same under 6.18: at 3 s.\"}")))
                .isEmpty();
    }

    @Test
    void questionsHaveDistinctChoicesAKeyEachAndAnAnswerAmongThem() {
        assertThat(problems(lesson(question("\"a\", \"b\"", 1)))).isEmpty();
        assertThat(lines(problems(lesson(question("\"a\", \"b\", \"a\"", 0)))))
                .singleElement()
                .asString()
                .contains("the choice \"a\" is given twice");
        String ten = String.join(
                ", ",
                java.util.stream.IntStream.range(0, 10)
                        .mapToObj(i -> "\"c" + i + "\"")
                        .toList());
        assertThat(lines(problems(lesson(question(ten, 0)))))
                .singleElement()
                .asString()
                .contains("10 choices, but only keys 1 to 9 answer");
        assertThat(lines(problems(lesson(question("\"a\", \"b\"", 2)))))
                .singleElement()
                .asString()
                .contains("answer");
    }

    @Test
    void anEventStopIsCheckedAgainstItsRangeAndTextBySimulating() {
        String limited = ", \"cgroups\": {\"/G\": {\"cpu.max\": \"2000 100000\"}}";
        String t = "{\"name\": \"T\", \"cgroup\": \"/G\", \"program\": [{\"loop\": [{\"user\": \"1ms\"}]}]}";
        String far = scenario(
                limited
                        + ", \"lesson\": {\"title\": \"t\", \"stops\": [{\"at\": {\"event\": \"throttle\"}, \"range\": \"5ms:9ms\", \"text\": \"x\"}]}",
                t);
        ScenarioLoader.Loaded l = ScenarioLoader.loadString(far);
        assertThat(l.problems()).isEmpty();
        List<String> ps =
                LessonPlan.check(l.spec()).stream().map(p -> p.format("f")).toList();
        assertThat(ps)
                .singleElement()
                .asString()
                .contains("the 1st throttle event is at 4ms")
                .contains("outside the stop's own range");
        String said = scenario(
                limited
                        + ", \"lesson\": {\"title\": \"t\", \"stops\": [{\"at\": {\"event\": \"throttle\"}, \"text\": \"At 3 ms /G runs out.\"}]}",
                t);
        l = ScenarioLoader.loadString(said);
        assertThat(LessonPlan.check(l.spec()))
                .singleElement()
                .satisfies(p -> assertThat(p.format("f"))
                        .contains("$.lesson.stops[0].text")
                        .contains("opens with \"3 ms\""));
    }

    @Test
    void everyLibraryLessonPassesItsChecks() throws Exception {
        try (var files = java.nio.file.Files.list(java.nio.file.Path.of("scenarios"))) {
            for (java.nio.file.Path f : files.sorted().toList()) {
                ScenarioLoader.Loaded l = ScenarioLoader.load(f);
                assertThat(l.problems()).as(f.toString()).isEmpty();
                assertThat(LessonPlan.check(l.spec())).as(f.toString()).isEmpty();
            }
        }
    }
}
