package io.throttlescope.realtrace;

import io.throttlescope.cli.Cli;
import io.throttlescope.sim.RunResult;
import io.throttlescope.trace.Trace;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Issue 29 part 3: a trace.dat opens as its {@code trace-cmd report} text does: the same events,
 * the same task CPU times, in every file version and compression trace-cmd writes
 * (src/test/resources/realtrace/README.md says how the files were made on this machine).
 */
class TraceDatTest {
    @TempDir
    Path dir;

    Path resource(String name) throws IOException {
        Path out = dir.resolve(name.replace(".gz", ""));
        try (InputStream in = TraceDatTest.class.getResourceAsStream("/realtrace/dat/" + name)) {
            Files.copy(name.endsWith(".gz") ? new GZIPInputStream(in) : in, out);
        }
        return out;
    }

    /** Every event of a run as one line: time, kind, CPU, task, group and both values. */
    static List<String> events(RealTrace rt) {
        Trace t = rt.run.trace();
        List<String> out = new ArrayList<>(t.size());
        for (int i = 0; i < t.size(); i++) {
            out.add(t.time(i) + " " + t.kind(i) + " " + t.cpu(i) + " " + t.task(i) + " " + t.group(i) + " " + t.argA(i)
                    + " " + t.argB(i) + (t.text(i) >= 0 ? " " + rt.run.info().str(t.text(i)) : ""));
        }
        return out;
    }

    static Map<String, Long> cpuTimes(RealTrace rt) {
        Map<String, Long> m = new TreeMap<>();
        for (var e : rt.run.result().tasks().entrySet())
            m.put(e.getKey(), e.getValue().cpu_ns());
        return m;
    }

    @ParameterizedTest
    @ValueSource(strings = {"trace.dat", "v7-none.dat.gz", "v6.dat.gz"})
    void aTraceDatImportsAsItsReportTextDoes(String name) throws IOException {
        RealTrace dat = RealTrace.importFile(resource(name), RealTrace.Options.defaults());
        RealTrace report = RealTrace.importFile(resource("trace.report.txt"), RealTrace.Options.defaults());
        assertThat(dat.format).isEqualTo("trace.dat");
        assertThat(report.format).isEqualTo("trace-cmd report");
        assertThat(events(dat)).hasSize(393).isEqualTo(events(report));
        assertThat(cpuTimes(dat)).isEqualTo(cpuTimes(report));
        // the two busy loops of the group, as report's text gives them (its sched_switch lines summed by awk: 64.457584
        // and 54.610242 ms)
        assertThat(cpuTimes(dat)).containsEntry("sh-5924", 64_457_584L).containsEntry("sh-5923", 54_610_242L);
        assertThat(dat.skipped).isEmpty();
    }

    /**
     * The kernel's model comes from the file's own uname (a trace.dat says which kernel it traced): 6.18
     * is task-based; the same file saying 6.12 is read as the legacy model.
     */
    @Test
    void theModelIsTheTracedKernelsFromTheFilesUname() throws IOException {
        Path none = resource("v7-none.dat.gz");
        RealTrace dat = RealTrace.importFile(none, RealTrace.Options.defaults());
        assertThat(dat.model).isEqualTo("task");
        assertThat(dat.run.spec().description()).contains("6.18.44-fc-v1272, task-based throttle");
        Path old = dir.resolve("6.12.dat");
        byte[] b = Files.readAllBytes(none);
        String text = new String(b, StandardCharsets.ISO_8859_1);
        int at = text.indexOf("Linux vm 6.18.44");
        assertThat(at).isPositive();
        byte[] to = "6.12".getBytes(StandardCharsets.ISO_8859_1);
        System.arraycopy(to, 0, b, at + 9, to.length);
        Files.write(old, b);
        RealTrace legacy = RealTrace.importFile(old, RealTrace.Options.defaults());
        assertThat(legacy.model).isEqualTo("legacy");
        assertThat(legacy.run.spec().description()).contains("6.12.44-fc-v1272, legacy throttle");
        RealTrace report = RealTrace.importFile(resource("trace.report.txt"), RealTrace.Options.defaults());
        assertThat(report.run.spec().description()).contains("release not recorded");
    }

