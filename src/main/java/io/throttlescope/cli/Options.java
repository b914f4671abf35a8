package io.throttlescope.cli;

import io.throttlescope.files.SafeOutput;
import io.throttlescope.scenario.DurationText;
import io.throttlescope.sim.Simulator;
import io.throttlescope.text.Escape;
import io.throttlescope.view.Cursors;
import io.throttlescope.view.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** Option values shared by the commands, checked before any work. */
public final class Options {
    private Options() {}

    /** --model values (case-insensitive). */
    public enum ModelName {
        legacy,
        task;

        public Simulator.Model model() {
            return Simulator.Model.of(name());
        }
    }

    /** --format values of export. */
    /** export's formats; perfetto-proto is written with its dash (picocli takes an enum by its toString). */
    public enum Format {
        perfetto,
        csv,
        perfetto_proto {
            @Override
            public String toString() {
                return "perfetto-proto";
            }
        }
    }

    /** --view values of screenshot. */
    public enum ViewName {
        window,
        timeline,
        budget,
        limbo,
        locks,
        log,
        explanation,
        compare,
        whatif,
        lesson
    }

    /** The model to use: the option's, else the scenario's default. */
    static Simulator.Model model(ModelName m, String scenarioDefault) {
        return m != null ? m.model() : Simulator.Model.of(scenarioDefault);
    }

    static long time(String text, String option) {
        long t = DurationText.parse(text);
        if (t < 0) throw new UsageException(option + " needs a time with a unit, e.g. 15ms (got '" + text + "')");
        return t;
    }

    /** The longest regular expression an option takes (a 50 MB one hung in Pattern.compile). */
    static final int MAX_REGEX = 1000;

    static Pattern regex(String text, String option) {
        if (text.length() > MAX_REGEX)
            throw new UsageException(
                    option + " is " + text.length() + " characters long; at most " + MAX_REGEX + " are taken");
        try {
            return Pattern.compile(text);
        } catch (PatternSyntaxException e) {
            throw new UsageException(
                    option + " is not a valid regular expression: " + e.getDescription() + " ('" + text + "')");
        }
    }

    /** The event index of --at TIME or --step N in a run (-1: before the first), or a usage error past the end. */
    public static int cursor(Run run, Long atNs, Integer step) {
        try {
            return Cursors.of(run, atNs, step);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    static void output(Path out) {
        String p = SafeOutput.problem(out);
        if (p != null) throw new UsageException(Escape.controls(p));
    }

    /** An output that is the input itself (the same file, through links too) would destroy it: a usage error. */
    static void output(Path out, Path input) {
        output(out);
        try {
            if (Files.exists(out) && Files.exists(input) && Files.isSameFile(out, input)) {
                throw new UsageException(
                        Escape.controls(out + " is the input file " + input + ": it would be overwritten"));
            }
        } catch (IOException e) {
            throw new UsageException(Escape.controls("cannot check " + out + ": " + e.getMessage()));
        }
    }

    /** The event budget of a run: --max-events, default {@link Simulator#DEFAULT_MAX_EVENTS}. */
    static long maxEvents(Long given) {
        if (given == null) return Simulator.DEFAULT_MAX_EVENTS;
        if (given < 1) throw new UsageException("--max-events must be at least 1 (got " + given + ")");
        return given;
    }
}
