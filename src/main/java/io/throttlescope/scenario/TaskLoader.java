package io.throttlescope.scenario;

import io.throttlescope.scenario.JsonTree.Arr;
import io.throttlescope.scenario.JsonTree.Bool;
import io.throttlescope.scenario.JsonTree.Node;
import io.throttlescope.scenario.JsonTree.Num;
import io.throttlescope.scenario.JsonTree.Obj;
import io.throttlescope.scenario.JsonTree.Str;
import io.throttlescope.sim.spec.Dur;
import io.throttlescope.sim.spec.Step;
import io.throttlescope.sim.spec.TaskSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code tasks} section: each task's keys, its program step by step (user and kernel work,
 * sleeps, syscalls, loops, locks, pipes, exits) and the static checks on it: locks taken and released
 * in kernel mode, no self-deadlock the check can see, a program that ends holding nothing, loops that
 * take time.
 */
final class TaskLoader {
    private final ScenarioLoader l;

    private static final List<String> STEP_KEYS = ScenarioKeys.STEP;
    private static final Map<String, List<String>> STEP_EXTRA = ScenarioKeys.STEP_EXTRA;

    TaskLoader(ScenarioLoader loader) {
        this.l = loader;
    }

    List<TaskSpec> tasks(Node n) {
        List<TaskSpec> out = new ArrayList<>();
        if (!(n instanceof Arr a)) {
            l.problem(n, "found " + l.describe(n) + ", expected an array of tasks");
            return out;
        }
        if (a.items().isEmpty()) {
            l.problem(n, "the scenario needs at least one task");
            return out;
        }
        long total = 0;
        for (Node item : a.items()) {
            if (item instanceof Obj o && o.members().get("count") instanceof Num x) {
                // saturating: counts near Long.MAX_VALUE must not wrap the total below the limit
                try {
                    total = Math.min(
                            Long.MAX_VALUE / 2,
                            total + Math.max(1, Math.min(Long.MAX_VALUE / 4, Long.parseLong(x.text()))));
                } catch (NumberFormatException e) {
                    total = Math.min(
                            Long.MAX_VALUE / 2, total + (x.text().length() > 6 ? ScenarioLoader.MAX_TASKS + 1 : 1));
                }
            } else total += 1;
        }
        if (total > ScenarioLoader.MAX_TASKS) {
            l.problem(n, "the tasks expand to " + total + " tasks; the limit is " + ScenarioLoader.MAX_TASKS);
            return out;
        }
        Set<String> names = new HashSet<>();
        for (Node item : a.items()) {
            Obj o = l.object(item, l.TASK_KEYS, "a task object");
            if (o == null) continue;
            Map<String, Node> m = o.members();
            Node nn = l.required(o, "name");
            String name = nn == null ? null : l.string(nn, "a task name");
            if (name != null && !l.TASK_NAME.matcher(name).matches()) {
                l.problem(nn, "\"" + name + "\" is not a task name (letters, digits and _ - . : # only)");
                name = null;
            }
            long count = 1;
            if (m.containsKey("count")) {
                Long c = l.integer(m.get("count"), 1, ScenarioLoader.MAX_TASKS, "a count");
                if (c != null) count = c;
            }
            String cgroup = "/";
            if (m.containsKey("cgroup")) {
                String c = l.string(m.get("cgroup"), "a cgroup path");
                if (c != null && !l.CGROUP.matcher(c).matches())
                    l.problem(m.get("cgroup"), "\"" + c + "\" is not a cgroup path (expected \"/\" or \"/a/b\")");
                else if (c != null && ScenarioLoader.controlFileProblem(c) != null)
                    l.problem(m.get("cgroup"), ScenarioLoader.controlFileProblem(c));
                else if (c != null) cgroup = c;
            }
            long[] mask = CpuList.all(l.cpus);
            if (m.containsKey("cpus")) {
                String c = l.string(m.get("cpus"), "a CPU list such as \"0-3\"");
                if (c != null) {
                    String[] err = new String[1];
                    long[] parsed = CpuList.parse(c, l.cpus, err);
                    if (parsed == null) l.problem(m.get("cpus"), err[0]);
                    else mask = parsed;
                }
            }
            int nice = 0;
            if (m.containsKey("nice")) {
                Long v = l.integer(m.get("nice"), -20, 19, "a nice value");
                if (v != null) nice = v.intValue();
            }
            Dur start = Dur.ns(0);
            if (m.containsKey("start")) {
                Dur d = l.duration(m.get("start"));
                if (d != null) start = d;
            }
            boolean kthread = false;
            if (m.containsKey("kthread")) {
                Boolean b = l.bool(m.get("kthread"));
                if (b != null) kthread = b;
            }
            Node pn = l.required(o, "program");
            List<Step> program = null;
            if (pn != null) {
                ProgramCheck pc = new ProgramCheck(kthread);
                program = steps(pn, !kthread, pc, 0);
                if (program != null) pc.endOfProgram(pn);
            }
            if (name != null) for (long i = 0; i < count; i++) l.declaredTasks.add(count == 1 ? name : name + "#" + i);
            if (name == null || program == null) continue;
            for (long i = 0; i < count; i++) {
                String nm = count == 1 ? name : name + "#" + i;
                if (!names.add(nm)) {
                    l.problem(nn, "the task name \"" + nm + "\" is used twice");
                    break;
                }
                out.add(new TaskSpec(nm, cgroup, mask, nice, start, kthread, program));
            }
        }
        return out;
    }

