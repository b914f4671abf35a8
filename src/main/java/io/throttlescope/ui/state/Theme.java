package io.throttlescope.ui.state;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.scene.paint.Color;

/**
 * The colours of theme.css: the scene uses the stylesheet, and the canvas reads the same
 * {@code -ts-*} variables from it, so one file themes everything.
 */
public final class Theme {
    public static final String STYLESHEET =
            Theme.class.getResource("/io/throttlescope/ui/theme.css").toExternalForm();
    private static final Pattern VAR = Pattern.compile("(-ts-[a-z0-9-]+)\\s*:\\s*([^;]+);");
    private static final Map<String, Color> COLOURS = load();

    private Theme() {}

    private static Map<String, Color> load() {
        Map<String, Color> m = new LinkedHashMap<>();
        try (InputStream in = Theme.class.getResourceAsStream("/io/throttlescope/ui/theme.css")) {
            String css = new String(in.readAllBytes(), StandardCharsets.UTF_8).replaceAll("(?s)/\\*.*?\\*/", "");
            Matcher x = VAR.matcher(css);
            while (x.find()) m.put(x.group(1), Color.web(x.group(2).trim()));
        } catch (Exception e) {
            throw new IllegalStateException("theme.css cannot be read", e);
        }
        return m;
    }

    /** The colour of a variable, e.g. "parked" for -ts-parked. */
    public static Color colour(String name) {
        Color c = COLOURS.get("-ts-" + name);
        if (c == null) throw new IllegalArgumentException("theme.css has no -ts-" + name);
        return c;
    }

    /** How many -ts-task-N colours the theme has. */
    public static int taskColours() {
        int n = 0;
        while (COLOURS.containsKey("-ts-task-" + n)) n++;
        return n;
    }

    public static Map<String, Color> all() {
        return COLOURS;
    }
}
