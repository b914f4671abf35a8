package io.throttlescope.view;

import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.spec.SimSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The library's scenarios that carry a lesson, in file order (the lesson tests walk them). */
final class LibraryLessons {
    private LibraryLessons() {}

    record Entry(Path file, SimSpec spec) {}

    static List<Entry> all() throws IOException {
        List<Path> files;
        try (var l = Files.list(Path.of("scenarios"))) {
            files = l.sorted().toList();
        }
        List<Entry> out = new ArrayList<>();
        for (Path f : files) {
            SimSpec spec = ScenarioLoader.load(f).spec();
            if (spec.lesson() != null) out.add(new Entry(f, spec));
        }
        return out;
    }
}
