package io.throttlescope.cli;

import io.throttlescope.scenario.Problem;
import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.spec.SimSpec;

import java.io.PrintWriter;
import java.nio.file.Path;

/** Loading a scenario for a command, printing every problem in the validate format. */
final class Scenarios {
    private Scenarios() { }

    static SimSpec loadOrReport(Path file, PrintWriter err) {
        ScenarioLoader.Loaded l = ScenarioLoader.load(file);
        if (l.ok()) return l.spec();
        for (Problem p : l.problems()) err.println(p.format(file.toString()));
        return null;
    }
}
