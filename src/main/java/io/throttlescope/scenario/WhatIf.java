package io.throttlescope.scenario;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.throttlescope.sim.spec.SimSpec;
import java.util.List;

/**
 * What if? A scenario being edited in the window: set one parameter, and the edit is kept (with
 * undo and redo) only if the scenario still loads; otherwise its problems are returned and nothing
 * changes. Plain Java: the window's panel draws it, tests drive it.
 */
public final class WhatIf {
    private final EditHistory history;

    /** The outcome of an edit: the scenario to simulate, or why the edit was refused. */
    public record Outcome(SimSpec spec, String problem) {
        public boolean ok() {
            return spec != null;
        }
    }

    public WhatIf(String json) {
        history = new EditHistory(json);
    }

    public EditHistory history() {
        return history;
    }

    public String json() {
        return history.current();
    }

    public List<ScenarioParams.Param> params() {
        return ScenarioParams.of(history.current());
    }

    /** Sets a parameter (named as {@link ScenarioParams} names them) to a value written as the file writes it. */
    public Outcome set(String param, String value) {
        String next;
        try {
            next = ScenarioParams.set(history.current(), param, value);
        } catch (IllegalArgumentException | IllegalStateException | ClassCastException e) {
            return new Outcome(null, param + ": " + e.getMessage());
        }
        ScenarioLoader.Loaded l = ScenarioLoader.loadString(next);
        if (!l.ok()) {
            Problem p = l.problems().get(0);
            return new Outcome(null, p.path() + ": " + p.message());
        }
        history.push(next, param + " = " + value);
        return new Outcome(marked(l.spec()), null);
    }

    /** What a note says of an edited scenario's run: it was written for the file as opened. */
    public static final String AS_WRITTEN = "As written, before What if?: ";

    /**
     * An edited scenario's notes say that they were written for the file as opened: they stay at their
     * times, and an edit may have moved or removed what they describe (the review saw a note say "/G is
     * throttled" at 10 ms of a run with twice the quota).
     */
    private SimSpec marked(SimSpec spec) {
        if (!history.edited() || spec.notes().isEmpty()) return spec;
        return spec.withNotes(spec.notes().stream()
                .map(n -> new SimSpec.Note(n.atNs(), AS_WRITTEN + n.text()))
                .toList());
    }

    public Outcome undo() {
        history.undo();
        return reload();
    }

    public Outcome redo() {
        history.redo();
        return reload();
    }

    /** Back to the file as it was opened (an edit itself: undo brings the edits back). */
    public Outcome reset() {
        if (!history.edited()) return reload();
        history.push(history.original(), "reset");
        return reload();
    }

    private Outcome reload() {
        ScenarioLoader.Loaded l = ScenarioLoader.loadString(history.current());
        return l.ok()
                ? new Outcome(marked(l.spec()), null)
                : new Outcome(null, l.problems().get(0).message());
    }

    /** The scenario as "Save as" writes it: formatted as the library's files are. */
    public String formatted() {
        return ScenarioParams.pretty(history.current());
    }

    /** The same without a top-level key (a lesson whose stops no longer happen after the edits). */
    public String formattedWithout(String key) {
        JsonObject o = JsonParser.parseString(history.current()).getAsJsonObject();
        o.remove(key);
        return ScenarioParams.pretty(o.toString());
    }
}
