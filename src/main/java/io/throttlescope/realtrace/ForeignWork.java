package io.throttlescope.realtrace;

import com.google.gson.JsonObject;
import io.throttlescope.sim.spec.Dur;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.sim.spec.Step;
import io.throttlescope.sim.spec.TaskSpec;
import io.throttlescope.trace.Slices;
import io.throttlescope.view.Run;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The interference a recording met: on each of the scenario's CPUs, the time other tasks ran there
 * (the workers' JVM threads, the threads a fork made, daemons, another user's work). The simulation
 * beside the recording gets it as a task of its own per CPU, {@code others CPUn}, pinned
 * there, which runs what was seen in each millisecond of the recording and sleeps the rest; and one
 * per CPU and limited group ({@code others CPUn /G}) for the other tasks the import placed
 * in a group of the scenario: the threads and children a worker made there use the group's quota,
 * as on the real kernel. It competes with the workload as the real tasks did (at nice 0), so it can drift a
 * little later than the real work where the workload held the CPU.
 */
public final class ForeignWork {
    private ForeignWork() {}

    /** Bins of this length carry the other tasks' CPU time (one busy stretch, then a sleep, per bin). */
    static final long BIN_NS = 1_000_000L;
    /** A CPU whose other tasks used less than this share of the recording gets no task. */
    static final double MIN_SHARE = 0.005;
    /** The prefix of the tasks it adds: the views and the fidelity rows know them by it. */
    public static final String PREFIX = "others CPU";

    /** The scenario with a task per CPU for the other work the recording saw there (the recording's workload pids are in its header). */
    public static SimSpec add(SimSpec s, Run real, JsonObject header) {
        return add(s, real, header, Map.of());
    }

    /**
     * As above; a workload task's time on a CPU before its program began ({@code startOf}: the
     * recording's task index to that start) is other work of its group too: the worker's wait for
     * "go" and for its start offset runs in the task's cgroup and uses its quota. In the 6.12 recording
     * of 27 two forkers' workers used 1.75 ms of /G's 1 ms before their programs began and throttled /G
     * until its first refill, 112.9 ms in; without that time the simulation throttled /G first at 28 ms.
     */
    public static SimSpec add(SimSpec s, Run real, JsonObject header, Map<Integer, Long> startOf) {
        Set<String> workload = workloadPids(header);
        if (workload.isEmpty()) return s;
        String[] names = real.info().tasks();
        long end = real.info().endNs();
        int bins = (int) Math.min(Integer.MAX_VALUE - 1, (end + BIN_NS - 1) / BIN_NS);
        List<TaskSpec> tasks = new ArrayList<>(s.tasks());
        for (int c = 0; c < Math.min(s.kernel().cpus(), real.info().cpus()); c++) {
            Map<String, long[]> busyIn = new TreeMap<>(); // cgroup -> busy ns per bin
            Map<String, long[]> fromIn = new TreeMap<>(); // cgroup -> where in each bin its busy time began
            long total = 0;
            boolean workers = false; // a worker's time before its program is replayed, however little there is
            Slices sl = real.index().cpuSlices(c);
            for (int k = 0; k < sl.size(); k++) {
                int t = sl.value(k);
                if (t < 0 || t >= names.length) continue;
                long until = Math.min(end, sl.end(k)); // a workload task's own time only before its program
                boolean worker = workload.contains(pidOf(names[t]));
                if (worker) until = Math.min(until, startOf.getOrDefault(t, 0L));
                if (sl.start(k) >= until) continue;
                workers |= worker;
                String group = real.info().groups()[real.info().taskGroup()[t]];
                String g = s.cgroups().containsKey(group) ? group : "/";
                long[] busy = busyIn.computeIfAbsent(g, x -> new long[bins]);
                long[] from = fromIn.computeIfAbsent(g, x -> {
                    long[] f = new long[bins];
                    Arrays.fill(f, -1);
                    return f;
                });
                for (long a = sl.start(k), b = until; a < b; ) {
                    int bin = (int) (a / BIN_NS);
                    long upTo = Math.min(b, (bin + 1) * BIN_NS);
                    if (bin < bins) {
                        busy[bin] += upTo - a;
                        if (from[bin] < 0) from[bin] = a - (long) bin * BIN_NS;
                    }
                    total += upTo - a;
                    a = upTo;
                }
            }
            if (end <= 0 || (total < MIN_SHARE * end && !workers)) continue;
            long[] mask = new long[(s.kernel().cpus() + 63) / 64];
            mask[c >>> 6] |= 1L << (c & 63);
            for (var e : busyIn.entrySet()) {
                String name = PREFIX + c + (e.getKey().equals("/") ? "" : " " + e.getKey());
                tasks.add(new TaskSpec(
                        name,
                        e.getKey(),
                        mask,
                        0,
                        Dur.ns(0),
                        false,
                        program(e.getValue(), fromIn.get(e.getKey()), name)));
            }
        }
        if (tasks.size() == s.tasks().size()) return s;
        return s.withTasks(tasks);
    }

    /**
     * Busy stretches and sleeps, bin by bin, consecutive sleeps merged; the last stretch ends the
     * program. A bin's work starts no earlier than the bin, where its other tasks began it: each
     * sleep is until the next busy bin's start (less its idle head, the time before the work began in
     * the recording), so a stretch the workload held off does not push every later one back. With
     * relative sleeps the replay beside two busy loops fell further behind each millisecond and left
     * the workload more CPU than it had.
     */
    static List<Step> program(long[] busy, long[] from, String path) {
        List<Step> p = new ArrayList<>();
        for (int k = 0; k < busy.length; k++) {
            if (busy[k] <= 0) continue;
            long at = k * BIN_NS + (from == null ? 0 : Math.max(0, from[k]));
            p.add(new Step.Syscall("nanosleep", List.of(new Step.SleepUntil(at, path)), path));
            p.add(new Step.User(Dur.ns(busy[k]), path));
        }
        return p;
    }

    /** The thread ids the recording started (the header's cgroup map lists them as COMM-TID). */
    static Set<String> workloadPids(JsonObject header) {
        Set<String> out = new HashSet<>();
        try {
            if (header == null || !header.has("cgroup_map")) return out;
            for (String k : header.getAsJsonObject("cgroup_map")
                    .getAsJsonObject("tasks")
                    .keySet()) out.add(pidOf(k));
        } catch (RuntimeException ignored) {
            // a stranger's header: no workload known, nothing added
        }
        return out;
    }

    private static String pidOf(String key) {
        int d = key.lastIndexOf('-');
        return d < 0 ? "" : key.substring(d + 1);
    }
}
