package io.throttlescope.realtrace;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A name looked up from a line's range is the text of that range, the same instance each time it is kept. */
class NamesTest {
    @Test
    void aRangeGivesItsTextTheFirstInstanceKept() {
        Names n = new Names();
        String a = n.of("  kworker/0:1-59 [000]", 2, 13);
        assertThat(a).isEqualTo("kworker/0:1");
        assertThat(n.of("x kworker/0:1 y", 2, 13)).isSameAs(a);
        assertThat(n.of("kworker/0:12", 0, 12)).isEqualTo("kworker/0:12").isNotSameAs(a);
        assertThat(n.of("abc", 1, 1)).isEmpty();
        // "Aa" and "BB" have the same String.hashCode: each still finds itself
        String aa = n.of("Aa", 0, 2), bb = n.of("BB", 0, 2);
        assertThat(aa).isEqualTo("Aa");
        assertThat(bb).isEqualTo("BB");
        assertThat(n.of("xAa", 1, 3)).isSameAs(aa);
        assertThat(n.of("xBB", 1, 3)).isSameAs(bb);
    }

    @Test
    void pastItsLimitANameIsStillItsTextButNotKept() {
        Names n = new Names();
        for (int i = 0; n.size() < Names.MAX; i++) n.of("t" + i, 0, ("t" + i).length());
        String first = n.of("t0", 0, 2), late = n.of("a late name", 2, 11);
        assertThat(n.of("xt0", 1, 3)).isSameAs(first);
        assertThat(late).isEqualTo("late name");
        assertThat(n.of("a late name", 2, 11)).isEqualTo("late name").isNotSameAs(late);
        assertThat(n.size()).isEqualTo(Names.MAX);
    }

    /** Thousands of names of one hash (made of "Aa" and "BB"): each still reads as its text, a lookup a few slots long. */
    @Test
    void namesOfOneHashAreEachTheirOwnText() {
        Names n = new Names();
        List<String> made = new ArrayList<>();
        for (int m = 0; m < 4096; m++) {
            StringBuilder b = new StringBuilder("x");
            for (int bit = 0; bit < 12; bit++) b.append((m >> bit & 1) == 0 ? "Aa" : "BB");
            made.add(b.toString());
        }
        assertThat(made.stream().map(String::hashCode).distinct()).hasSize(1);
        for (String s : made) assertThat(n.of("[" + s + "]", 1, s.length() + 1)).isEqualTo(s);
        for (String s : made) assertThat(n.of(" " + s, 1, s.length() + 1)).isEqualTo(s);
        assertThat(n.size()).isEqualTo(Names.PROBES); // the first few kept; the rest cut each time
        String kept = n.of(made.get(0), 0, made.get(0).length());
        assertThat(n.of("." + made.get(0), 1, made.get(0).length() + 1)).isSameAs(kept);
    }
}
