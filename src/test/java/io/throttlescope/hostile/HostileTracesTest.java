package io.throttlescope.hostile;

import io.throttlescope.realtrace.RealTrace;
import java.io.BufferedWriter;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static io.throttlescope.hostile.HostileFilesTest.cli;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Issue 18: trace files from strangers. Each case, seen in the earlier build (a hang, an
 * exhausted heap, an aborted import), now ends in bounded time and memory with the lines it cannot
 * use skipped and said, never a stack trace. The timeouts only stop a hang; the cases take seconds.
 */
class HostileTracesTest {
    @TempDir
    Path dir;

    static final Duration HANG = Duration.ofSeconds(60);

    /** A real recording (6.18, one CPU) as text: a valid start for every hostile file. */
    static String base() throws Exception {
        try (var in =
                new GZIPInputStream(Files.newInputStream(Path.of("traces/03-single-task-limited-task-6.18.txt.gz")))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    Path write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    static void ok(HostileFilesTest.Out o) {
        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.err()).doesNotContain("\tat ").doesNotContain("Exception");
    }

    @Test
    void aLineOfBlanksIsReadInLinearTime() throws Exception {
        Path f = write(
                "blanks.txt", base() + " ".repeat(20_000) + "x\n" + "a-1 " + " ".repeat(20_000) + "[0] 4874.0: e: f\n");
        assertTimeoutPreemptively(HANG, () -> {
            ok(cli("import", f.toString()));
            ok(cli("describe", f.toString(), "--at", "10ms"));
        });
    }

    @Test
    void aHugeLineInASmallGzipIsSkippedUnbuilt() throws Exception {
        Path f = dir.resolve("bomb.txt.gz");
        try (OutputStream gz = new GZIPOutputStream(Files.newOutputStream(f), 1 << 16)) {
            gz.write(base().getBytes(StandardCharsets.UTF_8));
            byte[] a = new byte[1 << 20];
            java.util.Arrays.fill(a, (byte) 'a');
            for (int i = 0; i < 200; i++) gz.write(a); // 200 MiB on one line
            gz.write('\n');
        }
        assertThat(Files.size(f)).isLessThan(2_000_000);
        assertTimeoutPreemptively(HANG, () -> {
            HostileFilesTest.Out o = cli("import", f.toString());
            ok(o);
            assertThat(o.err()).contains("longer than 64 KiB, skipped");
        });
    }

    @Test
    void aHeaderCannotSizeArraysOrHideTheTrace() throws Exception {
        String b = base();
        for (String cpus : new String[] {"2000000000", "-5", "0", "\"x\""}) {
            Path f = write("cpus.txt", b.replaceFirst("\"cpus\":1,", "\"cpus\":" + cpus + ","));
            assertThat(Files.readString(f)).contains("\"cpus\":" + cpus + ",");
            HostileFilesTest.Out o = assertTimeoutPreemptively(HANG, () -> cli("import", f.toString()));
            assertThat(o.code()).as(cpus).isEqualTo(1);
            assertThat(o.err())
                    .as(cpus)
                    .startsWith("error: ")
                    .containsIgnoringCase("cpus")
                    .doesNotContain("\tat ");
        }
    }

    @Test
    void aTaskLimitKeepsAMillionPidsFromTheHeap() throws Exception {
        StringBuilder sb = new StringBuilder(base());
        for (int i = 0; i < RealTrace.MAX_TASKS + 5_000; i++) {
            sb.append("w-")
                    .append(100_000 + i)
                    .append(" [000] d..2. 4874.")
                    .append(String.format("%06d", 100_000 + i % 800_000))
                    .append(": sys_enter: NR 0 (0, 0, 0, 0, 0, 0)\n");
        }
        Path f = write("pids.txt", sb.toString());
        HostileFilesTest.Out o = assertTimeoutPreemptively(HANG, () -> cli("import", f.toString()));
        ok(o);
        assertThat(o.err()).contains("more than " + RealTrace.MAX_TASKS + " tasks");
    }

    @Test
    void manyLockNamesAndCgroupsCostLinearTime() throws Exception {
        StringBuilder sb = new StringBuilder(base());
        for (int i = 0; i < 100_000; i++) {
            sb.append("T-17206 [000] d..2. 4874.")
                    .append(String.format("%06d", 100_000 + i % 800_000))
                    .append(": contention_begin: lock=0x")
                    .append(Integer.toHexString(0x100000 + i))
                    .append(" flags=SPIN\n");
            sb.append("T-17206 [000] d..2. 4874.")
                    .append(String.format("%06d", 100_000 + i % 800_000))
                    .append(": cgroup_attach_task: dst_root=0 dst_level=1 dst_path=/g")
                    .append(i)
                    .append(" pid=17206 comm=T\n");
        }
        Path f = write("locks.txt", sb.toString());
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> ok(cli("import", f.toString())));
    }

