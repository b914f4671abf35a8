package io.throttlescope.ui.timeline;

import io.throttlescope.ui.state.Theme;
import java.util.IdentityHashMap;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.scene.paint.ImagePattern;
import javafx.scene.paint.Paint;

/**
 * The canvas's colours, all from theme.css: one colour a task (from Tol's colour-blind-safe
 * sets, none near a state's colour), a second cue drawn in the slices once the colours are used up,
 * fixed colours outside that set for task states, marks and the budget lanes' CPU lines; kernel mode
 * is the same colour hatched.
 */
public final class Palette {
    private Palette() {}

    private static final Color[] TASK = new Color[Theme.taskColours()];

    static {
        for (int i = 0; i < TASK.length; i++) TASK[i] = Theme.colour("task-" + i);
    }

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

    private static final IdentityHashMap<Color, Paint> HATCH =
            new IdentityHashMap<>(); // the same Color objects ask again and again

    public static Color task(int i) {
        return TASK[Math.floorMod(i, TASK.length)];
    }

    public static int taskColourCount() {
        return TASK.length;
    }

    private static Paint[] userFill, kernelFill;

    /**
     * The fill of colour slot i in user mode: its colour, and past the last colour the same colours
     * again with a second cue drawn in them (bars, then dots, then crosses), so two tasks on screen
     * never look alike.
     */
    public static Paint taskFill(int i) {
        fills();
        return userFill[slotIndex(i)];
    }

    /** The same in kernel mode: hatched (with the second cue too). */
    public static Paint hatchedTask(int i) {
        fills();
        return kernelFill[slotIndex(i)];
    }

    /** The second cue of slot i: 0 none, 1 bars, 2 dots, 3 crosses. */
    public static int cue(int i) {
        return Math.floorMod(i, TASK.length * CUES) / TASK.length;
    }

    /** How many tasks can be told apart by colour and cue. */
    public static final int CUES = 4;

    private static int slotIndex(int i) {
        return Math.floorMod(i, TASK.length * CUES);
    }

    private static void fills() {
        if (userFill != null) return;
        int n = TASK.length * CUES;
        Paint[] u = new Paint[n], kf = new Paint[n];
        for (int i = 0; i < n; i++) {
            Color c = TASK[i % TASK.length];
            int cue = i / TASK.length;
            u[i] = cue == 0 ? c : pattern(c, false, cue);
            kf[i] = pattern(c, true, cue);
        }
        kernelFill = kf;
        userFill = u;
    }

    /** A colour with the kernel hatching and/or a second cue, as an 8x8 tile anchored at the canvas's origin. */
    private static Paint pattern(Color col, boolean hatch, int cue) {
        if (hatch && cue == 0) return hatched(col);
        int n = 8;
        WritableImage img = new WritableImage(n, n);
        Color dark = hatchStripe(col), mark = inkOn(col);
        for (int y = 0; y < n; y++) {
            for (int x = 0; x < n; x++) {
                Color px = hatch && onStripe(x, y) ? dark : col;
                if (onCue(cue, x, y)) px = mark;
                img.getPixelWriter().setColor(x, y, px);
            }
        }
        return new ImagePattern(img, 0, 0, n, n, false);
    }

    /** Whether pixel (x, y) of an 8x8 tile carries cue c: vertical bars, big dots or crosses (seen on a projector). */
    public static boolean onCue(int c, int x, int y) {
        return switch (c) {
            case 1 -> x == 3 || x == 4;
            case 2 -> x >= 2 && x <= 4 && y >= 2 && y <= 4;
            case 3 -> (x == 4 && y >= 1 && y <= 7) || (y == 4 && x >= 1 && x <= 7);
            default -> false;
        };
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
    public static boolean onStripe(int x, int y) {
        return Math.floorMod(x + y, 8) < 3;
    }

    /**
     * The line of CPU c in the budget lanes: colours of their own (not a task's: a CPU line must not
     * read as a task), four of them, and a dash pattern, so eight CPUs are told apart, and without colour as well.
     */
    public static Color cpu(int c) {
        return CPU_LINES[Math.floorMod(c, 4)];
    }

    /** The dash pattern of CPU c's budget line (null: solid). */
    public static double[] cpuDashes(int c) {
        return switch (Math.floorMod(c + c / 4, 4)) { // CPUs 4-7 take their colour with another pattern
            case 1 -> new double[] {8, 4};
            case 2 -> new double[] {2, 3};
            case 3 -> new double[] {9, 3, 2, 3};
            default -> null;
        };
    }

    public static final Color CPU_LINE_A = Theme.colour("cpu-line-a");
    public static final Color CPU_LINE_B = Theme.colour("cpu-line-b");
    private static final Color[] CPU_LINES = {
        CPU_LINE_A, CPU_LINE_B, Theme.colour("cpu-line-c"), Theme.colour("cpu-line-d")
    };
}
