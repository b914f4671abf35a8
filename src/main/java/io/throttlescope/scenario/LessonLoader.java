package io.throttlescope.scenario;

import io.throttlescope.scenario.JsonTree.Arr;
import io.throttlescope.scenario.JsonTree.Node;
import io.throttlescope.scenario.JsonTree.Obj;
import io.throttlescope.scenario.JsonTree.Str;
import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.spec.Lesson;
import io.throttlescope.sim.spec.TaskSpec;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The {@code lesson} section: ordered stops, each checked like the rest of the file (names of tasks,
 * cgroups, locks and views, the place, the range, the question). Whether a stop's place happens is
 * checked by simulating (LessonPlan.check in the view layer), as validate does.
 */
final class LessonLoader {
    private final ScenarioLoader l;

    LessonLoader(ScenarioLoader loader) {
        this.l = loader;
    }

    private static final List<String> LESSON_KEYS = ScenarioKeys.LESSON;
    /** A lesson has at most this many stops (each is a slide or two in an export). */
    static final int MAX_STOPS = 200;

    private static final List<String> STOP_KEYS = ScenarioKeys.STOP;

    Lesson lesson(Node n, List<TaskSpec> tasks, Set<String> cgroups, Set<String> locks, int cpus, long duration) {
        Obj o = l.object(n, LESSON_KEYS, "{\"title\": \"...\", \"stops\": [...]}");
        if (o == null) return null;
        Node tn = l.required(o, "title"), sn = l.required(o, "stops");
        String title = tn == null ? null : l.string(tn, "the lesson's title");
        if (!(sn instanceof Arr a) || a.items().isEmpty()) {
            if (sn != null)
                l.problem(
                        sn,
                        "found " + (sn instanceof Arr ? "an empty array" : l.describe(sn))
                                + ", expected a non-empty array of stops");
            return null;
        }
        if (a.items().size() > MAX_STOPS) {
            l.problem(sn, a.items().size() + " stops; a lesson has at most " + MAX_STOPS);
            return null;
        }
        Set<String> names = new LinkedHashSet<>();
        for (TaskSpec t : tasks) names.add(t.name());
        List<Lesson.Stop> stops = new ArrayList<>();
        for (Node item : a.items()) {
            Obj s = l.object(item, STOP_KEYS, "a stop: {\"at\": ..., \"text\": \"...\"}");
            if (s == null) continue;
            Node at = l.required(s, "at"), tx = l.required(s, "text");
            Lesson.Place place = at == null ? null : place(at, names);
            String text = tx == null ? null : l.string(tx, "the stop's text");
            String model = null;
            if (s.members().containsKey("model")) {
                model = l.string(s.members().get("model"), "\"legacy\", \"task\" or \"both\"");
                if (model != null && !List.of("legacy", "task", "both").contains(model)) {
                    l.problem(
                            s.members().get("model"),
                            "found \"" + model + "\", expected \"legacy\", \"task\" or \"both\"");
                    model = null;
                }
            }
            long r0 = -1, r1 = -1;
            if (s.members().containsKey("range")) {
                String r = l.string(s.members().get("range"), "\"START:END\", e.g. \"0ms:40ms\"");
                String[] p = r == null ? new String[0] : r.split(":");
                long x = p.length == 2 ? DurationText.parse(p[0].strip()) : -1,
                        y = p.length == 2 ? DurationText.parse(p[1].strip()) : -1;
                if (x < 0 || y <= x)
                    l.problem(
                            s.members().get("range"),
                            "found \"" + r + "\", expected \"START:END\" with START before END, e.g. \"0ms:40ms\"");
                else if (y > ScenarioLoader.MAX_DURATION_NS)
                    l.problem(s.members().get("range"), "the range ends after an hour, the longest a run can be");
                else {
                    r0 = x;
                    r1 = y;
                }
            }
            String task = null, cgroup = null, lock = null;
            int cpu = -1;
            if (s.members().containsKey("highlight")) {
                Obj h = l.object(
                        s.members().get("highlight"),
                        ScenarioKeys.HIGHLIGHT,
                        "{\"task\": T, \"cgroup\": G, \"cpu\": C, \"lock\": L}");
                if (h != null && h.members().containsKey("task"))
                    task = taskName(h.members().get("task"), names);
                if (h != null && h.members().containsKey("cgroup"))
                    cgroup = named(h.members().get("cgroup"), cgroups, "cgroup");
                if (h != null && h.members().containsKey("lock"))
                    lock = named(h.members().get("lock"), locks, "lock");
                if (h != null && h.members().containsKey("cpu")) { // with the cgroup: that cfs_rq
                    Node cn = h.members().get("cpu");
                    Long c = l.integer(cn, 0, cpus - 1, "a CPU of the scenario (0.." + (cpus - 1) + ")");
                    if (c != null) cpu = c.intValue();
                    if (c != null && !h.members().containsKey("cgroup"))
                        l.problem(
                                cn, "a cpu is highlighted with its cgroup: {\"cgroup\": G, \"cpu\": C} is that cfs_rq");
                }
            }
            List<String> views = null;
            if (s.members().containsKey("views")) {
                Node vn = s.members().get("views");
                views = new ArrayList<>();
                if (vn instanceof Arr va)
                    for (Node v : va.items()) {
                        String x = view(v, names, cgroups, cpus);
                        if (x != null) views.add(x);
                    }
                else
                    l.problem(
                            vn,
                            "found " + l.describe(vn) + ", expected an array of views from "
                                    + String.join(", ", Lesson.VIEWS) + ", or lanes cpu:N, task:NAME, budget:CGROUP");
            }
            Lesson.Question q = s.members().containsKey("question")
                    ? question(s.members().get("question"), names, duration, place, r0, r1)
                    : null;
            if (place != null
                    && !place.isEvent()
                    && at != null) { // a time: checked here; an event's time by simulating
                if (duration > 0 && place.atNs() > duration)
                    l.problem(
                            at,
                            "the stop is at " + DurationText.format(place.atNs()) + ", after the end of the run ("
                                    + DurationText.format(duration) + ")");
                else if (r0 >= 0 && (place.atNs() < r0 || place.atNs() > r1))
                    l.problem(
                            at,
                            "the stop is at " + DurationText.format(place.atNs()) + ", outside its own range "
                                    + DurationText.format(r0) + ":" + DurationText.format(r1));
                Lesson.Place moment = q != null && q.at() != null ? q.at() : place; // what the text describes
                String said = moment.isEvent() ? null : Lesson.timeMismatch(text, moment.atNs());
                if (said != null) l.problem(tx, said);
            }
            if (r0 >= 0 && duration > 0 && r0 >= duration)
                l.problem(
                        s.members().get("range"),
                        "the range starts at " + DurationText.format(r0) + ", after the end of the run ("
                                + DurationText.format(duration) + ")");
            if (place != null && text != null)
                stops.add(new Lesson.Stop(
                        place,
                        model,
                        r0,
                        r1,
                        task,
                        cgroup,
                        cpu,
                        lock,
                        views,
                        text,
                        q,
                        item.line(),
                        item.col(),
                        item.path()));
        }
        return title == null ? null : new Lesson(title, stops);
    }

