package io.throttlescope.realtrace;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.UnknownFieldSet;
import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.RunResult;
import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.trace.PerfettoProto;
import io.throttlescope.view.Run;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Issue 29 part 4: {@code export --format perfetto-proto} writes a native Perfetto trace that
 * {@code import} reads back with the same CPU time for every task, and whose bytes walk cleanly by
 * Perfetto's public field numbers, decoded here by protobuf's own generic decoder
 * ({@link UnknownFieldSet}), not by the project's reader.
 */
class PerfettoProtoTest {
    @TempDir
    Path dir;

    static Stream<String> library() throws IOException {
        try (Stream<Path> s = Files.list(Path.of("scenarios"))) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json")).sorted().toList().stream();
        }
    }

    static Run simulate(String name, Simulator.Model m) throws IOException {
        ScenarioLoader.Loaded l = ScenarioLoader.loadString(Files.readString(Path.of("scenarios", name)));
        assertThat(l.ok()).as(name).isTrue();
        SimSpec spec = l.spec();
        return Run.simulate(spec, m);
    }

    static byte[] export(Run run) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PerfettoProto.write(run.index(), out, Syscalls::numberOf);
        return out.toByteArray();
    }

    @ParameterizedTest
    @MethodSource("library")
    void aRunExportedAndImportedHasTheSameCpuTimes(String name) throws IOException {
        for (Simulator.Model m : Simulator.Model.values()) {
            Run run = simulate(name, m);
            Path f = dir.resolve(name + "-" + m + ".pftrace");
            Files.write(f, export(run));
            RealTrace back = RealTrace.importFile(f, RealTrace.Options.defaults());
            assertThat(back.format).isEqualTo("perfetto");
            assertThat(back.skipped).as(name).isEmpty();
            String[] tasks = run.index().info().tasks();
            // kernel time that no syscall brackets (a parked task's return-to-user path, exit work, the cost of a
            // context switch) has no ftrace event of its own: the split is compared where there is none
            boolean switchCost = run.spec().kernel().switchCostNs() > 0;
            Set<Integer> kernelOutsideSyscalls = new HashSet<>();
            var tr = run.index().trace();
            for (int i = 0; i < tr.size(); i++) {
                if (tr.kind(i) == EventKind.TASK_WORK_ADDED || tr.kind(i) == EventKind.EXITING)
                    kernelOutsideSyscalls.add(tr.task(i));
            }
            Map<String, RunResult.TaskStat> imported = back.run.result().tasks();
            for (int t = 0; t < tasks.length; t++) {
                RunResult.TaskStat sim = run.result().tasks().get(tasks[t]);
                RunResult.TaskStat real = imported.get(tasks[t] + "-" + PerfettoProto.pid(t));
                if (sim.cpu_ns() == 0) continue;
                assertThat(real).as(name + " " + m + " task " + tasks[t]).isNotNull();
                assertThat(real.cpu_ns())
                        .as(name + " " + m + " " + tasks[t] + " cpu_ns")
                        .isEqualTo(sim.cpu_ns());
                if (!run.index().info().kthread()[t] && !kernelOutsideSyscalls.contains(t) && !switchCost)
                    assertThat(real.kernel_ns())
                            .as(name + " " + m + " " + tasks[t] + " kernel_ns")
                            .isEqualTo(sim.kernel_ns());
            }
        }
    }

    // ---- the wire format, walked by Perfetto's public field numbers ----

    private static UnknownFieldSet parse(ByteString b) throws InvalidProtocolBufferException {
        return UnknownFieldSet.parseFrom(b);
    }

    private static long varint(UnknownFieldSet m, int f) {
        assertThat(m.hasField(f)).as("field " + f + " present").isTrue();
        assertThat(m.getField(f).getVarintList())
                .as("field " + f + " is one varint")
                .hasSize(1);
        return m.getField(f).getVarintList().get(0);
    }

    private static String string(UnknownFieldSet m, int f) {
        assertThat(m.getField(f).getLengthDelimitedList())
                .as("field " + f + " is one string")
                .hasSize(1);
        return m.getField(f).getLengthDelimitedList().get(0).toStringUtf8();
    }

    @Test
    void theFileWalksCleanlyByPerfettosFieldNumbers() throws IOException {
        Run run = simulate("01-seed-story-rwsem-reader.json", Simulator.Model.TASK);
        UnknownFieldSet trace = UnknownFieldSet.parseFrom(export(run));
        assertThat(trace.asMap().keySet())
                .as("a Trace holds only packets (field 1)")
                .containsExactly(1);
        List<ByteString> packets = trace.getField(1).getLengthDelimitedList();
        Set<Integer> packetFields = Set.of(
                1, 2, 8, 10, 11, 13,
                60); // ftrace_events, process_tree, timestamp, sequence id, track_event, flags, track_descriptor
        Set<Long> uuids = new HashSet<>(), counters = new HashSet<>();
        Map<Long, Long> lastTsPerCpu = new HashMap<>();
        List<String> switches = new ArrayList<>();
        int counterEvents = 0, instants = 0, threads = 0;
        for (ByteString pb : packets) {
            UnknownFieldSet p = parse(pb);
            assertThat(packetFields).containsAll(p.asMap().keySet());
            if (p.hasField(2)) { // ProcessTree: processes (1) and threads (2: tid 1, name 2, tgid 5)
                for (ByteString th : parse(
                                p.getField(2).getLengthDelimitedList().get(0))
                        .getField(2)
                        .getLengthDelimitedList()) {
                    UnknownFieldSet t = parse(th);
                    assertThat(varint(t, 1)).isGreaterThanOrEqualTo(PerfettoProto.FIRST_PID);
                    assertThat(string(t, 2)).isNotEmpty();
                    varint(t, 5);
                    threads++;
                }
            }
            if (p.hasField(60)) { // TrackDescriptor: uuid 1; a counter track has counter (8)
                UnknownFieldSet d =
                        parse(p.getField(60).getLengthDelimitedList().get(0));
                long uuid = varint(d, 1);
                assertThat(uuids.add(uuid)).as("uuid declared once").isTrue();
                if (d.hasField(8)) counters.add(uuid);
                assertThat(varint(p, 10)).as("on sequence 1").isEqualTo(1);
            }
            if (p.hasField(11)) { // TrackEvent: type 9, track_uuid 11, name 23, counter_value 30
                UnknownFieldSet e =
                        parse(p.getField(11).getLengthDelimitedList().get(0));
                long type = varint(e, 9), track = varint(e, 11);
                assertThat(uuids).as("an event's track is declared before it").contains(track);
                assertThat(varint(p, 8)).as("timestamp").isGreaterThanOrEqualTo(0);
                if (type == 4) {
                    assertThat(counters).contains(track);
                    varint(e, 30);
                    counterEvents++;
                } else if (type == 3) {
                    assertThat(string(e, 23))
                            .matches(
                                    "(throttle|unthrottle|unthrottle_refused|task_work_added|parked|unparked|hung_task).*");
                    instants++;
                } else assertThat(type).isIn(1L, 2L);
            }
            if (p.hasField(1)) { // FtraceEventBundle: cpu 1, event 2
                UnknownFieldSet b = parse(p.getField(1).getLengthDelimitedList().get(0));
                long cpu = varint(b, 1);
                for (ByteString eb : b.getField(2).getLengthDelimitedList()) {
                    UnknownFieldSet e = parse(eb);
                    long ts = varint(e, 1);
                    varint(e, 2);
                    assertThat(ts)
                            .as("a CPU's events in time order")
                            .isGreaterThanOrEqualTo(lastTsPerCpu.getOrDefault(cpu, 0L));
                    lastTsPerCpu.put(cpu, ts);
                    Set<Integer> kinds = new HashSet<>(e.asMap().keySet());
                    kinds.removeAll(Set.of(1, 2));
                    assertThat(kinds).as("one event a FtraceEvent").hasSize(1);
                    int kind = kinds.iterator().next();
                    assertThat(kind).isIn(3, 4, 17, 114, 238, 329, 330);
                    UnknownFieldSet ev =
                            parse(e.getField(kind).getLengthDelimitedList().get(0));
                    if (kind == 4) { // SchedSwitchFtraceEvent: 1 prev_comm .. 7 next_prio
                        switches.add(ts + " " + string(ev, 1) + ":" + varint(ev, 2) + " " + varint(ev, 4) + " ==> "
                                + string(ev, 5) + ":" + varint(ev, 6));
                        varint(ev, 3);
                        varint(ev, 7);
                    } else if (kind == 17
                            || kind == 114) { // SchedWakeup(New): comm 1, pid 2, prio 3, success 4, target_cpu 5
                        string(ev, 1);
                        varint(ev, 2);
                        assertThat(varint(ev, 5)).isEqualTo(cpu);
                    } else if (kind == 3)
                        assertThat(string(ev, 2))
                                .endsWith("\n")
                                .hasSizeGreaterThan(1); // PrintFtraceEvent buf: a marker line
                }
            }
        }
        assertThat(threads).isEqualTo(3);
        assertThat(counterEvents).isPositive();
        assertThat(instants).isPositive();
        // R (pid 1001) is switched in at 8 ms, H preempted (R+: 0x100)
        assertThat(switches).contains("8000000 H:1000 256 ==> R:1001");
    }

    /** A Perfetto trace whose scheduler events are compact_sched bundles says what it left out, in one line. */
    @Test
    void compactSchedBundlesAreSaidNotSilentlyDropped() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CodedOutputStream o = CodedOutputStream.newInstance(bytes);
        ByteString print = message(e -> {
            e.writeUInt64(1, 1_000_000);
            e.writeUInt32(2, 0);
            e.writeBytes(3, message(p -> p.writeString(2, "hello\n")));
        });
        ByteString bundle = message(b -> {
            b.writeUInt32(1, 0);
            b.writeBytes(2, print);
            b.writeBytes(4, message(c -> c.writeUInt64(1, 5)));
        });
        o.writeBytes(1, message(p -> p.writeBytes(1, bundle)));
        o.flush();
        Path f = dir.resolve("compact.pftrace");
        Files.write(f, bytes.toByteArray());
        RealTrace rt = RealTrace.importFile(f, RealTrace.Options.defaults());
        assertThat(rt.format).isEqualTo("perfetto");
        assertThat(rt.skipped)
                .containsExactly("1 bundles of compact_sched events were not read (record with compact_sched off)");
    }

    /** Perfetto's own ftrace events that the export does not write (as Perfetto records a machine) come through as tracefs lines. */
    @Test
    void aRecordedPerfettoTracesSchedulerEventsAreReadAsTracefsLines() throws IOException {
        ByteString tree = message(t -> t.writeBytes(2, message(th -> {
            th.writeInt32(1, 42);
            th.writeString(2, "busy");
            th.writeInt32(5, 42);
        })));
        ByteString waking = event(1_000, 0, 20, e -> {
            e.writeString(1, "busy");
            e.writeInt32(2, 42);
            e.writeInt32(3, 120);
            e.writeInt32(4, 1);
            e.writeInt32(5, 1);
        });
        ByteString fork = event(2_000, 42, 239, e -> {
            e.writeString(1, "busy");
            e.writeInt32(2, 42);
            e.writeString(3, "child");
            e.writeInt32(4, 43);
        });
        ByteString enter = event(3_000, 42, 329, e -> e.writeInt64(1, 0));
        ByteString exit = event(4_000, 42, 330, e -> {
            e.writeInt64(1, 0);
            e.writeInt64(2, -11);
        });
        ByteString hang = event(5_000, 7, 241, e -> {
            e.writeString(1, "child");
            e.writeInt32(2, 43);
        });
        ByteString bundle = message(b -> {
            b.writeUInt32(1, 1);
            for (ByteString e : List.of(waking, fork, enter, exit, hang)) b.writeBytes(2, e);
        });
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CodedOutputStream o = CodedOutputStream.newInstance(bytes);
        o.writeBytes(1, message(p -> p.writeBytes(2, tree)));
        o.writeBytes(1, message(p -> p.writeBytes(1, bundle)));
        o.flush();
        Path f = dir.resolve("recorded.pftrace");
        Files.write(f, bytes.toByteArray());
        assertThat(PerfettoTrace.is(f)).isTrue();
        String text;
        try (var in = PerfettoTrace.text(f)) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(text.lines().map(String::strip).toList())
                .containsExactly(
                        "<idle>-0     [001] 0.000001000: sched_waking: comm=busy pid=42 prio=120 target_cpu=001",
                        "busy-42    [001] 0.000002000: sched_process_fork: comm=busy pid=42 child_comm=child child_pid=43",
                        "busy-42    [001] 0.000003000: sys_enter: NR 0 (0, 0, 0, 0, 0, 0)",
                        "busy-42    [001] 0.000004000: sys_exit: NR 0 = -11",
                        "<...>-7     [001] 0.000005000: sched_process_hang: comm=child pid=43");
    }

    private static ByteString event(long ts, int pid, int kind, Body body) throws IOException {
        return message(e -> {
            e.writeUInt64(1, ts);
            e.writeUInt32(2, pid);
            e.writeBytes(kind, message(body));
        });
    }

    private interface Body {
        void write(CodedOutputStream o) throws IOException;
    }

    private static ByteString message(Body b) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CodedOutputStream o = CodedOutputStream.newInstance(bytes);
        b.write(o);
        o.flush();
        return ByteString.copyFrom(bytes.toByteArray());
    }

    /** Text traces and scenario files are never taken for a Perfetto trace, and a damaged one is refused in a line. */
    @Test
    void onlyAPerfettoTraceIsTakenForOne() throws IOException {
        Path text = dir.resolve("t.txt");
        Files.writeString(
                text,
                "\n# tracer: nop\n           a-10    [000] d..2. 100.000000: sched_switch: prev_comm=a prev_pid=10 prev_prio=120 prev_state=S ==> next_comm=b next_pid=11 next_prio=120\n");
        assertThat(PerfettoTrace.is(text)).isFalse();
        assertThat(PerfettoTrace.is(Path.of("scenarios/01-seed-story-rwsem-reader.json")))
                .isFalse();
        byte[] good = export(simulate("03-single-task-limited.json", Simulator.Model.TASK));
        Path f = dir.resolve("x.pftrace");
        Files.write(f, good);
        assertThat(PerfettoTrace.is(f)).isTrue();
        byte[] cut = Arrays.copyOf(good, good.length / 2);
        Files.write(f, cut);
        try {
            RealTrace cutRt = RealTrace.importFile(f, RealTrace.Options.defaults());
            assertThat(cutRt.run.trace().size())
                    .as("a file cut in half holds fewer events")
                    .isPositive();
        } catch (IOException e) {
            assertThat(e.getMessage()).doesNotContain("\n");
        }
        byte[] junk = good.clone();
        for (int i = 40; i < junk.length; i += 7) junk[i] = (byte) 0xff;
        Files.write(f, junk);
        assertThatThrownBy(() -> RealTrace.importFile(f, RealTrace.Options.defaults()))
                .isInstanceOf(IOException.class)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }
}
