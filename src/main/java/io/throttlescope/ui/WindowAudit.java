package io.throttlescope.ui;

import io.throttlescope.ui.export.LayoutAudit;
import io.throttlescope.ui.state.ViewState;
import io.throttlescope.ui.timeline.TimelineCanvas;
import io.throttlescope.view.Run;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Labeled;
import javafx.scene.layout.Region;
import javafx.scene.text.Text;

/**
 * The layout audit of the window as it is now (docs/guide.md, "Layout audit"): reads the same nodes
 * that are drawn, never a model of them. A text is cut when the text its label shows differs from
 * its text (JavaFX puts an ellipsis in); a lane or view is whole when all of it is inside what
 * scrolls it and inside the window; a subject named cpu:N, task:NAME or budget:CGROUP is whole when
 * every lane of that name is (task:R covers each R#k of a counted task).
 */
final class WindowAudit {
    private WindowAudit() {}

    /**
     * What a picture is about: a lesson stop's subject, else the explanation and the selected task's
     * lane; in compare mode the comparison in place of the explanation (the side panel is not shown).
     */
    static List<String> subject(List<String> lesson, ViewState vs, boolean comparing) {
        List<String> subject = new ArrayList<>(lesson);
        if (subject.isEmpty()) {
            subject.add("explanation");
            int t = vs.selectedTask.get();
            Run r = vs.run.get();
            if (t >= 0 && r != null && vs.taskLanes.get())
                subject.add("task:" + r.info().tasks()[t]);
        }
        if (comparing && !subject.contains("compare")) {
            subject.remove("explanation");
            subject.add("compare");
        }
        return subject;
    }

    static LayoutAudit of(
            Scene scene,
            TimelineCanvas timeline,
            SidePanel side,
            Region lessonBar,
            Region compare,
            List<String> subject,
            int slide,
            String title) {
        List<String> lanesWhole =
                timeline.isVisible() && timeline.getScene() != null ? timeline.wholeLanes() : List.of();
        List<String> lanesCut = timeline.isVisible() && timeline.getScene() != null ? timeline.cutLanes() : List.of();
        List<String> allLanes = timeline.laneIds();
        List<String> viewsWhole = new ArrayList<>(side.views(true)), viewsCut = new ArrayList<>(side.views(false));
        if (compare.getScene() != null && compare.isVisible()) {
            boolean whole = inside(compare, scene) && (!(compare instanceof CompareView cv) || cv.columnsWhole());
            (whole ? viewsWhole : viewsCut).add("compare");
        }
        List<LayoutAudit.CutText> cut = new ArrayList<>();
        cutTexts(scene.getRoot(), scene, cut);
        List<String> missing = new ArrayList<>();
        for (String s : subject) {
            boolean whole;
            if (s.equals("lesson")) whole = whole(lessonBar, scene);
            else if (s.contains(":")) {
                List<String> mine = allLanes.stream()
                        .filter(l -> l.equals(s) || (s.startsWith("task:") && l.startsWith(s + "#")))
                        .toList();
                whole = !mine.isEmpty() && lanesWhole.containsAll(mine);
            } else whole = viewsWhole.contains(s);
            if (!whole) missing.add(s);
        }
        return new LayoutAudit(
                slide,
                title,
                (int) scene.getWidth(),
                (int) scene.getHeight(),
                lanesWhole,
                lanesCut,
                viewsWhole,
                viewsCut,
                cut,
                subject,
                missing);
    }

    /** A region is whole: visible, inside the window, and given at least the height its content asks. */
    private static boolean whole(Region r, Scene scene) {
        if (!r.isVisible() || r.getScene() == null) return false;
        Bounds b = r.localToScene(r.getLayoutBounds());
        return b.getMinY() >= -0.5
                && b.getMaxY() <= scene.getHeight() + 0.5
                && r.getHeight() >= r.prefHeight(r.getWidth()) - 0.5;
    }

    /** Inside the window (a pane that scrolls or splits its content: its texts are checked one by one). */
    private static boolean inside(Region r, Scene scene) {
        Bounds b = r.localToScene(r.getLayoutBounds());
        return b.getMinY() >= -0.5
                && b.getMinX() >= -0.5
                && b.getMaxY() <= scene.getHeight() + 0.5
                && b.getMaxX() <= scene.getWidth() + 0.5;
    }

    private static void cutTexts(Node n, Scene scene, List<LayoutAudit.CutText> out) {
        if (!n.isVisible()) return;
        if (n instanceof Labeled l && l.getText() != null && !l.getText().isEmpty()) {
            Node t = null; // the label's own text node, not one of its graphic's
            for (Node c : l.getChildrenUnmodifiable())
                if (c instanceof Text && c.getStyleClass().contains("text")) t = c;
            Bounds b = l.localToScene(l.getLayoutBounds());
            boolean onScreen = b.getMaxX() > 0
                    && b.getMaxY() > 0
                    && b.getMinX() < scene.getWidth()
                    && b.getMinY() < scene.getHeight()
                    && b.getWidth() > 0
                    && b.getHeight() > 0;
            String want = l.getText();
            if (l.isMnemonicParsing()) want = want.replaceFirst("_(?=.)", ""); // "_File" shows "File"
            if (onScreen && t instanceof Text text && !text.getText().equals(want)) {
                out.add(new LayoutAudit.CutText(name(l), l.getText(), text.getText()));
            }
        }
        if (n instanceof Parent p) for (Node c : p.getChildrenUnmodifiable()) cutTexts(c, scene, out);
    }

    private static String name(Node n) {
        StringBuilder s = new StringBuilder();
        for (Node x = n; x != null && s.length() < 200; x = x.getParent()) {
            if (x.getId() != null) {
                s.insert(0, "#" + x.getId() + (s.length() > 0 ? " " : ""));
                break;
            }
        }
        return s + (s.length() > 0 ? " " : "") + n.getClass().getSimpleName();
    }
}
