package io.throttlescope.sim;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rcu_sync gate of a percpu_rw_semaphore as kernel/rcu/sync.c runs it (docs/model.md, "9.
 * percpu_rw_semaphore"): GP_IDLE, GP_ENTER, GP_PASSED, GP_EXIT and GP_REPLAY, one grace period
 * ({@code kernel.rcu_gp}, 4 ms here) each. No cgroup is limited: both models give the same numbers.
 */
class RcuSyncTest {
    static final long MS = 1_000_000L, US = 1_000L;

    private static RunResult.LockWait onlyWait(SimRun r, String task) {
        assertThat(r.task(task).lock_waits()).as(task).hasSize(1);
        return r.task(task).lock_waits().get(0);
    }

    @ParameterizedTest
    @EnumSource(Simulator.Model.class)
    void writersWaitForAGracePeriodOnlyFromAnIdleGate(Simulator.Model m) {
        SimRun r = SimRun.resource("/golden/rcu-sync.json", m);
        // W1 at 0: GP_IDLE -> GP_ENTER, synchronize_rcu(): 4 ms in D state, then GP_PASSED; holds L 4-5 ms.
        // Its up_write: gp_count 0, GP_PASSED -> GP_EXIT, call_rcu(): the callback comes at 9 ms.
        assertThat(onlyWait(r, "W1").start_ns()).isZero();
        assertThat(onlyWait(r, "W1").acquired_ns()).isEqualTo(4 * MS);
        // W2 at 7 ms: GP_EXIT is at least GP_PASSED, no wait; the state stays GP_EXIT. Its up_write at 8 ms
        // finds GP_EXIT with the callback still pending: GP_REPLAY.
        assertThat(r.task("W2").lock_waits()).isEmpty();
        // 9 ms, rcu_sync_func(): gp_count 0 and GP_REPLAY: GP_EXIT again and one more grace period, to 13 ms.
        // W3 at 12.5 ms finds GP_EXIT: no wait (a gate back at idle at 12 ms, one grace period after W2's
        // exit, would have made it wait to 16.5 ms).
        assertThat(r.task("W3").lock_waits()).isEmpty();
        // W3 leaves at 13 ms, when the callback comes: in either order one more grace period follows (GP_REPLAY
        // then GP_EXIT, or GP_PASSED then GP_EXIT) and the gate is idle at 17 ms.
        // W4 at 18 ms: the gate is idle: it waits a whole grace period, to 22 ms.
        assertThat(onlyWait(r, "W4").start_ns()).isEqualTo(18 * MS);
        assertThat(onlyWait(r, "W4").acquired_ns()).isEqualTo(22 * MS);
        // W5 at 19 ms finds GP_ENTER: it waits for GP_PASSED (22 ms), then for block, which W4 holds to 23 ms.
        assertThat(r.task("W5").lock_waits().get(0).start_ns()).isEqualTo(19 * MS);
        assertThat(r.task("W5")
                        .lock_waits()
                        .get(r.task("W5").lock_waits().size() - 1)
                        .acquired_ns())
                .isEqualTo(23 * MS);
        assertThat(r.task("W5").syscalls().get(0).exit_ns()).isEqualTo(24 * MS);
    }
}
