package io.throttlescope.realtrace;

import io.throttlescope.record.Recorder;
import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.spec.ActionSpec;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.view.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 25: a scenario's timed actions are recorded. The recorder frames each with two trace_marker
 * lines; the importer makes the write and the affinity change events of their own and takes a move
 * from the kernel's cgroup_attach_task line, under the scenario's cgroup names; the simulation
 * beside the recording makes each action when the recording made it.
 */
class TimedActionsTest {
    @TempDir
    Path dir;

    static final String SCENARIO =
            "{\"format\":1,\"name\":\"acts\",\"kernel\":{\"cpus\":2,\"accounting\":\"exact\"},\"duration\":\"100ms\","
                    + "\"cgroups\":{\"/G\":{\"cpu.max\":\"10000 100000\"},\"/H\":{}},"
                    + "\"tasks\":[{\"name\":\"T\",\"cgroup\":\"/G\",\"cpus\":\"0\",\"program\":[{\"loop\":[{\"user\":\"1ms\"}]}]}],"
                    + "\"actions\":[{\"at\":\"30ms\",\"write\":{\"cgroup\":\"/G\",\"file\":\"cpu.max\",\"value\":\"20000 100000\"}},"
                    + "{\"at\":\"40ms\",\"move\":{\"task\":\"T\",\"cgroup\":\"/H\"}},{\"at\":\"50ms\",\"set_affinity\":{\"task\":\"T\",\"cpus\":\"1\"}},"
                    + "{\"at\":\"60ms\",\"move\":{\"task\":\"T\",\"cgroup\":\"/G\"}}]}";

    static String mark(double ts, String text) {
        return String.format(
                Locale.ROOT, "   timed-actions-7     [001] ...1. %12.6f: tracing_mark_write: %s", ts, text);
    }

    static String attach(double ts, String path) {
        return String.format(
                Locale.ROOT,
                "   timed-actions-7     [001] d..1. %12.6f: cgroup_attach_task: dst_root=1 dst_id=2831 dst_level=2 dst_path=%s pid=100 comm=T",
                ts,
                path);
    }

    Path trace() throws Exception {
        List<String> l = new ArrayList<>();
        l.add(
                "# throttlescope: {\"recorded_by\":\"throttlescope record\",\"kernel\":\"6.18.44\",\"cpus\":2,\"scenario\":"
                        + SCENARIO
                        + ",\"cgroup_map\":{\"root\":\"/throttlescope-9\",\"cgroups\":{\"/G\":{\"cpu.max\":\"10000 100000\"},\"/H\":{\"cpu.max\":\"max 100000\"}},"
                        + "\"tasks\":{\"T-100\":\"/G\"}},\"task_names\":{\"T-100\":\"T\"}}");
        l.add(mark(1.000000, Recorder.GO));
        l.add(NoiseTest.sw(1.000010, "swapper/0", 0, "R", "T", 100));
        l.add(NoiseTest.sw(1.010010, "T", 100, "R", "swapper/0", 0));
        l.add(mark(1.030100, "throttlescope: action 0 begins"));
        l.add(mark(1.030900, "throttlescope: action 0 write /G cpu.max 20000 100000"));
        l.add(mark(1.040200, "throttlescope: action 1 begins"));
        l.add(attach(1.049700, "/throttlescope-9/H")); // an RCU grace period inside the write
        l.add(mark(1.049800, "throttlescope: action 1 move T-100 /H"));
        l.add(mark(1.050300, "throttlescope: action 2 begins"));
        l.add(mark(1.053300, "throttlescope: action 2 set_affinity T-100 1"));
        l.add(mark(1.060100, "throttlescope: action 3 begins"));
        l.add(mark(1.060300, "throttlescope: action 3 failed: move T-100 /G: No such process"));
        l.add(NoiseTest.sw(1.090000, "swapper/0", 0, "R", "swapper/0", 0));
        l.add(mark(1.100000, Recorder.END));
        Path f = dir.resolve("acts.txt");
        Files.writeString(f, String.join("\n", l) + "\n");
        return f;
    }

