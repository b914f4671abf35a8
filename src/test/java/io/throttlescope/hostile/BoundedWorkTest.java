package io.throttlescope.hostile;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.StringJoiner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Inputs at the limits must end (issue 27, "Bounded work"). A scenario with 100,000 tasks, the most
 * the loader takes, all waking at the same instant: {@code describe} used to look up each task's
 * state change by scanning every event of that instant (all 100,000 tasks' wake-ups) and each task's
 * id by a linear search of the names, quadratic, minutes where {@code run} took seconds. The bound is
 * not a speed goal (those are in {@code bench}): it is what "never ends" means on a loaded machine,
 * far above the seconds it takes now and far below what the quadratic took.
 */
class BoundedWorkTest {
    @TempDir
    Path dir;

    static final Duration ENDS = Duration.ofMinutes(2);

    /** 100,000 tasks in 1,000 groups of 100, each running 10 us once: all wake at t=0. */
    static String hundredThousandTasks() {
        StringJoiner cg = new StringJoiner(",\n"), tasks = new StringJoiner(",\n");
        for (int i = 0; i < 1000; i++) {
            cg.add("\"/G" + i + "\": { \"cpu.max\": \"20000 100000\" }");
            tasks.add("{ \"name\": \"T" + i + "\", \"count\": 100, \"cgroup\": \"/G" + i
                    + "\", \"program\": [ { \"user\": \"10us\" } ] }");
        }
        return "{ \"format\": 1, \"name\": \"many\", \"kernel\": { \"cpus\": 2 }, \"duration\": \"50ms\",\n"
                + "\"cgroups\": {" + cg + "},\n\"tasks\": [" + tasks + "] }";
    }

    @Test
    void describeOfTheMostTasksEnds() throws Exception {
        Path f = dir.resolve("many.json");
        Files.writeString(f, hundredThousandTasks());
        HostileFilesTest.Out o = assertTimeoutPreemptively(
                ENDS, () -> HostileFilesTest.cli("describe", "--json", "--at", "1ms", f.toString()));
        assertThat(o.code()).as(o.err()).isZero();
        // every task is described, the last one too, with why it is not running
        assertThat(o.out()).contains("\"T999#99\"").contains("\"T0#0\"");
        assertThat(o.out()).contains("is runnable on CPU0, waiting for the CPU");
    }
}
