package io.throttlescope.realtrace;

import com.google.gson.JsonObject;
import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.RunResult;
import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.TaskState;
import io.throttlescope.sim.spec.CgroupSpec;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.text.Escape;
import io.throttlescope.view.Durations;
import io.throttlescope.view.Run;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.DoubleConsumer;

/**
 * A real trace beside the simulation of the same scenario under the model of the kernel that ran
 * it (6.18 and later: task-based; before: legacy). A trace without its scenario is paired with
 * itself. The simulation refills where the recording's refills fell, has the recorded kernel's
 * hung-task detector and, where the recording measured its steps, does the work they really did;
 * {@code asWritten} is then the scenario with its own values (the same phase and detector), which
 * {@code fidelity} reports beside it.
 */
public record RealPair(RealTrace real, Run simulated, SimSpec spec, String unpairedWhy, SimSpec asWritten) {
    public RealPair(RealTrace real, Run simulated, SimSpec spec) {
        this(real, simulated, spec, null, null);
    }

    public RealPair(RealTrace real, Run simulated, SimSpec spec, String unpairedWhy) {
        this(real, simulated, spec, unpairedWhy, null);
    }

    /** A recorded scenario beside its trace has at most this many tasks (record runs at most 64). */
    public static final int MAX_SCENARIO_TASKS = 1024;

    /**
     * True if the file is a trace rather than a scenario, by what it holds, not its name: gzip's magic
     * bytes, or text that is not a JSON document. A JSON document (after an optional UTF-8 byte order
     * mark: '{', '[', or a comment, which the loader then names), UTF-16 text and an empty file go to
     * the scenario loader, whose verdict is the one to show. A kernel file is taken for a trace unread,
     * so that the import refuses it before anything reads it (trace_pipe blocked describe for ever).
     */
    public static boolean looksLikeTrace(Path file) {
        // a kernel file (trace_pipe) is not read to tell: a reading would block on it or consume it; the import refuses
        // it
        if (TraceText.KERNEL_FILE_SYSTEMS.contains(TraceText.fileSystem(file))) return true;
        if (TraceText.gzipped(file) || DatBytes.isTraceDat(file) || PerfettoTrace.is(file))
            return true; // binary traces, before any look at text
        try (InputStream in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(4096);
            if (ScenarioLoader.utf16(head) != null) return false;
            String s = new String(head, StandardCharsets.UTF_8);
            if (s.startsWith("\uFEFF")) s = s.substring(1);
            s = s.stripLeading();
            return !s.isEmpty()
                    && s.charAt(0) != '{'
                    && s.charAt(0) != '['
                    && !s.startsWith("//")
                    && !s.startsWith("/*");
        } catch (IOException e) {
            return false;
        }
    }

    public static RealPair open(Path file) throws IOException {
        return open(file, null);
    }

    /**
     * As {@link #open(Path)}, telling progress (if not null) the fraction done: the import, then the
     * simulation beside it. An exception thrown by progress (a cancelled open) stops it.
     */
    public static RealPair open(Path file, DoubleConsumer progress) throws IOException {
        return open(file, RealTrace.Options.defaults(), progress);
    }

