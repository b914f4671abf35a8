package io.throttlescope.testsupport;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The jar's entry point run as a process of its own (this JVM, this class path), its errors with its output. */
public final class LauncherProcess {
    private LauncherProcess() {}

    public static ProcessBuilder of(String... args) {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "io.throttlescope.Launcher"));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectErrorStream(true);
    }
}
