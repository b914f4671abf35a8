package io.throttlescope.compare;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.throttlescope.cli.Cli;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The compare command's figures are those of separate runs, and its statistics are right. */
class CompareTest {
    static String cli(String... args) {
        StringWriter o = new StringWriter(), e = new StringWriter();
        int code = Cli.run(args, new PrintWriter(o, true), new PrintWriter(e, true));
        assertThat(code).as(e.toString()).isZero();
        return o.toString();
    }

    static JsonObject row(JsonArray table, String metric) {
        for (JsonElement r : table)
            if (r.getAsJsonObject().get("metric").getAsString().equals(metric)) return r.getAsJsonObject();
        throw new AssertionError("no row " + metric);
    }

    @Test
    void compareFiguresEqualTwoSeparateRuns() {
        String file = "scenarios/01-seed-story-rwsem-reader.json";
        JsonObject cmp = JsonParser.parseString(cli("compare", file, "--json")).getAsJsonObject();
        JsonObject legacy = JsonParser.parseString(cli("run", file, "--model", "legacy", "--json"))
                .getAsJsonObject();
        JsonObject task = JsonParser.parseString(cli("run", file, "--model", "task", "--json"))
                .getAsJsonObject();
        assertThat(cmp.get("runs").getAsInt()).isEqualTo(1);
        assertThat(cmp.getAsJsonArray("legacy").get(0)).isEqualTo(legacy);
        assertThat(cmp.getAsJsonArray("task").get(0)).isEqualTo(task);
        JsonArray table = cmp.getAsJsonArray("table");
        JsonObject usage = row(table, "/G throttled_usec");
        assertThat(usage.getAsJsonObject("legacy").get("mean").getAsDouble())
                .isEqualTo(legacy.getAsJsonObject("cgroups")
                        .getAsJsonObject("/G")
                        .get("throttled_usec")
                        .getAsDouble());
        assertThat(usage.getAsJsonObject("task").get("mean").getAsDouble())
                .isEqualTo(task.getAsJsonObject("cgroups")
                        .getAsJsonObject("/G")
                        .get("throttled_usec")
                        .getAsDouble());
        JsonObject wait = row(table, "task W longest_lock_wait_ms");
        JsonObject lw = legacy.getAsJsonObject("tasks")
                .getAsJsonObject("W")
                .getAsJsonArray("lock_waits")
                .get(0)
                .getAsJsonObject();
        assertThat(wait.getAsJsonObject("legacy").get("mean").getAsDouble())
                .isEqualTo(
                        (lw.get("acquired_ns").getAsLong() - lw.get("start_ns").getAsLong()) / 1e6);
        assertThat(wait.getAsJsonObject("task").get("mean").getAsDouble()).isZero();
        assertThat(wait.get("change_pct").getAsDouble()).isEqualTo(-100.0);
        JsonObject cpu = row(table, "task W cpu_ms");
        double l = legacy.getAsJsonObject("tasks")
                        .getAsJsonObject("W")
                        .get("cpu_ns")
                        .getAsDouble()
                / 1e6;
        double t =
                task.getAsJsonObject("tasks").getAsJsonObject("W").get("cpu_ns").getAsDouble() / 1e6;
        assertThat(cpu.get("change_pct").getAsDouble()).isCloseTo((t - l) / l * 100, within(1e-9));
    }

    @Test
    void runsUseSeedsOneToNAndReportMeanAndRsd() {
        String file = "scenarios/16-hackbench-1-group.json";
        JsonObject cmp = JsonParser.parseString(cli("compare", file, "--runs", "3", "--json"))
                .getAsJsonObject();
        assertThat(cmp.getAsJsonArray("legacy")).hasSize(3);
        double[] x = new double[3];
        for (int i = 0; i < 3; i++) {
            JsonObject r = JsonParser.parseString(
                            cli("run", file, "--model", "legacy", "--json", "--seed", String.valueOf(i + 1)))
                    .getAsJsonObject();
            assertThat(cmp.getAsJsonArray("legacy").get(i)).isEqualTo(r);
            long last = 0;
            for (var t : r.getAsJsonObject("tasks").entrySet())
                last = Math.max(
                        last, t.getValue().getAsJsonObject().get("exited_ns").getAsLong());
            x[i] = last / 1e6;
        }
        double mean = (x[0] + x[1] + x[2]) / 3;
        double sd = Math.sqrt(
                ((x[0] - mean) * (x[0] - mean) + (x[1] - mean) * (x[1] - mean) + (x[2] - mean) * (x[2] - mean)) / 2);
        JsonObject row = row(cmp.getAsJsonArray("table"), "run time_ms (last task exit)");
        assertThat(row.getAsJsonObject("legacy").get("mean").getAsDouble()).isCloseTo(mean, within(1e-9));
        assertThat(row.getAsJsonObject("legacy").get("rsd_pct").getAsDouble()).isCloseTo(sd / mean * 100, within(1e-9));
        assertThat(row.getAsJsonObject("legacy").get("rsd_pct").getAsDouble())
                .isPositive(); // the seeds draw other durations
    }

