package io.throttlescope.sim.spec;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A guided lesson carried by a scenario: ordered stops, each at a place (a time, or the nth event
 * of a kind for a task), with the model and range to show, a task to highlight, a text, and
 * optionally a question with choices, the right answer and why. Positions are kept for problems.
 */
public record Lesson(String title, List<Stop> stops) {
    /** Where a stop is: at a time (atNs >= 0), or at the nth (1-based) event of a kind for a task. */
    public record Place(long atNs, String kind, String task, int nth) {
        public boolean isEvent() {
            return atNs < 0;
        }
    }

    /**
     * A question: asked at {@code at} (a place before the stop's own, the moment its text describes;
     * null: the visible event just before the stop's place), answered by what happens at the stop's place.
     */
    public record Question(String ask, List<String> choices, int answer, String why, Place at) {}

    /** The views a stop may open; the others are folded while the stop is shown. */
    public static final List<String> VIEWS =
            List.of("task-lanes", "explanation", "wait-chain", "runqueues", "locks", "scenario");

    /**
     * model: "legacy", "task", "both" (compare mode) or null (as shown); range -1 if not given;
     * task, cgroup and lock to highlight may be null (a cgroup with a cpu: that cfs_rq, else -1); views null when the
     * stop leaves the views as they are.
     */
    public record Stop(
            Place place,
            String model,
            long rangeStart,
            long rangeEnd,
            String task,
            String cgroup,
            int cpu,
            String lock,
            List<String> views,
            String text,
            Question question,
            int line,
            int col,
            String path) {}

    /** The keys 1 to 9 answer a question: no more choices than that. */
    public static final int MAX_CHOICES = 9;

    private static final Pattern OPENING_TIME =
            Pattern.compile("^\\s*(?:[Aa]t\\s+)?(\\d{1,9}(?:\\.(\\d{1,9}))?)\\s?(s|ms|us|\u00b5s|ns)(?=[\\s:,.;)]|$)");

    /**
     * A stop's text that opens with a time ("At 4.0029 s ...", "6 s: ...") must be at that time to
     * the digits given: null if it is (or the text opens with none), else what is wrong.
     */
    public static String timeMismatch(String text, long atNs) {
        if (text == null) return null;
        Matcher m = OPENING_TIME.matcher(text);
        if (!m.find()) return null;
        BigDecimal said = new BigDecimal(m.group(1));
        long unit = switch (m.group(3)) {
            case "s" -> 1_000_000_000L;
            case "ms" -> 1_000_000L;
            case "ns" -> 1L;
            default -> 1_000L;
        };
        int digits = m.group(2) == null ? 0 : m.group(2).length();
        BigDecimal at =
                BigDecimal.valueOf(atNs).divide(BigDecimal.valueOf(unit)).setScale(digits, RoundingMode.HALF_UP);
        if (at.compareTo(said) == 0) return null;
        return "the text opens with \"" + m.group(1) + " " + m.group(3) + "\" but the stop is at " + at.toPlainString()
                + " " + m.group(3);
    }
}
