package io.throttlescope.realtrace;

import com.google.gson.JsonObject;
import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.TaskState;
import io.throttlescope.text.Escape;
import io.throttlescope.text.StringTable;
import io.throttlescope.trace.Trace;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns the event lines of a real trace into the same primitive-column trace the simulator
 * records, with times relative to the first event: CPU lanes (sched_switch), task states
 * (running in user or kernel mode, runnable, sleeping, D state, and switched out by a throttle
 * where probes say so or the pattern shows it), syscalls, wake-ups, migrations, lock contention,
 * hung-task reports, cgroup moves, throttle probes and trace_marker notes.
 */
final class Importer {
    private static final Pattern MIGRATE =
            Pattern.compile("comm=(.*) pid=(\\d+) prio=(-?\\d+) orig_cpu=(\\d+) dest_cpu=(\\d+)");
    private static final Pattern FORK = Pattern.compile("comm=(.*) pid=(\\d+) child_comm=(.*) child_pid=(\\d+)");
    private static final Pattern PID = Pattern.compile("comm=(.*) pid=(\\d+)");
    private static final Pattern LOCK = Pattern.compile("lock=(\\S+)");
    /** What a marker line starts with: the function that wrote it, by name or (no kallsyms) by address. */
    private static final Pattern MARKER_FUNCTION = Pattern.compile("^(tracing_mark_write|0x[0-9a-f]{1,16}): ");

    private static final Pattern ATTACH = Pattern.compile("dst_path=(\\S+) pid=(\\d+) comm=(.*)");

    /** A kprobe's role, by the function it probes. */
    enum Probe {
        THROTTLE_CFS_RQ,
        UNTHROTTLE_CFS_RQ,
        TG_THROTTLE_DOWN,
        TG_UNTHROTTLE_UP,
        THROTTLE_CFS_RQ_WORK,
        TASK_THROTTLE_SETUP_WORK
    }

    static final Map<String, Probe> DEFAULT_PROBES = Map.of(
            "throttle_cfs_rq",
            Probe.THROTTLE_CFS_RQ,
            "unthrottle_cfs_rq",
            Probe.UNTHROTTLE_CFS_RQ,
            "tg_throttle_down",
            Probe.TG_THROTTLE_DOWN,
            "tg_unthrottle_up",
            Probe.TG_UNTHROTTLE_UP,
            "throttle_cfs_rq_work",
            Probe.THROTTLE_CFS_RQ_WORK,
            "task_throttle_setup_work",
            Probe.TASK_THROTTLE_SETUP_WORK);

    final Trace trace = new Trace();
    final StringTable strings = new StringTable();
    final List<String> taskNames = new ArrayList<>();
    final List<Integer> taskGroup = new ArrayList<>();
    final List<String> groups = new ArrayList<>(List.of("/"));
    final List<long[]> groupLimits = new ArrayList<>(); // {quota, period}
    final List<String> locks = new ArrayList<>();
    private final Set<String> lockSet = new HashSet<>();
    private final Map<String, Integer> groupIndex = new HashMap<>(Map.of("/", 0));
    /** At most this many tasks (distinct pids) are followed; later ones are left out, and the import says so. */
    public static final int MAX_TASKS = 65_536;
    /** Cgroup paths of more levels or characters are left out (a hostile header could hold 40,000 levels). */
    static final int MAX_PATH_LEVELS = 64, MAX_PATH_CHARS = 4096;
    /** At most this many CPUs: a header saying two billion would otherwise size the arrays. */
    public static final int MAX_CPUS = 4096;

    private boolean tooManyTasks;
    /** Per CPU: the group of the earliest probed throttle not undone since the last unthrottle there (-1: none). */
    private int[] probedThrottle = new int[0];

    final Map<Integer, Integer> byPid = new HashMap<>();
    final Map<String, Probe> probes;
    final long startNs;
    final CgroupMap map;
    final String model;
    long endNs;
    final long[] probeHits = new long[Probe.values().length];
    /** What the kprobe hits say (throttles, unthrottles, task work), applied to the import as it goes. */
    private final ProbeHits kprobes = new ProbeHits(this);

    int inferredThrottles;
    /** The periods the inferred throttles fall in, as cpu.stat's nr_throttled counts them (RealTrace.throttledPeriods). */
    long inferredPeriods;

