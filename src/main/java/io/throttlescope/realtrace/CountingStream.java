package io.throttlescope.realtrace;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.LongConsumer;

/** Counts the bytes read from the file (before gunzip) and says so every 4 MiB. */
final class CountingStream extends FilterInputStream {
    private final LongConsumer said;
    private long n, next = 4L << 20;

    CountingStream(InputStream in, LongConsumer said) {
        super(in);
        this.said = said;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) add(1);
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int got = super.read(b, off, len);
        if (got > 0) add(got);
        return got;
    }

    private void add(long k) {
        n += k;
        if (n >= next) {
            next = n + (4L << 20);
            said.accept(n);
        }
    }
}
