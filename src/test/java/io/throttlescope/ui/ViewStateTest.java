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
        assertThat(vs.scale.get()).isEqualTo(1.32); // 1.3225, kept to two decimals
        for (int i = 0; i < 20; i++) vs.zoomText(1);
        assertThat(vs.scale.get()).isEqualTo(3.0);
        for (int i = 0; i < 40; i++) vs.zoomText(-1);
        assertThat(vs.scale.get()).isEqualTo(0.7);
        vs.zoomText(0);
        assertThat(vs.scale.get()).isEqualTo(1.0);
    }

    /** At 2560 px the window starts at x1.5: Ctrl+0 went to x1, smaller than at the start (the third review). */
    @Test
    void ctrlZeroGoesBackToTheSizeTheWindowStartedWith() {
        ViewState vs = new ViewState();
        vs.normalScale = ViewState.autoScale(2560);
        vs.scale.set(vs.normalScale);
        vs.zoomText(1);
        vs.zoomText(0);
        assertThat(vs.scale.get()).isEqualTo(1.5);
    }
}
