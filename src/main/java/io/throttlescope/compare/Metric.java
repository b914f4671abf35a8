package io.throttlescope.compare;

/**
 * One figure of a run, the same for both models, with the moment it refers to when it has one
 * (for a "longest wait", when that wait began), so that the app can jump there.
 */
public record Metric(String name, double value, long worstAtNs) {
    public static Metric of(String name, double value) {
        return new Metric(name, value, -1);
    }
}
