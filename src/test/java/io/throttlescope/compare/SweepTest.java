package io.throttlescope.compare;

import io.throttlescope.cli.Cli;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** sweep: one parameter over values, both models at every point. */
class SweepTest {
    static final String SEED = "scenarios/01-seed-story-rwsem-reader.json";

    @Test
    void theQuotaDecidesHowLongTheLegacyWriterWaits() throws Exception {
        List<Sweep.Point> ps = Sweep.run(
                Files.readString(Path.of(SEED)),
                "/G:cpu.max",
                List.of("10000 100000", "50000 100000"),
                Pattern.compile("task W longest_lock_wait"),
                1,
                2);
        assertThat(ps).hasSize(2);
        assertThat(ps.get(0).legacy().get("task W longest_lock_wait_ms").mean())
                .isEqualTo(84.1, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(ps.get(0).task().get("task W longest_lock_wait_ms").mean()).isZero();
        // with 50 ms a period /G is not throttled when R is handed the lock: R, woken while delayed (its requeue
        // charges nothing, requeue_delayed_entity()), runs at the 16 ms tick and releases at 16.1 ms, before W asks at
        // 20 ms
        assertThat(ps.get(1).legacy().get("task W longest_lock_wait_ms").mean()).isZero();
    }

    @Test
    void parametersNameCgroupFilesKernelKeysAndSteps() throws Exception {
        String json = Files.readString(Path.of(SEED));
        assertThat(Sweep.with(json, "kernel.hz", "1000")).contains("\"hz\":1000");
        // steps count from 1, as What if? names them ("step 1.2"): task.R.2 is R's second step
        assertThat(Sweep.with(json, "task.R.2", "3ms")).contains("{\"user\":\"3ms\"}");
        assertThat(Sweep.with(json, "task.R.1.2", "200us")).contains("{\"kernel\":\"200us\"}");
        assertThat(Sweep.with(json, "/G:cpu.max.burst", "5000")).contains("\"cpu.max.burst\":\"5000\"");
        assertThatThrownBy(() -> Sweep.with(json, "task.R.1", "1ms"))
                .hasMessageContaining("not a step with a duration");
        assertThatThrownBy(() -> Sweep.with(json, "task.R.0", "1ms")).hasMessageContaining("steps count from 1");
        // one naming: every step parameter's id holds the numbers its What if? label shows
        for (var p : io.throttlescope.scenario.ScenarioParams.of(json)) {
            if (!p.id().startsWith("task.")) continue;
            String numbers = p.id().substring(p.id().indexOf('.', 5) + 1);
            assertThat(p.label()).startsWith("step " + numbers + ": ");
        }
        assertThatThrownBy(() -> Sweep.with(json, "nonsense", "1")).hasMessageContaining("a parameter is");
    }

    @Test
    void theCommandPrintsCsvAndRefusesBadValues() {
        StringWriter o = new StringWriter(), e = new StringWriter();
        int code = Cli.run(
                new String[] {
                    "sweep",
                    SEED,
                    "--param",
                    "/G:cpu.max",
                    "--values",
                    "10000 100000,20000 100000",
                    "--csv",
                    "--metric",
                    "task W longest_lock_wait"
                },
                new PrintWriter(o, true),
                new PrintWriter(e, true));
        assertThat(code).isZero();
        assertThat(o.toString())
                .startsWith("value,metric,model,mean,sd\n")
                .contains("\"10000 100000\",\"task W longest_lock_wait_ms\",legacy,84.1");
        StringWriter o2 = new StringWriter(), e2 = new StringWriter();
        int bad = Cli.run(
                new String[] {"sweep", SEED, "--param", "/G:cpu.max", "--values", "500 100000"},
                new PrintWriter(o2, true),
                new PrintWriter(e2, true));
        assertThat(bad).isEqualTo(1);
        assertThat(e2.toString().strip().lines()).singleElement().asString().contains("below the kernel's minimum");
    }
}
