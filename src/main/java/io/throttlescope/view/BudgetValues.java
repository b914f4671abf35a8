package io.throttlescope.view;

import io.throttlescope.trace.TraceIndex;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A group's bandwidth figures at a step, as the budget section of the window and of describe show
 * them: quota, period, the global pool and each active CPU's runtime_remaining, every one as of that
 * step's event (a later event of the same instant is not seen yet).
 */
public record BudgetValues(long quotaNs, long periodNs, long poolNs, Map<Integer, Long> runtimeNs) {

    /** The figures of group g as of event i (-1: before the first event), for the CPUs that had runtime by the horizon. */
    public static BudgetValues at(Run run, int g, int i, long horizon) {
        TraceIndex idx = run.index();
        Map<Integer, Long> rt = new LinkedHashMap<>();
        List<Integer> cpus = BudgetScale.activeCpus(idx, g, horizon);
        for (int c : cpus) rt.put(c, idx.remainingAtEvent(g, c, i));
        return new BudgetValues(idx.quotaAtEvent(g, i), idx.periodAtEvent(g, i), idx.poolAtEvent(g, i), rt);
    }
}
