package io.throttlescope.view;

import io.throttlescope.scenario.Problem;
import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.spec.Lesson;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.trace.Trace;
import io.throttlescope.trace.TraceIndex;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** Where a lesson's stops fall in a run, and the stops whose place never happens (problems with positions). */
public final class LessonPlan {
    private LessonPlan() {}

    /** The event of a stop in the run: at its time (the last visible event at or before it) or its nth event; -1 if none. */
    public static int eventOf(Run run, Lesson.Place p) {
        Trace tr = run.trace();
        if (!p.isEvent()) return run.index().lastVisibleAtOrBefore(p.atNs());
        int task = p.task() == null ? -2 : Arrays.asList(run.info().tasks()).indexOf(p.task());
        int seen = 0;
        for (int i = 0; i < tr.size(); i++) {
            EventKind k = tr.kind(i);
            if (!k.jsonName.equals(p.kind()) || (task != -2 && tr.task(i) != task)) continue;
            if (++seen == p.nth()) return i;
        }
        return -1;
    }

    /**
     * Where a stop's question is asked: its own place if it names one, else the visible event just
     * before the stop's place (what answers it); -1 if none. Everything after it is hidden until answered.
     */
    public static int askEventOf(Run run, Lesson.Stop s) {
        if (s.question() == null) return -1;
        int answer = eventOf(run, s.place());
        if (s.question().at() != null) return eventOf(run, s.question().at());
        int before = answer - 1;
        while (before >= 0 && !TraceIndex.visible(run.trace().kind(before))) before--;
        return before;
    }

    /** The model a stop is shown under: its own, else (none, or "both" in compare mode) the scenario's. */
    /**
     * The range a stop shows: as written, unless what follows the cursor is veiled (a question waits,
     * or a later stop asks) and the known part would be under 40% of it; then a range around the
     * cursor in which it is 40% (at least 2% of the written span before the cursor), never past the
     * written end. 02 stop 1 (3.9 to 7.1 s, the cursor at 4.003 s) showed a 14 px sliver before a grey veil.
     */
    public static double[] shownRange(double r0, double r1, double t, boolean veiled) {
        double span = r1 - r0, known = t - r0;
        if (!veiled || span <= 0 || known >= 0.4 * span) return new double[] {r0, r1};
        double before = Math.max(known, 0.02 * span);
        return new double[] {t - before, Math.min(r1, t + 1.5 * before)};
    }

    public static Simulator.Model modelOf(SimSpec spec, Lesson.Stop s) {
        return Simulator.Model.of(s.model() != null && !s.model().equals("both") ? s.model() : spec.defaultModel());
    }

    /** The models a stop's place must happen under: both for a stop shown in compare mode. */
    public static List<Simulator.Model> modelsOf(SimSpec spec, Lesson.Stop s) {
        return "both".equals(s.model()) ? List.of(Simulator.Model.values()) : List.of(modelOf(spec, s));
    }

    /** Simulates the models the lesson uses and names every stop whose event never happens. */
    public static List<Problem> check(SimSpec spec) {
        return check(spec, new EnumMap<>(Simulator.Model.class));
    }

    /** The same with runs already simulated (the window's): runs missing from the map are simulated and added. */
    public static List<Problem> check(SimSpec spec, Map<Simulator.Model, Run> runs) {
        List<Problem> out = new ArrayList<>();
        if (spec.lesson() == null) return out;
        for (Lesson.Stop s : spec.lesson().stops()) {
            if (!s.place().isEvent()
                    && (s.question() == null
                            || s.question().at() == null
                            || !s.question().at().isEvent())) continue;
            for (Simulator.Model model : modelsOf(spec, s)) {
                Run r = runs.computeIfAbsent(model, m -> Run.simulate(spec, m));
                Lesson.Place p = s.place();
                int e = eventOf(r, p);
                String what = "the " + ordinal(p.nth()) + " " + p.kind() + " event"
                        + (p.task() == null ? "" : " of " + p.task());
                if (e < 0) {
                    out.add(new Problem(
                            s.line(),
                            s.col(),
                            s.path() + ".at",
                            what + " never happens under the " + r.label() + " model"));
                    break;
                }
                long t = r.trace().time(e);
                if (s.rangeStart() >= 0 && (t < s.rangeStart() || t > s.rangeEnd())) {
                    out.add(new Problem(
                            s.line(),
                            s.col(),
                            s.path() + ".at",
                            what + " is at " + Durations.exact(t) + " under the " + r.label()
                                    + " model, outside the stop's own range " + Durations.exact(s.rangeStart()) + ":"
                                    + Durations.exact(s.rangeEnd())));
                    break;
                }
                if (s.question() != null && s.question().at() != null) {
                    int ask = askEventOf(r, s);
                    String q = "the question's place "
                            + (s.question().at().isEvent()
                                    ? "(" + s.question().at().kind() + ")"
                                    : "");
                    if (ask < 0) {
                        out.add(new Problem(
                                s.line(),
                                s.col(),
                                s.path() + ".question.at",
                                q + " never happens under the " + r.label() + " model"));
                        break;
                    }
                    long ta = r.trace().time(ask);
                    if (ask >= e || (s.rangeStart() >= 0 && (ta < s.rangeStart() || ta > s.rangeEnd()))) {
                        out.add(new Problem(
                                s.line(),
                                s.col(),
                                s.path() + ".question.at",
                                q + " is at " + Durations.exact(ta) + " under the " + r.label()
                                        + " model: it must come before the stop's place (" + Durations.exact(t)
                                        + ") and inside its range"));
                        break;
                    }
                    t = ta; // the text describes the moment the question is asked
                }
                String said = Lesson.timeMismatch(s.text(), t);
                if (said != null) {
                    out.add(new Problem(
                            s.line(),
                            s.col(),
                            s.path() + ".text",
                            said + " (" + what + " under the " + r.label() + " model)"));
                    break;
                }
            }
        }
        return out;
    }

    private static String ordinal(int n) {
        String suf = n % 100 >= 11 && n % 100 <= 13
                ? "th"
                : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
        return n + suf;
    }
}
