package io.throttlescope.realtrace;

import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.view.Run;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A real trace beside the simulation of the same scenario under the model of the kernel that ran
 * it (6.18 and later: task-based; before: legacy). A trace without its scenario is paired with
 * itself.
 */
public record RealPair(RealTrace real, Run simulated, SimSpec spec) {

    /** True if the file looks like a text trace rather than a scenario (JSON starts with '{'). */
    public static boolean looksLikeTrace(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(4096);
            String s = new String(head, StandardCharsets.UTF_8).stripLeading();
            return !s.isEmpty() && s.charAt(0) != '{';
        } catch (IOException e) {
            return false;
        }
    }

    public static RealPair open(Path file) throws IOException {
        RealTrace rt = RealTrace.importFile(file, RealTrace.Options.defaults());
        SimSpec scenario = null;
        if (rt.header != null && rt.header.has("scenario")) {
            ScenarioLoader.Loaded l = ScenarioLoader.loadString(rt.header.get("scenario").toString());
            if (l.ok()) scenario = l.spec();
        }
        if (scenario == null) return new RealPair(rt, null, rt.run.spec());
        Simulator.Model m = Simulator.Model.of(rt.model);
        Run sim = Run.simulate(scenario.withDurationAtLeast(rt.run.info().endNs()), m);
        String kernel = rt.header.has("kernel") ? rt.header.get("kernel").getAsString() : "a real kernel";
        SimSpec shown = new SimSpec("Real: " + scenario.name(), "Recorded on Linux " + kernel + " ("
                + (m == Simulator.Model.TASK ? "task-based" : "legacy") + " throttle) by throttlescope record, beside the simulation of the same"
                + " scenario under that model. Switch between them with M, or compare them (C). " + scenario.description(),
                m.id, scenario.kernel(), scenario.durationNs(), scenario.seed(), scenario.cgroups(), scenario.locks(), scenario.pipes(),
                scenario.tasks(), scenario.actions(), scenario.notes());
        return new RealPair(rt, sim, shown);
    }

    /** The run shown on the right: the simulation, or the real run again when there is no scenario. */
    public Run right() { return simulated != null ? simulated : real.run; }
}
