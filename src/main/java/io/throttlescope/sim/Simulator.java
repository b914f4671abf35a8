package io.throttlescope.sim;

import io.throttlescope.sim.spec.ActionSpec;
import io.throttlescope.sim.spec.CgroupSpec;
import io.throttlescope.sim.spec.KernelSpec;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.sim.spec.TaskSpec;
import io.throttlescope.text.StringTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.DoubleConsumer;

/**
 * The discrete-event simulator: CPUs, the cgroup tree, tasks running their programs, and CFS
 * bandwidth control under one of the two throttle models. Deterministic: the same spec and seed
 * give the same events to the nanosecond.
 */
public final class Simulator {
    public enum Model {
        LEGACY("legacy"),
        TASK("task");
        public final String id;

        Model(String id) {
            this.id = id;
        }

        public static Model of(String s) {
            for (Model m : values()) if (m.id.equals(s)) return m;
            throw new IllegalArgumentException("unknown model '" + s + "' (expected legacy or task)");
        }
    }

    static final int EV_CPU = 0,
            EV_WAKE_TIMER = 1,
            EV_START = 2,
            EV_PERIOD = 3,
            EV_SLACK = 4,
            EV_ACTION = 5,
            EV_HUNG = 6,
            EV_LOCK = 7,
            EV_NOTE = 8,
            EV_CSD = 9;

    final SimSpec spec;
    final KernelSpec kernel;
    public final Model modelId;
    final ThrottleModel model;
    final Fair fair;
    final Bandwidth bw;
    final Program program;
    final HungTaskDetector hung;
    final Balancer balancer = new Balancer(this);
    final Actions outside = new Actions(this);
    final TaskLife life = new TaskLife(this);
    final LockBook lockBook = new LockBook(this);
    final SwitchPath switchPath = new SwitchPath(this);
    final SplittableRandom rng;
    final long tickNs, tickPhaseNs;
    final long endNs;
    long now;

    final Cpu[] cpus;
    final List<TaskGroup> groups = new ArrayList<>();
    final Map<String, TaskGroup> groupByPath = new HashMap<>();
    final Task[] tasks;
    final Map<String, Task> taskByName = new HashMap<>();
    final Map<String, PercpuRwsem> rwsems = new LinkedHashMap<>();
    final Map<String, Mutex> mutexes = new LinkedHashMap<>();
    final Map<String, Pipe> pipes = new LinkedHashMap<>();
    private final List<PercpuRwsem> rwsemList = new ArrayList<>();
    private final List<ActionSpec> actions;

    final StringTable strings = new StringTable();
    static final int SLEEP_WHY = 0;
    final EventQueue queue = new EventQueue();
    private final EventSink sink;
    long events;
    final long[] kindCounts = new long[EventKind.values().length];
    final List<String> faults = new ArrayList<>();
    final SyscallLog syscalls = new SyscallLog();

    private final Cpu[] dirty;
    private final long[] waitingCpus;
    private int dirtyHead, dirtyTail;
    private final boolean[] isDirty;
    private Invariants invariants;
    boolean finished;

