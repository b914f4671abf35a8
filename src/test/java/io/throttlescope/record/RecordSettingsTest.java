package io.throttlescope.record;

import io.throttlescope.files.Cat;
import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.spec.SimSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** What a recording sets on the machine or in the guest, and how it is put back (no root needed: files stand in for /proc). */
class RecordSettingsTest {
    private static void sysctl(Path dir, long timeout, long interval, long warnings) throws Exception {
        Files.writeString(dir.resolve(HungTaskSysctl.TIMEOUT), timeout + "\n");
        Files.writeString(dir.resolve(HungTaskSysctl.INTERVAL), interval + "\n");
        Files.writeString(dir.resolve(HungTaskSysctl.WARNINGS), warnings + "\n");
    }

    @Test
    void theHungTaskSettingsAreReadAndLeftAloneUnlessAsked(@TempDir Path dir) throws Exception {
        Path proc = Files.createDirectory(dir.resolve("proc")), run = Files.createDirectory(dir.resolve("run"));
        sysctl(proc, 120, 0, 10);
        HungTaskSysctl h = new HungTaskSysctl(proc, run);
        assertThat(h.header().toString())
                .isEqualTo("{\"timeout_secs\":120,\"check_interval_secs\":0,\"warnings\":10,\"set_by_record\":false}");
        assertThat(h.restore()).isEmpty();
        assertThat(Files.readString(proc.resolve(HungTaskSysctl.TIMEOUT)).strip())
                .isEqualTo("120");
    }

    @Test
    void setHungTaskIsPutBackAfterAndByTheNextRecordingIfTheRecorderDied(@TempDir Path dir) throws Exception {
        Path proc = Files.createDirectory(dir.resolve("proc")), run = Files.createDirectory(dir.resolve("run"));
        sysctl(proc, 120, 0, 10);
        HungTaskSysctl h = new HungTaskSysctl(proc, run);
        h.set(2, 1);
        assertThat(h.header().get("timeout_secs").getAsLong()).isEqualTo(2);
        assertThat(h.header().get("check_interval_secs").getAsLong()).isEqualTo(1);
        assertThat(h.header().get("set_by_record").getAsBoolean()).isTrue();
        assertThat(h.restore()).isEmpty();
        assertThat(Files.readString(proc.resolve(HungTaskSysctl.TIMEOUT))).isEqualTo("120");
        assertThat(Files.readString(proc.resolve(HungTaskSysctl.INTERVAL))).isEqualTo("0");
        try (var s = Files.list(run)) {
            assertThat(s).isEmpty();
        }

        // a recorder killed with SIGKILL left its saved settings (pid 2^22 + 1 is above any pid_max: never alive)
        sysctl(proc, 2, 1, 10);
        Files.writeString(run.resolve("throttlescope-4194305-hung-task"), "120 0\n");
        Files.writeString(
                run.resolve("throttlescope-" + ProcessHandle.current().pid() + "-hung-task"),
                "60 0\n"); // alive: not touched
        assertThat(new HungTaskSysctl(proc, run).cleanLeftovers())
                .singleElement()
                .asString()
                .contains("4194305")
                .contains("120 0");
        assertThat(Files.readString(proc.resolve(HungTaskSysctl.TIMEOUT))).isEqualTo("120");
        assertThat(run.resolve("throttlescope-4194305-hung-task")).doesNotExist();
        assertThat(run.resolve("throttlescope-" + ProcessHandle.current().pid() + "-hung-task"))
                .exists();
    }

    /** A kernel without hung_task_check_interval_secs: the timeout is set and put back, and nothing is left behind. */
    @Test
    void aKernelWithoutTheCheckIntervalStillGetsItsTimeoutBack(@TempDir Path dir) throws Exception {
        Path proc = Files.createDirectory(dir.resolve("proc")), run = Files.createDirectory(dir.resolve("run"));
        Files.writeString(proc.resolve(HungTaskSysctl.TIMEOUT), "120\n");
        HungTaskSysctl h = new HungTaskSysctl(proc, run);
        h.set(2, 1);
        assertThat(Files.readString(proc.resolve(HungTaskSysctl.TIMEOUT))).isEqualTo("2");
        assertThat(proc.resolve(HungTaskSysctl.INTERVAL)).doesNotExist();
        assertThat(h.restore()).isEmpty();
        assertThat(Files.readString(proc.resolve(HungTaskSysctl.TIMEOUT))).isEqualTo("120");
        try (var s = Files.list(run)) {
            assertThat(s).isEmpty();
        }
    }

