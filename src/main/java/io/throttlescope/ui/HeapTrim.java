package io.throttlescope.ui;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;

/**
 * Gives the memory of a large load back to the machine. Building a run of millions of events
 * allocates far more than it keeps, and the collector keeps the heap it grew to: the task manager
 * then shows twice what the run holds. At start the window asks the JVM to keep at most 10% of its
 * heap free (MaxHeapFreeRatio and MinHeapFreeRatio are manageable: no launcher flag needed), and
 * after a large run is shown it collects once, which shrinks the heap to that.
 */
public final class HeapTrim {
    /** A run of at least this many events is large enough to collect after (a pause of well under a second). */
    static final int LARGE_RUN_EVENTS = 1_000_000;

    private HeapTrim() {}

    /** Asks the JVM to keep little free heap; a JVM without these options is left as it is. */
    public static void install() {
        try {
            HotSpotDiagnosticMXBean hs = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            if (hs == null) return;
            hs.setVMOption("MinHeapFreeRatio", "5");
            hs.setVMOption("MaxHeapFreeRatio", "10");
        } catch (RuntimeException | LinkageError e) {
            // another JVM, or options not manageable there: its own defaults stand
        }
    }

    /** After a large load: one collection, which gives back what the build left free (off the FX thread, so the window paints first). */
    public static void afterLoad(int events) {
        if (events < LARGE_RUN_EVENTS) return;
        Thread t = new Thread(System::gc, "heap-trim");
        t.setDaemon(true);
        t.start();
    }
}
