package io.throttlescope.sim;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;

/**
 * How many rows a chunk of a long run's columns holds (docs/performance.md, "Speed of the window":
 * a trace that is never copied). Under G1 a chunk that fills one heap region is a "humongous" object: it is allocated
 * outside the young generation and never copied, so the young collections while a run of millions
 * of events is simulated and indexed do not copy what it has recorded (they had copied it, some of
 * it several times, and the collector grew the heap to keep up). A chunk sized to the region leaves
 * less than 64 bytes and a row of it unused. Under another collector, or where the region size cannot be
 * read, chunks hold the fallback.
 */
public final class HeapChunks {
    private HeapChunks() {}

    /** G1's region size in bytes, 0 if G1 is not the collector or it cannot be read. */
    static final long REGION = region();

    private static long region() {
        try {
            HotSpotDiagnosticMXBean hs = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            if (hs == null || !Boolean.parseBoolean(hs.getVMOption("UseG1GC").getValue())) return 0;
            return Long.parseLong(hs.getVMOption("G1HeapRegionSize").getValue());
        } catch (RuntimeException | LinkageError e) {
            return 0;
        }
    }

    /**
     * Rows of {@code bytesPerRow} bytes a chunk holds (an even number): as many as one long array
     * filling a G1 region holds, 64 bytes kept for its header (16 bytes with compressed class
     * pointers, 24 without), or {@code fallback}.
     */
    public static int rows(int bytesPerRow, int fallback) {
        return rows(REGION, bytesPerRow, fallback);
    }

    /** Bytes of a region kept for the array's header, whatever the JVM's object layout. */
    static final int HEADER_ROOM = 64;

    static int rows(long region, int bytesPerRow, int fallback) {
        if (region < (1 << 20) || region > (1L << 30)) return fallback;
        return (int) ((region - HEADER_ROOM) / bytesPerRow) & ~1;
    }
}