    @Test
    void aThrottleProbeNeverUndoneDoesNotMakeEachSwitchOutScanTheTrace() throws Exception {
        StringBuilder sb = new StringBuilder(base());
        sb.append("T-17206 [000] d..2. 4874.100000: throttle_cfs_rq: (throttle_cfs_rq+0x0/0x100)\n");
        for (int i = 0; i < 100_000; i++) {
            String ts = String.format("%09d", 100_001_000 + 2 * i);
            sb.append("T-17206 [000] d..2. 4874.")
                    .append(ts)
                    .append(
                            ": sched_switch: prev_comm=T prev_pid=17206 prev_prio=120 prev_state=R ==> next_comm=x next_pid=9 next_prio=120\n");
            ts = String.format("%09d", 100_001_001 + 2 * i);
            sb.append("x-9 [000] d..2. 4874.")
                    .append(ts)
                    .append(
                            ": sched_switch: prev_comm=x prev_pid=9 prev_prio=120 prev_state=R ==> next_comm=T next_pid=17206 next_prio=120\n");
        }
        Path f = write("probe.txt", sb.toString());
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> ok(cli("import", f.toString())));
    }

    @Test
    void anOversizedNumberSkipsItsLineNotTheImport() throws Exception {
        String b = base();
        Path f = write(
                "digits.txt",
                b
                        + "T-17206 [000] d..2. 4874.500000: sched_switch: prev_comm=T prev_pid=12345678901 prev_prio=120 prev_state=R"
                        + " ==> next_comm=x next_pid=99999999999 next_prio=120\nCPU:0 [LOST 99999999999999999999999 EVENTS]\n");
        HostileFilesTest.Out o = cli("import", f.toString());
        ok(o);
        assertThat(o.err()).contains("a number out of range").contains("a lost-events count out of range");
        assertThat(o.out()).contains("lost events: 0");
    }

    @Test
    void aCgroupPathOfThirtyThousandLevelsIsLeftOutWithoutRecursion() throws Exception {
        String deep = "/a".repeat(30_000); // under the 64 KiB line limit
        Path f = write(
                "deep.txt",
                base() + "T-17206 [000] d..2. 4874.600000: cgroup_attach_task: dst_root=0 dst_level=1 dst_path=" + deep
                        + " pid=17206 comm=T\n");
        HostileFilesTest.Out o = assertTimeoutPreemptively(HANG, () -> cli("import", f.toString()));
        ok(o);
        assertThat(o.err()).contains("cgroup path of over 64 levels");
    }

    @Test
    void aCgroupMapIsARegularFileOfBoundedSize() throws Exception {
        Path t = write("t.txt", base());
        Path fifo = dir.resolve("fifo");
        new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor();
        for (Path m : new Path[] {fifo, Path.of("/dev/zero"), dir}) {
            HostileFilesTest.Out o =
                    assertTimeoutPreemptively(HANG, () -> cli("import", t.toString(), "--cgroup-map", m.toString()));
            assertThat(o.code()).isEqualTo(2);
            assertThat(o.err()).contains("not a regular file");
        }
        Path big = dir.resolve("big.json");
        try (BufferedWriter w =
                new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(big), StandardCharsets.UTF_8))) {
            w.write("{\"tasks\": {");
            for (int i = 0; i < 1_000_000; i++) w.write("\"t" + i + "\": \"/G\", ");
            w.write("\"x\": \"/G\"}}");
        }
        HostileFilesTest.Out o = cli("import", t.toString(), "--cgroup-map", big.toString());
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err()).contains("over 16 MiB");
    }

    @Test
    void aHeaderMessageIsEscaped() throws Exception {
        Path f = write(
                "esc.txt", "# throttlescope: {\"a\u001b]0;x\u0007\n" + base().substring(base().indexOf('\n') + 1));
        HostileFilesTest.Out o = cli("import", f.toString());
        ok(o);
        assertThat(o.err()).doesNotContain("\u001b").doesNotContain("\u0007");
    }

    @Test
    void aSweepOfACgroupTheScenarioDoesNotHaveIsAUsageError() {
        HostileFilesTest.Out o = cli(
                "sweep",
                "scenarios/01-seed-story-rwsem-reader.json",
                "--param",
                "/NOPE:cpu.max",
                "--values",
                "5000 100000");
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err()).contains("the scenario has no cgroup /NOPE (its cgroups: /G)");
        o = cli(
                "sweep",
                "scenarios/01-seed-story-rwsem-reader.json",
                "--param",
                "/G:cpu.maxx",
                "--values",
                "5000 100000");
        assertThat(o.code()).isEqualTo(2);
    }

    @Test
    void fidelityOfATraceWithoutItsScenariosTasksSaysSoAndFails() throws Exception {
        // the recording's header names the scenario; its task T is renamed away in every line
        String b = base().replace("T-17206", "U-17206")
                .replace("comm=T ", "comm=U ")
                .replace("next_comm=T next", "next_comm=U next")
                .replace("prev_comm=T prev", "prev_comm=U prev")
                .replace("\"tasks\":{\"T", "\"tasks\":{\"U");
        Path f = write("stranger.txt", b);
        HostileFilesTest.Out o = cli("fidelity", f.toString());
        assertThat(o.code()).as(o.out() + o.err()).isEqualTo(1);
        assertThat(o.err()).contains("no task of its scenario is in the trace");
    }

    @Test
    void fidelityDoesNotSimulatePastAnHour() throws Exception {
        Path f = write(
                "long.txt", base() + "T-17206 [000] d..2. 9000000000.000000: sys_enter: NR 0 (0, 0, 0, 0, 0, 0)\n");
        HostileFilesTest.Out o = assertTimeoutPreemptively(HANG, () -> cli("fidelity", f.toString()));
        assertThat(o.code()).isEqualTo(1);
        assertThat(o.err()).contains("over the one-hour limit");
    }

    @Test
    void stepsReplacesALinkAtItsOutputAndLeavesItsTargetAlone() throws Exception {
        Path target = write("precious.txt", "keep me");
        Path link = dir.resolve("link.html");
        Files.createSymbolicLink(link, target);
        HostileFilesTest.Out o = cli(
                "steps",
                "scenarios/03-single-task-limited.json",
                "--from",
                "0ms",
                "--to",
                "1ms",
                "--max",
                "2",
                "--size",
                "640x480",
                "-o",
                link.toString());
        assertThat(o.code()).as(o.err()).isZero();
        assertThat(Files.readString(target)).isEqualTo("keep me");
        assertThat(Files.isSymbolicLink(link)).isFalse();
        assertThat(Files.readString(link)).contains("<section");
    }

    @Test
    void aLessonRangeBeyondAnHourIsRefused() {
        String json =
                "{\"format\": 1, \"name\": \"n\", \"duration\": \"10ms\", \"tasks\": [{\"name\": \"T\", \"program\": [{\"user\": \"1ms\"}]}],"
                        + " \"lesson\": {\"title\": \"t\", \"stops\": [{\"at\": \"1ms\", \"range\": \"0ms:7200s\", \"text\": \"x\"}]}}";
        assertThat(io.throttlescope.scenario.ScenarioLoader.loadString(json).problems())
                .anySatisfy(p -> assertThat(p.message()).contains("after an hour"));
    }

    @Test
    void stepsOfALessonKeepToMaxAndALessonHasAtMost200Stops() throws Exception {
        Path out = dir.resolve("two.html");
        HostileFilesTest.Out o = cli(
                "steps",
                "scenarios/01-seed-story-rwsem-reader.json",
                "--lesson",
                "--max",
                "2",
                "--size",
                "640x480",
                "-o",
                out.toString());
        assertThat(o.code()).as(o.err()).isZero();
        assertThat(Files.readString(out).split("<section").length - 1).isEqualTo(2);
        StringBuilder stops = new StringBuilder();
        for (int i = 0; i < 201; i++) stops.append(i == 0 ? "" : ", ").append("{\"at\": \"1ms\", \"text\": \"x\"}");
        String json =
                "{\"format\": 1, \"name\": \"n\", \"duration\": \"10ms\", \"tasks\": [{\"name\": \"T\", \"program\": [{\"user\": \"1ms\"}]}],"
                        + " \"lesson\": {\"title\": \"t\", \"stops\": [" + stops + "]}}";
        assertThat(io.throttlescope.scenario.ScenarioLoader.loadString(json).problems())
                .singleElement()
                .satisfies(p -> assertThat(p.message()).contains("201 stops; a lesson has at most 200"));
    }

    @Test
    void aRecordedTaskWithALongNameIsMatchedByItsFullName() throws Exception {
        // a recording of a task named over 15 characters: its comm is cut, the header's task_names says its full name
        String b = base();
        String header = b.substring(0, b.indexOf('\n'));
        String rest = b.substring(b.indexOf('\n') + 1);
        String full = "TheTaskWithALongName";
        com.google.gson.JsonObject h = com.google.gson.JsonParser.parseString(
                        header.substring("# throttlescope: ".length()))
                .getAsJsonObject();
        com.google.gson.JsonObject names = new com.google.gson.JsonObject();
        names.addProperty("T-17206", full);
        h.add("task_names", names);
        String scenario = h.get("scenario").toString().replace("\"name\":\"T\"", "\"name\":\"" + full + "\"");
        h.add("scenario", com.google.gson.JsonParser.parseString(scenario));
        Path f = write("long-name.txt", "# throttlescope: " + h + "\n" + rest);
        HostileFilesTest.Out o = cli("import", f.toString(), "--json");
        ok(o);
        assertThat(com.google.gson.JsonParser.parseString(o.out())
                        .getAsJsonObject()
                        .getAsJsonObject("tasks")
                        .keySet())
                .anyMatch(k -> k.equals(full) || k.equals(full + "-17206"))
                .noneMatch(k -> k.startsWith("T-"));
        HostileFilesTest.Out fid = cli("fidelity", f.toString());
        assertThat(fid.out()).contains("task " + full + " CPU time");
    }
}
