package io.throttlescope.ui;

import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.Simulator;
import io.throttlescope.ui.timeline.TimelineCanvas;
import io.throttlescope.view.Run;
import java.util.List;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A CPU lane names a task over a stay wide enough for its name. At the whole run the label loop
 * skips every block of slices where no stay is that long (a long run is thousands of such blocks):
 * the one long stay among thousands of short ones is still named, and zoomed in, the short ones are.
 */
@ExtendWith(ApplicationExtension.class)
class CpuLaneNamesTest {
    MainWindow w;

    static final String SCENARIO = """
            {"format": 1, "name": "one long stay among many short", "duration": "2s",
             "kernel": {"cpus": 2, "accounting": "exact"},
             "tasks": [
               {"name": "Short", "cpus": "0", "program": [{"loop": [{"user": "50us"}, {"sleep": "50us"}], "times": 9000}]},
               {"name": "Long", "cpus": "0", "start": "1s", "program": [{"user": "300ms"}, {"sleep": "2s"}]},
               {"name": "Other", "cpus": "1", "program": [{"loop": [{"user": "30us"}, {"sleep": "70us"}]}]}
             ]}
            """;

    @Start
    void start(Stage stage) {
        w = new MainWindow(stage);
        w.rememberRecent(false);
        stage.setWidth(1400);
        stage.setHeight(800);
        stage.show();
        var l = ScenarioLoader.loadString(SCENARIO);
        assertThat(l.ok()).as(l.problems().toString()).isTrue();
        w.install(
                l.spec(),
                null,
                Run.simulate(l.spec(), Simulator.Model.LEGACY),
                Run.simulate(l.spec(), Simulator.Model.TASK));
    }

    private List<String> names(FxRobot robot, double from, double to) {
        robot.interact(() -> {
            w.vs.setRange(from, to);
            w.timeline.redraw();
        });
        return w.timeline.lastText().stream()
                .map(TimelineCanvas.PendingText::text)
                .filter(t -> List.of("Short", "Long", "Other").contains(t))
                .toList();
    }

    @Test
    void theOneLongStayIsNamedAtTheWholeRunAndShortOnesWhenZoomedIn(FxRobot robot) {
        assertThat(w.vs.run.get().index().cpuSlices(0).size()).isGreaterThan(8 * 1024); // many blocks
        assertThat(names(robot, 0, 2e9)).containsExactly("Long");
        // 0.4 ms across the plot: each 50 us stay of Short and 30 us of Other is wide enough for its name
        assertThat(w.timeline.plotW()).isGreaterThan(600);
        List<String> zoomed = names(robot, 500e6, 500.4e6);
        assertThat(zoomed).contains("Short", "Other").doesNotContain("Long");
        assertThat(zoomed.stream().filter("Short"::equals).count()).isGreaterThanOrEqualTo(3);
        // the long stay's start in view with short ones before it: named once
        assertThat(names(robot, 0.9e9, 1.4e9)).containsExactly("Long");
    }
}
