package io.throttlescope.view;

import io.throttlescope.sim.spec.Lesson;
import io.throttlescope.sim.spec.SimSpec;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One moment, one time: a library stop whose text opens with a time says it as "What just
 * happened" says it at that stop (veiled where a question is still to come), or rounds it; it never
 * says more digits than the window. The pile-up's text said
 * "At 4.0029 s" above an explanation saying "At 4.003s" (the fifth review).
 */
class LessonTextTimesTest {
    private static final Pattern OPENING = Pattern.compile("^\\s*(?:[Aa]t\\s+)?(\\d+(?:\\.\\d+)?)\\s?(s|ms|us|ns)\\b");

    @TestFactory
    List<DynamicTest> aStopsTextSaysItsTimeAsTheExplanationDoes() throws Exception {
        List<DynamicTest> out = new ArrayList<>();
        for (LibraryLessons.Entry lib : LibraryLessons.all()) {
            Path f = lib.file();
            SimSpec spec = lib.spec();
            List<Lesson.Stop> stops = spec.lesson().stops();
            for (int k = 0; k < stops.size(); k++) {
                Lesson.Stop s = stops.get(k);
                Matcher m = OPENING.matcher(s.text());
                if (!m.find()) continue;
                boolean veiled = false;
                for (int j = k; j < stops.size(); j++) veiled |= stops.get(j).question() != null;
                boolean v = veiled;
                String said = m.group(1) + m.group(2);
                out.add(DynamicTest.dynamicTest(f.getFileName() + " stop " + (k + 1) + " (" + said + ")", () -> {
                    Run run = Run.simulate(spec, LessonPlan.modelOf(spec, s));
                    int i = s.question() != null ? LessonPlan.askEventOf(run, s) : LessonPlan.eventOf(run, s.place());
                    Describe.View shown = Describe.at(run, i, 0, run.info().endNs(), -1, v);
                    Matcher e = OPENING.matcher(shown.what_just_happened().text());
                    assertThat(e.find()).as(shown.what_just_happened().text()).isTrue();
                    assertThat(e.group(2)).as("the unit").isEqualTo(m.group(2));
                    BigDecimal text = new BigDecimal(m.group(1)), window = new BigDecimal(e.group(1));
                    // the text may round the window's time ("203 ms" over "203.002001ms"), never say more
                    assertThat(text.scale())
                            .as(said + " beside the window's " + e.group(1) + e.group(2))
                            .isLessThanOrEqualTo(window.scale());
                    assertThat(window.setScale(text.scale(), RoundingMode.HALF_UP))
                            .isEqualByComparingTo(text);
                }));
            }
        }
        assertThat(out).hasSizeGreaterThanOrEqualTo(3);
        return out;
    }
}