    /** A side view by name, or a lane: cpu:N, task:NAME (every NAME#k of a counted task), budget:CGROUP. */
    private String view(Node v, Set<String> names, Collection<String> cgroups, int cpus) {
        String x = l.string(v, "a view name, or a lane cpu:N, task:NAME, budget:CGROUP");
        if (x == null) return null;
        int colon = x.indexOf(':');
        if (colon < 0) return named(v, Lesson.VIEWS, "view");
        String kind = x.substring(0, colon), arg = x.substring(colon + 1);
        switch (kind) {
            case "cpu" -> {
                if (!arg.matches("[0-9]{1,4}") || Integer.parseInt(arg) >= cpus) {
                    l.problem(v, "no lane \"" + x + "\": the scenario's CPUs are cpu:0..cpu:" + (cpus - 1));
                    return null;
                }
            }
            case "task" -> {
                if (!names.contains(arg) && !names.contains(arg + "#0")) {
                    l.problem(v, "no task \"" + arg + "\" for the lane \"" + x + "\"" + l.mean(arg, names));
                    return null;
                }
            }
            case "budget" -> {
                if (!cgroups.contains(arg)) {
                    l.problem(v, "no cgroup \"" + arg + "\" for the lane \"" + x + "\"" + l.mean(arg, cgroups));
                    return null;
                }
            }
            default -> {
                l.problem(
                        v,
                        "no lane kind \"" + kind + "\" in \"" + x + "\": a lane is cpu:N, task:NAME or budget:CGROUP");
                return null;
            }
        }
        return x;
    }

    /** A name that must be one of the given ones (a cgroup, lock or view), with a suggestion otherwise. */
    private String named(Node n, Collection<String> names, String what) {
        String t = l.string(n, "a " + what + " name");
        if (t != null && !names.contains(t)) {
            l.problem(n, "no " + what + " \"" + t + "\"" + l.mean(t, names));
            return null;
        }
        return t;
    }

