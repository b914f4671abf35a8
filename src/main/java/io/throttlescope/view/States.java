package io.throttlescope.view;

import io.throttlescope.sim.TaskState;

/** Task states as the views name them. */
public final class States {
    private States() {}

    public static String name(TaskState st) {
        return switch (st) {
            case RUNNING -> "running";
            case RUNNABLE -> "runnable (waiting for a CPU)";
            case THROTTLED -> "held off by a throttled hierarchy";
            case PARKED -> "parked on a limbo list";
            case SLEEPING -> "sleeping";
            case BLOCKED -> "D state (uninterruptible)";
            case EXITED -> "exited";
            case NEW -> "not started";
        };
    }
}
