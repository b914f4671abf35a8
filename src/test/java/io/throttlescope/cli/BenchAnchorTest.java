package io.throttlescope.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The bench prints its anchor beside the simulator's rate: the same events through a bare heap, and the ratio (issue 28). */
class BenchAnchorTest {
    @Test
    void theBenchSaysHowFarTheSimulatorIsFromABareEventLoop() {
        StringWriter o = new StringWriter(), e = new StringWriter();
        int code = Cli.run(
                new String[] {
                    "bench",
                    "--cpus",
                    "2",
                    "--groups",
                    "1",
                    "--pairs",
                    "1",
                    "--duration",
                    "20ms",
                    "--repeat",
                    "1",
                    "--warmup",
                    "0"
                },
                new PrintWriter(o, true),
                new PrintWriter(e, true));
        assertThat(code).as(e.toString()).isZero();
        String events = o.toString().replaceAll("(?s).*run 1: ([0-9,]+) events.*", "$1");
        assertThat(o.toString())
                .containsPattern("anchor: " + events
                        + " events through a bare binary heap of \\d+ timers, 28 bytes recorded each: "
                        + "[0-9.]+ million events/s; the simulator's best is \\d+% of it, its median \\d+%;"
                        + " run by run: median \\d+%, best \\d+%")
                // each run's own anchor, measured right after it
                .containsPattern(
                        "run 1: " + events + " events in \\d+ ms = [0-9.]+ million events/s, [0-9.]+ bytes/event"
                                + " in the trace; anchor [0-9.]+ million events/s, \\d+%");
    }

    @Test
    void theAnchorRunsEveryEventItIsAskedFor() {
        assertThat(BenchAnchor.rate(200_000, 64, 1)).isPositive().isFinite();
        assertThat(BenchAnchor.rate(1, 1, 1)).isPositive();
    }
}