    /** Static lock checks over a program: what is held where (issue 3's semantic checks). */
    private final class ProgramCheck {
        final boolean kthread;
        final List<String> held = new ArrayList<>();

        ProgramCheck(boolean kthread) {
            this.kthread = kthread;
        }

        void acquire(String lock) {
            held.add(lock);
        }

        /** A mutex taken again by the task that holds it: the kernel's mutex_lock() would wait forever. */
        boolean holds(String lock) {
            return held.contains(lock);
        }

        void release(Node n, String key, String lock, String op) {
            if (!held.remove(key)) l.problem(n, op + " of \"" + lock + "\" by a task that does not hold it here");
        }

        void endOfProgram(Node n) {
            if (!held.isEmpty()) l.problem(n, "the program ends holding " + String.join(", ", held));
        }
    }

    /** Parses a list of steps; user says the mode they run in. */
    private List<Step> steps(Node n, boolean user, ProgramCheck pc, int depth) {
        if (!(n instanceof Arr a)) {
            l.problem(n, "found " + l.describe(n) + ", expected a list of steps");
            return null;
        }
        List<Step> out = new ArrayList<>();
        boolean ok = true;
        for (Node item : a.items()) {
            List<Step> s = step(item, user, pc, depth);
            if (s == null) ok = false;
            else out.addAll(s);
        }
        return ok ? List.copyOf(out) : null;
    }

