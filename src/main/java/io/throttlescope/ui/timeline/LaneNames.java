package io.throttlescope.ui.timeline;

import io.throttlescope.view.Run;
import java.util.ArrayList;
import java.util.List;

/**
 * The timeline's lanes by the names a lesson stop's views use (docs/scenario-format.md): cpu:N,
 * task:NAME, budget:CGROUP, group:CGROUP; which of them are whole on screen (the layout audit) and
 * where a set of them lies (the stop's subject is scrolled into view).
 */
final class LaneNames {
    private final TimelineCanvas tl;

    LaneNames(TimelineCanvas tl) {
        this.tl = tl;
    }

    /** A lane's name (null for a section header). */
    String of(TimelineCanvas.Lane l) {
        Run r = tl.viewState().run.get();
        return switch (l.kind()) {
            case CPU -> "cpu:" + l.id();
            case TASK -> "task:" + l.label();
            case BUDGET -> "budget:" + l.label();
            case GROUP_HEADER -> r == null ? null : "group:" + r.info().groups()[l.id()];
            case SECTION -> null;
        };
    }

    /** Whether lane l answers to a name: exactly, or task:R for every R#k of a task with a count. */
    boolean named(TimelineCanvas.Lane l, String id) {
        String mine = of(l);
        if (mine == null) return false;
        return mine.equals(id) || (l.kind() == TimelineCanvas.Kind.TASK && mine.startsWith(id + "#"));
    }

    /** The lanes whole on screen (wantWhole) or only partly on it. */
    List<String> onScreen(boolean wantWhole) {
        List<String> out = new ArrayList<>();
        double bottom = tl.canvas().getHeight(), ruler = tl.rulerH();
        for (TimelineCanvas.Lane l : tl.lanes()) {
            String id = of(l);
            double y = tl.laneY(l);
            boolean whole = y >= ruler - 0.5 && y + l.h() <= bottom + 0.5, some = y + l.h() > ruler && y < bottom;
            if (id != null && (wantWhole ? whole : some && !whole) && !out.contains(id)) out.add(id);
        }
        return out;
    }

    /** Every lane's name, top to bottom. */
    List<String> all() {
        List<String> out = new ArrayList<>();
        for (TimelineCanvas.Lane l : tl.lanes()) {
            String id = of(l);
            if (id != null && !out.contains(id)) out.add(id);
        }
        return out;
    }

    /** The top and bottom (content coordinates) of the named lanes and task t's lane together; null if none. */
    double[] span(List<String> ids, int t) {
        double top = Double.MAX_VALUE, bottom = -1;
        for (TimelineCanvas.Lane l : tl.lanes()) {
            boolean in = l.kind() == TimelineCanvas.Kind.TASK && l.id() == t;
            for (String id : ids) in |= named(l, id);
            if (!in) continue;
            top = Math.min(top, l.y());
            bottom = Math.max(bottom, l.y() + l.h());
        }
        return bottom < 0 ? null : new double[] {top, bottom};
    }
}