    private String taskName(Node n, Set<String> names) {
        String t = l.string(n, "a task name");
        if (t != null && !names.contains(t)) {
            l.problem(n, "no task \"" + t + "\"" + l.mean(t, names));
            return null;
        }
        return t;
    }

    /** "15ms", or {"event": "parked", "task": "R", "nth": 1}. */
    private Lesson.Place place(Node n, Set<String> names) {
        if (n instanceof Str) {
            Long t = l.fixedDuration(n);
            return t == null ? null : new Lesson.Place(t, null, null, 0);
        }
        Obj o = l.object(n, ScenarioKeys.PLACE, "a time, or {\"event\": KIND, \"task\": T, \"nth\": N}");
        if (o == null) return null;
        Node kn = l.required(o, "event");
        String kind = kn == null ? null : l.string(kn, "an event kind");
        List<String> kinds = new ArrayList<>();
        for (EventKind k : EventKind.values()) kinds.add(k.jsonName);
        if (kind != null && !kinds.contains(kind)) {
            l.problem(kn, "no event kind \"" + kind + "\"" + l.mean(kind, kinds));
            kind = null;
        }
        String task = o.members().containsKey("task") ? taskName(o.members().get("task"), names) : null;
        int nth = 1;
        if (o.members().containsKey("nth")) {
            Long v = l.integer(o.members().get("nth"), 1, 1_000_000, "N >= 1");
            if (v != null) nth = v.intValue();
        }
        return kind == null ? null : new Lesson.Place(-1, kind, task, nth);
    }

    private Lesson.Question question(
            Node n, Set<String> names, long duration, Lesson.Place answerAt, long r0, long r1) {
        Obj o = l.object(
                n,
                ScenarioKeys.QUESTION,
                "{\"ask\": ..., \"choices\": [...], \"answer\": N, \"why\": ..., \"at\": ...}");
        if (o == null) return null;
        Node an = l.required(o, "ask"),
                cn = l.required(o, "choices"),
                rn = l.required(o, "answer"),
                wn = l.required(o, "why");
        String ask = an == null ? null : l.string(an, "the question");
        String why = wn == null ? null : l.string(wn, "why the answer is right");
        List<String> choices = new ArrayList<>();
        if (cn instanceof Arr ca)
            for (Node c : ca.items()) {
                String x = l.string(c, "a choice");
                if (x != null) choices.add(x);
            }
        else if (cn != null) l.problem(cn, "found " + l.describe(cn) + ", expected an array of choices");
        if (cn != null && choices.size() < 2) l.problem(cn, "a question needs at least two choices");
        if (choices.size() > Lesson.MAX_CHOICES)
            l.problem(
                    cn,
                    choices.size() + " choices, but only keys 1 to " + Lesson.MAX_CHOICES + " answer: at most "
                            + Lesson.MAX_CHOICES + " choices");
        if (cn instanceof Arr ca2) {
            Set<String> seen = new HashSet<>();
            for (Node c : ca2.items())
                if (c instanceof Str cs && !seen.add(cs.value().strip()))
                    l.problem(c, "the choice \"" + cs.value() + "\" is given twice");
        }
        Long answer = rn == null
                ? null
                : l.integer(rn, 0, Math.max(0, choices.size() - 1), "the index of the right choice (0-based)");
        Lesson.Place at = null;
        if (o.members().containsKey("at")) {
            Node atn = o.members().get("at");
            at = place(atn, names);
            if (at != null && !at.isEvent()) {
                if (duration > 0 && at.atNs() > duration)
                    l.problem(
                            atn,
                            "the question is asked at " + DurationText.format(at.atNs())
                                    + ", after the end of the run (" + DurationText.format(duration) + ")");
                else if (r0 >= 0 && (at.atNs() < r0 || at.atNs() > r1))
                    l.problem(
                            atn,
                            "the question is asked at " + DurationText.format(at.atNs()) + ", outside the stop's range "
                                    + DurationText.format(r0) + ":" + DurationText.format(r1));
                else if (answerAt != null && !answerAt.isEvent() && at.atNs() >= answerAt.atNs())
                    l.problem(
                            atn,
                            "the question is asked at " + DurationText.format(at.atNs())
                                    + ", not before the stop's place " + DurationText.format(answerAt.atNs()));
            }
        }
        if (ask == null || why == null || answer == null || choices.size() < 2 || choices.size() > Lesson.MAX_CHOICES)
            return null;
        return new Lesson.Question(ask, choices, answer.intValue(), why, at);
    }
}