    /** On the real /proc: the header says what cat says (it said timeout 1, warnings 1 on a machine with 120 and 10). */
    @Test
    void theHeaderReadsTheMachinesHungTaskSettingsAsCatDoes() throws Exception {
        Path t = HungTaskSysctl.DIR.resolve(HungTaskSysctl.TIMEOUT);
        assumeTrue(Files.isReadable(t), "this kernel has no hung-task detector (" + t + ")");
        var h = new HungTaskSysctl().header();
        assertThat(h.get("timeout_secs").getAsLong())
                .isEqualTo(Long.parseLong(Cat.of(t).strip()));
        Path w = HungTaskSysctl.DIR.resolve(HungTaskSysctl.WARNINGS);
        if (Files.isReadable(w))
            assertThat(h.get("warnings").getAsLong())
                    .isEqualTo(Long.parseLong(Cat.of(w).strip()));
        Path i = HungTaskSysctl.DIR.resolve(HungTaskSysctl.INTERVAL);
        if (Files.isReadable(i))
            assertThat(h.get("check_interval_secs").getAsLong())
                    .isEqualTo(Long.parseLong(Cat.of(i).strip()));
    }

    /**
     * As root on the real /proc: set and put back, and the machine reads as before (cat). The test
     * only lengthens the timeout (never below what it was, never on a machine that panics on a hung
     * task or has the detector off), and saves into a folder of its own, not /run.
     */
    @Test
    void setAndRestoreOnTheRealProcPutsBackExactlyWhatWasThere(@TempDir Path run) throws Exception {
        Path t = HungTaskSysctl.DIR.resolve(HungTaskSysctl.TIMEOUT),
                i = HungTaskSysctl.DIR.resolve(HungTaskSysctl.INTERVAL);
        assumeTrue(Files.isWritable(t), "needs root and a writable " + t);
        Path panic = HungTaskSysctl.DIR.resolve("hung_task_panic");
        assumeTrue(
                !Files.isReadable(panic) || Cat.of(panic).strip().equals("0"),
                "hung_task_panic is set on this machine: not touched");
        String timeoutWas = Cat.of(t), intervalWas = Files.isReadable(i) ? Cat.of(i) : null;
        long was = Long.parseLong(timeoutWas.strip());
        assumeTrue(was > 0, "the hung-task detector is off on this machine: not turned on by a test");
        long interval = intervalWas == null ? 0 : Long.parseLong(intervalWas.strip());
        HungTaskSysctl h = new HungTaskSysctl(HungTaskSysctl.DIR, run);
        try {
            h.set(was + 600, interval);
            assertThat(Cat.of(t).strip()).isEqualTo(Long.toString(was + 600));
            assertThat(h.header().get("timeout_secs").getAsLong()).isEqualTo(was + 600);
        } finally {
            assertThat(h.restore()).isEmpty();
        }
        assertThat(Cat.of(t)).isEqualTo(timeoutWas);
        if (intervalWas != null) assertThat(Cat.of(i)).isEqualTo(intervalWas);
        try (var s = Files.list(run)) {
            assertThat(s).isEmpty();
        }
    }

    /** A saved file that was tampered with or cut is not written into /proc: it is said and kept. */
    @Test
    void aSavedFileThatHoldsNoNumbersIsNotWrittenBack(@TempDir Path dir) throws Exception {
        Path proc = Files.createDirectory(dir.resolve("proc")), run = Files.createDirectory(dir.resolve("run"));
        sysctl(proc, 2, 1, 10);
        Files.writeString(run.resolve("throttlescope-4194305-hung-task"), "1; reboot\n");
        assertThat(new HungTaskSysctl(proc, run).cleanLeftovers()).isEmpty();
        assertThat(Files.readString(proc.resolve(HungTaskSysctl.TIMEOUT)).strip())
                .isEqualTo("2");
        assertThat(run.resolve("throttlescope-4194305-hung-task")).exists();
    }

    @Test
    void theKernelCountsHungTaskTimesInWholeSeconds() {
        assertThat(RecordPlan.hungTaskSecs(2_000_000_000L, 250_000_000L))
                .containsExactly(2, 1); // 02: an interval under a second is one
        assertThat(RecordPlan.hungTaskSecs(120_000_000_000L, 0))
                .containsExactly(120, 0); // the default: scans at the timeout
        assertThat(RecordPlan.hungTaskSecs(1_500_000_000L, 1_500_000_000L)).containsExactly(2, 0);
        assertThat(RecordPlan.hungTaskSecs(0, 0)).containsExactly(0, 0); // disabled
    }

    @Test
    void thePlanCarriesTheHungTaskDetectorAndThePreemptionModel() throws Exception {
        SimSpec s = ScenarioLoader.load(Path.of("scenarios/02-pileup-hung-task.json"))
                .spec();
        String plan = RecordPlan.of(s, 1_000_000_000L);
        assertThat(plan.lines()).contains("hung_task 2 1", "preemption full");
    }