    public Simulator(SimSpec spec, Model model, EventSink sink) {
        this.spec = spec;
        this.kernel = spec.kernel();
        this.modelId = model;
        this.sink = sink == null ? EventSink.NONE : sink;
        this.rng = new SplittableRandom(spec.seed());
        this.tickNs = 1_000_000_000L / kernel.hz();
        this.tickPhaseNs = Math.floorMod(kernel.tickPhaseNs(), tickNs);
        this.endNs = spec.durationNs();
        this.model = model == Model.LEGACY ? new LegacyThrottle(this) : new TaskBasedThrottle(this);
        this.fair = new Fair(this, kernel.cpus());
        this.bw = new Bandwidth(this, kernel.bandwidthSliceNs());
        this.program = new Program(this);
        this.hung = new HungTaskDetector(this, kernel.hungTaskTimeoutNs(), kernel.hungTaskCheckIntervalNs());
        str("sleep"); // SLEEP_WHY

        TaskGroup root = new TaskGroup(0, "/", null, new Cpu[kernel.cpus()]);
        cpus = new Cpu[kernel.cpus()];
        queue.cpuTimers(cpus.length);
        for (int i = 0; i < cpus.length; i++) {
            cpus[i] = new Cpu(i, root);
            cpus[i].nextTick = tickAfter(-1); // the first tick at or after 0
            root.cfsRq[i] = cpus[i].cfs;
        }
        dirty = new Cpu[cpus.length + 1];
        waitingCpus = new long[(cpus.length + 63) >>> 6];
        isDirty = new boolean[cpus.length];
        groups.add(root);
        groupByPath.put("/", root);
        for (CgroupSpec c : spec.cgroups().values()) group(c.path());

        spec.locks().forEach((name, type) -> {
            if ("mutex".equals(type)) mutexes.put(name, new Mutex(this, name));
            else {
                PercpuRwsem r = new PercpuRwsem(this, name);
                rwsems.put(name, r);
                rwsemList.add(r);
            }
        });
        spec.pipes().forEach((name, cap) -> pipes.put(name, new Pipe(this, name, cap)));
        tasks = new Task[spec.tasks().size()];
        for (int i = 0; i < tasks.length; i++) {
            TaskSpec ts = spec.tasks().get(i);
            Task t = new Task(i, ts, Fair.weightOfNice(ts.nice()), program.compile(ts.program()));
            t.group = group(ts.cgroup());
            t.cpu = cpus[firstAllowed(t)];
            t.se.cfsRq = t.group.cfsRq[t.cpu.id];
            tasks[i] = t;
            taskByName.put(t.name, t);
        }
        this.actions = spec.actions();
    }

    // ------------------------------------------------------------------ set-up

    TaskGroup group(String path) {
        TaskGroup g = groupByPath.get(path);
        if (g != null) return g;
        int cut = path.lastIndexOf('/');
        TaskGroup parent = group(cut == 0 ? "/" : path.substring(0, cut));
        g = new TaskGroup(groups.size(), path, parent, cpus);
        parent.children.add(g);
        for (int i = 0; i < cpus.length; i++) {
            g.cfsRq[i] = new CfsRq(g, cpus[i]);
            SchedEntity se = new SchedEntity(null, g.cfsRq[i], g.shares);
            se.cfsRq = parent.cfsRq[i];
            g.se[i] = se;
            g.cfsRq[i].parentSe = se;
        }
        groups.add(g);
        groupByPath.put(path, g);
        return g;
    }

    int firstAllowed(Task t) {
        for (int i = 0; i < cpus.length; i++) if (t.allowed(i)) return i;
        return 0;
    }

    /** Arms the timers of the scenario: cgroup settings at t=0, task starts, actions, notes, khungtaskd. */
    private void boot() {
        for (CgroupSpec c : spec.cgroups().values()) {
            TaskGroup g = group(c.path());
            outside.setWeight(g, c.weight());
            g.periodPhase = c.phaseNs();
            g.bw.periodExpiry = c.phaseNs();
            if (c.quotaUs() >= 0) outside.setBandwidth(g, c.quotaUs() * 1000, c.periodUs() * 1000, c.burstUs() * 1000);
        }
        for (Task t : tasks) queue.push(Math.max(0, t.spec.start().sample(rng)), EV_START, t.id, 0);
        for (int i = 0; i < actions.size(); i++)
            queue.push(Math.max(0, actions.get(i).at().sample(rng)), EV_ACTION, i, 0);
        for (int i = 0; i < spec.notes().size(); i++)
            queue.push(spec.notes().get(i).atNs(), EV_NOTE, i, 0);
        if (hung.enabled()) queue.push(hung.interval, EV_HUNG, 0, 0);
    }

    // ------------------------------------------------------------------ running

    /** Events a run may record before it is stopped (a file must not be able to run for hours or fill memory). */
    public static final long DEFAULT_MAX_EVENTS = 20_000_000L;

    private long maxEvents = DEFAULT_MAX_EVENTS;
    private boolean budgetExceeded;

    /** Stops the run after this many events; {@link #budgetExceeded()} then says so. */
    public void setMaxEvents(long n) {
        maxEvents = n;
    }

    /** True if the run stopped at its event budget before the scenario's end. */
    public boolean budgetExceeded() {
        return budgetExceeded;
    }

    private DoubleConsumer progress;

