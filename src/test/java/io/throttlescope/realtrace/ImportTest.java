package io.throttlescope.realtrace;

import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.RunResult;
import io.throttlescope.sim.TaskState;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The importer against real traces recorded here (see src/test/resources/realtrace/README.md) and hand-made traps. */
class ImportTest {
    static RealTrace resource(String name, CgroupMap map) throws IOException {
        try (InputStream in = ImportTest.class.getResourceAsStream("/realtrace/" + name)) {
            return RealTrace.of(name, TraceText.read(in), new RealTrace.Options(map, Map.of(), null));
        }
    }

    static RealTrace text(String s) throws IOException {
        return RealTrace.of(
                "t",
                TraceText.read(new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8))),
                RealTrace.Options.defaults());
    }

    static final CgroupMap DD_IN_G =
            CgroupMap.parse("{\"cgroups\": {\"/G\": {\"cpu.max\": \"10000 100000\"}}, \"tasks\": {\"dd\": \"/G\"}}");

    @Test
    void tracefsDdOn618IsParkedRightAfterEachRead() throws IOException {
        RealTrace rt = resource("tracefs-dd-6.18.txt", DD_IN_G);
        assertThat(rt.format).isEqualTo("tracefs");
        RunResult.TaskStat dd = rt.run.result().tasks().get("dd-6954");
        assertThat(dd).isNotNull();
        // the two 256 MiB reads: sys_enter 3366.531904 -> sys_exit 3366.646008, and 3367.593112 -> 3367.605670
        List<RunResult.Syscall> reads = dd.syscalls().stream()
                .filter(s -> s.name().equals("read") && s.exit_ns() != null && s.exit_ns() - s.enter_ns() > 1_000_000)
                .toList();
        assertThat(reads).hasSize(2);
        assertThat(reads.get(0).exit_ns() - reads.get(0).enter_ns()).isEqualTo(114_104_000L);
        assertThat(reads.get(1).exit_ns() - reads.get(1).enter_ns()).isEqualTo(12_558_000L);
        // switched out R+ right after each sys_exit and off for hundreds of ms: inferred parks, no throttle inside a
        // read
        assertThat(rt.result()
                        .getAsJsonObject("counts")
                        .get("inferred_throttle")
                        .getAsInt())
                .isEqualTo(2);
        assertThat(dd.parked_ns()).isGreaterThan(900_000_000L);
        var tr = rt.run.trace();
        for (int i = 0; i < tr.size(); i++) {
            if (tr.kind(i) == EventKind.THROTTLE) {
                assertThat(tr.argB(i)).isEqualTo(1); // drawn as inferred
                assertThat(rt.run.info().groups()[tr.group(i)]).isEqualTo("/G");
            }
        }
        var json = rt.result();
        assertThat(json.get("observed").getAsBoolean()).isTrue();
        assertThat(json.get("start_ns").getAsLong()).isEqualTo(3366_514864_000L);
        assertThat(json.getAsJsonObject("tasks").getAsJsonObject("dd-6954").has("throttled_ns"))
                .isFalse(); // not known: left out
    }

    @Test
    void traceCmdReportLayoutsGiveTheSameRun() throws IOException {
        RealTrace a = resource("trace-cmd-report.txt", CgroupMap.empty()),
                b = resource("trace-cmd-report-N.txt", CgroupMap.empty());
        assertThat(a.format).isEqualTo("trace-cmd report");
        assertThat(a.run.trace().size()).isEqualTo(b.run.trace().size()).isGreaterThan(500);
        assertThat(a.run.result().tasks()).isEqualTo(b.run.result().tasks());
        RunResult.TaskStat dd = a.run.result().tasks().get("dd-7176");
        assertThat(dd.syscalls().stream()
                        .filter(s -> s.name().equals("read"))
                        .mapToLong(s -> s.exit_ns() == null ? 0 : s.exit_ns() - s.enter_ns())
                        .max()
                        .orElse(0))
                .isEqualTo(29_950_000L);
    }

    @Test
    void perfScriptIsRead() throws IOException {
        RealTrace p = resource("perf-script.txt", CgroupMap.empty());
        assertThat(p.format).isEqualTo("perf script");
        assertThat(p.run.result().tasks()).containsKey("dd-7047");
        assertThat(p.run.result().tasks().get("dd-7047").cpu_ns()).isPositive(); // running before its first switch
    }

    @Test
    void commsWithSpacesAndDashesFlagsOfFourOrFiveAndLostEvents() throws IOException {
        RealTrace rt = text("""
            # tracer: nop
            C2 CompilerThre-14075 [001] d..2  100.000001: sched_switch: prev_comm=C2 CompilerThre prev_pid=14075 prev_prio=120 prev_state=S ==> next_comm=my-app-1 next_pid=22 next_prio=120
            CPU:1 [LOST 17 EVENTS]
              CPU 0 [5 EVENTS DROPPED]
            \tCPU 3 is empty
                  my-app-1-22    [001] d..2. 100.002000: sys_enter: NR 0 (3, 0, 10, 0, 0, 0)
                  my-app-1-22    [001] .....  100.003000: sys_exit: NR 0 = 10
                  my-app-1-22    [001] ..... 100.003
            """);
        assertThat(rt.run.info().tasks()).contains("C2 CompilerThre-14075", "my-app-1-22");
        assertThat(rt.result().getAsJsonObject("counts").get("lost_events").getAsInt())
                .isEqualTo(22); // lines of lost events and of an empty CPU after blanks are read as such
        assertThat(rt.skipped).singleElement().asString().startsWith("line 8: not an event line");
        RunResult.TaskStat app = rt.run.result().tasks().get("my-app-1-22");
        assertThat(app.syscalls())
                .singleElement()
                .satisfies(s -> assertThat(s.exit_ns() - s.enter_ns()).isEqualTo(1_000_000L));
        assertThat(app.kernel_ns()).isEqualTo(1_000_000L);
        assertThat(rt.run.result().tasks().get("C2 CompilerThre-14075").sleeping_ns())
                .isEqualTo(2_999_000L);
    }

    /**
     * Layouts seen in published samples (the kernel's ftrace.rst with 4-character flags and
     * "success=1" in wake-ups, perf script of older perf without the event's subsystem, a comm that
     * ends in a dash as jbd2 threads have), written here in those shapes.
     */
    @Test
    void layoutsOfPublishedSamples() throws IOException {
        RealTrace ftrace = text("""
                      bash-1998  [000] d..4   136.677014: sched_wakeup: comm=kworker/0:1 pid=59 prio=120 success=1 target_cpu=000
                      bash-1998  [000] d..3   136.677018: sched_switch: prev_comm=bash prev_pid=1998 prev_prio=120 prev_state=R+ ==> next_comm=kworker/0:1 next_pid=59 next_prio=120
             jbd2/sda1--78    [000] d...   136.677030: sched_switch: prev_comm=kworker/0:1 prev_pid=59 prev_prio=120 prev_state=I ==> next_comm=jbd2/sda1- next_pid=78 next_prio=120
            """);
        assertThat(ftrace.run.info().tasks()).contains("bash-1998", "kworker/0:1-59", "jbd2/sda1--78");
        assertThat(ftrace.skipped).isEmpty();
        RealTrace perf = text("""
                      perf  1383 [001]  6171.460045: sched_wakeup: comm=kworker/1:1 pid=21 prio=120 success=1 target_cpu=001
                      perf  1383 [001]  6171.460066: sched_switch: prev_comm=perf prev_pid=1383 prev_prio=120 prev_state=R+ ==> next_comm=kworker/1:1 next_pid=21 next_prio=120
               kworker/1:1    21 [001]  6171.460093: sched_switch: prev_comm=kworker/1:1 prev_pid=21 prev_prio=120 prev_state=S ==> next_comm=perf next_pid=1383 next_prio=120
            """);
        assertThat(perf.format).isEqualTo("perf script");
        assertThat(perf.run.info().tasks()).contains("perf-1383", "kworker/1:1-21");
        assertThat(perf.run.result().tasks().get("kworker/1:1-21").cpu_ns()).isEqualTo(27_000L);
    }

    @Test
    void probesCountAndDrawThrottles() throws IOException {
        String map = "{\"cgroups\": {\"/G\": {\"cpu.max\": \"10000 100000\"}}, \"tasks\": {\"T\": \"/G\"}}";
        String t = """
                       T-5     [000] d..2.  1.000000: sys_enter: NR 0 (0, 0, 0, 0, 0, 0)
                       T-5     [000] d..2.  1.010000: thr: (throttle_cfs_rq+0x0/0x3c0)
                       T-5     [000] d..2.  1.010001: sched_switch: prev_comm=T prev_pid=5 prev_prio=120 prev_state=R+ ==> next_comm=swapper/0 next_pid=0 next_prio=120
                  <idle>-0     [000] d.h2.  1.100000: unthrottle_cfs_rq: (unthrottle_cfs_rq+0x0/0x3c0)
                  <idle>-0     [000] d..2.  1.100002: sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=T next_pid=5 next_prio=120
                       T-5     [000] .....  1.110000: sys_exit: NR 0 = 0
            """;
        RealTrace rt = RealTrace.of(
                "p",
                TraceText.read(new ByteArrayInputStream(t.getBytes(StandardCharsets.UTF_8))),
                new RealTrace.Options(CgroupMap.parse(map), Map.of("thr", "throttle_cfs_rq"), "legacy"));
        assertThat(rt.result().getAsJsonObject("counts").get("throttle").getAsInt())
                .isEqualTo(1);
        assertThat(rt.result().getAsJsonObject("counts").get("unthrottle").getAsInt())
                .isEqualTo(1);
        assertThat(rt.result()
                        .getAsJsonObject("counts")
                        .get("inferred_throttle")
                        .getAsInt())
                .isZero();
        var tr = rt.run.trace();
        List<EventKind> kinds = new java.util.ArrayList<>();
        for (int i = 0; i < tr.size(); i++)
            if (tr.kind(i) == EventKind.THROTTLE || tr.kind(i) == EventKind.UNTHROTTLE) kinds.add(tr.kind(i));
        assertThat(kinds).containsExactly(EventKind.THROTTLE, EventKind.UNTHROTTLE);
        assertThat(rt.run.result().tasks().get("T-5").syscalls().get(0).exit_ns())
                .isEqualTo(110_000_000L);
    }

    @Test
    void aFileThatIsNotATraceIsOneClearError() {
        assertThatThrownBy(() -> text("{\"format\": 1, \"name\": \"a scenario\"}\n"))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("is not a trace");
        assertThatThrownBy(() -> text("")).isInstanceOf(IOException.class).hasMessageContaining("is not a trace");
    }

    @Test
    void legacyPatternIsHeldOffInsideTheSyscall() throws IOException {
        String t = """
                       T-5     [000] .....  1.000000: sys_enter: NR 0 (0, 0, 0, 0, 0, 0)
                       T-5     [000] d..2.  1.010000: sched_switch: prev_comm=T prev_pid=5 prev_prio=120 prev_state=R+ ==> next_comm=swapper/0 next_pid=0 next_prio=120
                  <idle>-0     [000] d..2.  1.100000: sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=T next_pid=5 next_prio=120
                       T-5     [000] .....  1.120000: sys_exit: NR 0 = 0
            """;
        CgroupMap map =
                CgroupMap.parse("{\"cgroups\": {\"/G\": {\"cpu.max\": \"10000 100000\"}}, \"tasks\": {\"T\": \"/G\"}}");
        RealTrace legacy = RealTrace.of(
                "l",
                TraceText.read(new ByteArrayInputStream(t.getBytes(StandardCharsets.UTF_8))),
                new RealTrace.Options(map, Map.of(), "legacy"));
        assertThat(legacy.run.result().tasks().get("T-5").throttled_ns()).isEqualTo(90_000_000L);
        RealTrace task = RealTrace.of(
                "t",
                TraceText.read(new ByteArrayInputStream(t.getBytes(StandardCharsets.UTF_8))),
                new RealTrace.Options(map, Map.of(), "task"));
        assertThat(task.run.result().tasks().get("T-5").parked_ns()).isZero(); // 6.18 never parks inside a syscall
        assertThat(task.run.result().tasks().get("T-5").runnable_ns()).isEqualTo(90_000_000L);
        assertThat(RealTrace.modelOfRelease("6.12.57+deb12-cloud-amd64")).isEqualTo("legacy");
        assertThat(RealTrace.modelOfRelease("6.18.44-fc")).isEqualTo("task");
        assertThat(TaskState.values()).contains(TaskState.PARKED);
    }

    /** import --json lists the hung-task reports that fidelity counts (the 6.12 pile-up: W and two forkers), as run --json does. */
    @Test
    void theObservedResultListsTheHungTaskReports() throws IOException {
        RealTrace rt = RealTrace.importFile(
                java.nio.file.Path.of("traces/27-pileup-for-recording-legacy-6.12.txt.gz"),
                RealTrace.Options.defaults());
        com.google.gson.JsonObject o = rt.result();
        var hung = o.getAsJsonArray("hung_tasks");
        assertThat(hung).hasSize(3);
        assertThat(hung.get(0).getAsJsonObject().get("task").getAsString()).isEqualTo("W-146");
        assertThat(hung.get(0).getAsJsonObject().get("blocked_for_s").getAsLong())
                .isEqualTo(2);
        assertThat(o.getAsJsonObject("counts").get("hung_task").getAsLong()).isEqualTo(3);
        assertThat(rt.run.result().hung_tasks()).hasSize(hung.size()); // what fidelity counts
    }
}
