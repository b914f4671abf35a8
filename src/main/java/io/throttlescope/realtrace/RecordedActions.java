package io.throttlescope.realtrace;

import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.spec.ActionSpec;
import io.throttlescope.sim.spec.Dur;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.trace.RunInfo;
import io.throttlescope.trace.Trace;
import io.throttlescope.view.Run;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * When a recording made its scenario's timed actions (docs/real-kernels.md, "Timed actions"): the
 * recorder frames each with two trace_marker notes ({@code throttlescope: action K begins}, then
 * {@code throttlescope: action K WHAT} once it returned); a move took effect at the kernel's
 * cgroup_attach_task line of its task between them, a write or an affinity change just before the
 * second note. The simulation beside the recording makes each action at that time, not at the
 * scenario's: the recorder's thread wakes late by up to a few milliseconds on a busy machine, and
 * a move waits for an RCU grace period (about 10 ms on the host) inside its write.
 */
public final class RecordedActions {
    private RecordedActions() {}

    static final String MARK = "throttlescope: action ";

    private static final Pattern ACTION = Pattern.compile(
            "^throttlescope: action \\d+ (write (\\S+) (.+)|set_affinity (\\S+)-(\\d+) (\\S+)|move .*)$");

    /**
     * Imports a timed action the recorder announced just before it made it: a cgroup file write or an affinity change becomes the simulator's event of it; a
     * move is the cgroup_attach_task line the kernel writes itself.
     */
    static void imported(Importer imp, String text, long ts) {
        Matcher m = ACTION.matcher(text.strip());
        if (!m.matches()) return;
        if (m.group(2) != null) {
            imp.emit(ts, EventKind.CGROUP_WRITE, -1, -1, imp.group(m.group(2), null), imp.str(m.group(3)), 0, 0);
        } else if (m.group(4) != null) {
            ImportedTask t = imp.task(m.group(4), Integer.parseInt(m.group(5)));
            if (t != null) imp.emit(ts, EventKind.SET_AFFINITY, t.cpu, t.id, imp.taskGroup.get(t.id), -1, 0, 0);
        }
    }

    /** When the recording made action k (ns from the trace's start), or -1 if it did not (not reached, failed, a stranger's trace). */
    public static long madeAt(RealTrace rt, SimSpec spec, int k) {
        Run real = rt.run;
        Trace tr = real.index().trace();
        RunInfo info = real.info();
        long begins = -1;
        for (int i = 0; i < tr.size(); i++) {
            if (tr.kind(i) != EventKind.NOTE || tr.text(i) < 0) continue;
            String text = info.strings().get(tr.text(i));
            if (!text.startsWith(MARK + k + " ")) continue;
            if (text.equals(MARK + k + " begins")) {
                begins = tr.time(i);
                continue;
            }
            if (text.startsWith(MARK + k + " failed")) return -1;
            if (!(spec.actions().get(k) instanceof ActionSpec.Move m)) return tr.time(i);
            int task = taskOf(info, m.task(), CgroupMap.ownTasks(rt.header));
            for (int j = 0; j < i; j++) { // the attach of that task between the two notes
                if (tr.kind(j) == EventKind.MOVE && tr.task(j) == task && begins >= 0 && tr.time(j) >= begins)
                    return tr.time(j);
            }
            return tr.time(i);
        }
        return -1;
    }

    /**
     * The real task of a scenario task: a recording names it NAME-TID (the pid told apart tasks of one
     * comm), one of the tasks it started ({@code own}, when known: a recording made beside another
     * holds the other's task of the same name); -1 if none.
     */
    public static int taskOf(RunInfo info, String name, Set<String> own) {
        String[] tasks = info.tasks();
        for (int i = 0; i < tasks.length; i++)
            if ((own.isEmpty() || own.contains(tasks[i]))
                    && (tasks[i].equals(name) || tasks[i].matches(Pattern.quote(name) + "-\\d+"))) return i;
        return -1;
    }

    /** The scenario with each action the recording made at the time it made it; the others as written. */
    public static SimSpec apply(SimSpec spec, RealTrace real) {
        if (spec.actions().isEmpty()) return spec;
        List<ActionSpec> out = new ArrayList<>();
        boolean changed = false;
        for (int k = 0; k < spec.actions().size(); k++) {
            ActionSpec a = spec.actions().get(k);
            long t = madeAt(real, spec, k);
            if (t < 0) {
                out.add(a);
                continue;
            }
            changed = true;
            Dur at = Dur.ns(t);
            if (a instanceof ActionSpec.WriteFile w)
                out.add(new ActionSpec.WriteFile(at, w.cgroup(), w.file(), w.value()));
            else if (a instanceof ActionSpec.SetAffinity s) out.add(new ActionSpec.SetAffinity(at, s.task(), s.cpus()));
            else if (a instanceof ActionSpec.Move m) out.add(new ActionSpec.Move(at, m.task(), m.cgroup()));
            else out.add(a);
        }
        return changed ? spec.withActions(out) : spec;
    }
}
