package io.throttlescope.realtrace;

import io.throttlescope.sim.TaskState;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Where a trace has no throttle probes, tells a throttle from a preemption by its pattern: a task
 * of a limited group switched out runnable, which stays off its CPU for at least
 * {@link #MIN_OFF_NS} while no other task of its group runs there. Under the task-based model
 * (6.18) that happens at the return to user mode, so the task is drawn parked; a task inside a
 * syscall is never parked then. Under the legacy model the task is held off wherever it was,
 * inside a syscall too. Such throttles are drawn as inferred.
 *
 * <p>A busy machine preempts tasks for milliseconds too. What tells a throttle from that noise is
 * the group-wide refill pattern: a throttle ends at a refill of its group's quota, and refills fall
 * on a grid, one a period apart, so every held-off task of the group comes back near a grid point.
 * The grid's phase is fitted from the returns that look like throttles after a long wait ({@link
 * #fitMinOff}): the window of {@link #onGridNs} wide that holds returns of the most periods, counted
 * modulo the period, and its earliest return (a refill's first return is its earliest; a busy CPU
 * only delays the others). A return off the grid is a preemption, not a throttle. The fitted phase is also where the simulation beside a
 * recording refills ({@link #phases}).
 */
final class Inference {
    static final long MIN_OFF_NS = 1_000_000L;

    private final Switches sw;
    private final CgroupMap map;
    private final boolean probed, taskModel;
    private int[] nextIn, nextOnCpu; // for a switch-out: the switch that brings that task back, or -1
    private Map<Long, int[]>
            inByGroupCpu; // (group, CPU) -> the switches that switch in a task of the map's group there
    private final Map<String, Integer> groupIds = new HashMap<>();
    /** Per limiting group (by path): {period, phase, returns on the grid}; absent where too few returns say where it is. */
    private Map<String, long[]> grids;
    /** A grid needs returns in at least this many periods before it is believed. */
    static final int MIN_GRID_PERIODS = 3;
    /** The grid is fitted from a group's first this many returns (the fit looks at each return's neighbours). */
    static final int MAX_FIT_RETURNS = 4096;

    Inference(TraceText text, CgroupMap map, Map<String, Importer.Probe> probes, boolean taskModel) {
        this.sw = text.switches;
        this.map = map;
        this.taskModel = taskModel;
        this.probed = text.eventNames().stream().anyMatch(e -> probes.get(e) == Importer.Probe.THROTTLE_CFS_RQ);
    }

    /**
     * The state a task switched out runnable at switch {@code k} is in: runnable, held off (legacy)
     * or parked (6.18). Answered from the switch table in logarithmic time: when the task comes
     * back, and whether a task of its group is switched in on that CPU before then.
     */
    TaskState heldOff(Importer im, ImportedTask t, int k) {
        if (k < 0 || probed || !limited(im, im.taskGroup.get(t.id))) return TaskState.RUNNABLE;
        if (taskModel && t.inSyscall) return TaskState.RUNNABLE;
        if (nextIn == null) index();
        int j = nextIn[k];
        long back = j < 0 ? Long.MAX_VALUE : sw.ts[j];
        if (back - sw.ts[k] < MIN_OFF_NS) return TaskState.RUNNABLE;
        if (groupRan(groupIds.get(im.groups.get(im.taskGroup.get(t.id))), k, j))
            return TaskState.RUNNABLE; // its group still runs there
        String limiting = limiting(map.groupOf(t.comm, t.pid));
        long[] grid = limiting == null ? null : grids.get(limiting);
        if (grid != null && j >= 0 && !onGrid(grid, back))
            return TaskState.RUNNABLE; // back off the refill grid: a preemption
        return taskModel ? TaskState.PARKED : TaskState.THROTTLED;
    }

    /** How far after a grid point a held-off task may come back: the first of its group within microseconds, a later one behind it or another task. */
    static long onGridNs(long period) {
        return Math.min(4_000_000L, period / 10);
    }

    /** A return within the window after a grid point, or a little before it (timer and trace-clock jitter). */
    static boolean onGrid(long[] grid, long t) {
        long early = Math.min(EARLY_NS, onGridNs(grid[0]) / 16);
        return Math.floorMod(t - grid[1] + early, grid[0]) < onGridNs(grid[0]) + early;
    }

    /** How far before the fitted phase a return still counts as the refill's (the fitted phase is the earliest return seen). */
    static final long EARLY_NS = 250_000L;

    /** Lets the look-ahead go once the import is done (its phases stay). */
    void release() {
        if (grids == null) grids = new HashMap<>();
        nextIn = nextOnCpu = new int[0];
        inByGroupCpu = new HashMap<>();
    }

    /** The fitted refill phase of each limited group (path: phase in ns, modulo its period, on the trace's clock). */
    Map<String, Long> phases() {
        if (probed) return Map.of();
        if (nextIn == null) index();
        Map<String, Long> out = new HashMap<>();
        for (var e : grids.entrySet()) out.put(e.getKey(), e.getValue()[1]);
        return out;
    }

    /** The group whose quota holds a task of {@code path} back: the nearest one, itself or above, with a limit in the map. */
    private String limiting(String path) {
        for (String p = path;
                p != null;
                p = p.equals("/") || !p.contains("/")
                        ? null
                        : p.lastIndexOf('/') == 0 ? "/" : p.substring(0, p.lastIndexOf('/'))) {
            long[] l = map.limits.get(p);
            if (l != null && l[0] >= 0) return p;
        }
        return null;
    }

    /**
     * Fits each limited group's refill grid: every runnable switch-out of a task of it that passes
     * the throttle test (off its CPU long enough, no task of its group there meanwhile) gives its
     * return; the residues modulo the period are sorted, and the window of {@link #onGridNs} that
     * holds returns of the most distinct periods gives the phase (its earliest residue).
     */
    private void fitGrids() {
        grids = new HashMap<>();
        Map<String, long[]> returns = new HashMap<>(); // limiting path -> return times (count first)
        for (int k = 0; k < sw.size; k++) {
            if (!sw.prevRunnable[k] || sw.prevPid[k] <= 0 || sw.prevComm[k] < 0 || nextIn[k] < 0) continue;
            String path = map.groupOf(sw.comms.get(sw.prevComm[k]), sw.prevPid[k]);
            String limiting = path == null ? null : limiting(path);
            if (limiting == null) continue;
            int j = nextIn[k];
            if (sw.ts[j] - sw.ts[k] < fitMinOff(map.limits.get(limiting)) || groupRan(groupIds.get(path), k, j))
                continue;
            long[] r = returns.computeIfAbsent(limiting, x -> new long[9]);
            if (r[0] + 1 == r.length) returns.put(limiting, r = Arrays.copyOf(r, r.length * 2));
            if (r[0] < MAX_FIT_RETURNS) r[(int) ++r[0]] = sw.ts[j];
        }
        for (var e : returns.entrySet()) {
            long period = map.limits.get(e.getKey())[1];
            if (period <= 0) continue;
            long[] fit = fit(e.getValue(), period);
            if (fit[1] >= MIN_GRID_PERIODS) grids.put(e.getKey(), new long[] {period, fit[0], fit[1]});
        }
    }

    /**
     * The refill phase that return times ({@code r}: the count first, then the times) say: their
     * residues modulo the period are sorted, and the window of {@link #onGridNs} that holds returns
     * of the most distinct periods gives the phase (its earliest residue). Returns {phase, periods};
     * {-1, 0} for no returns.
     */
    static long[] fit(long[] r, long period) {
        int n = (int) r[0];
        long[] res = new long[n];
        for (int i = 0; i < n; i++) res[i] = Math.floorMod(r[i + 1], period);
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) order[i] = i;
        Arrays.sort(order, (a, b) -> Long.compare(res[a], res[b]));
        long w = onGridNs(period);
        int best = 0;
        long phase = -1;
        boolean recurs = false;
        for (int a = 0; a < n; a++) {
            long from = res[order[a]];
            int score = periodsIn(r, res, order, a, period, w);
            // among windows of the same score the earliest start wins, but only a start that recurs (returns of two
            // periods within a quarter of the window): a lone preemption just before the refills would else set it
            boolean rec = periodsIn(r, res, order, a, period, w / 4) >= 2;
            if (score > best || (score == best && rec && !recurs)) {
                best = score;
                phase = from;
                recurs = rec;
            }
        }
        return new long[] {phase, best};
    }

    /**
     * How long a task must have been off its CPU for its return to count in the fit: a tenth of the
     * period, or half of what the quota leaves of it if that is less (at least {@link #MIN_OFF_NS}).
     * A throttled task waits for the rest of the period; a preemption ends sooner. In the recording of
     * 28 a 1.1 ms preemption ended at 1.45 ms, just before the refills at 3.66 ms of each period, and
     * as the earliest return of the best window it set the phase.
     */
    static long fitMinOff(long[] limit) {
        long period = limit[1], quota = Math.max(0, limit[0]);
        return Math.max(MIN_OFF_NS, Math.min(period / 10, (period - Math.min(quota, period)) / 2));
    }

    /** How many periods have a return in the window of {@code w} from the a-th residue in order (circular). */
    private static int periodsIn(long[] r, long[] res, Integer[] order, int a, long period, long w) {
        int n = res.length;
        long from = res[order[a]];
        Set<Long> periods = new HashSet<>();
        for (int b = 0; b < n; b++) {
            int x = order[(a + b) % n];
            if (Math.floorMod(res[x] - from, period) >= w) break;
            periods.add(Math.floorDiv(r[x + 1] - from, period));
        }
        return periods.size();
    }

    private static long key(int group, int cpu) {
        return (long) group << 32 | cpu;
    }

    /** Under 6.18 a throttled group's task still runs in the kernel, until its return to user mode: a run shorter than this is one. */
    static final long KERNEL_RUN_NS = 1_000_000L;
    /** How many of the group's runs between two switches are looked at before it is taken to run there. */
    private static final int MAX_RUNS_LOOKED_AT = 64;

    /**
     * Whether group {@code g} runs on switch {@code k}'s CPU after it and before switch {@code j} (or
     * the end): then the group is not throttled there. Under the legacy model any of its tasks switched
     * in says so. Under 6.18 a task of a throttled group is still picked and runs in the kernel until
     * its return to user mode, where it is parked: only a run of {@link #KERNEL_RUN_NS} or more says
     * so. In the 6.18 recording of 27, a forker parked at every throttle was drawn runnable for 4 s
     * because another forker of /G ran for microseconds in the kernel before it was parked too.
     */
    private boolean groupRan(Integer g, int k, int j) {
        int[] ins = g == null ? null : inByGroupCpu.get(key(g, sw.cpu[k]));
        if (ins == null) return false;
        int at = Arrays.binarySearch(ins, 1, ins[0] + 1, k + 1);
        if (at < 0) at = -at - 1;
        for (int n = 0; at <= ins[0] && (j < 0 || ins[at] < j); at++, n++) {
            if (!taskModel || n >= MAX_RUNS_LOOKED_AT) return true;
            int in = ins[at], out = nextOnCpu[in];
            if (out < 0 || sw.ts[out] - sw.ts[in] >= KERNEL_RUN_NS) return true;
        }
        return false;
    }

    /** Built at the first question: when each switched-out task comes back, and per (group, CPU) the switch-ins (count first). */
    private void index() {
        nextIn = sw.nextIn();
        nextOnCpu = new int[sw.size]; // for a switch: the next switch on its CPU, or -1
        Map<Integer, Integer> lastOnCpu = new HashMap<>();
        for (int k = 0; k < sw.size; k++) {
            nextOnCpu[k] = -1;
            Integer last = lastOnCpu.put(sw.cpu[k], k);
            if (last != null) nextOnCpu[last] = k;
        }
        inByGroupCpu = new HashMap<>();
        Map<Long, Integer> groupOf = new HashMap<>(); // (comm, pid) -> group id, -1 for none
        for (int k = 0; k < sw.size; k++) {
            final int i = k;
            if (sw.nextPid[i] <= 0) continue;
            long who = (long) sw.nextComm[i] << 32 | sw.nextPid[i];
            int g = groupOf.computeIfAbsent(who, w -> {
                String path = map.groupOf(sw.comms.get(sw.nextComm[i]), sw.nextPid[i]);
                return path == null ? -1 : groupIds.computeIfAbsent(path, p -> groupIds.size());
            });
            if (g < 0) continue;
            int[] ins = inByGroupCpu.computeIfAbsent(key(g, sw.cpu[i]), x -> new int[8]);
            if (ins[0] + 1 == ins.length) inByGroupCpu.put(key(g, sw.cpu[i]), ins = Arrays.copyOf(ins, ins.length * 2));
            ins[++ins[0]] = i;
        }
        fitGrids();
    }

    private static boolean limited(Importer im, int g) {
        for (int x = g; x > 0; x = im.groupParent(x)) if (im.groupLimits.get(x)[0] >= 0) return true;
        return false;
    }
}
