package io.throttlescope.view;

import java.util.List;

/**
 * "What just happened" at one event: plain sentences, and the kernel functions they name, each
 * with a link to its source on Bootlin Elixir at the model's kernel version (v6.17 for the legacy
 * model, v6.18 for the task-based one).
 */
public record Explanation(String text, List<String> functions, String kernelVersion) {
    public static final String ELIXIR = "https://elixir.bootlin.com/linux/";

    /** The source of a kernel function at this explanation's version. */
    public String link(String function) {
        return ELIXIR + kernelVersion + "/A/ident/" + function;
    }

    /** The kernel version each model follows. */
    public static String versionOf(boolean legacy) {
        return legacy ? "v6.17" : "v6.18";
    }
}
