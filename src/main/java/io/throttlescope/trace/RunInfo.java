package io.throttlescope.trace;

import io.throttlescope.sim.Simulator;
import io.throttlescope.text.IndexedList;
import java.util.List;

/**
 * What a recorded run is about: names and the static shape of the machine, read once from the
 * simulator's public view. {@code chargeTickNs} is the tick under tick accounting, where runtime is
 * charged only at ticks and scheduling events (0: exact accounting, or a real trace), the ticks falling
 * at {@code chargeTickPhaseNs} + k * chargeTickNs.
 */
public record RunInfo(
        String scenario,
        String model,
        long endNs,
        int cpus,
        String[] tasks,
        boolean[] kthread,
        int[] taskGroup,
        String[] groups,
        int[] groupParent,
        long[] quotaNs,
        long[] periodNs,
        long[] phaseNs,
        List<String> locks,
        List<String> lockTypes,
        List<String> strings,
        long initialRuntime,
        long chargeTickNs,
        long chargeTickPhaseNs) {

    public static RunInfo of(Simulator s) {
        int nt = s.taskCount(), ng = s.groupCount();
        String[] tasks = new String[nt];
        boolean[] kt = new boolean[nt];
        int[] tg = new int[nt];
        for (int i = 0; i < nt; i++) {
            tasks[i] = s.taskName(i);
            kt[i] = s.taskKthread(i);
            tg[i] = s.taskInitialGroup(i);
        }
        String[] groups = new String[ng];
        int[] parent = new int[ng];
        long[] q = new long[ng], p = new long[ng], ph = new long[ng];
        for (int i = 0; i < ng; i++) {
            groups[i] = s.groupPath(i);
            parent[i] = s.groupParent(i);
            q[i] = s.groupQuotaNs(i);
            p[i] = s.groupPeriodNs(i);
            ph[i] = s.groupPhaseNs(i);
        }
        List<String> locks = new IndexedList(s.lockNames());
        List<String> types = locks.stream().map(s::lockType).toList();
        return new RunInfo(
                s.spec().name(),
                s.modelId.id,
                s.now(),
                s.cpuCount(),
                tasks,
                kt,
                tg,
                groups,
                parent,
                q,
                p,
                ph,
                locks,
                types,
                List.copyOf(s.strings()),
                s.initialRuntimeRemaining(),
                s.spec().kernel().exactAccounting() ? 0 : s.tickNs(),
                s.tickPhaseNs());
    }

    /** The index of a lock by name (a hash lookup where the list is an IndexedList, as both builders make it). */
    public int lockIndex(String name) {
        return locks.indexOf(name);
    }

    /** True if group g is a or below a. */
    public boolean isWithin(int g, int a) {
        for (int x = g; x >= 0; x = groupParent[x]) if (x == a) return true;
        return false;
    }

    public String str(int i) {
        return i < 0 ? "" : strings.get(i);
    }
}
