package io.throttlescope.realtrace;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

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

    static final int BATCH = 2048;
    /** Batches read ahead at most: a few thousand lines, so the memory a reading holds stays small. */
    static final int QUEUED = 8;

    private record Batch(Object[] items, int n) {}

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
        BlockingQueue<Object> queue = new ArrayBlockingQueue<>(QUEUED);
        AtomicBoolean stop = new AtomicBoolean();
        Thread reader = new Thread(
                () -> {
                    Object last = END;
                    Object[][] batch = {new Object[BATCH]};
                    int[] n = {0};
                    try {
                        reading.run(x -> {
                            batch[0][n[0]++] = x;
                            if (n[0] == BATCH) {
                                hand(queue, new Batch(batch[0], BATCH), stop);
                                batch[0] = new Object[BATCH];
                                n[0] = 0;
                            }
                        });
                    } catch (Stopped e) {
                        return;
                    } catch (Throwable e) { // handed over to be thrown where the reading was asked for
                        last = e;
                    }
                    try {
                        if (n[0] > 0) hand(queue, new Batch(batch[0], n[0]), stop); // what came before a failure too
                        hand(queue, last, stop);
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
        try {
            while (true) {
                Object o = queue.poll(100, TimeUnit.MILLISECONDS);
                if (o == null) {
                    if (reader.isAlive() || !queue.isEmpty()) continue;
                    throw new IOException("the trace's reading stopped without an end or an error (out of memory?)");
                }
                if (o == END) break;
                if (o instanceof Throwable e) throw e;
                Batch b = (Batch) o;
                for (int i = 0; i < b.n(); i++) into.accept((T) b.items()[i]);
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

    /** Puts o on the queue, waiting while it is full, unless the caller has stopped taking. */
    private static void hand(BlockingQueue<Object> queue, Object o, AtomicBoolean stop) {
        try {
            do {
                if (stop.get()) throw new Stopped();
            } while (!queue.offer(o, 20, TimeUnit.MILLISECONDS));
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
