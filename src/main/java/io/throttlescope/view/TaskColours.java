package io.throttlescope.view;

import io.throttlescope.trace.Divergence;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which colour each task gets: its place among the given names (a scenario's tasks), so that a
 * task keeps its colour from one run to the other and in a real trace beside its simulation; the
 * tasks the names do not list take the places after them, in their own order.
 */
public final class TaskColours {
    private TaskColours() {}

    /** slots[t] for each task of a run; names null: the run's own order. */
    public static int[] slots(String[] tasks, List<String> names) {
        int[] out = new int[tasks.length];
        if (names == null) {
            for (int t = 0; t < tasks.length; t++) out[t] = t;
            return out;
        }
        Map<String, Integer> at = new HashMap<>();
        for (int i = 0; i < names.size(); i++) at.putIfAbsent(names.get(i), i);
        int next = names.size();
        Set<Integer> taken = new HashSet<>();
        for (int t = 0; t < tasks.length; t++) {
            Integer i = at.get(tasks[t]);
            if (i == null) i = at.get(Divergence.scenarioName(tasks[t])); // a real trace's COMM-PID
            // a second real task of one scenario name takes a place of its own: they shared a colour,
            // no cue
            out[t] = i != null && taken.add(i) ? i : next++;
        }
        return out;
    }
}