    /** As {@link #open(Path, DoubleConsumer)}, the trace read with these options (a cgroup map, probe names: docs/cli.md). */
    public static RealPair open(Path file, RealTrace.Options read, DoubleConsumer progress) throws IOException {
        RealTrace rt = RealTrace.importFile(
                file, read.withoutResult(), progress == null ? null : f -> progress.accept(0.85 * f));
        SimSpec scenario = null;
        if (rt.header != null && rt.header.has("scenario")) {
            ScenarioLoader.Loaded l =
                    ScenarioLoader.loadString(rt.header.get("scenario").toString());
            if (l.ok()) scenario = l.spec();
            else { // what is wrong with it, not "carries no scenario"
                var first = l.problems().get(0);
                String why = "the scenario in its header does not load: "
                        + Escape.controls(first.path() + ": " + first.message())
                        + (l.problems().size() > 1 ? " (and " + (l.problems().size() - 1) + " more problems)" : "");
                rt.skipped.add("not simulated beside it: " + why);
                return new RealPair(rt, null, rt.run.spec(), why);
            }
        }
        if (scenario == null) return new RealPair(rt, null, rt.run.spec());
        // the header is a stranger's too: its simulation is bounded before it starts
        String unpaired = scenario.tasks().size() > MAX_SCENARIO_TASKS
                ? "the recording's scenario has " + scenario.tasks().size() + " tasks; a recording has at most "
                        + MAX_SCENARIO_TASKS
                : rt.run.info().endNs() > ScenarioLoader.MAX_DURATION_NS
                        ? "the recording spans " + Durations.human(rt.run.info().endNs())
                                + ", over the one-hour limit of a simulation beside it"
                        : null;
        if (unpaired != null) { // shown alone, and said why (fidelity refuses it)
            rt.skipped.add("not simulated beside it: " + unpaired);
            return new RealPair(rt, null, rt.run.spec(), unpaired);
        }
        Simulator.Model m = Simulator.Model.of(rt.model);
        SimSpec written = TickPhase.apply( // the ticks where the recording's throttles put them
                withRecordedTick(
                        withRecordedHungTask(withRecordedPhases(scenario, rt.run, rt.refillPhases), rt.header),
                        rt.header),
                rt.run);
        if (!CgroupMap.ownTasks(rt.header).isEmpty()) { // a recording of ours: its workers' syscalls
            written = RecordedWork.namedAsMade(written);
        }
        // the work each step really did: as the recording measured it, or else as the trace shows it
        SimSpec started = RecordedStarts.apply(written, rt);
        JsonObject work = RecordedSleeps.apply(TraceWork.header(rt.run, rt.header, started), written, rt.run.result());
        var unfinished = RecordedWork.unfinishedForks(rt.run, written, work);
        var exits = TraceWork.exitCpu(written, rt.run, rt.header);
        scenario = RecordedWork.apply( // a fork's measured CPU beyond its syscall's is the worker's user work
                written,
                work,
                unfinished,
                TraceWork.fromTrace(work) ? Map.of() : TraceWork.inForks(rt.run, rt.header, started));
        if (!TraceWork.fromTrace(work)) { // and the worker's around them (in the trace's work already)
            Map<String, Long> notItsLoop = new HashMap<>(unfinished); // the CPU of an unfinished fork or an exit
            exits.forEach((k, v) -> notItsLoop.merge(k, v, Long::sum));
            // or the worker's before its program began (its group's other work, below)
            RecordedStarts.cpuBeforeStart(started, rt).forEach((k, v) -> notItsLoop.merge(k, v, Long::sum));
            scenario = RecordedWork.withOverhead(scenario, written, work, rt.run.result(), notItsLoop);
        }
        scenario = TraceWork.withExits(scenario, exits); // and the kernel's work in their exits
        if (!CgroupMap.ownTasks(rt.header).isEmpty()) { // a recording of our workers:
            scenario = RecordedWork.withClockReads(scenario, rt.run.result()); // their reads of their CPU clock
            scenario = RecordedWork.withForkCharges(scenario); // and the charge where each fork wakes its child
        }
        // and the other tasks' time on the scenario's CPUs (the workers' own before their programs began)
        scenario = ForeignWork.add(scenario, rt.run, rt.header, RecordedStarts.programStarts(started, rt));
        scenario = RecordedActions.apply(scenario, rt); // each timed action when the recording made it
        scenario = RecordedStarts.apply(scenario, rt); // each task from when it really started
        scenario = RecordedStarts.withRecordedCpus(scenario, rt); // and on the CPU it stayed on
        Run sim = progress == null
                ? Run.simulate(scenario.withDuration(rt.run.info().endNs()), m) // as long as the recording
                : Run.simulate(scenario.withDuration(rt.run.info().endNs()), m, f -> progress.accept(0.85 + 0.15 * f));
        sim = withoutReplayedWork(sim, written.tasks().size());
        String kernel = rt.header.has("kernel") ? rt.header.get("kernel").getAsString() : "a real kernel";
        SimSpec shown = new SimSpec(
                "Real: " + scenario.name(),
                "Recorded on Linux " + kernel + " ("
                        + (m == Simulator.Model.TASK ? "task-based" : "legacy")
                        + " throttle) by throttlescope record, beside the simulation of the same"
                        + " scenario under that model. Switch between them with M, or compare them (C). "
                        + scenario.description(),
                m.id,
                scenario.kernel(),
                scenario.durationNs(),
                scenario.seed(),
                scenario.cgroups(),
                scenario.locks(),
                scenario.pipes(),
                scenario.tasks(),
                scenario.actions(),
                scenario.notes());
        return new RealPair(
                rt,
                sim,
                shown,
                null,
                RecordedWork.has(work) ? written.withDuration(rt.run.info().endNs()) : null);
    }