    // per task state
    final List<ImportedTask> tasks = new ArrayList<>();
    private int[] cpuCurr = new int[0];
    private final TraceText text;

    Importer(TraceText text, CgroupMap map, Map<String, Probe> probes, String model) {
        this.text = text;
        this.map = map;
        this.probes = probes;
        this.model = model;
        this.startNs = text.events == 0 ? 0 : text.firstNs;
        groupLimits.add(new long[] {-1, 100_000_000L});
        for (var e : map.limits.entrySet()) group(e.getKey(), e.getValue());
        int cpus = Math.max(text.cpus, text.maxCpu + 1);
        if (text.header != null && text.header.has("cpus")) cpus = headerCpus(text.header); // a recording's CPUs
        if (cpus > MAX_CPUS)
            throw new IllegalArgumentException("the trace has " + cpus + " CPUs; at most " + MAX_CPUS + " are read");
        this.maxCpus = cpus;
        cpuCurr = new int[Math.max(1, cpus)];
        Arrays.fill(cpuCurr, -1);
        probedThrottle = new int[Math.max(1, cpus)];
        Arrays.fill(probedThrottle, -1);
    }

    private final int maxCpus;

    int cpus() {
        return cpuCurr.length;
    }

    int str(String s) {
        return strings.id(s);
    }

    /** The header's CPU count, which must be 1 to {@link #MAX_CPUS}. */
    static int headerCpus(JsonObject header) {
        long c;
        try {
            c = RealTrace.exactLong(header.get("cpus"));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("the header's \"cpus\" is not a whole number in range ("
                    + Escape.shortText(header.get("cpus").toString()) + ")");
        }
        if (c < 1 || c > MAX_CPUS)
            throw new IllegalArgumentException("the header says " + c + " CPUs; expected 1 to " + MAX_CPUS);
        return (int) c;
    }

    /** The group of a cgroup path, made with its ancestors at first sight (a loop, not a recursion: any depth). */
    int group(String path, long[] limit) {
        Integer known = groupIndex.get(path);
        if (known != null) {
            if (limit != null) groupLimits.set(known, limit);
            return known;
        }
        if (path.length() > MAX_PATH_CHARS
                || path.chars().filter(ch -> ch == '/').count() > MAX_PATH_LEVELS) {
            noteOnce("a cgroup path of over " + MAX_PATH_LEVELS + " levels or " + MAX_PATH_CHARS
                    + " characters: its tasks are drawn in /");
            return 0;
        }
        int g = 0;
        for (int cut = path.indexOf('/', 1); ; cut = path.indexOf('/', cut + 1)) {
            String prefix = cut < 0 ? path : path.substring(0, cut);
            Integer x = groupIndex.get(prefix);
            if (x == null) {
                groups.add(prefix);
                groupLimits.add(new long[] {-1, 100_000_000L});
                x = groups.size() - 1;
                groupIndex.put(prefix, x);
                parentOf.add(g);
            }
            g = x;
            if (cut < 0) break;
        }
        if (limit != null) groupLimits.set(g, limit);
        return g;
    }

    private final List<Integer> parentOf = new ArrayList<>(List.of(-1));

    int groupParent(int g) {
        return g <= 0 ? -1 : parentOf.get(g);
    }

    private final Set<String> noted = new HashSet<>();

    /** A notice among the skipped lines, once per kind. */
    private void noteOnce(String why) {
        if (noted.add(why)) text.skipped.add(why);
    }

    /** The task of a pid, created at its first sight; null for the idle task. */
    ImportedTask task(String comm, int pid) {
        if (pid == 0) return null;
        Integer i = byPid.get(pid);
        if (i != null) {
            ImportedTask t = tasks.get(i);
            if (comm != null && !comm.isEmpty() && !comm.equals("<...>") && !comm.equals(t.comm)) {
                t.comm = comm; // exec: the map may name the new comm
                String g = map.groupOf(comm, pid);
                if (g != null && taskGroup.get(t.id) == 0) taskGroup.set(t.id, group(g, null));
            }
            return t;
        }
        if (tasks.size() >= MAX_TASKS) {
            if (!tooManyTasks) noteOnce("more than " + MAX_TASKS + " tasks: the events of later pids are left out");
            tooManyTasks = true;
            return null;
        }
        ImportedTask t = new ImportedTask(tasks.size(), comm == null || comm.equals("<...>") ? "?" : comm, pid);
        tasks.add(t);
        byPid.put(pid, t.id);
        String g = map.groupOf(t.comm, pid);
        taskGroup.add(g == null ? 0 : group(g, null));
        taskNames.add(null); // named at the end: COMM-PID with the last comm seen
        return t;
    }

