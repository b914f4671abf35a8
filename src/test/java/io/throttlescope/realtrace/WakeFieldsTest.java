package io.throttlescope.realtrace;

import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A wake-up's fields read from the right end find what the layouts' regular expressions find (issue 28: the import's profile). */
class WakeFieldsTest {
    @Test
    void theTwoLayoutsAreRead() {
        assertThat(WakeFields.parse("comm=kworker/0:1 pid=42 prio=120 target_cpu=001"))
                .isEqualTo(new WakeFields("kworker/0:1", "42", "001"));
        assertThat(WakeFields.parse("comm=a b pid=7 prio=-51 success=1 target_cpu=3"))
                .isEqualTo(new WakeFields("a b", "7", "3"));
        assertThat(WakeFields.parse("C2 CompilerThre:4246 [120] success=1 CPU:001"))
                .isEqualTo(new WakeFields("C2 CompilerThre", "4246", "001"));
        assertThat(WakeFields.parse(":1 [2] CPU:0")).isEqualTo(new WakeFields("", "1", "0"));
        assertThat(WakeFields.parse("comm=x pid=1 prio=2 success=y target_cpu=0"))
                .isNull();
        assertThat(WakeFields.parse("prev_comm=a prev_pid=1")).isNull();
    }

    /** Random texts made of the layouts' pieces, blanks, colons, brackets and line breaks: the same fields as the regular expressions'. */
    @Test
    void asTheRegularExpressionsOnRandomTexts() {
        List<String> pieces = List.of(
                "comm=",
                " pid=",
                " prio=",
                " success=",
                " target_cpu=",
                " CPU:",
                ":",
                " [",
                "]",
                "[",
                " ",
                "-",
                "1",
                "42",
                "007",
                "x",
                "a b",
                "\n",
                "\r",
                "pid=",
                "CPU:",
                " comm=",
                "é",
                "\u2028");
        List<String> digits = List.of("1", "42", "007", "-3", "x", "");
        Random r = new Random(28);
        int matched = 0;
        for (int n = 0; n < 200_000; n++) {
            // a wake-up's text in one of the layouts, each field made of random pieces (so some are not numbers),
            // then, half the time, a piece put in or taken out somewhere
            String comm = pieces(r, pieces, r.nextInt(4)), pid = pieces(r, digits, 1 + r.nextInt(2));
            String prio = pieces(r, digits, 1 + r.nextInt(2)), cpu = pieces(r, digits, 1 + r.nextInt(2));
            String success = r.nextBoolean() ? "" : " success=" + pieces(r, digits, 1);
            StringBuilder sb = new StringBuilder(
                    r.nextBoolean()
                            ? "comm=" + comm + " pid=" + pid + " prio=" + prio + success + " target_cpu=" + cpu
                            : comm + ":" + pid + " [" + prio + "]" + success + " CPU:" + cpu);
            if (r.nextBoolean()) {
                int at = r.nextInt(sb.length() + 1);
                if (r.nextBoolean()) sb.insert(at, pieces.get(r.nextInt(pieces.size())));
                else sb.delete(at, Math.min(sb.length(), at + 1 + r.nextInt(3)));
            }
            String f = sb.toString();
            WakeFields want = regex(f);
            if (want != null) matched++;
            assertThat(WakeFields.parse(f)).as(f).isEqualTo(want);
        }
        assertThat(matched).isGreaterThan(5_000); // the texts reach both layouts' matches, not only refusals
    }

    private static String pieces(Random r, List<String> from, int k) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < k; i++) sb.append(from.get(r.nextInt(from.size())));
        return sb.toString();
    }

    private static WakeFields regex(String f) {
        Matcher m = WakeFields.RAW.matcher(f);
        if (!m.matches()) m = WakeFields.TC.matcher(f);
        return m.matches() ? new WakeFields(m.group(1), m.group(2), m.group(4)) : null;
    }
}
