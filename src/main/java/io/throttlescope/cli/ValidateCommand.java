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

@Command(name = "validate", mixinStandardHelpOptions = true, description = "Check scenario files; every problem is printed as FILE:LINE:COL: PATH: message.")
public final class ValidateCommand implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Parameters(arity = "1..*", paramLabel = "FILE", description = "scenario files") List<Path> files;

    @Override public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        int valid = 0;
        for (Path f : files) {
            if (Scenarios.missing(f, spec.commandLine().getErr())) continue;
            ScenarioLoader.Loaded l = ScenarioLoader.load(f);
            for (Problem p : l.problems()) out.println(p.format(f.toString()));
            if (l.ok()) valid++;
        }
        int n = files.size();
        out.println(valid == n ? n + (n == 1 ? " file" : " files") + " valid" : valid + " of " + n + " files valid");
        return valid == n ? 0 : 1;
    }
}
