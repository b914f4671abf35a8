package io.throttlescope.ui;

/** Opens a link in the system browser (the kernel source links of the explanations). */
final class Browser {
    private static javafx.application.HostServices host;

    private Browser() { }

    static void use(javafx.application.HostServices h) { host = h; }

    static void open(String url) {
        if (host != null) {
            host.showDocument(url);
            return;
        }
        try {
            new ProcessBuilder("xdg-open", url).inheritIO().start();
        } catch (java.io.IOException e) {
            // no browser here: the link is still in the tooltip to copy
        }
    }
}
