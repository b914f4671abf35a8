package io.throttlescope.trace;

import io.throttlescope.sim.EventKind;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Every column reads back what was recorded, across the first chunk's growth and the chunks after it. */
class TraceColumnsTest {
    @Test
    void readsBackEveryRowAcrossChunks() {
        int n = Trace.chunkRows() * 2 + 12_345;
        Trace tr = new Trace();
        EventKind[] kinds = EventKind.values();
        SplittableRandom rng = new SplittableRandom(5);
        long[] t = new long[n], a = new long[n], b = new long[n];
        int[] k = new int[n], c = new int[n], task = new int[n], g = new int[n], x = new int[n];
        long now = 0;
        for (int i = 0; i < n; i++) {
            now += rng.nextInt(3);
            t[i] = now;
            k[i] = rng.nextInt(kinds.length);
            c[i] = rng.nextInt(-1, 4096);
            task[i] = rng.nextInt(-1, 1 << 30);
            g[i] = rng.nextInt(100) == 0 ? 70_000 + i : rng.nextInt(-1, 65_000); // a few wide indexes
            x[i] = rng.nextInt(100) == 0 ? -5 : rng.nextInt(-1, 65_000);
            a[i] = rng.nextLong();
            b[i] = rng.nextInt(4) == 0 ? rng.nextLong() : 0;
            tr.event(t[i], kinds[k[i]], c[i], task[i], g[i], x[i], a[i], b[i]);
        }
        assertThat(tr.size()).isEqualTo(n);
        for (int i = 0; i < n; i++) {
            assertThat(tr.time(i)).as("time %d", i).isEqualTo(t[i]);
            assertThat(tr.kind(i)).as("kind %d", i).isEqualTo(kinds[k[i]]);
            assertThat(tr.cpu(i)).as("cpu %d", i).isEqualTo(c[i]);
            assertThat(tr.task(i)).as("task %d", i).isEqualTo(task[i]);
            assertThat(tr.group(i)).as("group %d", i).isEqualTo(g[i]);
            assertThat(tr.text(i)).as("text %d", i).isEqualTo(x[i]);
            assertThat(tr.argA(i)).as("a %d", i).isEqualTo(a[i]);
            assertThat(tr.argB(i)).as("b %d", i).isEqualTo(b[i]);
        }
        assertThat(tr.firstAtOrAfter(t[n / 2])).isLessThanOrEqualTo(n / 2);
        assertThat(tr.bytesPerEvent()).isBetween(28.0, 60.0);
    }
}
