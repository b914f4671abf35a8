package io.throttlescope.sim;

import io.throttlescope.sim.spec.Dur;

/**
 * A program step compiled for the run: names resolved to the lock, pipe or string they mean, so
 * that executing a step does no lookups.
 */
final class Op {
    static final int USER = 0,
            KERNEL = 1,
            SYSCALL = 2,
            SLEEP = 3,
            DOWN_READ = 4,
            UP_READ = 5,
            DOWN_WRITE = 6,
            UP_WRITE = 7,
            LOCK = 8,
            UNLOCK = 9,
            SEND = 10,
            RECV = 11,
            LOOP = 12,
            EXIT = 13,
            SLEEP_UNTIL = 14,
            UPDATE_CURR = 15;

    final int kind;
    final Dur d; // user, kernel, sleep
    final Object target; // PercpuRwsem, Mutex or Pipe
    final int nameIdx; // syscall name
    final Op[] body; // syscall, loop
    final long times; // loop; < 0 = forever; sleep until: the instant
    final boolean flag; // sleep: uninterruptible

    Op(int kind, Dur d, Object target, int nameIdx, Op[] body, long times, boolean flag) {
        this.kind = kind;
        this.d = d;
        this.target = target;
        this.nameIdx = nameIdx;
        this.body = body;
        this.times = times;
        this.flag = flag;
    }
}
