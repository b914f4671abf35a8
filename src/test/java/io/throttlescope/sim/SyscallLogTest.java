package io.throttlescope.sim;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The syscall log reads back every entry and exit, across the first chunk's growth and the chunks after it. */
class SyscallLogTest {
    @Test
    void readsBackAcrossChunks() {
        SyscallLog log = new SyscallLog();
        int n = SyscallLog.chunkRows() * 2 + 777;
        for (int i = 0; i < n; i++) {
            assertThat(log.enter(i % 1000, i % 7, 10L * i)).isEqualTo(i);
            if (i % 3 != 0) log.exit(i, 10L * i + 5);
        }
        assertThat(log.size()).isEqualTo(n);
        for (int i = 0; i < n; i++) {
            assertThat(log.task(i)).isEqualTo(i % 1000);
            assertThat(log.name(i)).isEqualTo(i % 7);
            assertThat(log.enterNs(i)).isEqualTo(10L * i);
            assertThat(log.exitNs(i)).as("exit %d", i).isEqualTo(i % 3 != 0 ? 10L * i + 5 : -1);
        }
    }
}
