package io.throttlescope.ui;

import javafx.geometry.Bounds;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The side panel: the panes at the cursor (what just happened, why isn't it running, runqueues and
 * limbo lists, locks, What if?, the scenario), which a lesson stop opens by name and keeps in view.
 */
final class SidePanel {
    final ScrollPane node;
    private final TitledPane whatIfPane;
    private final Map<String, TitledPane> panes = new LinkedHashMap<>();
    private TitledPane revealPane;
    private boolean revealing, revealWanted;

    SidePanel(Node explanation, Node waitChain, Region cfsRqs, Region locks, Node whatIf, Node scenario) {
        TitledPane sc = new TitledPane("Scenario", scenario);
        TitledPane ex = new TitledPane("What just happened", explanation);
        ex.setId("explanationPane");
        TitledPane rq = new TitledPane("Runqueues and limbo lists at the cursor", cfsRqs);
        cfsRqs.setPrefHeight(120);                         // until a run is shown: then its rows decide
        TitledPane lk = new TitledPane("Locks at the cursor", locks);
        locks.setPrefHeight(110);
        TitledPane wc = new TitledPane("Why isn't it running?", waitChain);
        wc.setId("waitChainPane");
        panes.put("explanation", ex);
        panes.put("wait-chain", wc);
        panes.put("runqueues", rq);
        panes.put("locks", lk);
        panes.put("scenario", sc);
        TitledPane wi = new TitledPane("What if?", whatIf);
        wi.setId("whatIfPane");
        wi.setExpanded(false);
        whatIfPane = wi;
        VBox box = new VBox(4, ex, wc, rq, lk, wi, sc);
        for (TitledPane p : new TitledPane[] {ex, wc, rq, lk, wi, sc}) p.setAnimated(false);   // a lesson stop or a screenshot sees the panes at once
        box.setPadding(new Insets(4));
        ScrollPane sp = new ScrollPane(box);
        sp.setFitToWidth(true);
        box.heightProperty().addListener((o, a, b) -> reveal());            // panes open and close: keep the stop's in view
        sp.viewportBoundsProperty().addListener((o, a, b) -> reveal());
        sp.vvalueProperty().addListener((o, a, b) -> { if (!revealing && sp.isHover()) revealPane = null; });   // the user scrolls: let go
        sp.setMinWidth(300);
        node = sp;
    }

    /** After each layout (the lesson bar grew, a pane opened, a table changed): the stop's pane into view again. */
    void revealAfterLayouts(Scene scene) {
        scene.addPostLayoutPulseListener(() -> { if (revealWanted && revealPane != null) { revealWanted = false; reveal(); } });
    }

    /** Something moved (the cursor, the veil): the next layout brings the stop's pane back into view. */
    void revealLater() { revealWanted = true; }

    /** Opens What if? and gives the panel the focus. */
    void openWhatIf() {
        whatIfPane.setExpanded(true);
        node.requestFocus();
    }

    /** Opens the named panes (a lesson stop's) and folds the others. */
    void open(List<String> views) {
        panes.forEach((name, pane) -> pane.setExpanded(views.contains(name)));
        if (views.contains("what-if")) whatIfPane.setExpanded(true);
        revealPane = null;                                   // the lowest of the stop's tables is scrolled into view
        for (String v : List.of("wait-chain", "runqueues", "locks")) if (views.contains(v)) revealPane = panes.get(v);
        reveal();
        revealWanted = true;
    }

    /** Scrolls so that the pane a lesson stop points at is whole in view (its top first if it is taller). */
    private void reveal() {
        if (revealPane == null || !(node.getContent() instanceof Region box)) return;
        double view = node.getViewportBounds().getHeight(), content = box.getHeight();
        if (view <= 0 || content <= view) return;
        Bounds b = revealPane.getBoundsInParent();
        double top = node.getVvalue() * (content - view);
        double want = b.getMaxY() > top + view ? Math.min(b.getMinY(), b.getMaxY() - view) : b.getMinY() < top ? b.getMinY() : top;
        revealing = true;
        node.setVvalue(Math.max(0, Math.min(1, want / (content - view))));
        revealing = false;
    }
}