    /** The task of a pid already seen, or null (neither created nor renamed). */
    private ImportedTask known(int pid) {
        Integer i = byPid.get(pid);
        return i == null ? null : tasks.get(i);
    }

    void emit(long ts, EventKind k, int cpu, int task, int group, int text, long a, long b) {
        if (cpu >= maxCpus) cpu = -1;
        long t = ts - startNs;
        endNs = Math.max(endNs, t);
        trace.event(t, k, cpu, task, group, text, a, b);
        if (cpu >= 0 && cpu < probedThrottle.length) { // what throttledGroupOn() needs, kept as it goes
            if (k == EventKind.UNTHROTTLE) probedThrottle[cpu] = -1;
            else if (k == EventKind.THROTTLE && b == 0 && probedThrottle[cpu] < 0) probedThrottle[cpu] = group;
        }
    }

    /** Each task's waits for a CPU after wake-ups by a task it forked. */
    final ChildWakes childWakes = new ChildWakes();

    void setState(ImportedTask t, long ts, int cpu, TaskState st) {
        long rel = ts - startNs;
        if (t.state == TaskState.RUNNING.ordinal() && t.runSince >= 0) {
            long d = rel - t.runSince;
            t.cpuNs += d;
            if (t.inSyscall) t.kernelNs += d;
            else t.userNs += d;
            t.runSince = -1;
        }
        t.timeIn[t.state] += rel - t.stateSince;
        t.stateSince = rel;
        if (st == TaskState.RUNNING) t.runSince = rel;
        childWakes.state(t.id, st, rel, cpu);
        if (t.state != st.ordinal()) {
            t.state = st.ordinal();
            emit(ts, EventKind.STATE, cpu, t.id, taskGroup.get(t.id), -1, st.ordinal(), 0);
        }
    }

    /** Runs the trace ended without showing their switch-out (a loss, a filtered trace): counts.runs_ended_unseen. */
    int unseenEnds;

    /**
     * A CPU runs one task: a task the trace shows on a CPU where another ran, with no switch between
     * (after {@code [LOST n EVENTS]}, or in a trace filtered by pid), ends that one's run there, as
     * a switch-out the trace did not show: sleeping from then on, until the trace shows it again.
     */
    private void endUnseen(int id, int c, long ts) {
        ImportedTask t = tasks.get(id);
        if (t.state != TaskState.RUNNING.ordinal()) return;
        unseenEnds++;
        setState(t, ts, c, TaskState.SLEEPING);
        emit(
                ts,
                EventKind.BLOCK,
                c,
                t.id,
                taskGroup.get(t.id),
                str("switched out unseen (lost events or a filtered trace)"),
                0,
                0);
    }

    /** A task seen on CPU c that the import still had running on another CPU leaves that one (a migration the trace did not show). */
    private void leaveOtherCpu(ImportedTask t, int c, long ts) {
        if (t.state != TaskState.RUNNING.ordinal())
            return; // the usual switch-in: no CPU holds it (not a scan per switch)
        for (int o = 0; o < cpuCurr.length; o++) {
            if (o == c || cpuCurr[o] != t.id) continue;
            cpuCurr[o] = -1;
            if (t.state == TaskState.RUNNING.ordinal()) unseenEnds++;
            emit(ts, EventKind.SWITCH, o, -1, -1, -1, t.id, 0);
        }
    }

    /** Splits the running time at a mode change (syscall entry or exit). */
    private void modeChange(ImportedTask t, long ts) {
        if (t.state != TaskState.RUNNING.ordinal() || t.runSince < 0) return;
        long rel = ts - startNs, d = rel - t.runSince;
        t.cpuNs += d;
        if (t.inSyscall) t.kernelNs += d;
        else t.userNs += d;
        t.runSince = rel;
    }

