package io.throttlescope.ui.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.regex.Pattern;
import javafx.scene.shape.MoveTo;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A kernel identifier in a narrow column wraps after an underscore, never inside a word: the locks and
 * results tables showed "cgroup_threadgroup_rwse m" and "cgroup_threadgro up_rwsem" (the sixth review).
 */
@ExtendWith(ApplicationExtension.class)
class IdentifierWrapTest {
    @Start
    void start(Stage stage) {}

    /** The text of each line of s wrapped at width w, as JavaFX lays it out ("|" between lines). */
    static String lines(String s, double w) {
        Text t = new Text(s);
        t.setFont(Font.font(13));
        t.setWrappingWidth(w);
        StringBuilder out = new StringBuilder();
        double lastY = Double.NaN;
        for (int i = 0; i < s.length(); i++) {
            t.setCaretPosition(i);
            t.setCaretBias(true);
            double y = ((MoveTo) t.getCaretShape()[0]).getY();
            if (!Double.isNaN(lastY) && y > lastY + 1) out.append('|');
            lastY = y;
            out.append(s.charAt(i));
        }
        return out.toString().replace("\u200A", "");
    }

    @Test
    void anIdentifierBreaksAfterAnUnderscore(FxRobot robot) {
        String[] got = new String[1];
        robot.interact(() -> {
            Text probe = new Text("cgroup_threadgroup_rw");
            probe.setFont(Font.font(13));
            got[0] = lines(
                    Columns.breakable("cgroup_threadgroup_rwsem"),
                    probe.getLayoutBounds().getWidth());
        });
        assertThat(got[0]).isEqualTo("cgroup_threadgroup_|rwsem");
        String[] shown = new String[2];
        robot.interact(
                () -> { // what a table's cell shows: breaks only where the word does not fit
                    Text t = new Text();
                    t.setFont(Font.font(13));
                    Columns.wrapIdentifiers(t);
                    t.setWrappingWidth(400);
                    Columns.showWrapped(t, "cgroup_threadgroup_rwsem");
                    shown[0] = t.getText();
                    Text part = new Text("threadgroup_ ");
                    part.setFont(Font.font(13));
                    double w = part.getLayoutBounds().getWidth();
                    t.setWrappingWidth(w);
                    shown[1] = lines(t.getText(), w);
                });
        assertThat(shown[0]).isEqualTo("cgroup_threadgroup_rwsem"); // unchanged where it fits
        assertThat(shown[1]).isEqualTo("cgroup_|threadgroup_|rwsem");
        assertThat(Columns.breakable("task R longest_lock_wait_ms").replace("\u200A", ""))
                .isEqualTo("task R longest_lock_wait_ms");
    }
    /** The widest word is the widest of the words a split at {@code \s+} gives, whatever the spaces. */
    @Test
    void theWidestWordIsTheWidestOfTheRegexSplitsWords(FxRobot robot) {
        SplittableRandom rng = new SplittableRandom(7);
        String alphabet = "aW_1 \t\n\u000B\f\r\u00A0x";
        List<String> texts = new ArrayList<>(List.of("", " ", "one", " two  words ", "a\tbb\nccc"));
        for (int k = 0; k < 300; k++) {
            StringBuilder b = new StringBuilder();
            for (int n = rng.nextInt(12); n > 0; n--) b.append(alphabet.charAt(rng.nextInt(alphabet.length())));
            texts.add(b.toString());
        }
        robot.interact(() -> {
            Font f = Font.font(13);
            for (String t : texts) {
                double want = 0;
                for (String w : Pattern.compile("\\s+").split(t)) want = Math.max(want, Columns.width(f, w));
                assertThat(Columns.widestWord(f, t)).as("[%s]", t).isEqualTo(want);
            }
        });
    }
}
