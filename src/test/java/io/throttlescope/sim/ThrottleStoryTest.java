package io.throttlescope.sim;

import org.junit.jupiter.api.Test;

import static io.throttlescope.sim.EventKind.*;
import static org.assertj.core.api.Assertions.assertThat;

/** The story the app exists to show, as event sequences of the percpu_rwsem reader R (GB8). */
class ThrottleStoryTest {
    static final long MS = 1_000_000L;

    @Test
    void taskBasedModelParksTheReaderAtItsReturnToUser() {
        SimRun r = SimRun.resource("/golden/gb8.json", Simulator.Model.TASK);
        // R is granted the read lock while /G is throttled, is picked, gets the task work, runs its
        // critical section in the kernel, returns to user, is parked, and is unparked at unthrottle
        assertThat(r.story("R", PICK, SWITCH, PREEMPT, LOCK_WAIT, BLOCK, SYSCALL_ENTER, START, EXIT))
                .containsSubsequence(
                        "lock_acquire@" + 15 * MS,
                        "wake@" + 15 * MS,
                        "task_work_added@" + 15 * MS,
                        "lock_release@" + (15 * MS + 100_000),
                        "syscall_exit@" + (15 * MS + 100_000),
                        "parked@" + (15 * MS + 100_000),
                        "unparked@" + 100 * MS);
        // it ran in the kernel while its group was throttled: the group went into debt
        int i = r.trace.firstAtOrAfter(100 * MS);
        while (r.trace.kind(i) != DISTRIBUTE) i++;
        assertThat(r.trace.argA(i)).isEqualTo(100_000 + 1);
        assertThat(r.task("R").parked_ns()).isEqualTo(85 * MS - 100_000);
        assertThat(r.task("R").throttled_ns()).isZero();
    }

    @Test
    void legacyModelStopsTheWholeGroupAtTheThrottle() {
        SimRun r = SimRun.resource("/golden/gb8.json", Simulator.Model.LEGACY);
        // H is taken off the CPU at the throttle itself, without any task work
        assertThat(r.first(THROTTLE, null)).isEqualTo(10 * MS);
        assertThat(r.story("H", PICK, SLICE_PULL)).contains("preempt@" + 10 * MS);
        assertThat(r.times(TASK_WORK_ADDED, null)).isEmpty();
        assertThat(r.times(PARKED, null)).isEmpty();
        // R is woken with the lock at 15 but held off: no switch to R before the unthrottle at 100
        // (H, tied with R and queued first, runs until its slice end is seen at the tick at 104)
        assertThat(r.story("R", PICK, LOCK_WAIT, BLOCK, SYSCALL_ENTER, START, EXIT, PREEMPT))
                .containsSubsequence(
                        "lock_acquire@" + 15 * MS,
                        "wake@" + 15 * MS,
                        "switch@" + 104 * MS,
                        "lock_release@" + (104 * MS + 100_000));
        assertThat(r.task("R").throttled_ns()).isEqualTo(85 * MS);
    }
}