    void run(Inference inf) throws IOException {
        for (var l : text.lost) {
            // a notice has no time of its own: it is put at the start, and counted
            emit(
                    startNs,
                    EventKind.NOTE,
                    (int) l[1],
                    -1,
                    -1,
                    str("CPU" + l[1] + " lost " + (l[2] < 0 ? "events, how many not known" : l[2] + " events")
                            + " (line " + l[0] + ")"),
                    0,
                    0);
        }
        int[] switchNo = {0}; // the k-th sched_switch line is switch k of text.switches
        long[] read = {0};
        text.each(l -> {
            read[0]++;
            if (l.tsNs() < startNs) {
                changedWhileRead();
                return;
            } // a line the first reading did not have
            int k = l.event().equals("sched_switch") ? switchNo[0]++ : -1;
            if (k >= text.switches.size) {
                changedWhileRead();
                k = -1;
            }
            try {
                line(l, k, inf);
            } catch (NumberFormatException e) { // a number too large for its field: that line only
                text.note("line " + l.lineNo() + ": a number out of range");
            }
        });
        if (read[0] != text.events) changedWhileRead();
        long end = startNs + endNs;
        for (ImportedTask t : tasks) setState(t, end, t.cpu, TaskState.values()[t.state]);
    }

    /** The file is read twice: a file written to meanwhile (a trace still being recorded) is imported as far as it agrees, and said. */
    private void changedWhileRead() {
        noteOnce(
                "the file changed while it was read (is it still being written?): its lines after the first reading are imported without the throttle inference's look-ahead");
    }

