package io.throttlescope.trace;

/** Lanes built by hand for tests outside this package (a lane is built by the index, never by hand elsewhere). */
public final class SlicesAccess {
    private SlicesAccess() {}

    public static void add(Slices s, long start, long end, int value, int detail) {
        s.add(start, end, value, detail);
    }
}
