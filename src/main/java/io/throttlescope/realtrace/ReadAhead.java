package io.throttlescope.realtrace;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A reading on a thread of its own, handed to the caller's thread in order, in batches: the text of
 * a trace is split into lines and parsed there while the caller imports the lines before them, so
 * the two halves of the work share the machine's cores (docs/performance.md). What the reading
 * throws (a failed read, a cancelled import's exception from its progress) is thrown in the caller's
 * thread as it was thrown; what the caller throws, or an interrupt of the caller, stops the reading
 * at once (the reading thread is interrupted), and a reading thread that ends without a word (out of
 * memory twice) is an error, not a wait.
 */
final class ReadAhead {
    private ReadAhead() {}

    /** A reading that gives each item it reads to out, in order. */
    interface Reading<T> {
        void run(Consumer<T> out) throws IOException;
    }

    /** Where a prepared reading puts what it reads: an item as it is, or one to be prepared first. */
    interface Out {
        /** An item as it is. */
        void item(Object x);

        /** An item that a {@link Preparer} makes ready (a line to parse), num its number (0 or more, a line's). */
        void raw(int num, Object x);
    }

    /** A reading whose items are prepared (parsed) by whichever thread comes to them first. */
    interface PreparedReading {
        void run(Out out) throws IOException;
    }

    /**
     * Makes a raw item ready, on either thread: one per thread (its own caches), touching nothing the
     * other thread touches. Whatever depends on order is done where the items are taken, in order.
     */
    interface Preparer {
        Object prepare(int num, Object raw);
    }

    static final int BATCH = 2048;
    /** Batches read ahead at most: a few thousand lines, so the memory a reading holds stays small. */
    static final int QUEUED = 8;

    private static final int READY = 0, RAW = 1, CLAIMED = 2;

    /**
     * Items in order; while raw, nums[i] is item i's number, or -1 for an item that is ready as it is.
     * Prepared by the first thread to claim it (state RAW to CLAIMED); failedAt is the item whose
     * preparing threw (failure), the items before it are given.
     */
    private static final class Batch {
        final Object[] items = new Object[BATCH];
        final int[] nums;
        int n, failedAt = -1;
        Throwable failure;
        /** Whether an item is raw: the batch is RAW from its hand-over (one volatile write a batch, not a line). */
        boolean raw;

        final AtomicInteger state;

        Batch(boolean prepared) {
            nums = prepared ? new int[BATCH] : null;
            state = new AtomicInteger(READY);
        }
    }

    private static final Object END = new Object();

    /** Thrown inside the reading when the caller has stopped taking. */
    private static final class Stopped extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Stopped() {
            super(null, null, false, false);
        }
    }

    /** Runs reading on a thread named name and gives what it reads to into, on this thread, in order. */
    @SuppressWarnings("unchecked")
    static <T> void run(String name, Reading<T> reading, Consumer<T> into) throws IOException {
        run(name, out -> reading.run(x -> out.item(x)), null, x -> into.accept((T) x));
    }

    /**
     * As {@link #run(String, Reading, Consumer)}, the raw items made ready by preparers' (one for each
     * thread): by the reading thread when the caller is behind (the queue full: the newest batch first,
     * so that the caller rarely waits for one), by the caller when it comes to a batch not yet taken. So
     * the parse goes to whichever thread has time: the caller's in a reading whose caller only counts,
     * the reading thread's in one whose caller imports (docs/performance.md).
     */
    static void run(String name, PreparedReading reading, Supplier<Preparer> preparers, Consumer<Object> into)
            throws IOException {
        BlockingQueue<Object> queue = new ArrayBlockingQueue<>(QUEUED);
        AtomicBoolean stop = new AtomicBoolean();
        boolean prepared = preparers != null;
        Thread reader = new Thread(
                () -> {
                    Object last = END;
                    Preparer mine = null;
                    try { // made before any batch is claimed: a batch claimed is always prepared
                        if (prepared) mine = preparers.get();
                    } catch (Throwable e) {
                        last = e;
                    }
                    Preparer own = mine;
                    Helper help = own != null ? b -> prepare(b, own) : null;
                    Batch[] batch = {new Batch(prepared)};
                    try {
                        if (last == END)
                            reading.run(new Out() {
                                @Override
                                public void item(Object x) {
                                    add(x, -1);
                                }

                                @Override
                                public void raw(int num, Object x) {
                                    add(x, num);
                                }

                                private void add(Object x, int num) {
                                    Batch b = batch[0];
                                    b.items[b.n] = x;
                                    if (b.nums != null) {
                                        b.nums[b.n] = num;
                                        if (num >= 0) b.raw = true;
                                    }
                                    if (++b.n == BATCH) {
                                        hand(queue, b, stop, help);
                                        batch[0] = new Batch(prepared);
                                    }
                                }
                            });
                    } catch (Stopped e) {
                        return;
                    } catch (Throwable e) { // handed over to be thrown where the reading was asked for
                        last = e;
                    }
                    try {
                        if (batch[0].n > 0) hand(queue, batch[0], stop, help); // what came before a failure too
                        hand(queue, last, stop, help);
                        if (help != null)
                            while (helpNewest(queue, help))
                                ; // the last batches, beside the caller
                    } catch (Stopped e) {
                        // the caller has gone: nobody waits for the end
                    } catch (Throwable e) { // (out of memory again): the caller sees this thread end without a word
                        stop.set(true);
                    }
                },
                name);
        reader.setDaemon(true);
        reader.start();
        boolean done = false;
        Preparer mine = null;
        try {
            while (true) {
                Object o = queue.poll(100, TimeUnit.MILLISECONDS);
                if (o == null) {
                    if (reader.isAlive() || !queue.isEmpty()) continue;
                    throw stoppedWithoutAWord();
                }
                if (o == END) break;
                if (o instanceof Throwable e) throw e;
                Batch b = (Batch) o;
                if (b.state.get() != READY) {
                    if (mine == null) mine = preparers.get(); // before a claim: a batch claimed is always prepared
                    if (b.state.compareAndSet(RAW, CLAIMED)) prepare(b, mine);
                    else awaitReady(b, reader);
                }
                int upTo = b.failedAt >= 0 ? b.failedAt : b.n;
                for (int i = 0; i < upTo; i++) into.accept(b.items[i]);
                if (b.failure != null) throw b.failure;
            }
            done = true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("the reading was interrupted");
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IOException(e);
        } finally {
            if (!done) { // stopped here (a failure, a cancelled import's interrupt): the reading stops now too
                stop.set(true);
                queue.clear();
                reader.interrupt(); // a read of the file in progress ends at once (an interruptible channel)
            }
            join(reader);
        }
    }

    private static IOException stoppedWithoutAWord() {
        return new IOException("the trace's reading stopped without an end or an error (out of memory?)");
    }

    /** Prepares the claimed batch b's raw items with p, then says it is ready. */
    private static void prepare(Batch b, Preparer p) {
        int i = 0;
        try {
            for (; i < b.n; i++) if (b.nums[i] >= 0) b.items[i] = p.prepare(b.nums[i], b.items[i]);
        } catch (Throwable e) { // given where the batch is taken, after the items before it
            b.failedAt = i;
            b.failure = e;
        } finally {
            b.state.set(READY);
            synchronized (b) {
                b.notifyAll();
            }
        }
    }

    /** Waits for the reading thread to finish preparing b (or to end without doing so: an error, not a wait). */
    private static void awaitReady(Batch b, Thread reader) throws InterruptedException, IOException {
        synchronized (b) {
            while (b.state.get() != READY) {
                b.wait(100);
                if (b.state.get() != READY && !reader.isAlive()) throw stoppedWithoutAWord();
            }
        }
    }

    /** The reading thread's help: prepares a batch it claims. */
    private interface Helper {
        void prepare(Batch b);
    }

    /** Claims and prepares the newest raw batch in the queue; false if there was none. */
    private static boolean helpNewest(BlockingQueue<Object> queue, Helper help) {
        Batch newest = null;
        for (Object o : queue) if (o instanceof Batch b && b.state.get() == RAW) newest = b;
        if (newest == null || !newest.state.compareAndSet(RAW, CLAIMED)) return newest != null;
        help.prepare(newest);
        return true;
    }

    /**
     * Puts o on the queue, waiting while it is full, unless the caller has stopped taking. While it is
     * full, the reading thread prepares raw batches (help, if not null): o itself first, then the newest
     * in the queue.
     */
    private static void hand(BlockingQueue<Object> queue, Object o, AtomicBoolean stop, Helper help) {
        if (o instanceof Batch b && b.raw) b.state.set(RAW);
        try {
            while (true) {
                if (stop.get()) throw new Stopped();
                if (help != null) {
                    if (queue.offer(o)) return;
                    if (o instanceof Batch b && b.state.compareAndSet(RAW, CLAIMED)) help.prepare(b);
                    else if (!helpNewest(queue, help) && queue.offer(o, 20, TimeUnit.MILLISECONDS)) return;
                } else if (queue.offer(o, 20, TimeUnit.MILLISECONDS)) return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UncheckedIOException(new InterruptedIOException("the reading was interrupted"));
        }
    }

    private static void join(Thread reader) {
        boolean interrupted = false;
        while (true) {
            try {
                reader.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }
}
