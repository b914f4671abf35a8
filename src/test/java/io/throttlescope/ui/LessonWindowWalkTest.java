package io.throttlescope.ui;

import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.spec.Lesson;
import io.throttlescope.ui.timeline.TimelineCanvas;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 16: every stop of every library lesson, walked in a 1024x768 window as a lecturer would:
 * the stop's moment is in view, and so are the task, lock and cfs_rq it highlights.
 */
@ExtendWith(ApplicationExtension.class)
class LessonWindowWalkTest {
    MainWindow w;

    @Start
    void start(Stage stage) {
        w = TestWindows.seedStory(stage, 1024, 768);
    }

    @Test
    void everyStopShowsWhatItHighlightsAt1024x768(FxRobot robot) throws Exception {
        List<String> problems = new ArrayList<>();
        List<Path> files;
        try (var l = Files.list(Path.of("scenarios"))) {
            files = l.sorted().toList();
        }
        int stops = 0;
        for (Path f : files) {
            var spec = ScenarioLoader.load(f).spec();
            if (spec.lesson() == null) continue;
            robot.interact(() -> w.openNow(f));
            WaitForAsyncUtils.waitForFxEvents();
            for (int k = 0; k < spec.lesson().stops().size(); k++) {
                Lesson.Stop s = spec.lesson().stops().get(k);
                int stop = k;
                robot.interact(() -> w.lessonBar.show(stop));
                WaitForAsyncUtils.waitForFxEvents();
                stops++;
                String where = f.getFileName() + " stop " + (k + 1);
                robot.interact(() -> check(where, s, problems));
                if (s.question() != null) { // and once answered
                    robot.interact(() -> w.lessonBar.reveal());
                    WaitForAsyncUtils.waitForFxEvents();
                    robot.interact(() -> check(where + " (answered)", s, problems));
                }
            }
        }
        assertThat(stops).isGreaterThanOrEqualTo(35);
        assertThat(problems).isEmpty();
    }

    private void check(String where, Lesson.Stop s, List<String> problems) {
        long t = w.vs.cursorTime();
        if (t < w.vs.viewStart.get() || t > w.vs.viewEnd.get())
            problems.add(where + ": the cursor (" + t + " ns) is out of view");
        if ("both".equals(s.model())) return; // compare mode: its own tests
        if (s.task() != null) {
            double y = w.timeline.laneTop(TimelineCanvas.Kind.TASK, s.task(), -1),
                    h = w.timeline.canvas().getHeight();
            if (y < TimelineCanvas.RULER_H - 1 || y > h - TimelineCanvas.TASK_H + 1)
                problems.add(where + ": " + s.task() + "'s lane is scrolled away (y " + y + ")");
        }
        if (s.lock() != null && s.views() != null && s.views().contains("locks"))
            rowInView(where, "lock " + s.lock(), w.locks, problems);
        if (s.cgroup() != null && s.cpu() >= 0 && s.views() != null && s.views().contains("runqueues"))
            rowInView(where, "cfs_rq " + s.cgroup() + " @ CPU" + s.cpu(), w.cfsRqs, problems);
    }

    /** The table's selected row is drawn inside the side panel's viewport. */
    private void rowInView(String where, String what, TableView<?> table, List<String> problems) {
        int sel = table.getSelectionModel().getSelectedIndex();
        if (sel < 0) {
            problems.add(where + ": " + what + " is not selected");
            return;
        }
        Node row = null;
        for (Node n : table.lookupAll(".table-row-cell")) {
            if (n instanceof javafx.scene.control.TableRow<?> r && r.getIndex() == sel && r.isVisible()) row = r;
        }
        if (row == null) {
            problems.add(where + ": " + what + "'s row is not drawn");
            return;
        }
        Bounds b = row.localToScene(row.getBoundsInLocal());
        Node n = table;
        while (n != null && !(n instanceof ScrollPane)) n = n.getParent();
        if (n == null) return;
        ScrollPane sp = (ScrollPane) n;
        Bounds v = sp.localToScene(sp.getLayoutBounds());
        if (b.getMinY() < v.getMinY() - 1 || b.getMaxY() > v.getMaxY() + 1)
            problems.add(where + ": " + what + "'s row is outside the side panel's view");
        Bounds tb = table.localToScene(table.getLayoutBounds());
        if (b.getMinY() < tb.getMinY() - 1 || b.getMaxY() > tb.getMaxY() + 1)
            problems.add(where + ": " + what + "'s row is scrolled out of its table");
    }
}