    private void line(TraceLine l, int index, Inference inf) {
        String f = l.fields();
        long ts = l.tsNs();
        int c = l.cpu();
        Probe probe = probes.get(l.event());
        if (probe != null) {
            kprobes.hit(l, probe);
            return;
        }
        // a CPU outside the recording: only its wake-ups of our tasks count, and the recorder's marks and moves of them
        boolean outside = c >= maxCpus;
        if (outside
                && !l.event().equals("tracing_mark_write")
                && !l.event().equals("print")
                && !l.event().equals("cgroup_attach_task")) {
            if (TraceLine.isWake(l.event())) {
                WakeFields w = l.wakeFields();
                if (w != null && Integer.parseInt(w.targetCpu()) < maxCpus) wake(l, w, ts);
            }
            return;
        }
        ImportedTask self = outside ? null : task(l.comm(), l.pid());
        if (!outside && l.pid() == 0 && cpuCurr[c] >= 0 && !l.event().equals("sched_switch")) {
            int before = cpuCurr[c]; // the idle task logged it: nothing else runs here
            endUnseen(before, c, ts);
            cpuCurr[c] = -1;
            emit(ts, EventKind.SWITCH, c, -1, -1, -1, before, 0);
        }
        if (self != null
                && self.state != TaskState.EXITED.ordinal()
                && (self.state != TaskState.RUNNING.ordinal() || cpuCurr[c] != self.id)) {
            // the task that logged the event is on this CPU: a switch-in before the buffer started, or one the trace
            // lost
            leaveOtherCpu(self, c, ts);
            self.cpu = c;
            setState(self, ts, c, TaskState.RUNNING);
            if (cpuCurr[c] != self.id) {
                int before = cpuCurr[c];
                if (before >= 0) endUnseen(before, c, ts);
                cpuCurr[c] = self.id;
                emit(ts, EventKind.SWITCH, c, self.id, taskGroup.get(self.id), -1, before, 0);
            }
        }
        switch (l.event()) {
            case "sched_switch" -> {
                SwitchFields sf = l.switchFields();
                if (sf == null) {
                    text.note("line " + l.lineNo() + ": sched_switch without its fields");
                    return;
                }
                ImportedTask prev = task(sf.prevComm(), Integer.parseInt(sf.prevPid()));
                ImportedTask next = task(sf.nextComm(), Integer.parseInt(sf.nextPid()));
                String ps = sf.prevState();
                if (cpuCurr[c] >= 0 && (prev == null || cpuCurr[c] != prev.id))
                    endUnseen(cpuCurr[c], c, ts); // a filtered trace
                if (prev != null) switchOut(prev, ps, ts, c, index, inf);
                if (prev != null && next != null && prev.state == TaskState.RUNNABLE.ordinal())
                    childWakes.preempted(prev.id, next.id, ts - startNs);
                if (next != null) {
                    leaveOtherCpu(next, c, ts);
                    next.cpu = c;
                    setState(next, ts, c, TaskState.RUNNING);
                }
                cpuCurr[c] = next == null ? -1 : next.id;
                emit(
                        ts,
                        EventKind.SWITCH,
                        c,
                        next == null ? -1 : next.id,
                        next == null ? -1 : taskGroup.get(next.id),
                        -1,
                        prev == null ? -1 : prev.id,
                        0);
            }
            case "sched_wakeup", "sched_wakeup_new", "sched_waking" -> {
                WakeFields w = l.wakeFields();
                if (w == null) {
                    text.note("line " + l.lineNo() + ": " + l.event() + " without its fields");
                    return;
                }
                wake(l, w, ts);
            }
            case "sched_migrate_task" -> {
                Matcher m = MIGRATE.matcher(f);
                if (!m.matches()) return;
                ImportedTask t = task(m.group(1), Integer.parseInt(m.group(2)));
                if (t == null) return;
                int dst = Integer.parseInt(m.group(5));
                t.cpu = dst;
                emit(ts, EventKind.MIGRATE, dst, t.id, taskGroup.get(t.id), -1, Integer.parseInt(m.group(4)), 0);
            }
            case "sched_process_fork" -> {
                Matcher m = FORK.matcher(f);
                ImportedTask child = m.matches() ? task(m.group(3), Integer.parseInt(m.group(4))) : null;
                ImportedTask parent = m.matches() ? known(Integer.parseInt(m.group(2))) : null;
                if (parent != null && child != null) childWakes.forked(parent.id, child.id);
            }
            case "sched_process_exit" -> {
                // do_exit() has begun: from here the task runs in the kernel until its last switch-out
                Matcher m = PID.matcher(f);
                if (!m.find()) return;
                ImportedTask t = task(null, Integer.parseInt(m.group(2)));
                if (t == null || t.exited) return;
                modeChange(t, ts);
                t.exited = true;
                t.inSyscall = true;
                emit(ts, EventKind.EXITING, c, t.id, taskGroup.get(t.id), -1, 0, 0);
            }
            case "sys_enter" -> {
                ImportedTask t = task(l.comm(), l.pid());
                String nr = Syscalls.number(f);
                if (t == null || nr == null) return;
                modeChange(t, ts);
                t.inSyscall = true;
                t.syscallNr = Integer.parseInt(nr);
                t.syscallEnter = ts;
                t.enter(t.syscallNr, ts);
                emit(ts, EventKind.SYSCALL_ENTER, c, t.id, taskGroup.get(t.id), str(Syscalls.name(t.syscallNr)), 0, 0);
            }
            case "sys_exit" -> {
                ImportedTask t = task(l.comm(), l.pid());
                String digits = Syscalls.number(f);
                if (t == null || digits == null) return;
                modeChange(t, ts);
                int nr = Integer.parseInt(digits);
                long dur = t.inSyscall && t.syscallNr == nr ? ts - t.syscallEnter : 0;
                if (t.inSyscall && t.nSyscalls > 0) t.syscalls[3 * t.nSyscalls - 1] = ts;
                t.inSyscall = false;
                t.lastSysExit = ts;
                emit(ts, EventKind.SYSCALL_EXIT, c, t.id, taskGroup.get(t.id), str(Syscalls.name(nr)), dur, 0);
            }
            case "contention_begin", "contention_end" -> {
                ImportedTask t = task(l.comm(), l.pid());
                Matcher m = LOCK.matcher(f);
                if (t == null || !m.find()) return;
                String name = "lock " + m.group(1);
                if (lockSet.add(name)) locks.add(name);
                if (l.event().equals("contention_begin"))
                    emit(ts, EventKind.LOCK_WAIT, c, t.id, taskGroup.get(t.id), str(name), 2, 0);
                else emit(ts, EventKind.LOCK_ACQUIRE, c, t.id, taskGroup.get(t.id), str(name), 0, 2);
            }
            case "sched_process_hang" -> {
                Matcher m = PID.matcher(f);
                if (!m.find()) return;
                ImportedTask t = task(m.group(1), Integer.parseInt(m.group(2)));
                if (t != null) emit(ts, EventKind.HUNG_TASK, -1, t.id, taskGroup.get(t.id), -1, 0, 0);
            }
            case "cgroup_attach_task" -> {
                Matcher m = ATTACH.matcher(f);
                if (!m.find()) return;
                ImportedTask t = task(m.group(3), Integer.parseInt(m.group(2)));
                if (t == null) return;
                int from = taskGroup.get(t.id), to = group(map.relative(m.group(1)), null);
                taskGroup.set(t.id, to);
                emit(ts, EventKind.MOVE, t.cpu, t.id, to, -1, from, 0);
            }
            case "tracing_mark_write", "print" -> {
                String text = MARKER_FUNCTION.matcher(f).replaceFirst("");
                emit(ts, EventKind.NOTE, c, -1, -1, str(text), 0, 0);
                RecordedActions.imported(this, text, ts);
            }
            default -> {}
        }
    }

