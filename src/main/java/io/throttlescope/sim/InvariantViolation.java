package io.throttlescope.sim;

/** A simulator invariant broke; the message names the event after which it was found. */
public final class InvariantViolation extends RuntimeException {
    public InvariantViolation(String message) {
        super(message);
    }
}
