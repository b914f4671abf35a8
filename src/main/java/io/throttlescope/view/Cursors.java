package io.throttlescope.view;

/** The event a cursor given as a time or a step number stands at, checked against the run. */
public final class Cursors {
    private Cursors() {}

    /**
     * The event of step N, or the last visible event at or before a time; -1 if neither is given.
     * IllegalArgumentException (its message naming --step or --at) if it is outside the run.
     */
    public static int of(Run run, Long atNs, Integer step) {
        if (step != null) {
            if (step < 0) throw new IllegalArgumentException("--step must be 0 or more (got " + step + ")");
            if (step > run.index().steps())
                throw new IllegalArgumentException("--step " + step + " is past the last step of this run ("
                        + run.index().steps() + ")");
            return run.index().eventOfStep(step);
        }
        if (atNs != null) {
            if (atNs > run.info().endNs())
                throw new IllegalArgumentException("--at " + Durations.exact(atNs) + " is past the end of the run ("
                        + Durations.exact(run.info().endNs()) + ")");
            return run.index().lastVisibleAtOrBefore(atNs);
        }
        return -1;
    }
}