    /** Called now and then during run() with the fraction of simulated time done (0..1). */
    public void onProgress(DoubleConsumer p) {
        progress = p;
    }

    /** Verify the invariants after every event; a broken one throws {@link InvariantViolation}. */
    public void enableChecks() {
        invariants = new Invariants(this);
    }

    /** Runs to the scenario's duration. */
    public void run() {
        boot();
        long nextProgress = 1 << 16;
        long work = 0;
        while (queue.size() > 0 && queue.peekTime() <= endNs) {
            queue.pop();
            work++;
            now = queue.t;
            long before = events;
            dispatch(queue.popType, queue.popTarget, queue.popGen);
            serviceDirty();
            if (invariants != null && events != before) invariants.check();
            if (events > maxEvents
                    || work > 4 * maxEvents) { // silent work counts too: a loop of 1 ns steps emits nothing
                budgetExceeded = true;
                fault(
                        null,
                        null,
                        "stopped after " + maxEvents + " events at t=" + now + "ns of " + endNs
                                + "ns: the event budget (--max-events) is used up");
                break;
            }
            if (progress != null && events >= nextProgress) {
                nextProgress = events + (1 << 16);
                progress.accept((double) now / Math.max(1, endNs));
            }
        }
        if (!budgetExceeded) now = endNs;
        for (Cpu c : cpus) sync(c);
        finished = true;
        for (Task t : tasks) life.setState(t, t.state);
        if (invariants != null) invariants.check();
    }

    private void dispatch(int type, int target, long gen) {
        switch (type) {
            case EV_CPU -> {
                Cpu c = cpus[target];
                c.pendingEventAt = Long.MAX_VALUE;
                // the end of a stretch of user or kernel work is not a kernel event: update_curr()
                // runs at ticks and scheduling events only; exact accounting charges the bandwidth
                // (and nothing else) to the instant, so that exhaustion is seen when it happens
                sync(c, now >= c.nextTick ? CHARGE_FULL : kernel.exactAccounting() ? CHARGE_BANDWIDTH : CHARGE_NONE);
                if (now >= c.nextTick) tick(c);
                markDirty(c);
            }
            case EV_WAKE_TIMER -> {
                Task t = tasks[target];
                if (t.sleepGen == gen && (t.state == TaskState.SLEEPING || t.state == TaskState.BLOCKED)) life.wake(t);
            }
            case EV_START -> {
                Task t = tasks[target];
                emit(EventKind.START, -1, t.id, t.group.id, -1, 0, 0);
                life.wake(t);
            }
            case EV_PERIOD -> {
                TaskGroup g = groups.get(target);
                if (gen == g.bw.timerGen && g.bw.periodActive) bw.periodTimer(g);
            }
            case EV_SLACK -> {
                TaskGroup g = groups.get(target);
                if (gen == g.bw.slackGen && g.bw.slackStarted) bw.slackTimer(g);
            }
            case EV_ACTION -> outside.doAction(actions.get(target));
            case EV_HUNG -> {
                hung.scan();
                queue.push(now + hung.interval, EV_HUNG, 0, 0);
            }
            case EV_LOCK -> rwsemList.get(target).gpTimer(gen);
            case EV_CSD -> bw.csdUnthrottle(cpus[target]);
            case EV_NOTE ->
                emit(EventKind.NOTE, -1, -1, -1, str(spec.notes().get(target).text()), 0, 0);
            default -> throw new IllegalStateException("event type " + type);
        }
    }

    /** The tick (1 s / hz) and where the ticks fall: at the phase + k * tick. */
    public long tickNs() {
        return tickNs;
    }

    public long tickPhaseNs() {
        return tickPhaseNs;
    }

    /** The first tick after t: ticks fall at the kernel's tick phase + k * tickNs (docs/model.md). */
    long tickAfter(long t) {
        return (Math.floorDiv(t - tickPhaseNs, tickNs) + 1) * tickNs + tickPhaseNs;
    }

