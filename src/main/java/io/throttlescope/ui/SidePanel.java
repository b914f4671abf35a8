package io.throttlescope.ui;

import io.throttlescope.ui.state.ViewState;
import io.throttlescope.ui.tables.CfsRqView;
import io.throttlescope.view.Run;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.geometry.Bounds;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The side panel: the panes at the cursor (what just happened, why isn't it running, runqueues and
 * limbo lists, locks, What if?, the scenario), which a lesson stop opens by name and keeps in view.
 * "What just happened" is pinned above the others, which scroll: the explanation a stop exists for
 * is never scrolled away by a table brought into view.
 */
final class SidePanel {
    /** The pinned explanation over the scrolling tables. */
    final VBox node;

    private final ScrollPane scroll;
    private final TitledPane whatIfPane;
    private final Map<String, TitledPane> panes = new LinkedHashMap<>();
    private TitledPane revealPane;
    private final DoubleProperty wanted = new SimpleDoubleProperty(0);
    /** A lesson stop opened the panes (the runqueue table then asks for its width); outside a stop the timeline keeps 60%. */
    private final BooleanProperty inStop = new SimpleBooleanProperty(false);

    /**
     * The width the panel asks for: the widest the runqueue table has wanted (its columns whole) since
     * the run was shown, so the timeline does not jump from step to step; at lesson stops the window
     * gives it up to half its width, outside them up to 45% (at 1024 px a run's table needed a sideways
     * scroll for its running and queued tasks: the fourth review).
     */
    ReadOnlyDoubleProperty wantedWidth() {
        return wanted;
    }

    /** A lesson stop opened the panes. */
    ReadOnlyBooleanProperty inStop() {
        return inStop;
    }

    /** A new run is shown, or the text scale changed: the table asks for its width again. */
    void askWidthAgain() {
        wanted.set(0);
    }

    private boolean revealing, revealWanted;

    SidePanel(Node explanation, Node waitChain, Region cfsRqs, Region locks, Node whatIf, Node scenario) {
        TitledPane sc = new TitledPane("Scenario", scenario);
        TitledPane ex = new TitledPane("What just happened", explanation);
        ex.setId("explanationPane");
        TitledPane rq = new TitledPane("Runqueues and limbo lists at the cursor", cfsRqs);
        cfsRqs.setPrefHeight(120); // until a run is shown: then its rows decide
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
        ex.setCollapsible(false); // pinned: a stop's explanation is never scrolled or folded away
        VBox box = new VBox(4, wc, rq, lk, wi, sc);
        for (TitledPane p : new TitledPane[] {ex, wc, rq, lk, wi, sc})
            p.setAnimated(false); // a lesson stop or a screenshot sees the panes at once
        box.setPadding(new Insets(4));
        ScrollPane sp = new ScrollPane(box);
        sp.setFitToWidth(true);
        box.heightProperty().addListener((o, a, b) -> reveal()); // panes open and close: keep the stop's in view
        sp.viewportBoundsProperty().addListener((o, a, b) -> reveal());
        sp.vvalueProperty().addListener((o, a, b) -> {
            if (!revealing && sp.isHover()) revealPane = null;
        }); // the user scrolls: let go
        sp.setMinWidth(300);
        scroll = sp;
        VBox pinned = new VBox(4, ex, sp);
        pinned.setPadding(new Insets(4, 0, 0, 0));
        VBox.setMargin(ex, new Insets(0, 4, 0, 4));
        VBox.setVgrow(sp, Priority.ALWAYS);
        sp.setMinHeight(60);
        node = pinned;
        if (cfsRqs instanceof CfsRqView v) {
            // through a lesson the widest the table has asked for, so the timeline does not jump from stop to stop; 0
            // outside one
            v.wantedWidth().addListener((o, a, b) -> wanted.set(Math.max(wanted.get(), b.doubleValue())));
            inStop.addListener((o, a, b) ->
                    wanted.set(Math.max(wanted.get(), v.wantedWidth().get())));
        }
    }

    /**
     * The open side views, by name, that are whole on screen (whole false: those open but not whole):
     * the pinned explanation inside the panel, the others inside the scroll's viewport.
     */
    List<String> views(boolean whole) {
        List<String> out = new ArrayList<>();
        Map<String, TitledPane> all = new LinkedHashMap<>(panes);
        all.put("what-if", whatIfPane);
        Node vp = scroll.lookup(".viewport");
        Bounds port =
                vp == null ? scroll.localToScene(scroll.getLayoutBounds()) : vp.localToScene(vp.getLayoutBounds());
        Bounds panel = node.localToScene(node.getLayoutBounds());
        Scene scene = node.getScene();
        for (var e : all.entrySet()) {
            TitledPane p = e.getValue();
            boolean shown = p.isExpanded() && node.isVisible() && scene != null && node.getParent() != null;
            Bounds b = p.localToScene(p.getLayoutBounds());
            Bounds within = e.getKey().equals("explanation") ? panel : port;
            boolean inside = shown
                    && b.getMinY() >= within.getMinY() - 0.5
                    && b.getMaxY() <= within.getMaxY() + 0.5
                    && b.getMaxY() <= scene.getHeight() + 0.5
                    && b.getMaxX() <= scene.getWidth() + 0.5; // a squeezed one cuts its texts: the audit lists those
            // one taller than the whole viewport is as whole as it can be when its top is at the top and it fills the
            // rest
            if (shown && !inside && b.getHeight() > within.getHeight())
                inside = Math.abs(b.getMinY() - within.getMinY()) <= 6;
            if (inside
                    && e.getKey().equals("runqueues")
                    && p.getContent() instanceof CfsRqView v
                    && !v.everyColumnWhole()) inside = false;
            if (whole ? inside : shown && !inside) out.add(e.getKey());
        }
        return out;
    }

