package io.throttlescope.realtrace;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

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
        // a reading that ran on would keep the caller in its join: a failure after 20 s, not a hang
        assertTimeoutPreemptively(
                Duration.ofSeconds(20),
                () -> assertThatThrownBy(() -> ReadAhead.<Long>run(
                                "test-reader",
                                out -> {
                                    for (long i = 0; i < 1_000_000_000L; i++) {
                                        read.incrementAndGet();
                                        out.accept(i);
                                    }
                                },
                                x -> {
                                    // the worst case, which a loaded machine made once: the caller comes to its first
                                    // item late, when the reading has filled the queue and waits to hand the next batch
                                    if (x == 0) sleepQuietly(300);
                                    if (x == 100) throw stop;
                                }))
                        .isSameAs(stop));
        // the reading stopped at its next batch: at most the batch the caller took, the QUEUED batches
        // queued, the one waiting at the hand-over (which the queue's clearing lets in) and the one it
        // fills after that, whose hand-over sees the stop; exactly that many in the worst case above
        assertThat(read.get()).isLessThanOrEqualTo((long) ReadAhead.BATCH * (ReadAhead.QUEUED + 3));
    }

    private static void sleepQuietly(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The review: a reading blocked between items (a stalled mount, lines that are not events) ran on after the caller failed. */
    @Test
    void aReadingBlockedBetweenItemsStopsWhenTheCallerFails() {
        IllegalStateException stop = new IllegalStateException("the import failed");
        assertTimeoutPreemptively(
                Duration.ofSeconds(20),
                () -> assertThatThrownBy(() -> ReadAhead.<Integer>run(
                                "test-reader",
                                out -> {
                                    for (int i = 0; i < ReadAhead.BATCH; i++) out.accept(i); // one batch handed over
                                    try {
                                        Thread.sleep(Long.MAX_VALUE); // then a read that does not return
                                    } catch (InterruptedException e) {
                                        throw new java.io.InterruptedIOException("interrupted");
                                    }
                                },
                                x -> {
                                    throw stop;
                                }))
                        .isSameAs(stop));
    }

    /** A cancelled import interrupts the thread that waits for the lines: it stops waiting, and the reading stops. */
    @Test
    void anInterruptOfTheCallerStopsTheWaitAndTheReading() throws Exception {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        AtomicBoolean readingStopped = new AtomicBoolean();
        Thread caller = new Thread(() -> {
            try {
                ReadAhead.<Integer>run(
                        "test-reader",
                        out -> {
                            try {
                                Thread.sleep(Long.MAX_VALUE); // a read that does not return
                            } catch (InterruptedException e) {
                                readingStopped.set(true);
                                throw new java.io.InterruptedIOException("interrupted");
                            }
                        },
                        x -> {});
            } catch (Throwable e) {
                thrown.set(e);
            }
        });
        caller.start();
        Thread.sleep(300);
        caller.interrupt();
        caller.join(20_000);
        assertThat(caller.isAlive()).isFalse();
        assertThat(thrown.get()).isInstanceOf(java.io.InterruptedIOException.class);
        assertThat(readingStopped).isTrue();
    }

    /**
     * The review: a reading thread that ends without handing its end or its error (its last hand-over
     * failing as well: out of memory twice, or, as here, an interrupt of its own) left the caller
     * waiting for ever. It is an error now.
     */
    @Test
    void aReadingThreadThatEndsWithoutAWordIsAnErrorNotAWait() {
        assertTimeoutPreemptively(
                Duration.ofSeconds(20),
                () -> assertThatThrownBy(() -> ReadAhead.<Integer>run(
                                "test-reader",
                                out -> {
                                    Thread.currentThread().interrupt(); // every hand-over fails from here on
                                    for (int i = 0; i < ReadAhead.BATCH; i++) out.accept(i);
                                },
                                x -> {}))
                        .isInstanceOf(IOException.class)
                        .hasMessageContaining("stopped without an end or an error"));
    }

    /** A prepared reading (issue 28: the parse on whichever thread has time): each raw item prepared once, in order. */
    @Test
    void rawItemsArePreparedOnceAndGivenInOrder() throws IOException {
        int n = 10 * ReadAhead.BATCH * ReadAhead.QUEUED + 17;
        List<Object> got = new ArrayList<>();
        java.util.concurrent.ConcurrentHashMap<Thread, java.util.Set<ReadAhead.Preparer>> byThread =
                new java.util.concurrent.ConcurrentHashMap<>();
        java.util.concurrent.atomic.AtomicInteger prepared = new java.util.concurrent.atomic.AtomicInteger();
        ReadAhead.run(
                "test-reader",
                out -> {
                    for (int i = 0; i < n; i++) {
                        if (i % 3 == 0) out.item("as it is " + i);
                        else out.raw(i, i);
                    }
                },
                () -> new ReadAhead.Preparer() {
                    @Override
                    public Object prepare(int num, Object raw) {
                        byThread.computeIfAbsent(
                                        Thread.currentThread(), t -> java.util.concurrent.ConcurrentHashMap.newKeySet())
                                .add(this);
                        prepared.incrementAndGet();
                        return "prepared " + num + " " + raw;
                    }
                },
                got::add);
        assertThat(got).hasSize(n);
        for (int i = 0; i < n; i++)
            assertThat(got.get(i)).isEqualTo(i % 3 == 0 ? "as it is " + i : "prepared " + i + " " + i);
        assertThat(prepared.get()).isEqualTo(n - (n + 2) / 3);
        // each thread used a preparer of its own, and one only
        byThread.values().forEach(set -> assertThat(set).hasSize(1));
        assertThat(byThread.values().stream()
                        .flatMap(java.util.Set::stream)
                        .distinct()
                        .count())
                .isEqualTo(byThread.size());
    }

    /** A caller that is behind: the reading thread prepares batches (the queue full, it has time). */
    @Test
    void aReadingThreadWithTimePreparesWhileTheCallerIsBehind() {
        java.util.concurrent.CountDownLatch readerPrepared = new java.util.concurrent.CountDownLatch(1);
        Prepared p = prepared(
                out -> {
                    for (int i = 0; i < ReadAhead.BATCH * (ReadAhead.QUEUED + 4); i++) out.raw(i, i);
                },
                () -> {
                    if (Thread.currentThread().getName().equals("test-reader")) readerPrepared.countDown();
                },
                x -> {
                    try { // the caller takes its first item only once the reading thread has prepared a batch
                        readerPrepared.await();
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                });
        assertThat(p.callers()).hasSize(1);
        assertThat(p.preparers().stream().map(Thread::getName)).contains("test-reader");
    }

    /** A reading thread that is blocked (a slow disk): the caller prepares the batches it comes to itself. */
    @Test
    void theCallerPreparesWhatTheReadingThreadHasNotTaken() {
        java.util.concurrent.CountDownLatch allTaken = new java.util.concurrent.CountDownLatch(3 * ReadAhead.BATCH);
        Prepared p = prepared(
                out -> {
                    for (int i = 0; i < 3 * ReadAhead.BATCH; i++) out.raw(i, i); // three batches handed over
                    try {
                        allTaken.await(); // then the reading waits: the queue is never full
                    } catch (InterruptedException e) {
                        throw new java.io.InterruptedIOException("interrupted");
                    }
                },
                () -> {},
                x -> allTaken.countDown());
        assertThat(p.callers()).hasSize(1);
        assertThat(p.preparers()).isEqualTo(p.callers());
    }

    /**
     * The review: a batch the reading thread is preparing when the caller comes to it (the reading thread
     * slow at it): the caller waits for it, and every item comes prepared once, in order.
     */
    @Test
    void aBatchBeingPreparedIsWaitedForNotTakenRaw() {
        int n = ReadAhead.BATCH * (ReadAhead.QUEUED + 6);
        java.util.concurrent.CountDownLatch readerPreparing = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicInteger prepared = new java.util.concurrent.atomic.AtomicInteger();
        List<Object> got = new ArrayList<>();
        assertTimeoutPreemptively(
                Duration.ofSeconds(30),
                () -> ReadAhead.run(
                        "test-reader",
                        out -> {
                            for (int i = 0; i < n; i++) out.raw(i, i);
                        },
                        () -> (num, raw) -> {
                            prepared.incrementAndGet();
                            if (Thread.currentThread().getName().equals("test-reader") && num % ReadAhead.BATCH == 0) {
                                readerPreparing.countDown();
                                try {
                                    Thread.sleep(20); // slow at each batch: the caller catches up with it
                                } catch (InterruptedException e) {
                                    Thread.currentThread().interrupt();
                                }
                            }
                            return -1 - (Integer) raw;
                        },
                        x -> {
                            if (got.isEmpty()) {
                                try { // the caller starts once the reading thread is at a batch
                                    readerPreparing.await();
                                } catch (InterruptedException e) {
                                    throw new IllegalStateException(e);
                                }
                            }
                            got.add(x);
                        }));
        assertThat(got).hasSize(n);
        for (int i = 0; i < n; i++) assertThat(got.get(i)).isEqualTo(-1 - i);
        assertThat(prepared.get()).isEqualTo(n);
    }

    /** The review: a reading thread whose preparer cannot be made (out of memory) fails the reading; it does not hang it. */
    @Test
    void aPreparerThatCannotBeMadeFailsTheReading() {
        IllegalStateException none = new IllegalStateException("no memory for a preparer");
        assertTimeoutPreemptively(
                Duration.ofSeconds(20),
                () -> assertThatThrownBy(() -> ReadAhead.run(
                                "test-reader",
                                out -> {
                                    for (int i = 0; i < ReadAhead.BATCH * (ReadAhead.QUEUED + 4); i++) out.raw(i, i);
                                },
                                () -> {
                                    if (Thread.currentThread().getName().equals("test-reader")) throw none;
                                    return (num, raw) -> raw;
                                },
                                x -> {}))
                        .isSameAs(none));
    }

    /** The threads that took the items and the threads that prepared them. */
    private record Prepared(java.util.Set<Thread> callers, java.util.Set<Thread> preparers) {}

    /** Runs reading (within 20 s), each raw item prepared as it is after onPrepare, each taken by into. */
    private static Prepared prepared(
            ReadAhead.PreparedReading reading, Runnable onPrepare, java.util.function.Consumer<Object> into) {
        Prepared p = new Prepared(
                java.util.concurrent.ConcurrentHashMap.newKeySet(), java.util.concurrent.ConcurrentHashMap.newKeySet());
        assertTimeoutPreemptively(
                Duration.ofSeconds(20),
                () -> ReadAhead.run(
                        "test-reader",
                        reading,
                        () -> (num, raw) -> {
                            p.preparers().add(Thread.currentThread());
                            onPrepare.run();
                            return raw;
                        },
                        x -> {
                            p.callers().add(Thread.currentThread());
                            into.accept(x);
                        }));
        return p;
    }

    /** What a preparer throws is thrown as it was, after the items before it (those of its batch included). */
    @Test
    void whatAPreparerThrowsIsThrownAfterWhatCameBefore() {
        IllegalArgumentException bad = new IllegalArgumentException("a line the parser chokes on");
        int at = 3 * ReadAhead.BATCH + 100;
        List<Object> got = new ArrayList<>();
        assertThatThrownBy(() -> ReadAhead.run(
                        "test-reader",
                        out -> {
                            for (int i = 0; i < 10 * ReadAhead.BATCH; i++) out.raw(i, i);
                        },
                        () -> (num, raw) -> {
                            if (num == at) throw bad;
                            return raw;
                        },
                        got::add))
                .isSameAs(bad);
        assertThat(got).hasSize(at);
    }
}