    /**
     * A real kernel's period timer has its own phase (where the refills fall relative to the start).
     * It is read from the recording: the refill grid fitted from the group-wide pattern of returns
     * (see Inference), or else the first unthrottle probe of the group, or else (a recording of too few
     * periods for a grid) the same fit over the returns of its tasks from a throttle that are a
     * refill's ({@link #phaseFromReturns}); the simulation then refills at the same instants.
     */
    static SimSpec withRecordedPhases(SimSpec s, Run real, Map<String, Long> fitted) {
        Map<String, CgroupSpec> cg = new LinkedHashMap<>();
        var info = real.info();
        for (var c : s.cgroups().values()) {
            int g = Arrays.asList(info.groups()).indexOf(c.path());
            long refill = fitted.getOrDefault(c.path(), -1L);
            if (refill < 0 && g > 0 && c.quotaUs() >= 0) refill = phaseFromReturns(real, g, c);
            long period = c.periodUs() * 1000;
            cg.put(
                    c.path(),
                    refill < 0
                            ? c
                            : new CgroupSpec(
                                    c.path(), c.quotaUs(), c.periodUs(), c.burstUs(), c.weight(), refill % period));
        }
        return s.withCgroups(cg);
    }

    /**
     * Where a group's refills fall, from a recording too short for a grid (docs/real-kernels.md,
     * "The period phase"): its first unthrottle probe if it has one; else the fit of {@link
     * Inference#fit} over the returns of its tasks and its children's from a hold that a refill ended
     * (at most {@link Inference#MAX_FIT_RETURNS}). A hold shorter than
     * {@link Inference#fitMinOff} is a preemption (13's T was held 3 ms by a JIT thread at the
     * start), and one that overlaps a timed action, from its first note to its attach (a move) or
     * its second note, may have been ended by it (12's affinity change un-parked T on its new CPU 25
     * ms before the refill; 13's move back into /G began T's last hold, which the refill ended). -1
     * if no return says.
     */
    static long phaseFromReturns(Run real, int g, CgroupSpec c) {
        var info = real.info();
        var tr = real.trace();
        long[] actions = new long[8]; // [begins, took effect by] of each timed action the recording made
        int nActions = 0;
        Map<String, Long> open = new LinkedHashMap<>(); // action -> its first note's time
        List<long[]> moves = new ArrayList<>(); // {time, task} of the attaches seen
        for (int i = 0; i < tr.size(); i++) {
            if (tr.kind(i) == EventKind.UNTHROTTLE && tr.group(i) == g) return tr.time(i);
            if (tr.kind(i) == EventKind.MOVE && !open.isEmpty()) moves.add(new long[] {tr.time(i), tr.task(i)});
            if (tr.kind(i) != EventKind.NOTE || tr.text(i) < 0) continue;
            String text = info.strings().get(tr.text(i));
            if (!text.startsWith(RecordedActions.MARK)) continue;
            String[] w = text.substring(RecordedActions.MARK.length()).split(" ", 2);
            if (w.length == 2 && w[1].equals("begins")) open.put(w[0], tr.time(i));
            else if (open.containsKey(w[0])) {
                long begins = open.remove(w[0]), by = tr.time(i); // a move at its own task's attach, else by the note
                String[] what = w.length == 2 ? w[1].split(" ") : new String[0];
                for (long[] mv : moves)
                    if (what.length > 1
                            && what[0].equals("move")
                            && mv[0] >= begins
                            && mv[1] >= 0
                            && info.tasks()[(int) mv[1]].equals(what[1])) {
                        by = mv[0];
                        break;
                    }
                if (open.isEmpty()) moves.clear();
                if (nActions + 2 > actions.length) actions = Arrays.copyOf(actions, actions.length * 2);
                actions[nActions++] = begins;
                actions[nActions++] = by;
            }
        }
        long period = c.periodUs() * 1000, minOff = Inference.fitMinOff(new long[] {c.quotaUs() * 1000, period});
        long[] returns = new long[9], froms = new long[9]; // the count first; each return's hold began at froms
        long[] heldSince = new long[info.tasks().length];
        Arrays.fill(heldSince, -1);
        for (int i = 0; i < tr.size(); i++) {
            if (tr.kind(i) != EventKind.STATE || tr.task(i) < 0 || !info.isWithin(info.taskGroup()[tr.task(i)], g))
                continue; // a task of g or below it: a parent's refill ends its children's holds (10's /P)
            int t = tr.task(i), st = (int) tr.argA(i);
            boolean held = st == TaskState.THROTTLED.ordinal() || st == TaskState.PARKED.ordinal();
            if (held && heldSince[t] < 0) heldSince[t] = tr.time(i);
            if (held || heldSince[t] < 0) continue;
            long from = heldSince[t], back = tr.time(i);
            heldSince[t] = -1;
            boolean acted = false;
            for (int a = 0; a < nActions && !acted; a += 2) acted = actions[a] <= back && actions[a + 1] >= from;
            if (back - from < minOff || acted || returns[0] >= Inference.MAX_FIT_RETURNS) continue;
            if (returns[0] + 1 == returns.length) {
                returns = Arrays.copyOf(returns, returns.length * 2);
                froms = Arrays.copyOf(froms, returns.length);
            }
            returns[(int) ++returns[0]] = back;
            froms[(int) returns[0]] = from;
        }
        if (returns[0] == 0) return -1;
        long[] fit = Inference.fit(returns, period);
        var stat = real.result() == null ? null : real.result().cgroups().get(c.path());
        // a phase only one period's return supports is a guess among equals: the kernel's counter settles it
        return stat == null || fit[1] > 1
                ? fit[0]
                : byThrottledTime(returns, froms, period, fit, stat.throttled_usec() * 1000);
    }

