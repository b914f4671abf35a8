package io.throttlescope.ui;

import io.throttlescope.ui.state.ViewState;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The window's text scale, kept in the view state: steps of 15 %, bounded, Ctrl+0 back to 1. */
class ViewStateTest {
    @Test
    void textZoomStepsByFifteenPercentWithinBoundsAndResets() {
        ViewState vs = new ViewState();
        vs.zoomText(1);
        assertThat(vs.scale.get()).isEqualTo(1.15);
        vs.zoomText(1);
        assertThat(vs.scale.get()).isEqualTo(1.32);           // 1.3225, kept to two decimals
        for (int i = 0; i < 20; i++) vs.zoomText(1);
        assertThat(vs.scale.get()).isEqualTo(3.0);
        for (int i = 0; i < 40; i++) vs.zoomText(-1);
        assertThat(vs.scale.get()).isEqualTo(0.7);
        vs.zoomText(0);
        assertThat(vs.scale.get()).isEqualTo(1.0);
    }
}
