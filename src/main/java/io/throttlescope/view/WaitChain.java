package io.throttlescope.view;

import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.TaskState;
import io.throttlescope.trace.RunInfo;
import io.throttlescope.trace.Slices;
import io.throttlescope.trace.Snapshot;
import io.throttlescope.trace.Trace;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * "Why isn't this task running?": at a cursor, the chain of what a task waits for, down to the
 * root cause, e.g. {@code Q#1 waits (down_read) behind writer W#1 -> W#1 waits for the readers
 * inside -> R#1 holds the read side -> R#1 is held off: /G @ CPU0 is throttled (runtime -3ms)
 * until the refill at 7s}. Each link names where it began (an event index to jump to).
 */
public final class WaitChain {
    /** One link: what it says, the task it is about (-1: none), and the event where it began (-1: unknown). */
    public record Link(String text, int task, int since) {}

    private WaitChain() {}

    public static List<Link> of(Run run, Snapshot s, int task) {
        return of(run, s, task, true);
    }

    /**
     * The chain; without {@code predict} (a lesson's question waits) a throttle is not said to last
     * "until the refill at" a time: at 01 stop 5 that was the answer to "when can W take the lock?".
     */
    public static List<Link> of(Run run, Snapshot s, int task, boolean predict) {
        List<Link> out = new ArrayList<>();
        follow(run, predict, s, task, out, new HashSet<>());
        return out;
    }

    /** The chain as one line, links joined by arrows. */
    public static String text(List<Link> chain) {
        return String.join(" \u2192 ", chain.stream().map(Link::text).toList());
    }

    private static void follow(Run run, boolean predict, Snapshot s, int t, List<Link> out, Set<Integer> seen) {
        RunInfo info = run.info();
        String name = info.tasks()[t];
        if (!seen.add(t)) {
            out.add(new Link(name + " is already in this chain: a cycle (a deadlock)", t, -1));
            return;
        }
        TaskState st = s.state(t);
        int since = stateSince(run, t, s.event);
        int c = s.taskCpu[t], g = s.taskGroup[t];
        switch (st) {
            case RUNNING ->
                out.add(new Link(name + " is running on CPU" + c + (s.kernel[t] ? " (in the kernel)" : ""), t, since));
            case RUNNABLE -> {
                int cur = c >= 0 ? s.cpuCurr[c] : -1;
                if (cur == t) { // switched in at this instant; its state is logged next
                    out.add(new Link(name + " is being switched in on CPU" + c, t, since));
                    return;
                }
                out.add(new Link(
                        name + " is runnable on CPU" + c + ", waiting for the CPU"
                                + (cur >= 0 ? ": " + info.tasks()[cur] + " runs there (EEVDF picks by deadline)" : ""),
                        t,
                        since));
            }
            case THROTTLED, PARKED -> {
                String where = st == TaskState.PARKED
                        ? " is parked on the limbo list of " + info.groups()[g] + " @ CPU" + c
                        : " is held off";
                out.add(new Link(name + where + ": " + throttleCause(run, predict, s, g, c), t, since));
            }
            case BLOCKED, SLEEPING -> blocked(run, predict, s, t, since, out, seen);
            case NEW -> out.add(new Link(name + " has not started yet", t, -1));
            case EXITED -> out.add(new Link(name + " has exited", t, since));
        }
    }

    private static void blocked(
            Run run, boolean predict, Snapshot s, int t, int since, List<Link> out, Set<Integer> seen) {
        RunInfo info = run.info();
        String name = info.tasks()[t];
        String why = s.waitText[t] < 0 ? "" : info.str(s.waitText[t]);
        String d = s.state(t) == TaskState.BLOCKED ? " in D state" : "";
        if (why.startsWith("readers of ")) {
            String lock = why.substring("readers of ".length());
            int l = info.lockIndex(lock);
            out.add(new Link(name + " holds " + lock + "'s block and waits" + d + " for the readers inside", t, since));
            if (l < 0) return;
            Snapshot.Lock x = s.locks[l];
            int reader = pickReader(s, x.readers);
            if (reader < 0) return;
            out.add(new Link(
                    info.tasks()[reader] + " holds the read side of " + lock
                            + (x.readers.size() > 1 ? " (one of " + x.readers.size() + " readers inside)" : ""),
                    reader,
                    -1));
            follow(run, predict, s, reader, out, seen);
            return;
        }
        String op = why.startsWith("down_read ")
                ? "down_read"
                : why.startsWith("down_write ") ? "down_write" : why.startsWith("mutex ") ? "mutex" : null;
        if (op != null) {
            String lock = why.substring(why.indexOf(' ') + 1).replaceFirst(" \\(.*\\)$", "");
            int l = info.lockIndex(lock);
            Snapshot.Lock x = l < 0 ? null : s.locks[l];
            if (x != null && handedOver(x, op, t)) { // the releaser took the lock for it: it owns it and is being woken
                handedOver(run, predict, s, t, op, lock, since, out);
                return;
            }
            if (op.equals("mutex")) {
                int owner = x == null ? -1 : x.owner;
                out.add(new Link(
                        name + " waits" + d + " for the mutex " + lock
                                + (owner >= 0
                                        ? ", owned by " + info.tasks()[owner]
                                        : ", free now: it was woken and must run to take it"),
                        t,
                        since));
                if (owner >= 0) follow(run, predict, s, owner, out, seen);
                return;
            }
            int holder = x == null ? -1 : x.blockHolder;
            if (holder >= 0 && holder != t) {
                out.add(new Link(
                        name + " waits" + d + " (" + op + ") behind writer " + info.tasks()[holder], t, since));
                follow(run, predict, s, holder, out, seen);
            } else {
                int reader = x == null ? -1 : pickReader(s, x.readers);
                out.add(new Link(name + " waits" + d + " (" + op + ") for " + lock, t, since));
                if (reader >= 0) {
                    out.add(new Link(info.tasks()[reader] + " holds the read side of " + lock, reader, -1));
                    follow(run, predict, s, reader, out, seen);
                }
            }
            return;
        }
        out.add(new Link(
                name + (why.isEmpty() || why.equals("sleep") ? " sleeps" + d : " waits" + d + " in " + why)
                        + " (its own choice, not a throttle or a lock)",
                t,
                since));
    }