    private List<Step> step(Node n, boolean user, ProgramCheck pc, int depth) {
        if (!(n instanceof Obj o)) {
            l.problem(n, "found " + l.describe(n) + ", expected a step object such as {\"user\": \"1ms\"}");
            return null;
        }
        String kind = null;
        for (String k : o.members().keySet())
            if (STEP_KEYS.contains(k)) {
                if (kind != null) {
                    l.problem(
                            n,
                            "a step has exactly one of " + String.join(", ", STEP_KEYS) + "; found \"" + kind
                                    + "\" and \"" + k + "\"");
                    return null;
                }
                kind = k;
            }
        if (kind == null) {
            String sugg = o.members().isEmpty()
                    ? ""
                    : l.mean(o.members().keySet().iterator().next(), STEP_KEYS);
            l.problem(n, "the step has none of " + String.join(", ", STEP_KEYS) + sugg);
            return null;
        }
        List<String> allowed = new ArrayList<>();
        allowed.add(kind);
        allowed.addAll(STEP_EXTRA.getOrDefault(kind, List.of()));
        l.object(o, allowed, "a step");
        Node v = o.members().get(kind);
        String path = o.path();
        String mode = user ? "user mode" : "kernel mode";
        switch (kind) {
            case "user" -> {
                if (!user) {
                    l.problem(
                            n,
                            pc.kthread
                                    ? "a kernel thread has no user mode: \"user\" steps are not allowed"
                                    : "a \"user\" step inside a syscall (kernel mode)");
                    return null;
                }
                Dur d = l.duration(v);
                return d == null ? null : List.of(new Step.User(d, path));
            }
            case "kernel" -> {
                if (user) {
                    l.problem(n, "a \"kernel\" step in user mode; put it inside a syscall's \"do\"");
                    return null;
                }
                Dur d = l.duration(v);
                return d == null ? null : List.of(new Step.Kernel(d, path));
            }
            case "syscall" -> {
                if (!user) {
                    l.problem(n, pc.kthread ? "a kernel thread makes no syscalls" : "a syscall inside a syscall");
                    return null;
                }
                String name = l.string(v, "a syscall name");
                Node body = o.members().get("do");
                if (body == null) {
                    l.problem(n, "the syscall needs a \"do\" list of kernel-mode steps");
                    return null;
                }
                int before = pc.held.size();
                List<Step> inner = steps(body, false, pc, depth + 1);
                if (pc.held.size() > before) {
                    l.problem(
                            n,
                            "the syscall returns to user mode holding "
                                    + String.join(", ", pc.held.subList(before, pc.held.size())));
                    pc.held.subList(before, pc.held.size()).clear();
                }
                if (name == null || inner == null) return null;
                return List.of(new Step.Syscall(name, inner, path));
            }
            case "sleep" -> {
                Dur d = l.duration(v);
                boolean unint = false;
                if (o.members().containsKey("uninterruptible")) {
                    Boolean b = l.bool(o.members().get("uninterruptible"));
                    if (b != null) unint = b;
                }
                if (d == null) return null;
                Step s = new Step.Sleep(d, unint, path);
                return List.of(user ? new Step.Syscall("nanosleep", List.of(s), path) : s);
            }
            case "down_read", "up_read", "down_write", "up_write", "lock", "unlock" -> {
                String lock = l.string(v, "a lock name");
                if (lock == null) return null;
                boolean rw = kind.contains("_");
                String type = l.lockTypes.get(lock);
                if (type == null) {
                    l.problem(v, "unknown lock \"" + lock + "\"" + l.mean(lock, l.lockTypes.keySet()));
                    return null;
                }
                if (rw && !type.equals("percpu_rwsem")) {
                    l.problem(v, "\"" + lock + "\" is a mutex; " + kind + " needs a percpu_rwsem");
                    return null;
                }
                if (!rw && !type.equals("mutex")) {
                    l.problem(v, "\"" + lock + "\" is a percpu_rwsem; " + kind + " needs a mutex");
                    return null;
                }
                if (user) {
                    l.problem(
                            n,
                            "\"" + kind + "\" in " + mode
                                    + "; lock operations happen in kernel mode, inside a syscall");
                    return null;
                }
                String key = lock + (kind.endsWith("read") ? " (read)" : kind.endsWith("write") ? " (write)" : "");
                switch (kind) {
                    case "down_read" -> {
                        pc.acquire(key);
                        return List.of(new Step.DownRead(lock, path));
                    }
                    case "down_write" -> {
                        pc.acquire(key);
                        return List.of(new Step.DownWrite(lock, path));
                    }
                    case "lock" -> {
                        if (pc.holds(key)) {
                            l.problem(
                                    n,
                                    "the task locks the mutex \"" + lock
                                            + "\" it already holds: it would wait for itself forever (self-deadlock)");
                            return null;
                        }
                        pc.acquire(key);
                        return List.of(new Step.MutexLock(lock, path));
                    }
                    case "up_read" -> {
                        pc.release(n, key, lock, kind);
                        return List.of(new Step.UpRead(lock, path));
                    }
                    case "up_write" -> {
                        pc.release(n, key, lock, kind);
                        return List.of(new Step.UpWrite(lock, path));
                    }
                    default -> {
                        pc.release(n, key, lock, kind);
                        return List.of(new Step.MutexUnlock(lock, path));
                    }
                }
            }
            case "send", "recv" -> {
                String pipe = l.string(v, "a pipe name");
                if (pipe == null) return null;
                if (!l.pipeNames.contains(pipe)) {
                    l.problem(v, "unknown pipe \"" + pipe + "\"" + l.mean(pipe, l.pipeNames));
                    return null;
                }
                Dur cost = Dur.us(2);
                if (o.members().containsKey("cost")) {
                    Dur c = l.duration(o.members().get("cost"));
                    if (c == null) return null;
                    cost = c;
                }
                List<Step> body = kind.equals("send")
                        ? List.of(new Step.Kernel(cost, path), new Step.Send(pipe, path))
                        : List.of(new Step.Recv(pipe, path), new Step.Kernel(cost, path));
                return user ? List.of(new Step.Syscall(kind.equals("send") ? "write" : "read", body, path)) : body;
            }
            case "loop" -> {
                long times = -1;
                if (o.members().containsKey("times")) {
                    Long t = l.integer(o.members().get("times"), 0, Long.MAX_VALUE, "a number of times");
                    if (t == null) return null;
                    times = t;
                }
                List<String> heldBefore = new ArrayList<>(pc.held);
                int before = pc.held.size();
                List<Step> body = steps(v, user, pc, depth + 1);
                if (pc.held.size() > before) {
                    l.problem(
                            n,
                            "each pass of the loop acquires "
                                    + String.join(", ", pc.held.subList(before, pc.held.size()))
                                    + " without releasing it");
                    pc.held.subList(before, pc.held.size()).clear();
                } else if (!pc.held.containsAll(heldBefore) && times != 1) {
                    List<String> gone = new ArrayList<>(heldBefore);
                    gone.removeAll(pc.held);
                    l.problem(
                            n,
                            "each pass of the loop releases " + String.join(", ", gone)
                                    + ", taken before the loop: only the first pass holds it");
                }
                if (body == null) return null;
                if (times < 0 && !spendsTime(body)) {
                    l.problem(
                            n,
                            "an endless loop must contain a step that always takes time (user, kernel or sleep of more than 0, or recv)");
                    return null;
                }
                return List.of(new Step.Loop(body, times, path));
            }
            case "exit" -> {
                Dur d = null;
                if (v instanceof Str) {
                    d = l.duration(v);
                    if (d == null) return null;
                } else if (!(v instanceof Bool b) || !b.value()) {
                    l.problem(
                            v,
                            "found " + l.describe(v)
                                    + ", expected true or the kernel time the exit takes (e.g. \"2ms\")");
                    return null;
                }
                if (!pc.held.isEmpty()) l.problem(n, "the task exits holding " + String.join(", ", pc.held));
                return List.of(new Step.Exit(d, path));
            }
            default -> {
                return null;
            }
        }
    }

    private static boolean spendsTime(List<Step> steps) {
        for (Step s : steps) {
            if ((s instanceof Step.User u && takesTime(u.d()))
                    || (s instanceof Step.Kernel k && takesTime(k.d()))
                    || (s instanceof Step.Sleep sl && takesTime(sl.d()))
                    || s instanceof Step.Recv) return true;
            if (s instanceof Step.Syscall sc && spendsTime(sc.body())) return true;
            if (s instanceof Step.Loop l && l.times() != 0 && spendsTime(l.body())) return true;
        }
        return false;
    }

    /** A duration that is never 0 (a loop of 0 ns steps would never advance time). */
    private static boolean takesTime(Dur d) {
        return d instanceof Dur.Fixed f
                ? f.ns() > 0
                : d instanceof Dur.Uniform u ? u.lo() > 0 : d instanceof Dur.Exponential;
    }
}