    /** Issue 25: the guest makes the timed actions too; the plan lists them by time, each with its index in the scenario. */
    @Test
    void thePlanCarriesTheTimedActionsInTheOrderOfTheirTimes() throws Exception {
        SimSpec s = ScenarioLoader.loadString(
                        "{\"format\":1,\"name\":\"a\",\"kernel\":{\"cpus\":2},\"duration\":\"100ms\","
                                + "\"cgroups\":{\"/G\":{\"cpu.max\":\"10000 100000\"},\"/H\":{}},\"tasks\":[{\"name\":\"T\",\"cgroup\":\"/G\",\"cpus\":\"0\","
                                + "\"program\":[{\"loop\":[{\"user\":\"1ms\"}]}]}],\"actions\":[{\"at\":\"60ms\",\"move\":{\"task\":\"T\",\"cgroup\":\"/H\"}},"
                                + "{\"at\":\"30ms\",\"write\":{\"cgroup\":\"/G\",\"file\":\"cpu.max\",\"value\":\"20000 100000\"}},"
                                + "{\"at\":\"50ms\",\"set_affinity\":{\"task\":\"T\",\"cpus\":\"1\"}}]}")
                .spec();
        assertThat(RecordPlan.of(s, 100_000_000L).lines().filter(l -> l.startsWith("action ")))
                .containsExactly(
                        "action 1 30000000 W /G cpu.max 20000 100000",
                        "action 2 50000000 A 0 2",
                        "action 0 60000000 M 0 /H");
    }

    /** Issue 25: 07's sleep inside a read is made real: the guest's tsrun reads a timerfd (T), not a nanosleep (S). */
    @Test
    void aSleepInsideASyscallIsATimedBlockingRead() throws Exception {
        SimSpec s = ScenarioLoader.load(Path.of("scenarios/07-sleeper-woken-into-throttled-group.json"))
                .spec();
        assertThat(Recorder.refusals(s, s.durationNs())).isEmpty();
        assertThat(RecordPlan.of(s, s.durationNs()).lines().filter(l -> l.startsWith("step ")))
                .startsWith("step T 30000000", "step K 200000");
    }

    /** Read only at its end (no CPU free for a reader), the ring buffer grows with the recording's length, within memory. */
    @Test
    void aRecordingReadAtItsEndGetsABufferForItsLength() {
        assertThat(Recorder.endReadBufferKb(1_000_000_000L, 0, 2)).isEqualTo(16384);
        assertThat(Recorder.endReadBufferKb(12_000_000_000L, 0, 2)).isEqualTo(6 * 16384);
        assertThat(Recorder.endReadBufferKb(60_000_000_000L, 0, 2)).isEqualTo(262144);
        assertThat(Recorder.endReadBufferKb(60_000_000_000L, 1L << 30, 2))
                .isEqualTo(65536); // an eighth of 1 GiB over two CPUs
        assertThat(Recorder.endReadBufferKb(60_000_000_000L, 2L << 30, 8))
                .isEqualTo(32768); // over all eight CPUs, not two
        assertThat(Recorder.endReadBufferKb(60_000_000_000L, 64L << 20, 2)).isEqualTo(16384); // never below the default
    }

    /** Issue 25: on cgroup v1, scenario 10 failed with a bare "Invalid argument"; the refusal is one line that says why and what the recording does instead. */
    @org.junit.jupiter.api.Test
    void cgroupV1RefusesAChildQuotaAboveItsParentsShareAndSaysSo() {
        String no = CgroupFs.v1Refusal("/P/A", 30000, 100000, "/P", 20000, 100000);
        org.assertj.core.api.Assertions.assertThat(no)
                .startsWith(
                        "cgroup v1 refuses /P/A's quota (30000 us every 100000 us) above its ancestor /P's (20000 us every 100000 us)")
                .contains("/P/A is recorded unlimited (v1 holds it to /P's limit)")
                .contains("record on a cgroup v2 host for the scenario as written")
                .doesNotContain("\n");
        org.assertj.core.api.Assertions.assertThat(CgroupFs.v1Refusal("/P/A", 10000, 100000, "/P", 20000, 100000))
                .isNull();
        org.assertj.core.api.Assertions.assertThat(CgroupFs.v1Refusal("/P/A", 30000, 100000, "/P", 20000, 50000))
                .as("a share, not a quota")
                .isNull();
        org.assertj.core.api.Assertions.assertThat(CgroupFs.v1Refusal("/P/A", -1, 100000, "/P", 20000, 100000))
                .as("max inherits")
                .isNull();
    }
}
