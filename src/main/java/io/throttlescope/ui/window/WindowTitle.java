package io.throttlescope.ui.window;

import java.nio.file.Path;

/** The window's title: the scenario, its file, and whether What if? has edited it since. */
public final class WindowTitle {
    private WindowTitle() {}

    public static String of(String scenario, Path file, boolean edited) {
        return "ThrottleScope \u2014 " + scenario + (file == null ? "" : "  (" + file.getFileName() + ")")
                + (edited ? " \u2014 edited" : "");
    }
}
