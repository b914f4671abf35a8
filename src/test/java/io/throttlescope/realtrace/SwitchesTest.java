package io.throttlescope.realtrace;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The switch table of the first pass: cut to size after it, and still growing after that (a file read again). */
class SwitchesTest {
    private static TraceLine line(int k) {
        return TraceLine.parse(
                k,
                "           T-12 [000] d..2. " + (100 + k)
                        + ".000001: sched_switch: prev_comm=T prev_pid=12 prev_prio=120"
                        + " prev_state=R ==> next_comm=U next_pid=13 next_prio=120");
    }

    /** The review found that trim() could cut the columns to 0, after which growing by half stayed at 0 and the next switch threw. */
    @Test
    void aTableCutToSizeStillGrows() {
        Switches s = new Switches();
        s.trim();
        assertThat(s.ts).isEmpty();
        for (int k = 0; k < 100; k++) s.add(line(k));
        assertThat(s.size).isEqualTo(100);
        s.trim();
        assertThat(s.ts).hasSize(100);
        s.add(line(100));
        assertThat(s.size).isEqualTo(101);
        assertThat(s.prevPid[100]).isEqualTo(12);
        assertThat(s.nextPid[100]).isEqualTo(13);
        assertThat(s.prevRunnable[100]).isTrue();
        assertThat(s.ts[100]).isEqualTo(200_000_001_000L);
    }
}
