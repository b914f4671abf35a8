package io.throttlescope.ui.window;

import io.throttlescope.scenario.Problem;
import io.throttlescope.scenario.ScenarioLoader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The scenario the app opens with: the library's first file, shipped inside the jar. */
public final class DefaultScenario {
    public static final String RESOURCE = "/scenarios/01-seed-story-rwsem-reader.json";

    private DefaultScenario() {}

    /** The default scenario's text (what the what-if panel edits); null if the build lacks it. */
    public static String text() {
        try (InputStream in = DefaultScenario.class.getResourceAsStream(RESOURCE)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
    }

    public static ScenarioLoader.Loaded load() {
        try (InputStream in = DefaultScenario.class.getResourceAsStream(RESOURCE)) {
            if (in == null)
                return new ScenarioLoader.Loaded(
                        null, List.of(new Problem(1, 1, "$", "the default scenario is missing from the build")));
            return ScenarioLoader.loadString(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return new ScenarioLoader.Loaded(null, List.of(new Problem(1, 1, "$", e.getMessage())));
        }
    }
}
