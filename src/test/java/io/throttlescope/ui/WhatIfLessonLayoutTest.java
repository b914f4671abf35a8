package io.throttlescope.ui;

import io.throttlescope.ui.export.LayoutAudit;
import io.throttlescope.view.Run;
import java.util.concurrent.TimeUnit;
import javafx.event.ActionEvent;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What if? in a lesson, at 1024x768 (the sixth review): opened in compare mode it did nothing (its
 * pane is in the side panel, which compare mode replaces); an edit that closed the lesson brought the
 * event log back over two thirds of the window and scrolled the pane being edited out of view.
 */
@ExtendWith(ApplicationExtension.class)
class WhatIfLessonLayoutTest {
    MainWindow w;

    @Start
    void start(Stage stage) {
        w = TestWindows.seedStory(stage, 1024, 768);
    }

    static TitledPane paneOf(Node n) {
        Node p = n;
        while (p != null && !(p instanceof TitledPane)) p = p.getParent();
        assertThat(p).as("in a pane of the side panel").isNotNull();
        return (TitledPane) p;
    }

    @Test
    void whatIfInCompareModeLeavesItAndOpens(FxRobot robot) {
        robot.interact(() -> w.setCompare(true));
        robot.interact(() -> w.openWhatIf());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(w.comparing()).isFalse();
        assertThat(paneOf(w.whatIf.editor("/G:cpu.max")).isExpanded()).isTrue();
        Bounds field = w.whatIf
                .editor("/G:cpu.max")
                .localToScene(w.whatIf.editor("/G:cpu.max").getBoundsInLocal());
        assertThat(field.getMinY()).isGreaterThanOrEqualTo(0);
        assertThat(field.getMaxY()).isLessThan(w.stage.getScene().getHeight());
    }

    @Test
    void anEditThatClosesTheLessonKeepsTheLayout(FxRobot robot) throws Exception {
        robot.interact(() -> w.lessonBar().show(5));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> w.openWhatIf());
        WaitForAsyncUtils.waitForFxEvents();
        Run old = w.legacyRun;
        TextField f = (TextField) w.whatIf.editor("/G:cpu.max");
        robot.interact(() -> {
            f.setText("20000 100000");
            f.getOnAction().handle(new ActionEvent(f, f));
        });
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> w.legacyRun != old);
        WaitForAsyncUtils.waitForFxEvents();
        Thread.sleep(300);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(w.lessonBar().stop()).isEqualTo(-1);
        double h = w.stage.getScene().getHeight();
        Bounds log = w.log.localToScene(w.log.getBoundsInLocal());
        assertThat(log.getMinY()).as("the log's top").isGreaterThan(0.5 * h);
        Bounds field = f.localToScene(f.getBoundsInLocal());
        assertThat(field.getMinY()).as("the field edited").isGreaterThanOrEqualTo(0);
        assertThat(field.getMaxY()).as("the field edited").isLessThan(log.getMinY());
        // the status line says it all on one line ("...Both models simulat..." was cut: the sixth review)
        assertThat(w.statusText()).startsWith("Edited: the lesson is closed");
        LayoutAudit[] a = new LayoutAudit[1];
        robot.interact(() -> a[0] = w.audit(0, "after the edit"));
        assertThat(a[0].cutTexts()).isEmpty();
    }
}
