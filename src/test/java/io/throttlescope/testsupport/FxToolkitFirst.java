package io.throttlescope.testsupport;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.testfx.api.FxToolkit;

/**
 * Starts the JavaFX toolkit through TestFX before any test class runs (registered for every class in
 * META-INF/services). A command run in a test (steps, screenshot) otherwise started it through
 * Platform.startup when its class ran first, and the window tests after it got no clicks or keys:
 * LayoutAuditTest then MainWindowTest failed 7 of 11, each passing alone.
 */
public final class FxToolkitFirst implements BeforeAllCallback {
    private static boolean started;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        synchronized (FxToolkitFirst.class) {
            // only where the tests run headless (surefire's Monocle settings); the packaging checks (failsafe) start no
            // toolkit
            if (started || !"Monocle".equals(System.getProperty("glass.platform"))) return;
            FxToolkit.registerPrimaryStage();
            started = true;
        }
    }
}
