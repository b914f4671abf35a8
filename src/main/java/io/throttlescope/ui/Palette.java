package io.throttlescope.ui;

import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.scene.paint.ImagePattern;
import javafx.scene.paint.Paint;

import java.util.HashMap;
import java.util.Map;

/**
 * Colours: tasks get colours from Paul Tol's colour-blind-safe palettes; kernel mode is the same
 * colour hatched; task states have fixed colours used in the task lanes and the legend.
 */
public final class Palette {
    private Palette() { }

    /** Tol "bright" + "muted": distinguishable with the common colour-vision deficiencies. */
    private static final Color[] TASK = {
        Color.web("#4477AA"), Color.web("#EE6677"), Color.web("#228833"), Color.web("#CCBB44"),
        Color.web("#66CCEE"), Color.web("#AA3377"), Color.web("#332288"), Color.web("#117733"),
        Color.web("#44AA99"), Color.web("#88CCEE"), Color.web("#DDCC77"), Color.web("#CC6677"),
        Color.web("#882255"), Color.web("#999933"),
    };

    public static final Color RUNNABLE = Color.web("#C8C8C8");
    public static final Color THROTTLED = Color.web("#D55E00");
    public static final Color PARKED = Color.web("#7B3294");
    public static final Color SLEEPING = Color.web("#DCE9F5");
    public static final Color BLOCKED = Color.web("#8C510A");
    public static final Color IDLE = Color.web("#F4F4F4");
    public static final Color GRID = Color.web("#E0E0E0");
    public static final Color TEXT = Color.web("#202020");
    public static final Color CURSOR = Color.web("#E31A1C");
    public static final Color THROTTLE_MARK = Color.web("#D62728");
    public static final Color UNTHROTTLE_MARK = Color.web("#2CA02C");
    public static final Color WORK_MARK = Color.web("#FF7F0E");
    public static final Color POOL = Color.web("#1F4E9A");

    private static final Map<Color, Paint> HATCH = new HashMap<>();

    public static Color task(int i) { return TASK[Math.floorMod(i, TASK.length)]; }

    /** The colour, hatched with darker diagonal stripes: kernel mode. */
    public static Paint hatched(Color c) {
        return HATCH.computeIfAbsent(c, col -> {
            int n = 8;
            WritableImage img = new WritableImage(n, n);
            Color dark = col.deriveColor(0, 1, 0.55, 1);
            for (int y = 0; y < n; y++) {
                for (int x = 0; x < n; x++) {
                    boolean stripe = Math.floorMod(x + y, n) < 3;
                    img.getPixelWriter().setColor(x, y, stripe ? dark : col);
                }
            }
            return new ImagePattern(img, 0, 0, n, n, false);
        });
    }

    public static Color cpu(int c) { return TASK[Math.floorMod(c * 3 + 1, TASK.length)]; }
}
