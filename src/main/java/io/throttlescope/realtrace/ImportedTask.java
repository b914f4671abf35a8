package io.throttlescope.realtrace;

import io.throttlescope.sim.TaskState;
import java.util.Arrays;

/** A task as the importer follows it through a trace: its state, CPU, times and syscalls. */
final class ImportedTask {
    final int id;
    String comm;
    final int pid;
    int state = TaskState.NEW.ordinal();
    long stateSince;
    int cpu = -1;
    boolean inSyscall;
    int syscallNr;
    long syscallEnter;
    long lastSysExit = Long.MIN_VALUE;
    final long[] timeIn = new long[TaskState.values().length];
    long cpuNs, userNs, kernelNs;
    long runSince = -1;
    boolean exited;
    /** Syscalls in order, three longs each: number, entry, exit or -1 (no object per syscall). */
    long[] syscalls = new long[0];

    int nSyscalls;

    void enter(int nr, long ts) {
        if (3 * nSyscalls == syscalls.length) // grown by half (a smaller peak than doubling), whole syscalls
        syscalls = Arrays.copyOf(syscalls, Math.max(12, 3 * (nSyscalls + (nSyscalls >> 1))));
        syscalls[3 * nSyscalls] = nr;
        syscalls[3 * nSyscalls + 1] = ts;
        syscalls[3 * nSyscalls + 2] = -1;
        nSyscalls++;
    }

    ImportedTask(int id, String comm, int pid) {
        this.id = id;
        this.comm = comm;
        this.pid = pid;
    }
}