    /** True if the lock a task sleeps on was already taken for it by the task that released it (a handoff). */
    private static boolean handedOver(Snapshot.Lock x, String op, int t) {
        return switch (op) {
            case "down_read" -> x.readers.contains(t);
            case "mutex" -> x.owner == t;
            default -> x.owner == t || (x.blockHolder == t && x.readers.isEmpty());
        };
    }

    /**
     * A task that was handed the lock it waited for owns it and is being woken: where it goes next
     * is the CPU's runqueue, held off under the legacy model if its cfs_rq is throttled.
     */
    private static void handedOver(
            Run run, boolean predict, Snapshot s, int t, String op, String lock, int since, List<Link> out) {
        RunInfo info = run.info();
        String name = info.tasks()[t];
        String what =
                op.equals("down_read") ? "the read side of " : op.equals("mutex") ? "the mutex " : "the write side of ";
        String fn = op.equals("mutex") ? "__mutex_unlock_slowpath()" : "percpu_rwsem_wake_function()";
        String text = name + " now holds " + what + lock + " (its releaser took it on " + name + "'s behalf in " + fn
                + ") and is being woken";
        int c = s.taskCpu[t], g = s.taskGroup[t];
        boolean throttled = false;
        if (c >= 0)
            for (int x = g; x >= 0; x = info.groupParent()[x]) if (s.throttled[x * info.cpus() + c]) throttled = true;
        if (throttled && !run.isReal()) {
            text += run.model() == Simulator.Model.LEGACY
                    ? "; it will be held off: " + throttleCause(run, predict, s, g, c)
                    : "; it can run in the kernel although " + throttleCause(run, predict, s, g, c)
                            + " (the task work parks it at its return to user mode)";
        }
        out.add(new Link(text, t, since));
    }

    /** The reader to follow: one that is not running, the one that keeps the others waiting. */
    private static int pickReader(Snapshot s, List<Integer> readers) {
        int any = -1;
        for (int r : readers) {
            if (s.state(r) != TaskState.RUNNING) return r;
            any = r;
        }
        return any;
    }

    /** "/G @ CPU0 is throttled (runtime -3ms) until the refill at 7s", with an ancestor if it is the one throttled. */
    static String throttleCause(Run run, boolean predict, Snapshot s, int g, int c) {
        RunInfo info = run.info();
        int cpus = info.cpus();
        int at = -1;
        for (int x = g; x >= 0; x = info.groupParent()[x])
            if (s.throttled[x * cpus + c]) {
                at = x;
                break;
            }
        if (at < 0) return info.groups()[g] + " @ CPU" + c + " is in a throttled hierarchy";
        String who = info.groups()[at] + " @ CPU" + c + " is throttled";
        long rt = run.isReal() ? 0 : run.index().remainingAtEvent(at, c, s.event);
        String runtime = run.isReal() ? "" : " (runtime " + Durations.human(rt) + ")";
        long period = run.isReal() ? 0 : run.index().periodAtEvent(at, s.event), phase = info.phaseNs()[at];
        long quota = run.isReal() ? -1 : run.index().quotaAtEvent(at, s.event);
        String until = "";
        int ends = predict ? nextUnthrottle(run, s.event, at, c) : -1;
        if (!predict) {
            until = " until it gets runtime again";
        } else if (ends >= 0) { // the run shows when it ends, and what ends it
            until = " until " + unthrottledBy(run, ends, at, c)
                    + (quota > 0 && -rt >= quota
                            ? " (" + Durations.human(-rt) + " of debt, " + Durations.human(quota) + " a period)"
                            : "");
        } else if (!run.isReal() && period > 0) { // not within the run: the earliest refill that could end it
            long next = phase + Math.floorDiv(s.time - phase, period) * period + period;
            // a debt is repaid first: each refill brings at most the quota, and runtime must go above zero
            long refills = quota > 0 && rt < 0 ? -rt / quota + 1 : 1;
            until = " until the refill at " + Durations.human(next + (refills - 1) * period) + " at the earliest"
                    + (refills > 1
                            ? " (" + Durations.human(-rt) + " of debt, " + Durations.human(quota) + " a period)"
                            : "")
                    + (ends == -1 ? ", after the end of the run" : "");
        }
        return who + runtime + until + (at != g ? " (an ancestor of " + info.groups()[g] + ")" : "");
    }

