package io.throttlescope.compare;

import io.throttlescope.sim.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The figures compared between the models, computed from a run's result object. */
public final class Metrics {
    private Metrics() {}

    public static List<Metric> of(RunResult r) {
        List<Metric> m = new ArrayList<>();
        for (Map.Entry<String, RunResult.CgroupStat> e : r.cgroups().entrySet()) {
            String g = e.getKey();
            RunResult.CgroupStat c = e.getValue();
            m.add(Metric.of(g + " usage_usec", c.usage_usec()));
            m.add(Metric.of(g + " user_usec", c.user_usec()));
            m.add(Metric.of(g + " system_usec", c.system_usec()));
            m.add(Metric.of(g + " nr_periods", c.nr_periods()));
            m.add(Metric.of(g + " nr_throttled", c.nr_throttled()));
            m.add(Metric.of(g + " throttled_usec", c.throttled_usec()));
            m.add(Metric.of(g + " local_throttled_usec", c.local_throttled_usec()));
            m.add(Metric.of(g + " nr_bursts", c.nr_bursts()));
            m.add(Metric.of(g + " burst_usec", c.burst_usec()));
        }
        long syscalls = 0, lastExit = 0;
        boolean allExit = !r.tasks().isEmpty();
        Map<String, Long> bySyscall = new LinkedHashMap<>();
        Map<String, long[]> lockWorst = new LinkedHashMap<>(); // lock+op -> {longest, at}
        for (Map.Entry<String, RunResult.TaskStat> e : r.tasks().entrySet()) {
            String t = e.getKey();
            RunResult.TaskStat s = e.getValue();
            m.add(Metric.of("task " + t + " cpu_ms", s.cpu_ns() / 1e6));
            m.add(Metric.of("task " + t + " runnable_ms", s.runnable_ns() / 1e6));
            m.add(Metric.of(
                    "task " + t + " held_off_ms (throttled or parked)", (s.throttled_ns() + s.parked_ns()) / 1e6));
            m.add(Metric.of("task " + t + " blocked_ms (D state)", s.blocked_ns() / 1e6));
            long longest = 0, at = -1;
            for (RunResult.Syscall sc : s.syscalls()) {
                long d = sc.durationUpTo(r.end_ns());
                if (d > longest) {
                    longest = d;
                    at = sc.enter_ns();
                }
                if (sc.exit_ns() != null) {
                    syscalls++;
                    bySyscall.merge(sc.name(), 1L, Long::sum);
                }
            }
            m.add(new Metric("task " + t + " longest_syscall_ms", longest / 1e6, at));
            long lw = 0, lwAt = -1;
            for (RunResult.LockWait w : s.lock_waits()) {
                long end = w.acquired_ns() == null ? r.end_ns() : w.acquired_ns();
                if (end - w.start_ns() > lw) {
                    lw = end - w.start_ns();
                    lwAt = w.start_ns();
                }
                String key = w.lock()
                        + (w.op().equals("down_read")
                                ? " longest reader wait_ms"
                                : w.op().equals("down_write") ? " longest writer wait_ms" : " longest wait_ms");
                long[] cur = lockWorst.computeIfAbsent(key, k -> new long[] {0, -1});
                if (end - w.start_ns() > cur[0]) {
                    cur[0] = end - w.start_ns();
                    cur[1] = w.start_ns();
                }
            }
            m.add(new Metric("task " + t + " longest_lock_wait_ms", lw / 1e6, lwAt));
            if (s.exited_ns() == null) allExit = false;
            else lastExit = Math.max(lastExit, s.exited_ns());
        }
        for (Map.Entry<String, long[]> e : lockWorst.entrySet()) {
            m.add(new Metric("lock " + e.getKey(), e.getValue()[0] / 1e6, e.getValue()[1]));
        }
        long firstHung = r.hung_tasks().isEmpty() ? -1 : r.hung_tasks().get(0).at_ns();
        m.add(new Metric("hung-task reports", r.hung_tasks().size(), firstHung));
        m.add(Metric.of("syscalls completed", syscalls));
        for (Map.Entry<String, Long> e : bySyscall.entrySet())
            m.add(Metric.of("syscalls completed: " + e.getKey(), e.getValue()));
        if (allExit) m.add(new Metric("run time_ms (last task exit)", lastExit / 1e6, lastExit));
        return m;
    }
}
