package io.throttlescope.sim.spec;

import java.util.List;

/**
 * One step of a task's program (docs/scenario-format.md, "Program steps"). User-mode {@code sleep},
 * {@code send} and {@code recv} are turned into syscalls by the loader, so the simulator sees the
 * return to user mode explicitly.
 */
public sealed interface Step {
    /** Where in the file the step came from, e.g. {@code tasks[2].program[0].do[1]}. */
    String path();

    record User(Dur d, String path) implements Step {}

    record Kernel(Dur d, String path) implements Step {}

    record Syscall(String name, List<Step> body, String path) implements Step {}

    record Sleep(Dur d, boolean uninterruptible, String path) implements Step {}

    /**
     * A sleep until an instant of the run ({@code atNs}; at once if it has passed). No scenario file
     * writes it: the replay of a recording's other work (realtrace's ForeignWork) keeps each
     * millisecond's work in its millisecond with it, where a relative sleep fell behind whenever
     * the workload held the CPU.
     */
    record SleepUntil(long atNs, String path) implements Step {}

    /**
     * {@code update_curr()} on the task's own cfs_rq, where the kernel calls it without a scheduling
     * event of the task's own: a read of its CPU clock (clock_gettime of CLOCK_THREAD_CPUTIME_ID runs
     * {@code task_sched_runtime()}). A group that has used up its quota is found out there and not only
     * at the next tick. No scenario file writes it: the simulation beside a recording puts one where
     * the recording's workers read their clock (realtrace's RecordedWork).
     */
    record UpdateCurr(String path) implements Step {}

    record DownRead(String lock, String path) implements Step {}

    record UpRead(String lock, String path) implements Step {}

    record DownWrite(String lock, String path) implements Step {}

    record UpWrite(String lock, String path) implements Step {}

    record MutexLock(String lock, String path) implements Step {}

    record MutexUnlock(String lock, String path) implements Step {}
    /** The pipe operation itself; its {@code cost} is a separate {@link Kernel} step the loader adds. */
    record Send(String pipe, String path) implements Step {}

    record Recv(String pipe, String path) implements Step {}
    /** times &lt; 0 means forever. */
    record Loop(List<Step> body, long times, String path) implements Step {}
    /** do_exit(); {@code d} is the kernel work it does with PF_EXITING set (null: none). */
    record Exit(Dur d, String path) implements Step {}
}
