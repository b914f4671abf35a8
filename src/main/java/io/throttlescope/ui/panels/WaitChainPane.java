package io.throttlescope.ui.panels;

import io.throttlescope.trace.Snapshot;
import io.throttlescope.view.Run;
import io.throttlescope.view.WaitChain;
import java.util.List;
import java.util.function.IntConsumer;
import javafx.geometry.Insets;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.VBox;

/**
 * "Why isn't it running?": for the selected task (click its lane), the chain of what it waits for
 * at the cursor, down to the root cause. Each link jumps to where that link began.
 */
public final class WaitChainPane extends VBox {
    private final IntConsumer goTo;
    private List<WaitChain.Link> shown = List.of();

    public WaitChainPane(IntConsumer goTo) {
        super(2);
        this.goTo = goTo;
        setId("waitChain");
        setPadding(new Insets(2, 4, 2, 4));
        getChildren().add(hint());
    }

    private static Label hint() {
        Label l = new Label("Click a task's lane to see what it waits for at the cursor, down to the root cause.");
        l.setWrapText(true);
        return l;
    }

    /** The chain of a task at a snapshot; without {@code predict} (a question waits) no refill time is foretold. */
    public void show(Run run, Snapshot s, int task, boolean predict) {
        getChildren().clear();
        if (run == null || task < 0 || task >= run.info().tasks().length) {
            shown = List.of();
            getChildren().add(hint());
            return;
        }
        shown = WaitChain.of(run, s, task, predict);
        for (int k = 0; k < shown.size(); k++) {
            WaitChain.Link link = shown.get(k);
            String text = (k == 0 ? "" : "\u2192 ") + link.text();
            if (link.since() >= 0) {
                Hyperlink h = new Hyperlink(text);
                h.setMnemonicParsing(false); // kernel names keep their underscores
                h.setWrapText(true);
                h.setTooltip(new Tooltip("Jump to where this began (event " + link.since() + ")"));
                int at = link.since();
                h.setOnAction(e -> goTo.accept(at));
                h.setFocusTraversable(false);
                getChildren().add(h);
            } else {
                Label l = new Label(text);
                l.setWrapText(true);
                l.setPadding(new Insets(2, 0, 2, 4));
                getChildren().add(l);
            }
        }
    }

    /** The chain shown, as one line (tests and describe read it). */
    public String text() {
        return WaitChain.text(shown);
    }
}
