package io.throttlescope.sim;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * One task's syscalls in a result object, read from the run's columnar syscall log: an element is
 * made when it is read, so a run of millions of syscalls holds 28 bytes for each (the log's columns
 * and this list's index) instead of an object and a boxed exit time.
 */
final class SyscallList extends AbstractList<RunResult.Syscall> implements RandomAccess {
    private final SyscallLog log;
    private final List<String> strings;
    private final int[] index;

    SyscallList(SyscallLog log, List<String> strings, int[] index) {
        this.log = log;
        this.strings = strings;
        this.index = index;
    }

    @Override
    public RunResult.Syscall get(int i) {
        int j = index[i];
        long exit = log.exitNs(j);
        return new RunResult.Syscall(strings.get(log.name(j)), log.enterNs(j), exit < 0 ? null : exit);
    }

    @Override
    public int size() {
        return index.length;
    }
}
