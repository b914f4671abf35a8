package io.throttlescope;

import io.throttlescope.cli.Cli;

/**
 * The jar's entry point. It must not extend javafx.application.Application (the fat-jar launcher
 * rule): the window is started from here only for the commands that open it.
 */
public final class Launcher {
    private Launcher() { }

    public static void main(String[] args) {
        System.exit(Cli.run(args));
    }
}
