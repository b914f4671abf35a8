package io.throttlescope.realtrace;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The trace's reading on a thread of its own: every item in order, its failures thrown as they were, stopped by the caller's. */
class ReadAheadTest {
    @Test
    void everyItemArrivesInOrderOnTheCallersThread() throws IOException {
        int n = 10 * ReadAhead.BATCH * ReadAhead.QUEUED + 17; // many batches, more than the queue holds, a partial last
        List<Integer> got = new ArrayList<>();
        Thread caller = Thread.currentThread();
        List<Thread> seen = new ArrayList<>();
        ReadAhead.<Integer>run(
                "test-reader",
                out -> {
                    for (int i = 0; i < n; i++) out.accept(i);
                },
                x -> {
                    if (seen.isEmpty()) seen.add(Thread.currentThread());
                    got.add(x);
                });
        assertThat(got).hasSize(n);
        for (int i = 0; i < n; i++) assertThat(got.get(i)).isEqualTo(i);
        assertThat(seen).containsExactly(caller);
    }

    @Test
    void whatTheReadingThrowsIsThrownAsItWasAfterWhatCameBefore() {
        IOException cut = new IOException("a cut gzip file");
        CancellationException cancelled = new CancellationException("a newer file was opened");
        for (Exception thrown : new Exception[] {cut, cancelled}) {
            List<Integer> got = new ArrayList<>();
            assertThatThrownBy(() -> ReadAhead.<Integer>run(
                            "test-reader",
                            out -> {
                                for (int i = 0; i < 5000; i++) out.accept(i);
                                if (thrown instanceof IOException io) throw io;
                                throw (RuntimeException) thrown;
                            },
                            got::add))
                    .isSameAs(thrown);
            assertThat(got).hasSize(5000);
        }
    }

    @Test
    void aFailureOfTheCallerStopsTheReading() {
        AtomicLong read = new AtomicLong();
        IllegalStateException stop = new IllegalStateException("the import failed");
        assertThatThrownBy(() -> ReadAhead.<Long>run(
                        "test-reader",
                        out -> {
                            for (long i = 0; i < 1_000_000_000L; i++) {
                                read.incrementAndGet();
                                out.accept(i);
                            }
                        },
                        x -> {
                            if (x == 100) throw stop;
                        }))
                .isSameAs(stop);
        // the reading stopped at its next batch: it got at most the batches queued and the one being filled past the
        // failure
        assertThat(read.get()).isLessThan((long) ReadAhead.BATCH * (ReadAhead.QUEUED + 3));
    }
}