    /**
     * Of the phases that place as many returns on their grid as the fit's (where that is one period's), the one under which the
     * holds its grid ends add up closest to the kernel's own throttled time (the recording's cpu.stat):
     * with one or two throttles in a short recording several phases tie, and the earliest is not
     * always the refill. In a 12 recorded beside a busy loop, a 40 ms wait for the loop ended at 49.2
     * ms past the period (returns of a throttle: 25 and 80 ms) and set the phase where the group's
     * 80 ms throttle had ended at 93.2 (throttled_usec 153.0 ms). The fit's phase stands unless another
     * comes closer by more than the counter's tolerance (20 ms or 15%): a phase a tick later is noise.
     */
    static long byThrottledTime(long[] returns, long[] froms, long period, long[] fit, long throttledNs) {
        long best = fit[0], bestMiss = Long.MAX_VALUE;
        int n = (int) returns[0];
        // the fit's phase stands unless another is closer by more than fidelity's tolerance for the counter
        long margin = Math.max(20_000_000L, throttledNs * 15 / 100);
        for (int i = 0; i <= n; i++) {
            long phase = i == 0 ? fit[0] : Math.floorMod(returns[i], period), held = 0;
            long[] grid = {period, phase};
            for (int j = 1; j <= n; j++) if (Inference.onGrid(grid, returns[j])) held += returns[j] - froms[j];
            long miss = Math.abs(held - throttledNs) + (i == 0 ? 0 : margin);
            if (miss < bestMiss) {
                bestMiss = miss;
                best = phase;
            }
        }
        return best;
    }

