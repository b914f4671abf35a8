package io.throttlescope.cli;

import io.throttlescope.scenario.Problem;
import io.throttlescope.scenario.ScenarioLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "validate", description = "Check scenario files; every problem is printed as FILE:LINE:COL: PATH: message.")
public final class ValidateCommand implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Parameters(arity = "1..*", paramLabel = "FILE") List<Path> files;

    @Override public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        boolean ok = true;
        for (Path f : files) {
            ScenarioLoader.Loaded l = ScenarioLoader.load(f);
            for (Problem p : l.problems()) out.println(p.format(f.toString()));
            ok &= l.ok();
        }
        return ok ? 0 : 1;
    }
}
