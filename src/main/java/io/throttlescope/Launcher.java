package io.throttlescope;

import io.throttlescope.cli.Cli;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The jar's entry point. It must not extend Application (the fat-jar launcher
 * rule): the window is started from here only for the commands that open it.
 */
public final class Launcher {
    private Launcher() {}

    /** Kept referenced: java.util.logging holds loggers weakly. */
    private static final Logger JAVAFX_LOG = Logger.getLogger("javafx");

    public static void main(String[] args) {
        // LANG=C with a non-ASCII argument: run again in C.UTF-8; a file of 256 MiB or more: with huge pages
        var relaunched = Relaunch.ifNeeded(args);
        if (relaunched.isPresent()) System.exit(relaunched.getAsInt());
        // JavaFX warns on every start from a jar that it was loaded from the class path; that is how a fat jar works
        JAVAFX_LOG.setLevel(Level.SEVERE);
        System.exit(Cli.run(args));
    }
}
