package io.throttlescope.sim;

import java.util.ArrayList;
import java.util.List;

/** khungtaskd (docs/model.md, "11. Hung-task detector"): scans every interval, reports D-state tasks that did not switch. */
final class HungTaskDetector {
    static final int HUNG_TASK_WARNINGS = 10;

    /** One report; {@code suppressed} once hung_task_warnings ran out. */
    record Report(int task, long atNs, long blockedForNs, long blockedForS, boolean suppressed) {}

    private final Simulator s;
    final long timeout;
    final long interval;
    int warnings = HUNG_TASK_WARNINGS;
    long detectCount;
    final List<Report> reports = new ArrayList<>();
    static final int MAX_LISTED = 10_000;
    /** Suppressed reports past MAX_LISTED: counted in the result's counts.hung_task_unlisted. */
    long unlisted;

    HungTaskDetector(Simulator s, long timeout, long checkInterval) {
        this.s = s;
        this.timeout = timeout;
        long iv = checkInterval == 0 ? timeout : checkInterval;
        this.interval = Math.min(iv, timeout);
    }

    boolean enabled() {
        return timeout > 0;
    }

    /** check_hung_uninterruptible_tasks() */
    void scan() {
        long now = s.now;
        s.emit(EventKind.HUNG_SCAN, -1, -1, -1, -1, 0, 0);
        for (Task t : s.tasks) {
            if (t.state != TaskState.BLOCKED) continue; // TASK_UNINTERRUPTIBLE only
            long count = t.switchCount();
            if (count == 0) continue;
            if (count != t.lastSwitchCount) {
                t.lastSwitchCount = count;
                t.lastSwitchTime = now;
                continue;
            }
            if (now < t.lastSwitchTime + timeout) continue;
            detectCount++;
            boolean suppressed = warnings == 0;
            if (warnings > 0) warnings--;
            long forNs = now - t.lastSwitchTime;
            // the result lists the reports; past MAX_LISTED suppressed ones are only counted (a long run must not fill
            // memory)
            if (!suppressed || reports.size() < MAX_LISTED)
                reports.add(new Report(t.id, now, forNs, forNs / 1_000_000_000L, suppressed));
            else unlisted++;
            s.emit(EventKind.HUNG_TASK, t.cpu == null ? -1 : t.cpu.id, t.id, t.group.id, -1, forNs, suppressed ? 1 : 0);
        }
    }
}
