package io.throttlescope.view;

import java.util.List;

/** The time labels of a list of marks (the notes list, describe's "On the ruler"): each told apart from its neighbours. */
public final class NoteTimes {
    private NoteTimes() {}

    /** The label of times[k], with the digits that tell it from times[k - 1] and times[k + 1] (99.999 and 100.001 ms are not both "100ms"). */
    public static String label(List<Long> times, int k) {
        if (k < 0 || k >= times.size()) return "";
        long t = times.get(k);
        long prev = k > 0 ? times.get(k - 1) : t, next = k + 1 < times.size() ? times.get(k + 1) : t;
        return Durations.apart(t, prev, next);
    }
}
