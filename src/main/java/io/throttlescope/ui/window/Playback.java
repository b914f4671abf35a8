package io.throttlescope.ui.window;

import io.throttlescope.ui.state.ViewState;
import io.throttlescope.view.Run;
import java.util.function.LongSupplier;
import javafx.animation.AnimationTimer;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;

/** Play: the cursor follows simulated time at the chosen rate, until the end of the run or Pause. */
public final class Playback {
    public final ToggleButton button = new ToggleButton("\u25B6 Play");
    public final ComboBox<String> speed = new ComboBox<>();
    private final ViewState vs;
    private AnimationTimer player;
    /** How far it may play: the event where a lesson's next question is put while what follows is covered. */
    private final LongSupplier limit;

    public Playback(ViewState vs, LongSupplier limit) {
        this.vs = vs;
        this.limit = limit;
        button.setId("play");
        button.setOnAction(e -> set(button.isSelected()));
        speed.getItems().addAll("0.1 ms/s", "1 ms/s", "10 ms/s", "100 ms/s", "1 s/s");
        speed.setValue("10 ms/s");
        speed.setTooltip(new Tooltip("Simulated time per second of playback"));
    }

    /** Space: play if paused, pause if playing. */
    public void toggle() {
        button.setSelected(!button.isSelected());
        set(button.isSelected());
    }

    /** Simulated nanoseconds per second of playback for a choice of the speed list. */
    public static double rate(String choice) {
        return switch (choice) {
            case "0.1 ms/s" -> 1e5;
            case "1 ms/s" -> 1e6;
            case "100 ms/s" -> 1e8;
            case "1 s/s" -> 1e9;
            default -> 1e7;
        };
    }

    public void set(boolean on) {
        if (player != null) player.stop();
        player = null;
        button.setText(on ? "\u23F8 Pause" : "\u25B6 Play");
        if (!on) return;
        player = new AnimationTimer() {
            long last = -1;
            double simT = vs.cursorTime();

            @Override
            public void handle(long now) {
                if (last < 0) {
                    last = now;
                    return;
                }
                simT += (now - last) / 1e9 * rate(speed.getValue());
                last = now;
                Run r = vs.run.get();
                if (r == null) return;
                long stopAt = limit.getAsLong(); // an event: a lesson's question is put there, not played past
                int i = r.trace().firstAtOrAfter((long) simT + 1) - 1;
                boolean held = i >= stopAt;
                if (held) i = (int) stopAt;
                if (i > vs.cursor.get()) vs.cursor.set(i);
                if (held || simT >= r.info().endNs()) {
                    button.setSelected(false);
                    set(false);
                }
            }
        };
        player.start();
    }
}
