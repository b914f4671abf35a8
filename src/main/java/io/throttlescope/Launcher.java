package io.throttlescope;

import io.throttlescope.cli.Cli;

/**
 * The jar's entry point. It must not extend javafx.application.Application (the fat-jar launcher
 * rule): the window is started from here only for the commands that open it.
 */
public final class Launcher {
    private Launcher() { }

    /** Kept referenced: java.util.logging holds loggers weakly. */
    private static final java.util.logging.Logger JAVAFX_LOG = java.util.logging.Logger.getLogger("javafx");

    public static void main(String[] args) {
        // JavaFX warns on every start from a jar that it was loaded from the class path; that is how a fat jar works
        JAVAFX_LOG.setLevel(java.util.logging.Level.SEVERE);
        System.exit(Cli.run(args));
    }
}