    /** The instance's name that report writes before each line (issue 25 part 4) is no part of a task's name. */
    @Test
    void reportsInstancePrefixIsNoPartOfATaskName() throws IOException {
        RealTrace report = RealTrace.importFile(resource("trace.report.txt"), RealTrace.Options.defaults());
        assertThat(report.run.result().tasks().keySet()).isNotEmpty().noneMatch(n -> n.contains("throttlescope-dat"));
        assertThat(report.run.result().tasks()).containsKeys("bash-5919", "sh-5923", "sh-5924");
    }

    /** The moves into the group and both markers come through: the group is named from cgroup_attach_task's path. */
    @Test
    void theMovesAndMarkersOfTheTraceDatComeThrough() throws IOException {
        RealTrace dat = RealTrace.importFile(resource("trace.dat"), RealTrace.Options.defaults());
        List<String> ev = events(dat);
        assertThat(ev.stream().filter(e -> e.contains(" MOVE ")).count()).isEqualTo(2);
        assertThat(ev)
                .anyMatch(e -> e.endsWith("throttlescope: trace.dat workload begins"))
                .anyMatch(e -> e.endsWith("throttlescope: trace.dat workload ends"));
    }

    @Test
    void theTraceDatsTextIsReportsLineForLine() throws IOException {
        List<String> mine = new ArrayList<>(), report = new ArrayList<>();
        try (TraceDat d = TraceDat.open(resource("trace.dat"));
                InputStream in = d.text()) {
            for (String l : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n"))
                mine.add(TraceLine.parse(0, l) == null ? l : key(TraceLine.parse(0, l)));
        }
        for (String l : Files.readAllLines(resource("trace.report.txt")))
            report.add(TraceLine.parse(0, l) == null ? l : key(TraceLine.parse(0, l)));
        assertThat(mine).hasSize(report.size());
        for (int i = 0; i < mine.size(); i++) {
            // the fields differ in layout only where report's sched plugins print their own (bash:3606 [120] CPU:000)
            String a = mine.get(i), b = report.get(i);
            boolean plugin = a.contains(" sched_switch|") || a.contains(" sched_wakeup");
            assertThat(plugin ? a.substring(0, a.indexOf('|')) : a)
                    .as("line " + (i + 1))
                    .isEqualTo(plugin ? b.substring(0, Math.max(0, b.indexOf('|'))) : b);
        }
    }

    private static String key(TraceLine l) {
        return l.comm() + "-" + l.pid() + " [" + l.cpu() + "] " + l.tsNs() + " " + l.event() + "|" + l.fields();
    }

    /** describe (what the window shows at a cursor) says the same of the trace.dat as of its report text. */
    @Test
    void describeSaysOfATraceDatWhatItSaysOfItsReport() throws IOException {
        String dat = describe(resource("trace.dat")), report = describe(resource("trace.report.txt"));
        assertThat(dat).contains("real trace trace.dat").contains("sh-5923").contains("/throttlescope-dat-5919");
        assertThat(dat.replace("real trace trace.dat ", "real trace X "))
                .isEqualTo(report.replace("real trace trace.report.txt ", "real trace X "));
    }

    private static String describe(Path f) {
        StringWriter o = new StringWriter(), e = new StringWriter();
        int code = Cli.run(
                new String[] {"describe", f.toString(), "--at", "100ms"},
                new PrintWriter(o, true),
                new PrintWriter(e, true));
        assertThat(code).as(e.toString()).isZero();
        return o.toString();
    }

    @Test
    void sched_switchsStateIsPrintedAsTheKernelPrintsIt() {
        assertThat(DatFormats.state(0)).isEqualTo("R");
        assertThat(DatFormats.state(0x100)).isEqualTo("R+");
        assertThat(DatFormats.state(1)).isEqualTo("S");
        assertThat(DatFormats.state(2)).isEqualTo("D");
        assertThat(DatFormats.state(0x80)).isEqualTo("I");
        assertThat(DatFormats.state(0x12)).isEqualTo("D|X");
    }

    /** Report's way of saying lost events, with and without a count, is read (it was skipped as "not an event line"). */
    @Test
    void reportsDroppedEventsAreCounted() throws IOException {
        RealTrace rt = RealTrace.of(
                "t",
                TraceText.read(new ByteArrayInputStream("""
                cpus=1
                           a-10    [000] 100.000000000: sched_switch:         a:10 [120] S ==> b:11 [120]
                CPU:0 [12 EVENTS DROPPED]
                           b-11    [000] 100.002000000: sched_switch:         b:11 [120] S ==> a:10 [120]
                CPU:0 [EVENTS DROPPED]
                           a-10    [000] 100.004000000: sched_switch:         a:10 [120] S ==> b:11 [120]
                """.getBytes(StandardCharsets.UTF_8))),
                RealTrace.Options.defaults());
        assertThat(rt.skipped).isEmpty();
        assertThat(rt.counts().get("lost_events").getAsLong()).isEqualTo(12);
        assertThat(events(rt))
                .anyMatch(e -> e.endsWith("CPU0 lost 12 events (line 3)"))
                .anyMatch(e -> e.endsWith("CPU0 lost events, how many not known (line 5)"));
    }

    /** A cut or damaged trace.dat is refused in one line, never a hang or a stack trace. */
    @Test
    void aCutTraceDatIsRefusedInOneLine() throws IOException {
        byte[] all = Files.readAllBytes(resource("trace.dat"));
        for (int n : new int[] {10, 20, 60, 4096, all.length / 2}) {
            Path cut = dir.resolve("cut-" + n + ".dat");
            Files.write(cut, Arrays.copyOf(all, n));
            try {
                RealTrace rt = RealTrace.importFile(cut, RealTrace.Options.defaults());
                assertThat(rt.run.trace().size()).as("a file cut at " + n).isLessThan(393);
            } catch (IOException e) {
                assertThat(e.getMessage())
                        .as("cut at " + n)
                        .contains(cut.toString())
                        .doesNotContain("\n");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"v7-none.dat.gz", "trace.dat", "v6.dat.gz"})
    @Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void damagedBytesNeverEscapeAsAnythingButIoException(String name) throws IOException {
        byte[] all = Files.readAllBytes(resource(name));
        Random r = new Random(29);
        for (int k = 0; k < 40; k++) {
            byte[] b = all.clone();
            for (int j = 0; j < 8; j++) b[10 + r.nextInt(b.length - 10)] = (byte) r.nextInt(256);
            Path p = dir.resolve("damaged.dat");
            Files.write(p, b);
            try {
                RealTrace.importFile(p, RealTrace.Options.defaults());
            } catch (IOException e) {
                assertThat(e.getMessage()).doesNotContain("\n");
            }
        }
    }

    @Test
    void aVersionNotReadIsSaid() throws IOException {
        Path p = dir.resolve("v5.dat");
        Files.write(p, "\u0017\u0008Dtracing5\0".getBytes(StandardCharsets.ISO_8859_1));
        assertThatThrownBy(() -> RealTrace.importFile(p, RealTrace.Options.defaults()))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("trace.dat version 5 is not read (6 and 7 are)");
    }

    /**
     * Made here and now, as a user would (tools/trace-dat/make.sh: a cgroup, a tracefs instance and
     * trace-cmd extract of its own), and imported as trace-cmd's own report of it is.
     */
    @Test
    void aTraceDatMadeOnThisMachineImportsAsItsReport() throws Exception {
        Assumptions.assumeTrue(
                "root".equals(System.getProperty("user.name")), "needs root: it makes a cgroup and a tracefs instance");
        Assumptions.assumeTrue(
                Files.isDirectory(Path.of("/sys/kernel/tracing/instances")), "needs tracefs at /sys/kernel/tracing");
        Assumptions.assumeTrue(onPath("trace-cmd"), "needs trace-cmd on the PATH (apt-get install trace-cmd)");
        Process p = new ProcessBuilder(
                        "bash", "tools/trace-dat/make.sh", dir.resolve("made").toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        Assumptions.assumeTrue(p.exitValue() == 0, "make.sh could not record here: " + out);
        RealTrace dat = RealTrace.importFile(dir.resolve("made/trace.dat"), RealTrace.Options.defaults());
        RealTrace report = RealTrace.importFile(dir.resolve("made/trace.report.txt"), RealTrace.Options.defaults());
        assertThat(events(dat)).isNotEmpty().isEqualTo(events(report));
        assertThat(cpuTimes(dat)).isEqualTo(cpuTimes(report));
        RunResult.TaskStat busiest = dat.run.result().tasks().values().stream()
                .max((a, b) -> Long.compare(a.cpu_ns(), b.cpu_ns()))
                .orElseThrow();
        assertThat(busiest.cpu_ns()).as("a busy loop ran").isGreaterThan(10_000_000L);
    }

    static boolean onPath(String cmd) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(":"))
            if (Files.isExecutable(Path.of(d, cmd))) return true;
        return false;
    }
}
