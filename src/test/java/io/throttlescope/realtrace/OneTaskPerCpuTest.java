package io.throttlescope.realtrace;

import io.throttlescope.sim.RunResult;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 27: after {@code [LOST n EVENTS]}, or a switch that does not name who was running (a
 * filtered trace), the task that had run kept running beside the next one (15 ms of CPU on one CPU
 * in 10 ms). A CPU runs one task: whatever ran there ends when the trace shows another on it, and
 * each such end the trace did not show is counted ({@code counts.runs_ended_unseen}).
 */
class OneTaskPerCpuTest {
    static long cpu(RealTrace rt, String task) {
        return rt.run.result().tasks().get(task).cpu_ns();
    }

    @Test
    void aSwitchThatDoesNotNameWhoRanEndsIt() throws IOException {
        RealTrace rt = ImportTest.text("""
                   x-5     [000] d..2. 100.000000: sched_switch: prev_comm=x prev_pid=5 prev_prio=120 prev_state=S ==> next_comm=a next_pid=10 next_prio=120
                   b-11    [000] d..2. 100.005000: sched_switch: prev_comm=b prev_pid=11 prev_prio=120 prev_state=S ==> next_comm=c next_pid=12 next_prio=120
                   c-12    [000] d..2. 100.010000: sched_switch: prev_comm=c prev_pid=12 prev_prio=120 prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120
                """);
        long total = 0;
        for (RunResult.TaskStat t : rt.run.result().tasks().values()) total += t.cpu_ns();
        assertThat(total).as("CPU time on one CPU in 10 ms").isLessThanOrEqualTo(10_000_000L);
        assertThat(cpu(rt, "a-10")).isEqualTo(5_000_000L); // until b was seen on the CPU
        assertThat(cpu(rt, "c-12")).isEqualTo(5_000_000L);
        assertThat(rt.counts().get("runs_ended_unseen").getAsInt()).isEqualTo(1);
    }

    @Test
    void aLossEndsWhatRanWhenAnotherTaskIsSeen() throws IOException {
        RealTrace rt = ImportTest.text("""
                   x-5     [000] d..2. 100.000000: sched_switch: prev_comm=x prev_pid=5 prev_prio=120 prev_state=S ==> next_comm=a next_pid=10 next_prio=120
                CPU:0 [LOST 40 EVENTS]
                   b-11    [000] d..2. 100.004000: sys_enter: NR 0 (3, 0, 10, 0, 0, 0)
                   b-11    [000] d..2. 100.006000: sched_switch: prev_comm=b prev_pid=11 prev_prio=120 prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120
                <idle>-0     [000] d..2. 100.010000: sched_wakeup: comm=a pid=10 prio=120 target_cpu=000
                """);
        assertThat(cpu(rt, "a-10")).isEqualTo(4_000_000L);
        assertThat(cpu(rt, "b-11")).isEqualTo(2_000_000L);
        assertThat(rt.counts().get("lost_events").getAsInt()).isEqualTo(40);
        assertThat(rt.counts().get("runs_ended_unseen").getAsInt()).isEqualTo(1);
    }

    /** The idle task logging an event on a CPU says nothing else runs there. */
    @Test
    void anIdleEventEndsWhatRan() throws IOException {
        RealTrace rt = ImportTest.text("""
                   x-5     [000] d..2. 100.000000: sched_switch: prev_comm=x prev_pid=5 prev_prio=120 prev_state=S ==> next_comm=a next_pid=10 next_prio=120
                <idle>-0     [000] d..2. 100.003000: sched_wakeup: comm=z pid=20 prio=120 target_cpu=001
                   z-20    [001] d..2. 100.010000: sys_enter: NR 0 (3, 0, 10, 0, 0, 0)
                """);
        assertThat(cpu(rt, "a-10")).isEqualTo(3_000_000L);
        assertThat(rt.counts().get("runs_ended_unseen").getAsInt()).isEqualTo(1);
    }

