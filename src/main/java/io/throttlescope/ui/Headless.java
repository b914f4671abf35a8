package io.throttlescope.ui;

import javafx.application.Platform;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** JavaFX without a display (Monocle's headless platform, software rendering), for the screenshot and bench commands. */
final class Headless {
    private Headless() { }

    /** Starts the toolkit headless, runs the job on the FX thread, returns its result and exits the toolkit. */
    static <T> T run(int width, int height, Callable<T> job) throws Exception {
        System.setProperty("glass.platform", "Monocle");
        System.setProperty("monocle.platform", "Headless");
        System.setProperty("prism.order", "sw");
        System.setProperty("headless.geometry", width + "x" + height + "-32");
        System.setProperty("java.awt.headless", "true");
        CompletableFuture<Void> started = new CompletableFuture<>();
        Platform.startup(() -> started.complete(null));
        started.get(60, TimeUnit.SECONDS);
        CompletableFuture<T> result = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                result.complete(job.call());
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        });
        try {
            return result.get(600, TimeUnit.SECONDS);
        } finally {
            Platform.exit();
        }
    }
}
