package io.throttlescope.realtrace;

import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.RunResult;
import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.spec.Dur;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.sim.spec.Step;
import io.throttlescope.sim.spec.TaskSpec;
import io.throttlescope.view.Run;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 25 (other work, replayed): the recording's other tasks on a CPU are replayed millisecond by
 * millisecond, each millisecond's work starting no earlier than it began in the recording. Replayed
 * with relative sleeps, a stretch the workload held off pushed every later one back: beside two busy
 * loops the replay fell behind each millisecond and left the workload more CPU than it had.
 */
class ForeignWorkTest {
    private static final long MS = 1_000_000L;

    @Test
    void eachBinsWorkStartsWhereItBeganInItsBin() {
        long[] busy = {400_000, MS, 0, 200_000};
        long[] from = {500_000, 0, -1, 100_000};
        List<Step> p = ForeignWork.program(busy, from, "o");
        List<Object> flat = new ArrayList<>();
        for (Step s : p)
            if (s instanceof Step.Syscall sc)
                flat.add(((Step.SleepUntil) sc.body().get(0)).atNs());
            else flat.add(((Step.User) s).d().typical());
        assertThat(flat).containsExactly(500_000L, 400_000L, MS, MS, 3 * MS + 100_000, 200_000L);
    }

    /** A sleep until an instant sleeps until it, and not at all once it has passed (no yield of the CPU). */
    @Test
    void aSleepUntilAnInstantThatPassedDoesNotSleep() {
        SimSpec s = spec("[{\"name\":\"T\",\"cpus\":\"0\",\"program\":[{\"user\":\"1ms\"}]}]");
        List<Step> program = List.of(
                new Step.Syscall("nanosleep", List.of(new Step.SleepUntil(5 * MS, "p")), "p"),
                new Step.User(Dur.ns(MS), "p"),
                new Step.Syscall("nanosleep", List.of(new Step.SleepUntil(3 * MS, "p")), "p"),
                new Step.User(Dur.ns(MS), "p"));
        RunResult r = Run.simulate(s.withTasks(List.of(task("x", program))), Simulator.Model.TASK)
                .result();
        var calls = r.tasks().get("x").syscalls();
        assertThat(calls).hasSize(2);
        assertThat(calls.get(0).exit_ns()).isEqualTo(5 * MS);
        assertThat(calls.get(1).enter_ns()).isEqualTo(6 * MS);
        assertThat(calls.get(1).exit_ns()).isEqualTo(6 * MS);
        assertThat(r.tasks().get("x").cpu_ns()).isEqualTo(2 * MS);
    }

    /**
     * Beside a busy loop on its CPU, the other work ran 0.5 ms of every millisecond for 100 ms (the
     * loop and the other task shared the CPU). Its replay keeps that pace: it has had its 50 ms when
     * the recording ends (48: its last stretches wait for the loop's tick), and the loop the rest.
     */
    @Test
    void theReplayKeepsPaceBesideABusyLoop() {
        long[] busy = new long[100], from = new long[100];
        java.util.Arrays.fill(busy, 500_000);
        SimSpec s = spec("[{\"name\":\"T\",\"cpus\":\"0\",\"program\":[{\"loop\":[{\"user\":\"1ms\"}]}]}]");
        List<TaskSpec> tasks = new ArrayList<>(s.tasks());
        tasks.add(task("others CPU0", ForeignWork.program(busy, from, "o")));
        RunResult r = Run.simulate(s.withTasks(tasks), Simulator.Model.TASK).result();
        // as it was: a relative sleep of the rest of each millisecond after each stretch
        List<Step> relative = new ArrayList<>();
        for (int k = 0; k < 100; k++) {
            relative.add(new Step.User(Dur.ns(500_000), "o"));
            relative.add(new Step.Syscall("nanosleep", List.of(new Step.Sleep(Dur.ns(500_000), false, "o")), "o"));
        }
        tasks.set(1, task("others CPU0", relative));
        RunResult old = Run.simulate(s.withTasks(tasks), Simulator.Model.TASK).result();
        // the replay had 48 of its 50 ms by the end (its last stretches wait for the loop's tick), the loop 52; the
        // relative replay fell behind each millisecond: 32 ms, the loop 68
        assertThat(r.tasks().get("others CPU0").cpu_ns()).isEqualTo(48 * MS);
        assertThat(r.tasks().get("T").cpu_ns()).isEqualTo(52 * MS);
        assertThat(old.tasks().get("others CPU0").cpu_ns()).isEqualTo(32 * MS);
        assertThat(old.tasks().get("T").cpu_ns()).isEqualTo(68 * MS);
    }

    private static SimSpec spec(String tasks) {
        return ScenarioLoader.loadString("{\"format\":1,\"name\":\"f\",\"model\":\"task\",\"kernel\":{\"cpus\":1},"
                        + "\"duration\":\"100ms\",\"tasks\":" + tasks + "}")
                .spec();
    }

    private static TaskSpec task(String name, List<Step> program) {
        return new TaskSpec(name, "/", new long[] {1}, 0, Dur.ns(0), false, program);
    }
}
