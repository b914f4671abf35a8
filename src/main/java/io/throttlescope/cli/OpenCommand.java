package io.throttlescope.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "open", mixinStandardHelpOptions = true, description = "Open the window with a scenario.")
public final class OpenCommand implements Callable<Integer> {
    @Parameters(
            index = "0",
            paramLabel = "FILE",
            arity = "0..1",
            description = "the scenario file (default: the seed story)")
    Path file;

    @Override
    public Integer call() {
        return openWindow(file);
    }

    /** Starts JavaFX (only here, so the other commands work without a display). */
    static int openWindow(Path file) {
        try {
            Class<?> app = Class.forName("io.throttlescope.ui.ThrottleScopeApp");
            app.getMethod("launchWith", Path.class).invoke(null, file);
            return 0;
        } catch (ReflectiveOperationException e) {
            Throwable c = e.getCause() == null ? e : e.getCause();
            System.err.println("error: cannot open the window: " + c.getMessage());
            return 1;
        }
    }
}