    /** The first unthrottle of group g's cfs_rq on CPU c after event i (-1: none within the run). */
    static int nextUnthrottle(Run run, int i, int g, int c) {
        return nextUnthrottle(run, i, g, c, LOOK_AHEAD);
    }

    /**
     * How many of a CPU's marks the cursor's wait chain reads ahead for a throttle's end: it runs at every
     * cursor move, and a group throttled to the end of a run of millions of events would be read to the end.
     */
    static final int LOOK_AHEAD = 200_000;

    /** The same, reading at most limit marks: -2 if the end lies further (unknown). */
    static int nextUnthrottle(Run run, int i, int g, int c, int limit) {
        int[] marks = run.index().cpuMarks(c);
        Trace tr = run.trace();
        int lo = 0, hi = marks.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (marks[mid] <= i) lo = mid + 1;
            else hi = mid;
        }
        for (int k = lo; k < marks.length; k++) {
            if (k - lo >= limit) return -2;
            if (tr.kind(marks[k]) == EventKind.UNTHROTTLE && tr.group(marks[k]) == g) return marks[k];
        }
        return -1;
    }

    /**
     * What unthrottles group g's cfs_rq on CPU c at event u, read from the events before it: "the refill
     * at 300ms" (the period timer), "the slack timer at 208.5ms" (runtime given back by other CPUs), "the
     * write of cpu.max at 40ms", else "its unthrottle at 40ms". The timer hands the runtime over
     * (distribute) and a remote CPU's cfs_rq is unthrottled a little later: the cause is looked for within
     * a millisecond before.
     */
    static String unthrottledBy(Run run, int u, int g, int c) {
        Trace tr = run.trace();
        long t = tr.time(u);
        long from = t; // the instant of the timer that handed the runtime over
        int refill = -1;
        for (int j = u - 1; j >= 0 && tr.time(j) >= t - 1_000_000L; j--) {
            if (tr.group(j) != g) continue;
            EventKind k = tr.kind(j);
            if (k == EventKind.DISTRIBUTE && tr.cpu(j) == c && from == t) from = tr.time(j);
            if (tr.time(j) != from) continue;
            String when = Durations.atEvent(run, j); // as the log says that event's time
            switch (k) {
                case REFILL -> refill = j; // by the period timer, or by a write of cpu.max before it
                case PERIOD_TIMER -> {
                    return "the refill at " + when;
                }
                case SLACK_TIMER -> {
                    return "the slack timer at " + when + " hands it runtime given back by other CPUs";
                }
                case CGROUP_WRITE -> {
                    return "the write of cpu.max at " + when;
                }
                default -> {}
            }
        }
        return refill >= 0
                ? "the refill at " + Durations.atEvent(run, refill)
                : "its unthrottle at " + Durations.atEvent(run, u);
    }

    /** The event where the task's current state began (its last state change at or before the cursor). */
    private static int stateSince(Run run, int t, int cursor) {
        Slices sl = run.index().taskSlices(t);
        Trace tr = run.trace();
        long time = cursor < 0 ? 0 : tr.time(cursor);
        int k = sl.at(time);
        if (k < 0) return -1;
        long start = sl.start(k);
        int i = tr.firstAtOrAfter(start);
        // the task's own events at that instant (an instant may hold every task's: read only t's)
        int[] ev = run.index().taskEvents(t);
        int lo = 0, hi = ev.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (tr.time(ev[mid]) < start) lo = mid + 1;
            else hi = mid;
        }
        int last = -1, lastAt = -1; // the last state change of the task at that instant made its current state
        for (int j = lo; j < ev.length && tr.time(ev[j]) == start; j++)
            if (tr.kind(ev[j]) == EventKind.STATE) {
                last = ev[j];
                lastAt = j;
            }
        if (last < 0) return i < tr.size() ? i : -1;
        // the visible event that goes with the state change (a block, a preempt...) is logged next to it
        for (int j = lastAt + 1; j < ev.length && tr.time(ev[j]) == start; j++) {
            if (tr.kind(ev[j]) != EventKind.STATE) return ev[j];
        }
        return run.index().lastVisibleAtOrBeforeEvent(last);
    }
}
