package io.throttlescope.ui.timeline;

import io.throttlescope.trace.RunInfo;
import io.throttlescope.trace.Series;
import io.throttlescope.trace.Slices;
import io.throttlescope.ui.timeline.TimelineCanvas.Kind;
import io.throttlescope.ui.timeline.TimelineCanvas.Lane;
import io.throttlescope.view.BudgetScale;
import io.throttlescope.view.Durations;
import io.throttlescope.view.Run;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * The timeline's lanes top to bottom, at scale k: the CPUs; the tasks under every cgroup they were in
 * (when task lanes are on), groups and tasks in colour order; a budget lane per limited group (not in
 * compare mode, nor for a real trace, which has no runtime_remaining or pool to draw).
 */
final class LaneLayout {
    private LaneLayout() {}

    /**
     * Adds the lanes of run r to lanes and returns their height. sizes: section, CPU, group header and
     * task lane heights at this scale, then the scale; slot: a task's colour slot.
     */
    static double lay(
            Run r,
            List<Lane> lanes,
            boolean withTasks,
            boolean cpuOnly,
            boolean byColour,
            IntUnaryOperator slot,
            double[] sizes) {
        double sectionH = sizes[0], cpuH = sizes[1], groupH = sizes[2], taskH = sizes[3], k = sizes[4];
        double y = 0;
        RunInfo info = r.info();
        lanes.add(new Lane(Kind.SECTION, 0, y, sectionH, "CPUs"));
        y += sectionH;
        for (int c = 0; c < info.cpus(); c++) {
            lanes.add(new Lane(Kind.CPU, c, y, cpuH, "CPU" + c));
            y += cpuH;
        }
        if (withTasks) { // compare mode too: the task lanes of both models, side by side or stacked
            lanes.add(new Lane(Kind.SECTION, 1, y, sectionH, "Tasks"));
            y += sectionH;
            // groups and tasks in colour order: a real trace's scenario tasks first, its other processes after
            List<List<Integer>> byGroup = new ArrayList<>();
            for (int g = 0; g < info.groups().length; g++) {
                List<Integer> ts = new ArrayList<>(tasksOf(r, g));
                ts.sort(Comparator.comparingInt(slot::applyAsInt));
                byGroup.add(ts);
            }
            List<Integer> order = new ArrayList<>();
            for (int g = 0; g < info.groups().length; g++) order.add(g);
            if (byColour)
                order.sort(Comparator.comparingInt(g -> byGroup.get(g).isEmpty()
                        ? Integer.MAX_VALUE
                        : slot.applyAsInt(byGroup.get(g).get(0))));
            for (int g : order) {
                List<Integer> ts = byGroup.get(g);
                if (ts.isEmpty()) continue;
                lanes.add(new Lane(Kind.GROUP_HEADER, g, y, groupH, info.groups()[g] + quotaText(r, g), g));
                y += groupH;
                for (int t : ts) {
                    lanes.add(new Lane(Kind.TASK, t, y, taskH, info.tasks()[t], g));
                    y += taskH;
                }
            }
        }
        boolean any = cpuOnly;
        // a real trace has no runtime_remaining or pool to draw: no budget lanes
        for (int g = 0; g < info.groups().length && !cpuOnly && !r.isReal(); g++) {
            if (!limited(r, g)) continue;
            if (!any) {
                lanes.add(new Lane(Kind.SECTION, 2, y, sectionH, "Budgets"));
                y += sectionH;
                any = true;
            }
            int lines = Math.min(
                            BudgetScale.MAX_LINES,
                            BudgetScale.activeCpus(r.index(), g).size())
                    + 1;
            lanes.add(new Lane(
                    Kind.BUDGET, g, y, Math.max(100, 40 + lines * TimelineCanvas.BUDGET_LINE_H) * k, info.groups()[g]));
            y += Math.max(100, 40 + lines * TimelineCanvas.BUDGET_LINE_H) * k;
        }
        return y;
    }

    /** A group with a quota at any time of the run. */
    static boolean limited(Run r, int g) {
        return r.info().quotaNs()[g] >= 0 || r.index().quotas(g).size() > 1;
    }

    /** "cpu.max 10ms / 100ms", with every later value a write gave it. */
    static String quotaText(Run r, int g) {
        Series q = r.index().quotas(g);
        if (!limited(r, g)) return "";
        StringBuilder sb = new StringBuilder("   cpu.max ");
        int shown = 0;
        long prevQ = Long.MIN_VALUE, prevP = Long.MIN_VALUE;
        for (int i = 0; i < q.size(); i++) {
            long v = q.value(i), p = r.index().periodAt(g, q.time(i));
            if (v == prevQ && p == prevP) continue; // a refill that changed nothing (the set-up at 0)
            if (shown > 0) sb.append(shown == 1 ? ", then " : ", ");
            if (shown > 3) {
                sb.append("\u2026");
                break;
            }
            sb.append(v < 0 ? "max" : Durations.human(v)).append(" / ").append(Durations.human(p));
            if (shown > 0) sb.append(" from ").append(Durations.human(q.time(i)));
            prevQ = v;
            prevP = p;
            shown++;
        }
        return sb.toString();
    }

    /** The tasks shown under group g: every task that was in it at some time. */
    static List<Integer> tasksOf(Run r, int g) {
        List<Integer> l = new ArrayList<>();
        for (int t = 0; t < r.info().tasks().length; t++) {
            Slices m = r.index().membership(t);
            for (int i = 0; i < m.size(); i++)
                if (m.value(i) == g) {
                    l.add(t);
                    break;
                }
        }
        return l;
    }
}
