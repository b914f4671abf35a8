package io.throttlescope.ui;

import io.throttlescope.ui.timeline.Palette;
import io.throttlescope.view.TaskColours;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 16: every task on screen has its own colour or a second cue, and no task looks like a state or a CPU line. */
class PaletteTest {
    /** CIE76 colour difference (sRGB to L*a*b*, D65). */
    static double deltaE(Color a, Color b) {
        double[] x = lab(a), y = lab(b);
        return Math.sqrt(Math.pow(x[0] - y[0], 2) + Math.pow(x[1] - y[1], 2) + Math.pow(x[2] - y[2], 2));
    }

    static double[] lab(Color c) {
        double r = lin(c.getRed()), g = lin(c.getGreen()), b = lin(c.getBlue());
        double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
                y = 0.2126 * r + 0.7152 * g + 0.0722 * b,
                z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
        return new double[] {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
    }

    static double lin(double c) {
        return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }

    static double f(double t) {
        return t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16.0 / 116;
    }

    @Test
    void taskColoursStayAwayFromStateColoursFromEachOtherAndFromCpuLines() {
        // every colour a slice, a mark or a line is drawn in: a task must not read as any of them
        Map<String, Color> others = new java.util.LinkedHashMap<>();
        others.put("runnable", Palette.RUNNABLE);
        others.put("throttled", Palette.THROTTLED);
        others.put("parked", Palette.PARKED);
        others.put("sleeping", Palette.SLEEPING);
        others.put("blocked", Palette.BLOCKED);
        others.put("idle", Palette.IDLE);
        others.put("throttle mark", Palette.THROTTLE_MARK);
        others.put("unthrottle / re-enqueued mark", Palette.UNTHROTTLE_MARK);
        others.put("task work mark", Palette.WORK_MARK);
        others.put("note", Palette.NOTE_MARK);
        others.put("cursor", Palette.CURSOR);
        others.put("compare strip", Palette.DIFF);
        others.put("pool", Palette.POOL);
        others.put("veil", Palette.VEIL);
        for (int c = 0; c < 8; c++) others.put("CPU" + c + "'s budget line", Palette.cpu(c));
        for (int i = 0; i < Palette.taskColourCount(); i++) {
            Color t = Palette.task(i);
            for (var s : others.entrySet())
                assertThat(deltaE(t, s.getValue()))
                        .as("task colour " + i + " against " + s.getKey())
                        .isGreaterThan(28);
            for (int j = 0; j < i; j++)
                assertThat(deltaE(t, Palette.task(j)))
                        .as("task colours " + j + " and " + i)
                        .isGreaterThan(25);
        }
        // the review at 1024x768 found these: the old cyan on the sleeping fill, the old green beside the re-enqueued
        // mark
        assertThat(deltaE(Color.web("#88CCEE"), Palette.SLEEPING)).isLessThan(28);
        assertThat(deltaE(Color.web("#117733"), Palette.UNTHROTTLE_MARK)).isLessThan(28);
        assertThat(deltaE(Color.web("#332288"), Palette.PARKED))
                .as("the old indigo read as parked")
                .isLessThan(20);
    }

    @Test
    void everyTaskOfTheLibrarysLargestLessonLooksDifferent() throws Exception {
        var spec = io.throttlescope.scenario.ScenarioLoader.load(
                        java.nio.file.Path.of("scenarios/02-pileup-hung-task.json"))
                .spec();
        String[] names = spec.tasks().stream().map(t -> t.name()).toArray(String[]::new);
        assertThat(names.length)
                .isGreaterThan(Palette.taskColourCount()); // more tasks than colours: the cue tells them apart
        int[] slots = TaskColours.slots(names, null);
        Set<String> looks = new HashSet<>();
        for (int s : slots) looks.add(Palette.task(s) + "/" + Palette.cue(s));
        assertThat(looks).hasSize(names.length);
        // eight CPUs' budget lines differ in colour or dash pattern
        Set<String> lines = new HashSet<>();
        for (int c = 0; c < 8; c++) lines.add(Palette.cpu(c) + "/" + java.util.Arrays.toString(Palette.cpuDashes(c)));
        assertThat(lines).hasSize(8);
        // the review at 08 (five CPUs): CPU0-CPU3 were one dark red, told apart by dashes only where they overlap
        for (int a = 0; a < 4; a++)
            for (int b = 0; b < a; b++) {
                assertThat(deltaE(Palette.cpu(a), Palette.cpu(b)))
                        .as("CPU" + b + " and CPU" + a + "'s lines")
                        .isGreaterThan(35);
            }
    }

    @Test
    void coloursFollowTheScenariosTaskNames() {
        // a real trace lists JVM threads first: T keeps the scenario's colour, the threads take the ones after
        int[] s = TaskColours.slots(new String[] {"C1 CompilerThre", "T", "G1 Main"}, List.of("T", "U"));
        assertThat(s).containsExactly(2, 0, 3);
        // two real tasks of one scenario name (a restarted worker) shared one colour with no second cue
        assertThat(TaskColours.slots(new String[] {"R-146", "R-148", "W-150"}, List.of("R", "W")))
                .containsExactly(0, 2, 1);
    }
}