    @Test
    void printedTableHasTheKernelThreadLayout() {
        String out = cli("compare", "scenarios/16-hackbench-1-group.json", "--runs", "3", "--metric", "run time");
        assertThat(out).contains("(3 runs per model, seeds 1..3)");
        assertThat(out.lines()
                        .filter(l -> l.startsWith("run time_ms"))
                        .findFirst()
                        .orElseThrow())
                .matches(
                        "run time_ms \\(last task exit\\)\\s+[0-9.]+\u00B1[0-9.]+%\\s+[0-9.]+\u00B1[0-9.]+%\\s+[-+]?[0-9.]+%\\s+[-+]?[0-9.]+%");
    }

    @Test
    void improvementFollowsTheKernelThreadsConvention() {
        // base 18.35 s, head 18.78 s of a lower-is-better time: change +2.34%, improvement -2.34%
        Comparison.Row r = new Comparison.Row(
                "run time_ms (last task exit)",
                new Comparison.Stat(18.35, 0),
                new Comparison.Stat(18.78, 0),
                (18.78 - 18.35) / 18.35 * 100,
                -1,
                -1);
        assertThat(Comparison.change(r.change_pct())).isEqualTo("+2.34%");
        assertThat(Comparison.improvement(r)).isEqualTo("-2.34%");
        assertThat(r.verdict()).isEqualTo(-1);
        // more syscalls completed is better: a rise is an improvement
        Comparison.Row s = new Comparison.Row(
                "syscalls completed: read", new Comparison.Stat(100, 0), new Comparison.Stat(110, 0), 10.0, -1, -1);
        assertThat(Comparison.improvement(s)).isEqualTo("+10.00%");
        assertThat(s.verdict()).isEqualTo(1);
        // the headline rows come first in the table
        Comparison c = Comparison.of(
                io.throttlescope.sim.SimRun.library(
                                "02-pileup-hung-task.json", io.throttlescope.sim.Simulator.Model.LEGACY)
                        .sim
                        .result(),
                io.throttlescope.sim.SimRun.library(
                                "02-pileup-hung-task.json", io.throttlescope.sim.Simulator.Model.TASK)
                        .sim
                        .result());
        assertThat(c.table.get(0).metric()).isEqualTo("hung-task reports");
        assertThat(c.table.get(1).metric()).startsWith("lock ");
        assertThat(c.table.get(0).verdict()).isEqualTo(1); // fewer reports under task-based: better, whatever the sign
    }

    /** A recording's compare table leaves out lock waits (a trace has none), and only them: "blocked" and a task named clock stay. */
    @org.junit.jupiter.api.Test
    void aRecordingsTableLeavesOutOnlyLockWaits() {
        assertThat(Comparison.recordingTells("task W blocked_ms (D state)")).isTrue();
        assertThat(Comparison.recordingTells("task clock cpu_ms")).isTrue();
        assertThat(Comparison.recordingTells("lock cgroup_threadgroup_rwsem longest reader wait_ms"))
                .isFalse();
        assertThat(Comparison.recordingTells("task clock longest_lock_wait_ms")).isFalse();
    }

    /** A figure in milliseconds has three decimals in every row: R's 4 ms runnable read "4" beside H's "1.100". */
    @Test
    void millisecondsAlwaysHaveThreeDecimalsAndCountsNone() {
        String text = cli("compare", "scenarios/01-seed-story-rwsem-reader.json");
        assertThat(text).containsPattern("task R runnable_ms +4\\.000 +0\\.000 ");
        assertThat(text).containsPattern("task H cpu_ms +28\\.900 +28\\.900 ");
        assertThat(text).containsPattern("/G throttled_usec +270000 +270099 ");
    }
}
