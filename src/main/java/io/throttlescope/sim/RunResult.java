package io.throttlescope.sim;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The result object of {@code run --json} (cli.md). Field names are the JSON keys, so the record
 * serialises as it is; times are ns unless the name says usec.
 */
public record RunResult(
        int format,
        String scenario,
        String model,
        long end_ns,
        long events,
        Map<String, CgroupStat> cgroups,
        Map<String, TaskStat> tasks,
        List<HungTask> hung_tasks,
        Map<String, Long> counts,
        List<String> faults) {

    /** The same result with these tasks' figures (a recording's own tasks, or their figures from their start). */
    public RunResult withTasks(Map<String, TaskStat> t) {
        return new RunResult(format, scenario, model, end_ns, events, cgroups, t, hung_tasks, counts, faults);
    }

    /** cpu.stat and cpu.stat.local of one cgroup at the end of the run. */
    public record CgroupStat(
            long usage_usec,
            long user_usec,
            long system_usec,
            long nr_periods,
            long nr_throttled,
            long throttled_usec,
            long nr_bursts,
            long burst_usec,
            long local_throttled_usec) {}

    public record TaskStat(
            long cpu_ns,
            long user_ns,
            long kernel_ns,
            long runnable_ns,
            long throttled_ns,
            long parked_ns,
            long sleeping_ns,
            long blocked_ns,
            Long exited_ns,
            List<Syscall> syscalls,
            List<LockWait> lock_waits) {
        /** The same figures with these syscalls. */
        public TaskStat withSyscalls(List<Syscall> sc) {
            return new TaskStat(
                    cpu_ns,
                    user_ns,
                    kernel_ns,
                    runnable_ns,
                    throttled_ns,
                    parked_ns,
                    sleeping_ns,
                    blocked_ns,
                    exited_ns,
                    sc,
                    lock_waits);
        }
    }

    public record Syscall(String name, long enter_ns, Long exit_ns) {
        /** exit and exit_group never return: one still open at the end is the task's end, not a wait. */
        public boolean neverReturns() {
            return name.equals("exit") || name.equals("exit_group");
        }

        /** How long it lasted up to its return, or to the end of the run if it is still open; 0 for exit and exit_group. */
        public long durationUpTo(long end) {
            if (neverReturns()) return 0;
            return (exit_ns == null ? end : exit_ns) - enter_ns;
        }
    }

    public record LockWait(String lock, String op, long start_ns, Long acquired_ns) {}

    public record HungTask(String task, long at_ns, long blocked_for_s, long blocked_for_ns, boolean suppressed) {}

    /**
     * cputime_adjust() (kernel/sched/cputime.c) read once: the exact runtime split in the ratio of
     * the tick samples. Returns {utime, stime} in ns.
     */
    static long[] cputimeAdjust(long rtime, long utime, long stime) {
        if (stime == 0) return new long[] {rtime, 0};
        if (utime == 0) return new long[] {0, rtime};
        long st = BigInteger.valueOf(stime)
                .multiply(BigInteger.valueOf(rtime))
                .divide(BigInteger.valueOf(stime + utime))
                .longValueExact();
        return new long[] {rtime - st, st};
    }

    static RunResult of(Simulator s) {
        Map<String, CgroupStat> cg = new LinkedHashMap<>();
        for (TaskGroup g : s.groups) {
            if (g.isRoot()) continue;
            CfsBandwidth b = g.bw;
            long local = 0;
            for (CfsRq q : g.cfsRq) local += q.throttledClockSelfTime;
            long usage = g.usageUser + g.usageSystem;
            long[] us = cputimeAdjust(usage, g.tickUser, g.tickSystem);
            cg.put(
                    g.path,
                    new CgroupStat(
                            usage / 1000,
                            us[0] / 1000,
                            us[1] / 1000,
                            b.nrPeriods,
                            b.nrThrottled,
                            b.throttledTime / 1000,
                            b.nrBurst,
                            b.burstTime / 1000,
                            local / 1000));
        }
        Map<String, TaskStat> ts = new LinkedHashMap<>();
        int[] count = new int[s.tasks.length]; // each task's syscalls: an index into the run's log, read lazily
        for (int i = 0; i < s.syscalls.size(); i++) count[s.syscalls.task(i)]++;
        int[][] byTask = new int[s.tasks.length][];
        for (int t = 0; t < byTask.length; t++) byTask[t] = new int[count[t]];
        Arrays.fill(count, 0);
        for (int i = 0; i < s.syscalls.size(); i++) {
            int t = s.syscalls.task(i);
            byTask[t][count[t]++] = i;
        }
        List<String> strings = List.copyOf(s.strings());
        for (Task t : s.tasks) {
            List<Syscall> sc = new SyscallList(s.syscalls, strings, byTask[t.id]);
            List<LockWait> lw = new ArrayList<>();
            for (Task.LockWait w : t.lockWaits)
                lw.add(new LockWait(w.lock, w.op, w.start, w.acquired < 0 ? null : w.acquired));
            long[] in = t.timeIn;
            ts.put(
                    t.name,
                    new TaskStat(
                            t.cpuNs,
                            t.userNs,
                            t.kernelNs,
                            in[TaskState.RUNNABLE.ordinal()],
                            in[TaskState.THROTTLED.ordinal()],
                            in[TaskState.PARKED.ordinal()],
                            in[TaskState.SLEEPING.ordinal()],
                            in[TaskState.BLOCKED.ordinal()],
                            t.exitedAt < 0 ? null : t.exitedAt,
                            sc,
                            lw));
        }
        List<HungTask> hung = new ArrayList<>();
        for (HungTaskDetector.Report r : s.hung.reports) {
            hung.add(new HungTask(s.tasks[r.task()].name, r.atNs(), r.blockedForS(), r.blockedForNs(), r.suppressed()));
        }
        Map<String, Long> counts = new LinkedHashMap<>();
        for (EventKind k : new EventKind[] {
            EventKind.THROTTLE, EventKind.UNTHROTTLE, EventKind.TASK_WORK_ADDED, EventKind.PARKED, EventKind.UNPARKED
        }) counts.put(k.jsonName, s.kindCount(k));
        counts.put("hung_task", s.kindCount(EventKind.HUNG_TASK));
        if (s.hung.unlisted > 0) counts.put("hung_task_unlisted", s.hung.unlisted);
        return new RunResult(
                1, s.spec.name(), s.modelId.id, s.now, s.events, cg, ts, hung, counts, List.copyOf(s.faults));
    }
}
