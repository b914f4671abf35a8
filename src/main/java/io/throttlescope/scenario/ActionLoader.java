package io.throttlescope.scenario;

import io.throttlescope.scenario.JsonTree.Arr;
import io.throttlescope.scenario.JsonTree.Node;
import io.throttlescope.scenario.JsonTree.Num;
import io.throttlescope.scenario.JsonTree.Obj;
import io.throttlescope.sim.spec.ActionSpec;
import io.throttlescope.sim.spec.CgroupSpec;
import io.throttlescope.sim.spec.Dur;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.sim.spec.TaskSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The actions section (timed cgroup writes, affinity changes, moves and wake-ups, each naming tasks
 * and cgroups that exist) and the notes pinned to moments of the run.
 */
final class ActionLoader {
    private final ScenarioLoader l;
    private static final List<String> ACTION_KEYS = ScenarioKeys.ACTION_KINDS;

    private final CgroupLoader cgroupFiles;

    ActionLoader(ScenarioLoader loader) {
        this.l = loader;
        this.cgroupFiles = new CgroupLoader(loader);
    }

    List<ActionSpec> actions(Node n, List<TaskSpec> tasks, Set<String> groups, Map<String, CgroupSpec> cgroups) {
        List<ActionSpec> out = new ArrayList<>();
        if (!(n instanceof Arr a)) {
            l.problem(n, "found " + l.describe(n) + ", expected an array of actions");
            return out;
        }
        Set<String> taskNames = l.declaredTasks;
        List<String> keys = new ArrayList<>(ACTION_KEYS);
        keys.add("at");
        for (Node item : a.items()) {
            Obj o = l.object(item, keys, "an action object");
            if (o == null) continue;
            Node at = l.required(o, "at");
            Dur when = at == null ? null : l.duration(at);
            String kind = null;
            for (String k : ACTION_KEYS)
                if (o.members().containsKey(k)) {
                    if (kind != null) {
                        l.problem(item, "an action has exactly one of write, set_affinity, move, wake");
                        kind = null;
                        break;
                    }
                    kind = k;
                }
            if (kind == null) {
                if (o.members().keySet().stream().noneMatch(ACTION_KEYS::contains))
                    l.problem(item, "the action has none of write, set_affinity, move, wake");
                continue;
            }
            Node v = o.members().get(kind);
            switch (kind) {
                case "write" -> {
                    Obj w = l.object(v, ScenarioKeys.WRITE, "{\"cgroup\": P, \"file\": F, \"value\": V}");
                    if (w == null) continue;
                    Node cn = l.required(w, "cgroup"), fn = l.required(w, "file"), vn = l.required(w, "value");
                    if (cn == null || fn == null || vn == null) continue;
                    String cg = group(cn, groups);
                    String file = l.string(fn, "cpu.max, cpu.max.burst or cpu.weight");
                    String value = vn instanceof Num x ? x.text() : l.string(vn, "the text written to the file");
                    if (cg == null || file == null || value == null) continue;
                    if (cg.equals("/")) {
                        l.problem(cn, "the root cgroup \"/\" cannot have a limit");
                        continue;
                    }
                    switch (file) {
                        // values the kernel would refuse (bounds, a burst above the quota in force) are
                        // legal here: the write fails with EINVAL at run time and changes nothing
                        case "cpu.max" -> {
                            String e = CgroupLoader.checkCpuMaxSyntax(value);
                            if (e != null) {
                                l.problem(vn, e);
                                continue;
                            }
                        }
                        case "cpu.max.burst" -> {
                            if (cgroupFiles.burstSyntax(vn) == null) continue;
                        }
                        case "cpu.weight" -> {
                            if (cgroupFiles.weight(vn) == null) continue;
                        }
                        default -> {
                            l.problem(
                                    fn,
                                    "found \"" + file + "\", expected cpu.max, cpu.max.burst or cpu.weight"
                                            + l.mean(file, List.of("cpu.max", "cpu.max.burst", "cpu.weight")));
                            continue;
                        }
                    }
                    if (when != null) out.add(new ActionSpec.WriteFile(when, cg, file, value));
                }
                case "set_affinity" -> {
                    Obj s = l.object(v, ScenarioKeys.SET_AFFINITY, "{\"task\": T, \"cpus\": \"0-1\"}");
                    if (s == null) continue;
                    Node tn = l.required(s, "task"), cn = l.required(s, "cpus");
                    if (tn == null || cn == null) continue;
                    String t = task(tn, taskNames);
                    String c = l.string(cn, "a CPU list");
                    if (t == null || c == null) continue;
                    String[] err = new String[1];
                    long[] mask = CpuList.parse(c, l.cpus, err);
                    if (mask == null) {
                        l.problem(cn, err[0]);
                        continue;
                    }
                    if (when != null) out.add(new ActionSpec.SetAffinity(when, t, mask));
                }
                case "move" -> {
                    Obj s = l.object(v, ScenarioKeys.MOVE, "{\"task\": T, \"cgroup\": P}");
                    if (s == null) continue;
                    Node tn = l.required(s, "task"), cn = l.required(s, "cgroup");
                    if (tn == null || cn == null) continue;
                    String t = task(tn, taskNames), cg = group(cn, groups);
                    if (t != null && cg != null && when != null) out.add(new ActionSpec.Move(when, t, cg));
                }
                default -> {
                    Obj s = l.object(v, ScenarioKeys.WAKE, "{\"task\": T}");
                    if (s == null) continue;
                    Node tn = l.required(s, "task");
                    if (tn == null) continue;
                    String t = task(tn, taskNames);
                    if (t != null && when != null) out.add(new ActionSpec.Wake(when, t));
                }
            }
        }
        return out;
    }

    String task(Node n, Set<String> names) {
        String t = l.string(n, "a task name");
        if (t == null) return null;
        if (!names.contains(t)) {
            l.problem(n, "no task is named \"" + t + "\"" + l.mean(t, names));
            return null;
        }
        return t;
    }

    String group(Node n, Set<String> groups) {
        String g = l.string(n, "a cgroup path");
        if (g == null) return null;
        if (!l.CGROUP.matcher(g).matches()) {
            l.problem(n, "\"" + g + "\" is not a cgroup path");
            return null;
        }
        if (ScenarioLoader.controlFileProblem(g) != null) {
            l.problem(n, ScenarioLoader.controlFileProblem(g));
            return null;
        }
        if (!groups.contains(g)) {
            l.problem(n, "no cgroup \"" + g + "\" is listed in \"cgroups\" or used by a task" + l.mean(g, groups));
            return null;
        }
        return g;
    }

    List<SimSpec.Note> notes(Node n) {
        List<SimSpec.Note> out = new ArrayList<>();
        if (!(n instanceof Arr a)) {
            l.problem(n, "found " + l.describe(n) + ", expected an array of notes");
            return out;
        }
        for (Node item : a.items()) {
            Obj o = l.object(item, ScenarioKeys.NOTE, "{\"at\": duration, \"text\": \"...\"}");
            if (o == null) continue;
            Node at = l.required(o, "at"), tx = l.required(o, "text");
            Long t = at == null ? null : l.fixedDuration(at);
            String text = tx == null ? null : l.string(tx, "the note's text");
            if (t != null && text != null) out.add(new SimSpec.Note(t, text));
        }
        return out;
    }
}
