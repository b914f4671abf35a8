package io.throttlescope.ui;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.throttlescope.cli.Cli;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The layout audit over every lesson of the library, at a projector's 1024x768 and at 2560x1440
 * (issue 26, part 2): each stop's subject (the lesson bar, the explanation or the comparison, the
 * views and lanes the stop names, its highlighted task's lane) is whole, and no text is cut. Seen
 * failing before the redesign: the side panel scrolled the explanation away and the budget lane
 * was below the fold (see docs/guide.md, "Layout audit").
 */
class LayoutAuditTest {
    @TempDir
    Path dir;

    static Stream<Arguments> lessons() throws Exception {
        List<Arguments> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(Path.of("scenarios"))) {
            for (Path f : files.sorted().toList()) {
                if (!f.toString().endsWith(".json") || !Files.readString(f).contains("\"lesson\"")) continue;
                out.add(Arguments.of(f.getFileName().toString(), "1024x768"));
                out.add(Arguments.of(f.getFileName().toString(), "2560x1440"));
            }
        }
        assertThat(out).hasSizeGreaterThanOrEqualTo(14);
        return out.stream();
    }

    @ParameterizedTest(name = "{0} at {1}")
    @MethodSource("lessons")
    void everyStopShowsItsSubjectWholeAndNoTextCut(String file, String size) throws Exception {
        Path out = dir.resolve("slides");
        StringWriter o = new StringWriter(), e = new StringWriter();
        int code = Cli.run(
                new String[] {"steps", "scenarios/" + file, "--lesson", "--size", size, "--audit", "-o", out.toString()
                },
                new PrintWriter(o, true),
                new PrintWriter(e, true));
        JsonObject audit = JsonParser.parseString(Files.readString(out.resolve("audit.json")))
                .getAsJsonObject();
        assertThat(audit.get("ok").getAsBoolean()).as(e.toString()).isTrue();
        assertThat(code).as(e.toString()).isZero();
        for (var s : audit.getAsJsonArray("slides")) {
            JsonObject slide = s.getAsJsonObject();
            assertThat(slide.getAsJsonArray("subject").toString()).contains("lesson");
            assertThat(slide.get("subject_whole").getAsBoolean()).isTrue();
        }
    }
}
