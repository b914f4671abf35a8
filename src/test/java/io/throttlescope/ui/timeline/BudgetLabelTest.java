package io.throttlescope.ui.timeline;

import javafx.scene.text.Font;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The quota's label in a budget lane is drawn whole or not at all (the review at 1024x768: "qu",
 * "quota 10r", "quota 10ms ↑ (a" where the segment or the veil left less room than the label).
 */
class BudgetLabelTest {
    @Test
    void theLongestLabelThatFitsOrNone() {
        Font f = Font.font(11);
        String full = "quota 10ms \u2191 (above this scale)", mid = "quota 10ms \u2191", shortest = "\u2191 quota";
        assertThat(BudgetLane.fitting(400, f, full, mid, shortest)).isEqualTo(full);
        assertThat(BudgetLane.fitting(80, f, full, mid, shortest)).isEqualTo(mid);
        assertThat(BudgetLane.fitting(45, f, full, mid, shortest)).isEqualTo(shortest);
        assertThat(BudgetLane.fitting(12, f, full, mid, shortest)).isNull();
    }
}
