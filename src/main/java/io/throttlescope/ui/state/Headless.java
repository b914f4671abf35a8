package io.throttlescope.ui.state;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;

/** JavaFX without a display (Monocle's headless platform, software rendering), for the screenshot and bench commands. */
public final class Headless {
    private Headless() {}

    private static boolean started;

    /**
     * Starts the toolkit headless (once per JVM: a second command in the same JVM, or a test whose
     * toolkit already runs, reuses it), runs the job on the FX thread and returns its result. The
     * command line exits the JVM when it is done.
     */
    public static synchronized <T> T run(int width, int height, Callable<T> job) throws Exception {
        if (!started) {
            System.setProperty("glass.platform", "Monocle");
            System.setProperty("monocle.platform", "Headless");
            System.setProperty("prism.order", "sw");
            if (System.getProperty("headless.geometry") == null) { // the tests set a large screen for every window
                System.setProperty("headless.geometry", width + "x" + height + "-32");
            }
            System.setProperty("java.awt.headless", "true");
            CompletableFuture<Void> up = new CompletableFuture<>();
            try {
                Platform.startup(() -> up.complete(null));
                up.get(60, TimeUnit.SECONDS);
            } catch (IllegalStateException alreadyRunning) {
                // the toolkit runs already (a GUI test): use it
            }
            Platform.setImplicitExit(false);
            started = true;
        }
        CompletableFuture<T> result = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                result.complete(job.call());
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        });
        return result.get(600, TimeUnit.SECONDS);
    }
}
