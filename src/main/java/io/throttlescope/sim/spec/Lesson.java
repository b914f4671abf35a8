package io.throttlescope.sim.spec;

import java.util.List;

/**
 * A guided lesson carried by a scenario: ordered stops, each at a place (a time, or the nth event
 * of a kind for a task), with the model and range to show, a task to highlight, a text, and
 * optionally a question with choices, the right answer and why. Positions are kept for problems.
 */
public record Lesson(String title, List<Stop> stops) {
    /** Where a stop is: at a time (atNs >= 0), or at the nth (1-based) event of a kind for a task. */
    public record Place(long atNs, String kind, String task, int nth) {
        public boolean isEvent() { return atNs < 0; }
    }

    public record Question(String ask, List<String> choices, int answer, String why) {}

    /** The views a stop may open; the others are folded while the stop is shown. */
    public static final List<String> VIEWS = List.of("task-lanes", "explanation", "wait-chain", "runqueues", "locks", "scenario");

    /**
     * model: "legacy", "task", "both" (compare mode) or null (as shown); range -1 if not given;
     * task, cgroup and lock to highlight may be null (a cgroup with a cpu: that cfs_rq, else -1); views null when the
     * stop leaves the views as they are.
     */
    public record Stop(Place place, String model, long rangeStart, long rangeEnd, String task, String cgroup, int cpu, String lock,
                       List<String> views, String text, Question question, int line, int col, String path) {}
}
