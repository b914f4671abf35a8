package io.throttlescope.sim.spec;

/** A timed outside action (docs/scenario-format.md, "actions"). */
public sealed interface ActionSpec {
    Dur at();

    record WriteFile(Dur at, String cgroup, String file, String value) implements ActionSpec {}

    record SetAffinity(Dur at, String task, long[] cpus) implements ActionSpec {}

    record Move(Dur at, String task, String cgroup) implements ActionSpec {}

    record Wake(Dur at, String task) implements ActionSpec {}
}
