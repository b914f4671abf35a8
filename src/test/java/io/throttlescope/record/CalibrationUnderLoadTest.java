package io.throttlescope.record;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 25: a "50 ms" step did 30.8 ms of work when the worker calibrated on a busy machine, because
 * its busy loop was timed in wall time and the time it waited for a CPU counted as work. Calibrated in
 * the thread's CPU time, the rate is the same with every core busy with other work as without it.
 */
class CalibrationUnderLoadTest {
    @Test
    void aBusyMachineDoesNotShrinkTheWorkOfAStep() throws InterruptedException {
        double quiet = Math.max(Worker.loopRate(), Worker.loopRate());
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> load = new ArrayList<>();
        int n = Runtime.getRuntime().availableProcessors()
                + 1; // more busy threads than CPUs: the calibration waits its turn
        for (int i = 0; i < n; i++) {
            Thread t = new Thread(
                    () -> {
                        long x = 0;
                        while (!stop.get()) x += System.nanoTime() & 1;
                        if (x == 42) System.out.print("");
                    },
                    "load-" + i);
            t.setDaemon(true);
            t.start();
            load.add(t);
        }
        try {
            Thread.sleep(50);
            double busy = Worker.loopRate();
            assertThat(busy / quiet)
                    .as("loop rate under load over the quiet one (%.3g / %.3g)", busy, quiet)
                    .isGreaterThan(0.85);
        } finally {
            stop.set(true);
            for (Thread t : load) t.join();
        }
    }
}
