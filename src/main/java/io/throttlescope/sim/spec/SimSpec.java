package io.throttlescope.sim.spec;

import java.util.List;
import java.util.Map;

/**
 * Everything the simulator needs to run one scenario. Built by the scenario loader; maps keep the
 * file's order so that runs do not depend on hash order.
 */
public record SimSpec(
        String name,
        String description,
        String defaultModel,
        KernelSpec kernel,
        long durationNs,
        long seed,
        Map<String, CgroupSpec> cgroups,
        Map<String, String> locks,
        Map<String, Integer> pipes,
        List<TaskSpec> tasks,
        List<ActionSpec> actions,
        List<Note> notes,
        Lesson lesson) {
    public record Note(long atNs, String text) {}

    /** A scenario without a lesson. */
    public SimSpec(
            String name,
            String description,
            String defaultModel,
            KernelSpec kernel,
            long durationNs,
            long seed,
            Map<String, CgroupSpec> cgroups,
            Map<String, String> locks,
            Map<String, Integer> pipes,
            List<TaskSpec> tasks,
            List<ActionSpec> actions,
            List<Note> notes) {
        this(
                name,
                description,
                defaultModel,
                kernel,
                durationNs,
                seed,
                cgroups,
                locks,
                pipes,
                tasks,
                actions,
                notes,
                null);
    }

    /** The same scenario with other notes. */
    public SimSpec withNotes(List<Note> other) {
        return new SimSpec(
                name,
                description,
                defaultModel,
                kernel,
                durationNs,
                seed,
                cgroups,
                locks,
                pipes,
                tasks,
                actions,
                other,
                lesson);
    }

    /** The same scenario run for at least this long (to sit beside a longer real recording). */
    public SimSpec withDurationAtLeast(long ns) {
        return ns <= durationNs
                ? this
                : new SimSpec(
                        name,
                        description,
                        defaultModel,
                        kernel,
                        ns,
                        seed,
                        cgroups,
                        locks,
                        pipes,
                        tasks,
                        actions,
                        notes,
                        lesson);
    }

    /** The same scenario run for exactly this long. */
    public SimSpec withDuration(long ns) {
        return new SimSpec(
                name,
                description,
                defaultModel,
                kernel,
                ns,
                seed,
                cgroups,
                locks,
                pipes,
                tasks,
                actions,
                notes,
                lesson);
    }

    public SimSpec withKernel(KernelSpec k) {
        return new SimSpec(
                name,
                description,
                defaultModel,
                k,
                durationNs,
                seed,
                cgroups,
                locks,
                pipes,
                tasks,
                actions,
                notes,
                lesson);
    }

    public SimSpec withCgroups(Map<String, CgroupSpec> cg) {
        return new SimSpec(
                name,
                description,
                defaultModel,
                kernel,
                durationNs,
                seed,
                cg,
                locks,
                pipes,
                tasks,
                actions,
                notes,
                lesson);
    }

    public SimSpec withActions(List<ActionSpec> a) {
        return new SimSpec(
                name,
                description,
                defaultModel,
                kernel,
                durationNs,
                seed,
                cgroups,
                locks,
                pipes,
                tasks,
                a,
                notes,
                lesson);
    }

    public SimSpec withTasks(List<TaskSpec> t) {
        return new SimSpec(
                name,
                description,
                defaultModel,
                kernel,
                durationNs,
                seed,
                cgroups,
                locks,
                pipes,
                t,
                actions,
                notes,
                lesson);
    }

    public SimSpec withSeed(long newSeed) {
        return new SimSpec(
                name,
                description,
                defaultModel,
                kernel,
                durationNs,
                newSeed,
                cgroups,
                locks,
                pipes,
                tasks,
                actions,
                notes,
                lesson);
    }
}