    /** The side view an event is about: the scenario before the first, the runqueues at a bandwidth event, the locks at a lock event. */
    static String viewOf(Run r, int i) {
        if (r == null) return null;
        if (i < 0) return "scenario";
        return switch (r.trace().kind(i)) {
            case THROTTLE, UNTHROTTLE, UNTHROTTLE_REFUSED, PARKED, UNPARKED, DISTRIBUTE, TASK_WORK_ADDED -> "runqueues";
            case LOCK_WAIT, LOCK_ACQUIRE, LOCK_RELEASE, LOCK_GRANT -> "locks";
            default -> null;
        };
    }

    /**
     * Outside a lesson the view the cursor's event is about comes into view (the scenario before the
     * first event, the runqueues at a throttle or a park, the locks at a lock event), unless the user
     * scrolled the panel meanwhile. Null: leave it as it is.
     */
    void follow(String view) {
        inStop.set(false);
        // an edit moves the cursor: the field being typed in stays in view
        Scene scene = scroll.getScene();
        if (scene != null && whatIfPane.isFocusWithin() && scene.getFocusOwner() instanceof TextInputControl) return;
        TitledPane p = view == null ? null : panes.get(view);
        if (p == null || !p.isExpanded()) return;
        revealPane = p;
        reveal();
        revealWanted = true;
    }

    /**
     * Outside a lesson (outside says so) the panel follows the cursor: the view its event is about comes
     * into view, on every move and when the run shown changes; a task picked in the lanes brings "Why
     * isn't it running?". At any time a move brings the stop's pane back into view after the next layout.
     */
    void followTheCursor(ViewState vs, BooleanSupplier outside) {
        vs.cursor.addListener((o, a, b) -> {
            revealLater();
            if (outside.getAsBoolean()) follow(viewOf(vs.run.get(), b.intValue()));
        });
        vs.run.addListener((o, a, b) -> {
            if (outside.getAsBoolean()) follow(viewOf(b, vs.cursor.get()));
        });
        vs.selectedTask.addListener((o, a, b) -> {
            if (b.intValue() >= 0 && outside.getAsBoolean()) showWaitChain();
        });
    }

    /**
     * A task was picked in the lanes (outside a lesson): "Why isn't it running?" opens and comes into
     * view (it stayed above the scrolled panel: the fifth review had to scroll up for it).
     */
    void showWaitChain() {
        TitledPane p = panes.get("wait-chain");
        if (p == null) return;
        p.setExpanded(true);
        follow("wait-chain");
    }

    /** Presentation mode: the pinned explanation alone, the tables gone (not folded: they come back as they were). */
    void explanationOnly(boolean on) {
        scroll.setVisible(!on);
        scroll.setManaged(!on);
    }

    /** After each layout (the lesson bar grew, a pane opened, a table changed): the stop's pane into view again. */
    void revealAfterLayouts(Scene scene) {
        scene.addPostLayoutPulseListener(() -> {
            if (revealWanted && revealPane != null) {
                revealWanted = false;
                reveal();
            }
        });
    }

    /** Something moved (the cursor, the veil): the next layout brings the stop's pane back into view. */
    void revealLater() {
        revealWanted = true;
    }

    /** Opens What if?, scrolls it into view (after the next layout too) and gives the panel the focus. */
    void openWhatIf() {
        whatIfPane.setExpanded(true);
        revealPane = whatIfPane;
        reveal();
        revealWanted = true;
        scroll.requestFocus();
    }

    /** Opens the named panes (a lesson stop's) and folds the others. */
    void open(List<String> views) {
        inStop.set(true);
        panes.forEach((name, pane) -> pane.setExpanded(views.contains(name) || pane == panes.get("explanation")));
        if (views.contains("what-if")) whatIfPane.setExpanded(true);
        revealPane = null; // the lowest of the stop's tables is scrolled into view
        for (String v : List.of("wait-chain", "runqueues", "locks")) if (views.contains(v)) revealPane = panes.get(v);
        reveal();
        revealWanted = true;
    }

    /** Scrolls so that the pane a lesson stop points at is whole in view (its top first if it is taller). */
    private void reveal() {
        ScrollPane node = scroll;
        if (revealPane == null || !(node.getContent() instanceof Region box)) return;
        double view = node.getViewportBounds().getHeight(), content = box.getHeight();
        if (view <= 0 || content <= view) return;
        Bounds b = revealPane.getBoundsInParent();
        double top = node.getVvalue() * (content - view);
        double want = b.getMaxY() > top + view
                ? Math.min(b.getMinY(), b.getMaxY() - view)
                : b.getMinY() < top ? b.getMinY() : top;
        revealing = true;
        node.setVvalue(Math.max(0, Math.min(1, want / (content - view))));
        revealing = false;
    }
}
