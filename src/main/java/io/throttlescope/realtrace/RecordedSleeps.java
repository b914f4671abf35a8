package io.throttlescope.realtrace;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import io.throttlescope.sim.RunResult;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.sim.spec.Step;
import java.util.List;

/**
 * A recording's measured sleeps held against the trace (docs/real-kernels.md, "The work each step
 * really did"): a sleep's measure can be no longer than the task was asleep.
 */
final class RecordedSleeps {
    private RecordedSleeps() {}

    /**
     * The header with each task's measured sleeps no longer, in all, than the trace shows the task
     * asleep (sleeping, blocked or parked, over the whole recording). A worker measures a sleep as its
     * wall time less the time it then waited for a CPU (an older recorder: its wall time alone), and
     * the measure can still exceed the time asleep: what exceeds it is time the task ran around the
     * sleep (its JVM's park) or waited for a CPU, which the simulation beside the recording runs or
     * waits itself. The cut trusts the trace over the measure. Where the sleeps exceed the time asleep
     * they are scaled down together; elsewhere the header is returned as it is.
     */
    static JsonObject apply(JsonObject header, SimSpec s, RunResult real) {
        if (!RecordedWork.has(header)) return header;
        JsonArray all = header.getAsJsonArray("recorded_work");
        JsonArray out = new JsonArray();
        boolean changed = false;
        for (int i = 0; i < all.size(); i++) {
            JsonElement e = all.get(i);
            RunResult.TaskStat r =
                    i < s.tasks().size() ? real.tasks().get(s.tasks().get(i).name()) : null;
            if (r == null || !e.isJsonArray()) {
                out.add(e);
                continue;
            }
            List<Step> plan = RecordedWork.planOrder(s.tasks().get(i).program());
            long slept = 0;
            try {
                for (JsonElement x : e.getAsJsonArray()) {
                    if (isSleep(plan, x.getAsJsonArray()))
                        slept += RealTrace.exactLong(x.getAsJsonArray().get(2));
                }
            } catch (RuntimeException bad) {
                return header; // a stranger's header: as it is
            }
            long asleep = r.sleeping_ns() + r.blocked_ns() + r.parked_ns();
            if (slept <= asleep || slept <= 0) {
                out.add(e);
                continue;
            }
            JsonArray task = new JsonArray();
            for (JsonElement x : e.getAsJsonArray()) {
                JsonArray a = x.getAsJsonArray();
                if (isSleep(plan, a)) {
                    JsonArray b = a.deepCopy();
                    b.set(2, new JsonPrimitive(Math.round((double) RealTrace.exactLong(a.get(2)) * asleep / slept)));
                    task.add(b);
                } else task.add(a);
            }
            out.add(task);
            changed = true;
        }
        if (!changed) return header;
        JsonObject copy = header.deepCopy();
        copy.add("recorded_work", out);
        return copy;
    }

    /** Whether a recorded_work entry [plan index, count, ns] measures a sleep of the plan. */
    private static boolean isSleep(List<Step> plan, JsonArray entry) {
        int k = entry.get(0).getAsInt();
        return k >= 0 && k < plan.size() && plan.get(k) instanceof Step.Sleep;
    }
}
