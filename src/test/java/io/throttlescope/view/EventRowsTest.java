package io.throttlescope.view;

import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.Simulator;
import io.throttlescope.trace.Trace;
import io.throttlescope.trace.TraceIndex;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The event log's rows without a filter are read from the index, with no array: every row's event and
 * every event's row (its own, or the row before a bookkeeping event) must be those of the array the
 * log had built by scanning the trace.
 */
class EventRowsTest {
    /** A run of several of the index's blocks of events, throttled, with sleeps: bookkeeping in between. */
    private static Run busy() {
        String json = "{\"format\": 1, \"name\": \"rows\", \"duration\": \"2s\", \"kernel\": {\"cpus\": 2},"
                + " \"cgroups\": {\"/G\": {\"cpu.max\": \"50000 100000\"}}, \"tasks\": [{\"name\": \"T\", \"count\": 4,"
                + " \"cgroup\": \"/G\", \"program\": [{\"loop\": [{\"user\": \"300us\"}, {\"sleep\": \"200us\"}]}]}]}";
        var loaded = ScenarioLoader.loadString(json);
        assertThat(loaded.problems()).isEmpty();
        return Run.simulate(loaded.spec(), Simulator.Model.TASK);
    }

    @Test
    void theStepsWithoutAnArrayAreTheRowsAScanGives() {
        Run run = busy();
        Trace t = run.trace();
        int[] scanned = new int[t.size()];
        int n = 0;
        for (int i = 0; i < t.size(); i++) if (t.kind(i) != EventKind.STATE) scanned[n++] = i;
        scanned = Arrays.copyOf(scanned, n);
        assertThat(n).isGreaterThan(5 * TraceIndex.KEYFRAME).isLessThan(t.size()); // bookkeeping in between
        EventRows steps = EventRows.steps(run.index());
        EventRows filtered = EventRows.filtered(t, -1, -1, -1, -1, false);
        assertThat(steps.size()).isEqualTo(n);
        assertThat(filtered.size()).isEqualTo(n);
        assertThat(steps.events(0, n)).isEqualTo(scanned);
        assertThat(filtered.events(0, n)).isEqualTo(scanned);
        for (int from : new int[] {0, 1, n / 3, n - 7}) {
            assertThat(steps.events(from, 7)).isEqualTo(Arrays.copyOfRange(scanned, from, from + 7));
        }
        assertThat(steps.events(n, 0)).isEmpty();
        assertThat(steps.search(t.size())).isEqualTo(Arrays.binarySearch(scanned, t.size()));
        for (int e = -1; e < t.size(); e++) {
            int expected = Arrays.binarySearch(scanned, e);
            assertThat(steps.search(e)).as("event %d", e).isEqualTo(expected);
            assertThat(filtered.search(e)).isEqualTo(expected);
        }
    }

    /** A filter keeps what passes it: one task's events of one kind, and the bookkeeping when asked. */
    @Test
    void aFilterKeepsWhatPassesIt() {
        Run run = Run.simulate(
                ScenarioLoader.load(Path.of("scenarios/01-seed-story-rwsem-reader.json"))
                        .spec(),
                Simulator.Model.LEGACY);
        Trace t = run.trace();
        int task = 0, kind = EventKind.SWITCH.ordinal();
        EventRows rows = EventRows.filtered(t, kind, task, -1, -1, false);
        int n = 0;
        for (int i = 0; i < t.size(); i++) if (t.kind(i) == EventKind.SWITCH && t.task(i) == task) n++;
        assertThat(rows.size()).isEqualTo(n).isPositive();
        for (int e : rows.events(0, n)) {
            assertThat(t.kind(e)).isEqualTo(EventKind.SWITCH);
            assertThat(t.task(e)).isEqualTo(task);
        }
        assertThat(EventRows.filtered(t, -1, -1, -1, -1, true).size()).isEqualTo(t.size());
    }
}