    /**
     * sched_tick(): update_curr was done by sync; account_process_tick() charges a whole tick to user
     * or system time by the mode the task is in; an overloaded CPU kicks idle ones to balance.
     */
    private void tick(Cpu c) {
        c.nextTick = tickAfter(now);
        Task t = c.curr;
        if (t != null) {
            fair.updateGroupsAbove(t.se); // entity_tick(): update_cfs_group() at every level
            boolean user = t.switchCostLeft == 0 && t.burstUser && !t.kthread && !t.exiting;
            for (TaskGroup g = t.group; g != null; g = g.parent) {
                if (user) g.tickUser += tickNs;
                else g.tickSystem += tickNs;
            }
        }
        balancer.periodicBalance(c);
        if (c.nrRunning >= 2) {
            for (Cpu o : cpus)
                if (o.curr == null && o.nrRunning == 0) {
                    o.wantBalance = true;
                    markDirty(o);
                }
        }
    }

    /** What {@link #sync(Cpu, int)} charges besides the task's own CPU time. */
    static final int CHARGE_NONE = 0, CHARGE_BANDWIDTH = 1, CHARGE_FULL = 2;

    /** Charges the CPU time the current task ran since the last charge, at every level (update_curr()). */
    void sync(Cpu c) {
        sync(c, CHARGE_FULL);
    }

    /**
     * The clock moved but the kernel does not call update_curr() here: the task's own CPU time
     * advances; under exact accounting the bandwidth is charged to the instant as well.
     */
    void advance(Cpu c) {
        sync(c, kernel.exactAccounting() ? CHARGE_BANDWIDTH : CHARGE_NONE);
    }

    /** Advances the current task; then charges nothing, only the bandwidth, or update_curr() at every level. */
    void sync(Cpu c, int charge) {
        Task t = c.curr;
        if (t == null) return;
        long delta = now - c.runStart;
        if (delta <= 0) {
            charge(t, charge);
            return;
        }
        c.runStart = now;
        long sys = Math.min(delta, t.switchCostLeft);
        t.switchCostLeft -= sys;
        long rest = delta - sys;
        long user = 0;
        if (rest > 0) {
            t.burstLeft -= rest;
            if (t.burstUser) user = rest;
            else sys += rest;
        }
        t.cpuNs += delta;
        t.userNs += user;
        t.kernelNs += sys;
        for (TaskGroup g = t.group; g != null; g = g.parent) {
            g.usageUser += user;
            g.usageSystem += sys;
        }
        charge(t, charge);
    }

    private void charge(Task t, int charge) {
        if (charge == CHARGE_FULL)
            for (SchedEntity se = t.se; se != null; se = se.parent()) fair.updateCurr(se.cfsRq, now);
        else if (charge == CHARGE_BANDWIDTH)
            for (SchedEntity se = t.se; se != null; se = se.parent()) {
                // a level waiting for an unthrottle IPI is charged at its next update_curr() only
                if (!se.cfsRq.csdPending) fair.chargeBandwidth(se.cfsRq, now);
            }
    }

    /**
     * update_curr() on the running task's own cfs_rq (not the levels above), where the kernel calls it
     * outside a scheduling event of the task's: task_sched_runtime() when it reads its CPU clock
     * (docs/model.md). It charges the group's bandwidth there.
     */
    void updateCurrOwn(Task t) {
        Cpu c = t.cpu;
        if (c == null || c.curr != t) return;
        sync(c, CHARGE_NONE);
        fair.updateCurr(t.se.cfsRq, now);
    }

    void reschedCurr(Cpu c) {
        c.needResched = true;
        markDirty(c);
    }

    /**
     * Says whether a CPU has a task queued besides its running one (rq->nr_running above the running
     * task), kept as a bit a CPU so that the newly idle balance's scan reads bits, not every CPU's
     * runqueue (docs/performance.md). Called wherever nr_running, rq->curr or the current task's
     * state changes; {@link Invariants} checks it against the runqueues.
     */
    void updateWaiting(Cpu c) {
        Task t = c.curr;
        long bit = 1L << c.id;
        if (c.nrRunning - (t != null && t.state == TaskState.RUNNING ? 1 : 0) > 0) waitingCpus[c.id >>> 6] |= bit;
        else waitingCpus[c.id >>> 6] &= ~bit;
    }

    boolean hasWaiting(int cpu) {
        return (waitingCpus[cpu >>> 6] & (1L << cpu)) != 0;
    }