    /**
     * The hung-task detector as the recorded kernel had it (the header's {@code hung_task}: whole
     * seconds, an interval of 0 scanning at the timeout, a timeout of 0 disabled), so that the
     * simulation reports what that kernel would; a recording without it keeps the scenario's.
     */
    static SimSpec withRecordedHungTask(SimSpec s, JsonObject header) {
        long timeout, interval;
        try {
            if (header == null || !header.has("hung_task")) return s;
            var h = header.getAsJsonObject("hung_task");
            timeout = RealTrace.exactLong(h.get("timeout_secs"));
            interval = h.has("check_interval_secs") ? RealTrace.exactLong(h.get("check_interval_secs")) : 0;
        } catch (RuntimeException e) {
            return s; // a stranger's header: the scenario's settings stand
        }
        if (timeout < 0 || timeout > 3600 || interval < 0 || interval > 3600) return s;
        return s.withKernel(s.kernel()
                .withHungTask(
                        timeout * 1_000_000_000L,
                        interval == 0 || interval >= timeout ? 0 : interval * 1_000_000_000L));
    }

    /**
     * A real kernel charges a group's runtime when it updates the running task's time (at its tick
     * and at each switch), not at the instant the runtime runs out (hrtick is off by default): a task
     * overruns its group's quota by up to a tick before it is throttled. The simulation beside a
     * recording whose header names the kernel's tick ({@code hz}, from its configuration) accounts
     * at that tick; a recording without it keeps the scenario's accounting. In the 6.12 recording of
     * 10 (HZ 250), /P's two children used 32 ms of its 20 ms in a period, and A's CPU was 57.5 ms
     * against 40.0 simulated with exact accounting, 42.3 at the tick (with the workers' own CPU and
     * /P's phase).
     */
    static SimSpec withRecordedTick(SimSpec s, JsonObject header) {
        int hz;
        try {
            if (header == null || !header.has("hz")) return s;
            hz = header.get("hz").getAsInt();
        } catch (RuntimeException e) {
            return s; // a stranger's header: the scenario's accounting stands
        }
        if (hz < 24 || hz > 10_000) return s;
        return s.withKernel(s.kernel().withTickAccounting(hz));
    }

    /**
     * The simulation with the result of the scenario's own tasks only: the tasks after them replay the
     * recording's other processes (ForeignWork), so they are drawn but are no figure of the scenario
     * (their sleeps are no syscalls a comparison counts). The groups' cpu.stat keeps their use of a
     * group's quota.
     */
    static Run withoutReplayedWork(Run sim, int own) {
        Set<String> names = new HashSet<>();
        for (int i = 0; i < own && i < sim.spec().tasks().size(); i++)
            names.add(sim.spec().tasks().get(i).name());
        RunResult r = sim.result();
        Map<String, RunResult.TaskStat> kept = new LinkedHashMap<>();
        for (var e : r.tasks().entrySet()) if (names.contains(e.getKey())) kept.put(e.getKey(), e.getValue());
        if (kept.size() == r.tasks().size()) return sim;
        return new Run(sim.spec(), sim.model(), sim.info(), sim.index(), r.withTasks(kept));
    }

    /** The run shown on the right: the simulation, or the real run again when there is no scenario. */
    public Run right() {
        return simulated != null ? simulated : real.run;
    }
}
