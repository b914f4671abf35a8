package io.throttlescope.realtrace;

import io.throttlescope.sim.RunResult;
import java.util.AbstractList;
import java.util.RandomAccess;

/**
 * A recorded task's syscalls as the result's list, read from the importer's columns (three longs a
 * syscall: number, entry, exit or -1) as they are asked for, not an object each: a 4 GB trace has
 * millions of syscalls of its workload, and a list of objects of them was what ran the import out of
 * a 4 GB heap after the trace itself had fit (docs/performance.md).
 */
final class SyscallView extends AbstractList<RunResult.Syscall> implements RandomAccess {
    private final long[] calls;
    private final long startNs;

    SyscallView(long[] calls, long startNs) {
        this.calls = calls;
        this.startNs = startNs;
    }

    @Override
    public RunResult.Syscall get(int i) {
        if (i < 0 || i >= size()) throw new IndexOutOfBoundsException(i);
        long exit = calls[3 * i + 2];
        return new RunResult.Syscall(
                Syscalls.name((int) calls[3 * i]), calls[3 * i + 1] - startNs, exit < 0 ? null : exit - startNs);
    }

    @Override
    public int size() {
        return calls.length / 3;
    }
}
