package io.throttlescope.ui;

import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.scene.paint.ImagePattern;
import javafx.scene.paint.Paint;

import java.util.HashMap;
import java.util.Map;

/**
 * The canvas's colours, all from theme.css: one colour a task (Tol's colour-blind-safe "muted"
 * set), fixed colours outside that set for task states and marks; kernel mode is the same colour
 * hatched.
 */
public final class Palette {
    private Palette() { }

    private static final Color[] TASK = new Color[Theme.taskColours()];
    static { for (int i = 0; i < TASK.length; i++) TASK[i] = Theme.colour("task-" + i); }

    public static final Color RUNNABLE = Theme.colour("runnable");
    /** What covers the lanes after the cursor while a lesson's question waits. */
    public static final Color VEIL = Color.rgb(236, 236, 236);
    public static final Color THROTTLED = Theme.colour("throttled");
    public static final Color PARKED = Theme.colour("parked");
    public static final Color SLEEPING = Theme.colour("sleeping");
    public static final Color BLOCKED = Theme.colour("blocked");
    public static final Color IDLE = Theme.colour("idle");
    public static final Color GRID = Theme.colour("grid");
    public static final Color TEXT = Theme.colour("text");
    public static final Color TEXT_MUTED = Theme.colour("text-muted");
    public static final Color LIGHT_TEXT = Theme.colour("light-text");
    public static final Color CURSOR = Theme.colour("cursor");
    public static final Color THROTTLE_MARK = Theme.colour("throttle-mark");
    public static final Color UNTHROTTLE_MARK = Theme.colour("unthrottle-mark");
    public static final Color WORK_MARK = Theme.colour("work-mark");
    public static final Color POOL = Theme.colour("pool");
    public static final Color QUOTA = Theme.colour("quota");
    public static final Color DEBT = Theme.colour("debt");
    public static final Color BUDGET_BG = Theme.colour("budget-bg");
    public static final Color SLICE_TICK = Theme.colour("slice-tick");
    public static final Color NOTE_MARK = Theme.colour("note-mark");
    public static final Color DIFF = Theme.colour("diff");
    public static final Color DIFF_LINE = Theme.colour("diff-line");
    public static final Color SECTION_BG = Theme.colour("section-bg");
    public static final Color GROUP_BG = Theme.colour("group-bg");
    public static final Color LABEL_BG = Theme.colour("label-bg");
    public static final Color RULER_BG = Theme.colour("ruler-bg");

    private static final Map<Color, Paint> HATCH = new java.util.IdentityHashMap<>();   // the same Color objects ask again and again

    public static Color task(int i) { return TASK[Math.floorMod(i, TASK.length)]; }

    public static int taskColourCount() { return TASK.length; }

    private static Paint[] hatchedTask;

    /** Task i's colour hatched (kernel mode), without a map lookup: the lanes ask for it at every pixel column. */
    public static Paint hatchedTask(int i) {
        Paint[] h = hatchedTask;
        if (h == null || h.length != TASK.length) {
            h = new Paint[TASK.length];
            for (int k = 0; k < h.length; k++) h[k] = hatched(TASK[k]);
            hatchedTask = h;
        }
        return h[Math.floorMod(i, TASK.length)];
    }

    /** Text that reads on a fill: white on dark colours, the text colour on light ones. */
    public static Color inkOn(Color fill) {
        double l = 0.2126 * fill.getRed() + 0.7152 * fill.getGreen() + 0.0722 * fill.getBlue();
        return l < 0.5 ? LIGHT_TEXT : TEXT;
    }

    /** The colour, hatched with darker diagonal stripes: kernel mode (and the legacy held-off state). */
    public static Paint hatched(Color c) {
        return HATCH.computeIfAbsent(c, col -> {
            int n = 8;
            WritableImage img = new WritableImage(n, n);
            Color dark = hatchStripe(col);
            for (int y = 0; y < n; y++) {
                for (int x = 0; x < n; x++) {
                    boolean stripe = onStripe(x, y);
                    img.getPixelWriter().setColor(x, y, stripe ? dark : col);
                }
            }
            return new ImagePattern(img, 0, 0, n, n, false);
        });
    }

    /** The stripe colour of a hatched colour. */
    public static Color hatchStripe(Color col) {
        return col.getBrightness() < 0.35 ? col.deriveColor(0, 0.6, 2.2, 1) : col.deriveColor(0, 1, 0.55, 1);
    }

    /** Whether pixel (x, y) of a hatched fill is on a stripe (the pattern is anchored at the canvas's origin). */
    public static boolean onStripe(int x, int y) { return Math.floorMod(x + y, 8) < 3; }

    /** The line colour of CPU c in the budget lanes. */
    public static Color cpu(int c) { return TASK[Math.floorMod(c * 3 + 1, TASK.length)]; }
}