    void markDirty(Cpu c) {
        if (isDirty[c.id]) return;
        isDirty[c.id] = true;
        dirty[dirtyTail] = c;
        if (++dirtyTail == dirty.length) dirtyTail = 0; // a wrap, not a division
    }

    private void serviceDirty() {
        while (dirtyHead != dirtyTail) {
            Cpu c = dirty[dirtyHead];
            if (++dirtyHead == dirty.length) dirtyHead = 0;
            isDirty[c.id] = false;
            switchPath.service(c);
        }
    }

    // ------------------------------------------------------------------ locks

    PercpuRwsem rwsem(String name) {
        return rwsems.get(name);
    }

    Mutex mutex(String name) {
        return mutexes.get(name);
    }

    Pipe pipe(String name) {
        return pipes.get(name);
    }

    void armLockTimer(PercpuRwsem r, long at, long gen) {
        queue.push(at, EV_LOCK, rwsemList.indexOf(r), gen);
    }

    void armGroupTimer(TaskGroup g, int type, long at, long gen) {
        queue.push(at, type, g.id, gen);
    }

    /** The IPI of an asynchronous unthrottle arrives at CPU c at the given time. */
    void armCsd(Cpu c, long at) {
        queue.push(at, EV_CSD, c.id, 0);
    }

    /** Lock operation codes in events: read side, write side, mutex. */
    public static final int OP_READ = 0, OP_WRITE = 1, OP_MUTEX = 2;

    // ------------------------------------------------------------------ events

    int str(String s) {
        return strings.id(s);
    }

    void emit(EventKind k, int cpu, int task, int group, int text, long a, long b) {
        events++;
        kindCounts[k.ordinal()]++;
        sink.event(now, k, cpu, task, group, text, a, b);
    }

    void fault(Cpu c, Task t, String message) {
        faults.add("t=" + now + "ns: " + message);
        emit(
                EventKind.FAULT,
                c == null ? -1 : c.id,
                t == null ? -1 : t.id,
                t == null ? -1 : t.group.id,
                str(message),
                0,
                0);
    }

    // ------------------------------------------------------------------ read-only views

    public long now() {
        return now;
    }

    public long eventCount() {
        return events;
    }

    public boolean finished() {
        return finished;
    }

    public List<String> strings() {
        return strings.list();
    }

    public List<String> faults() {
        return faults;
    }

    public String taskName(int i) {
        return tasks[i].name;
    }

    public int taskCount() {
        return tasks.length;
    }

    public String groupPath(int i) {
        return groups.get(i).path;
    }

    public int groupCount() {
        return groups.size();
    }

    public int cpuCount() {
        return cpus.length;
    }

    public long kindCount(EventKind k) {
        return kindCounts[k.ordinal()];
    }

    public SimSpec spec() {
        return spec;
    }

    public int groupParent(int i) {
        TaskGroup p = groups.get(i).parent;
        return p == null ? -1 : p.id;
    }
    /** Quota in ns of a group as configured at the start, or -1 for "max". */
    public long groupQuotaNs(int i) {
        var c = spec.cgroups().get(groups.get(i).path);
        return c == null || c.quotaUs() < 0 ? -1 : c.quotaUs() * 1000;
    }

    public long groupPeriodNs(int i) {
        var c = spec.cgroups().get(groups.get(i).path);
        return c == null ? 100_000_000L : c.periodUs() * 1000;
    }

    public long groupPhaseNs(int i) {
        var c = spec.cgroups().get(groups.get(i).path);
        return c == null ? 0 : c.phaseNs();
    }
    /** A group's cfs_rq on a CPU (for tests and views of the kernel state). */
    public CfsRq groupCfsRq(String path, int cpu) {
        return groupByPath.get(path).cfsRq[cpu];
    }

    public boolean taskKthread(int i) {
        return tasks[i].kthread;
    }

    public int taskInitialGroup(int i) {
        return groupByPath.get(tasks[i].spec.cgroup()).id;
    }

    public List<String> lockNames() {
        return new ArrayList<>(spec.locks().keySet());
    }

    public String lockType(String name) {
        return spec.locks().get(name);
    }

    public long initialRuntimeRemaining() {
        return model.initialRuntimeRemaining();
    }

    /** The result object of cli.md, computed from the state at the end of the run. */
    public RunResult result() {
        return RunResult.of(this);
    }
}
