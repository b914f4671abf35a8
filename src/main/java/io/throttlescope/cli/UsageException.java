package io.throttlescope.cli;

/** A usage error found while a command runs (a cursor past the end, a bad value): one line, exit 2. */
public final class UsageException extends RuntimeException {
    public UsageException(String message) {
        super(message);
    }
}