    @Test
    void theImportHasEachActionAsTheSimulatorNamesItUnderTheScenariosCgroups() throws Exception {
        RealTrace rt = RealTrace.importFile(trace(), RealTrace.Options.defaults());
        var tr = rt.run.trace();
        long go = -1;
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < tr.size(); i++) {
            if (tr.kind(i) == EventKind.NOTE
                    && rt.run.info().strings().get(tr.text(i)).equals(Recorder.GO)) go = tr.time(i);
            if (tr.kind(i) == EventKind.CGROUP_WRITE)
                seen.add("write " + rt.run.info().groups()[tr.group(i)] + " "
                        + rt.run.info().strings().get(tr.text(i)) + " @" + tr.time(i));
            if (tr.kind(i) == EventKind.MOVE)
                seen.add("move " + rt.run.info().tasks()[tr.task(i)] + " "
                        + rt.run.info().groups()[tr.group(i)] + " @" + tr.time(i));
            if (tr.kind(i) == EventKind.SET_AFFINITY)
                seen.add("set_affinity " + rt.run.info().tasks()[tr.task(i)] + " @" + tr.time(i));
        }
        assertThat(go).isGreaterThanOrEqualTo(0);
        long g = go;
        assertThat(seen)
                .containsExactly(
                        "write /G cpu.max 20000 100000 @" + (g + 30_900_000),
                        "move T-100 /H @" + (g + 49_700_000),
                        "set_affinity T-100 @" + (g + 53_300_000));
    }

    @Test
    void theSimulationBesideMakesEachActionWhenTheRecordingMadeIt() throws Exception {
        RealTrace rt = RealTrace.importFile(trace(), RealTrace.Options.defaults());
        SimSpec spec = ScenarioLoader.loadString(SCENARIO).spec();
        Run real = rt.run;
        long go = real.trace().time(0);
        for (int i = 0; i < real.trace().size(); i++)
            if (real.trace().kind(i) == EventKind.NOTE) {
                go = real.trace().time(i);
                break;
            }
        SimSpec made = RecordedActions.apply(spec, rt);
        List<Long> at = made.actions().stream().map(a -> a.at().typical()).toList();
        // the write and the affinity change when their second marker says they returned; the move at its attach;
        // the failed move as written
        assertThat(at).containsExactly(go + 30_900_000, go + 49_700_000, go + 53_300_000, 60_000_000L);
        assertThat(made.actions().get(1)).isInstanceOf(ActionSpec.Move.class);
        assertThat(RecordedActions.madeAt(rt, spec, 3)).isEqualTo(-1);
        // the pair opens with its simulation made so: its move is at the real move's time
        RealPair p = RealPair.open(trace());
        var sim = p.simulated().trace();
        long simMove = -1;
        for (int i = 0; i < sim.size() && simMove < 0; i++) if (sim.kind(i) == EventKind.MOVE) simMove = sim.time(i);
        assertThat(simMove).isEqualTo(go + 49_700_000);
    }

    @Test
    void timedActionsAreRecordableAWakeIsNot() throws Exception {
        SimSpec spec = ScenarioLoader.loadString(SCENARIO).spec();
        assertThat(Recorder.refusals(spec, 100_000_000L)).isEmpty();
        for (String f : new String[] {
            "12-parked-task-affinity-change", "13-parked-task-cgroup-move", "14-write-cpu-max-while-throttled"
        }) {
            SimSpec s = ScenarioLoader.load(Path.of("scenarios", f + ".json")).spec();
            assertThat(Recorder.refusals(s, s.durationNs())).as(f).isEmpty();
        }
        SimSpec wake = ScenarioLoader.loadString(SCENARIO.replace(
                        "{\"at\":\"30ms\",\"write\":{\"cgroup\":\"/G\",\"file\":\"cpu.max\",\"value\":\"20000 100000\"}}",
                        "{\"at\":\"30ms\",\"wake\":{\"task\":\"T\"}}"))
                .spec();
        assertThat(Recorder.refusals(wake, 100_000_000L))
                .containsExactly(
                        "actions[0]: a wake action cannot be made real (nothing outside a task ends its sleep early)");
    }

    /**
     * Two recordings at once: the other recorder's task of the same name (T-200, in its own root) is
     * no task of this recording. Its attach inside this recording's move window is not this move.
     */
    @Test
    void anotherRecordingsTaskOfTheSameNameIsNotFollowed() throws Exception {
        List<String> l = new ArrayList<>(Files.readAllLines(trace()));
        l.add(2, NoiseTest.sw(1.000005, "swapper/1", 0, "R", "T", 200));
        l.add(3, NoiseTest.sw(1.000008, "T", 200, "R", "swapper/1", 0));
        int at = l.indexOf(attach(1.049700, "/throttlescope-9/H"));
        l.add(at, attach(1.045000, "/throttlescope-8/H").replace("pid=100", "pid=200"));
        Path f = dir.resolve("two.txt");
        Files.writeString(f, String.join("\n", l) + "\n");
        RealTrace rt = RealTrace.importFile(f, RealTrace.Options.defaults());
        SimSpec spec = ScenarioLoader.loadString(SCENARIO).spec();
        long go = -1;
        for (int i = 0; i < rt.run.trace().size() && go < 0; i++)
            if (rt.run.trace().kind(i) == EventKind.NOTE) go = rt.run.trace().time(i);
        assertThat(java.util.Arrays.asList(rt.run.info().tasks())).contains("T-100", "T-200");
        assertThat(RecordedActions.madeAt(rt, spec, 1)).isEqualTo(go + 49_700_000);
        assertThat(rt.run.result().tasks()).containsOnlyKeys("T");
    }
}
