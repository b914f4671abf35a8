package io.throttlescope.ui.panels;

import java.io.IOException;
import javafx.application.HostServices;

/** Opens a link in the system browser (the kernel source links of the explanations). */
public final class Browser {
    private static HostServices host;

    private Browser() {}

    public static void use(HostServices h) {
        host = h;
    }

    public static void open(String url) {
        if (host != null) {
            host.showDocument(url);
            return;
        }
        try {
            new ProcessBuilder("xdg-open", url).inheritIO().start();
        } catch (IOException e) {
            // no browser here: the link is still in the tooltip to copy
        }
    }
}