    private void wake(TraceLine l, WakeFields w, long ts) {
        ImportedTask t = task(w.comm(), Integer.parseInt(w.pid()));
        if (t == null) return;
        int target = Math.min(Integer.parseInt(w.targetCpu()), maxCpus - 1);
        if (t.state == TaskState.RUNNING.ordinal() || t.state == TaskState.RUNNABLE.ordinal()) return;
        if (l.event().equals("sched_wakeup_new")) emit(ts, EventKind.START, -1, t.id, taskGroup.get(t.id), -1, 0, 0);
        t.cpu = target;
        setState(t, ts, target, TaskState.RUNNABLE);
        ImportedTask waker = l.irq() ? null : known(l.pid()); // logged in its waker's context, unless an interrupt's
        childWakes.woken(t.id, waker == null ? -1 : waker.id, ts - startNs);
        emit(ts, EventKind.WAKE, target, t.id, taskGroup.get(t.id), -1, 0, 0);
    }

    private void switchOut(ImportedTask prev, String ps, long ts, int c, int index, Inference inf) {
        char s0 = ps.isEmpty() ? 'R' : ps.charAt(0);
        switch (s0) {
            case 'R' -> {
                TaskState held = kprobes.heldOff(prev, c);
                if (held == null) held = inf.heldOff(this, prev, index);
                else if (held != TaskState.RUNNABLE) { // a throttle probe said so
                    setState(prev, ts, c, held);
                    emit(ts, EventKind.PREEMPT, c, prev.id, taskGroup.get(prev.id), -1, 0, 0);
                    return;
                }
                if (held != TaskState.RUNNABLE) {
                    inferredThrottles++;
                    int g = taskGroup.get(prev.id);
                    emit(ts, EventKind.THROTTLE, c, -1, g, -1, 0, 1); // argB 1: inferred, not probed
                    if (held == TaskState.PARKED) emit(ts, EventKind.PARKED, c, prev.id, g, -1, 0, 1);
                }
                setState(prev, ts, c, held);
                emit(ts, EventKind.PREEMPT, c, prev.id, taskGroup.get(prev.id), -1, 0, 0);
            }
            case 'D' -> {
                setState(prev, ts, c, TaskState.BLOCKED);
                emit(
                        ts,
                        EventKind.BLOCK,
                        c,
                        prev.id,
                        taskGroup.get(prev.id),
                        str(prev.inSyscall ? Syscalls.name(prev.syscallNr) : "D state"),
                        1,
                        0);
            }
            case 'Z', 'X' -> {
                setState(prev, ts, c, TaskState.EXITED);
                emit(ts, EventKind.EXIT, c, prev.id, taskGroup.get(prev.id), -1, 0, 0);
            }
            default -> {
                setState(prev, ts, c, TaskState.SLEEPING);
                emit(
                        ts,
                        EventKind.BLOCK,
                        c,
                        prev.id,
                        taskGroup.get(prev.id),
                        str(prev.inSyscall ? Syscalls.name(prev.syscallNr) : "sleep"),
                        0,
                        0);
            }
        }
    }

    /** The group whose throttle on this CPU was probed earliest and not yet undone (the order distribution follows). */
    int throttledGroupOn(int cpu) {
        return cpu >= 0 && cpu < probedThrottle.length ? probedThrottle[cpu] : -1;
    }

    boolean hasThrottleProbe() {
        return probeHits[Probe.THROTTLE_CFS_RQ.ordinal()] > 0;
    }

    List<ImportedTask> tasks() {
        return tasks;
    }

    TraceText text() {
        return text;
    }
}