    /** A consistent trace ends nothing unseen. */
    @Test
    void aConsistentTraceCountsNone() throws IOException {
        RealTrace rt = ImportTest.text("""
                   x-5     [000] d..2. 100.000000: sched_switch: prev_comm=x prev_pid=5 prev_prio=120 prev_state=S ==> next_comm=a next_pid=10 next_prio=120
                   a-10    [000] d..2. 100.005000: sched_switch: prev_comm=a prev_pid=10 prev_prio=120 prev_state=S ==> next_comm=b next_pid=11 next_prio=120
                   b-11    [000] d..2. 100.008000: sched_wakeup: comm=a pid=10 prio=120 target_cpu=000
                """);
        assertThat(cpu(rt, "a-10")).isEqualTo(5_000_000L);
        assertThat(rt.counts().get("runs_ended_unseen").getAsInt()).isZero();
    }

    /**
     * Issue 25 part 4: the import inferred 12 throttles where cpu.stat said nr_throttled +10, because it
     * counts episodes per CPU. Two CPUs of one group held off in the same periods are four throttles and
     * two throttled periods, as the period timer counts them.
     */
    @Test
    void throttledPeriodsAreCountedAsCpuStatCountsThem() throws IOException {
        StringBuilder b = new StringBuilder();
        String[][] lines = {
            {
                "<idle>-0",
                "000",
                "100.000000",
                "prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=a next_pid=10 next_prio=120"
            },
            {
                "<idle>-0",
                "001",
                "100.000000",
                "prev_comm=swapper/1 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=b next_pid=11 next_prio=120"
            },
            {
                "a-10",
                "000",
                "100.005000",
                "prev_comm=a prev_pid=10 prev_prio=120 prev_state=R ==> next_comm=swapper/0 next_pid=0 next_prio=120"
            },
            {
                "b-11",
                "001",
                "100.005000",
                "prev_comm=b prev_pid=11 prev_prio=120 prev_state=R ==> next_comm=swapper/1 next_pid=0 next_prio=120"
            },
            {
                "<idle>-0",
                "000",
                "100.100000",
                "prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=a next_pid=10 next_prio=120"
            },
            {
                "<idle>-0",
                "001",
                "100.100010",
                "prev_comm=swapper/1 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=b next_pid=11 next_prio=120"
            },
            {
                "a-10",
                "000",
                "100.105000",
                "prev_comm=a prev_pid=10 prev_prio=120 prev_state=R ==> next_comm=swapper/0 next_pid=0 next_prio=120"
            },
            {
                "b-11",
                "001",
                "100.105000",
                "prev_comm=b prev_pid=11 prev_prio=120 prev_state=R ==> next_comm=swapper/1 next_pid=0 next_prio=120"
            },
            {
                "<idle>-0",
                "000",
                "100.200000",
                "prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=a next_pid=10 next_prio=120"
            },
            {
                "<idle>-0",
                "001",
                "100.200010",
                "prev_comm=swapper/1 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=b next_pid=11 next_prio=120"
            },
            {
                "a-10",
                "000",
                "100.201000",
                "prev_comm=a prev_pid=10 prev_prio=120 prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120"
            },
            {
                "b-11",
                "001",
                "100.201000",
                "prev_comm=b prev_pid=11 prev_prio=120 prev_state=S ==> next_comm=swapper/1 next_pid=0 next_prio=120"
            },
        };
        for (String[] l : lines)
            b.append(String.format("%16s [%s] d..2. %s: sched_switch: %s%n", l[0], l[1], l[2], l[3]));
        CgroupMap map = CgroupMap.parse(
                "{\"cgroups\": {\"/G\": {\"cpu.max\": \"10000 100000\"}}, \"tasks\": {\"a\": \"/G\", \"b\": \"/G\"}}");
        RealTrace rt = RealTrace.of(
                "t",
                TraceText.read(new ByteArrayInputStream(b.toString().getBytes(StandardCharsets.UTF_8))),
                new RealTrace.Options(map, Map.of(), "task"));
        assertThat(rt.counts().get("inferred_throttle").getAsInt()).isEqualTo(4);
        assertThat(rt.counts().get("inferred_throttled_periods").getAsInt()).isEqualTo(2);
    }
}
