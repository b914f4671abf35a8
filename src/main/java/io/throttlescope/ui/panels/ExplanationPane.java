package io.throttlescope.ui.panels;

import io.throttlescope.trace.Snapshot;
import io.throttlescope.view.Explainer;
import io.throttlescope.view.Explanation;
import io.throttlescope.view.Run;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * "What just happened" at the cursor: the explanation of the cursor's event, pinned above the side
 * views, and the links to the kernel functions it names.
 */
public final class ExplanationPane extends VBox {
    private final Label explanation = new Label();
    private final FlowPane sourceLinks = new FlowPane(6, 2);

    public ExplanationPane() {
        super(2);
        explanation.setId("explanation");
        explanation.getStyleClass().add("explanation");
        explanation.setWrapText(true);
        explanation.setPadding(new Insets(6));
        explanation.setMinHeight(Region.USE_PREF_SIZE); // grows with its text: never clipped
        explanation.setAlignment(Pos.TOP_LEFT);
        explanation.setMaxWidth(Double.MAX_VALUE);
        sourceLinks.setId("sourceLinks");
        sourceLinks.setPadding(new Insets(0, 6, 4, 6));
        getChildren().addAll(explanation, sourceLinks);
    }

    /** Explains event i of the run (-1: before the first event), in the state s it leaves, knowing nothing after horizon. */
    public void show(Run r, Snapshot s, int i, long horizon) {
        Explanation e = Explainer.explain(r, s, i, horizon);
        explanation.setText(e.text());
        sourceLinks.getChildren().clear();
        if (e.functions().isEmpty()) return;
        sourceLinks.getChildren().add(new Label("Kernel source (" + e.kernelVersion() + "):"));
        for (String fnName : e.functions()) {
            Hyperlink h = new Hyperlink(fnName);
            h.setTooltip(new Tooltip(e.link(fnName)));
            h.setOnAction(x -> Browser.open(e.link(fnName)));
            h.setFocusTraversable(false);
            sourceLinks.getChildren().add(h);
        }
    }

    /** The explanation's label (tests and screenshots read its text). */
    public Label label() {
        return explanation;
    }
}
