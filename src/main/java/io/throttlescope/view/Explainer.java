package io.throttlescope.view;

import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.TaskState;
import io.throttlescope.trace.RunInfo;
import io.throttlescope.trace.Snapshot;
import io.throttlescope.trace.Trace;
import java.util.ArrayList;
import java.util.List;

/**
 * "What just happened": a few plain sentences for an event, naming the kernel functions behind it.
 * Each text says what the kernel's code does at that point in the model shown (fair.c of v6.17 for
 * legacy, v6.18 for task-based; percpu-rwsem.c, mutex.c and hung_task.c for the rest).
 */
public final class Explainer {
    private Explainer() {}

    /** The explanation of event i (-1: before the first event), with s the state after it. */
    public static Explanation explain(Run run, Snapshot s, int i) {
        return explain(run, s, i, Long.MAX_VALUE);
    }

    /**
     * The same, knowing nothing after horizon (a lesson's question waits): the time is said as the
     * status line and the log say it (apart from the events around it), not to the nanosecond beside
     * their rounder figure ("At 203.502ms" beside "t = 203.5ms": the fifth review).
     */
    public static Explanation explain(Run run, Snapshot s, int i, long horizon) {
        boolean legacy = run.model().id.equals("legacy");
        List<String> fns = new ArrayList<>();
        String text = i < 0
                ? "Nothing has happened yet. Press \u2192 (or .) to step to the first event."
                : "At " + Durations.atEvent(run, i, horizon) + ": "
                        + (run.isReal()
                                ? RealExplainer.text(run, i, legacy, fns)
                                : new Ctx(run, s, i, legacy, fns).text());
        return new Explanation(text, List.copyOf(fns), Explanation.versionOf(legacy));
    }

    static String opName(long op) {
        return op == 0 ? "read" : op == 1 ? "write" : "mutex";
    }

    /** What one explanation needs: the event's fields, the state after it, and the functions it names. */
    private static final class Ctx {
        final Snapshot s;
        final int i;
        final boolean legacy;
        final List<String> fns;
        final Trace tr;
        final RunInfo info;
        final int c, t, g;
        final long a, b;
        final String cpu, task, grp, text;

        Ctx(Run run, Snapshot s, int i, boolean legacy, List<String> fns) {
            this.s = s;
            this.i = i;
            this.legacy = legacy;
            this.fns = fns;
            tr = run.trace();
            info = run.info();
            c = tr.cpu(i);
            t = tr.task(i);
            g = tr.group(i);
            a = tr.argA(i);
            b = tr.argB(i);
            cpu = c >= 0 ? "CPU" + c : "";
            task = t >= 0 ? info.tasks()[t] : "";
            grp = g >= 0 ? info.groups()[g] : "";
            text = info.str(tr.text(i));
        }

        /**
         * The 1 ns pull of throttle_cfs_rq(): check_cfs_rq_runtime() found no runtime left (at a pick,
         * an enqueue or a put) and, before throttling, asked the pool for 1 ns more than the debt.
         */
        String lastChancePull() {
            String ask = grp + " on " + cpu + " has no runtime left (found by " + fn("check_cfs_rq_runtime")
                    + " at a pick or put, or "
                    + fn("check_enqueue_throttle") + " at an enqueue); before throttling, " + fn("throttle_cfs_rq")
                    + " makes a last-chance "
                    + fn("__assign_cfs_rq_runtime") + " for 1ns more than the debt and got " + d(a)
                    + " from the pool: ";
            return ask
                    + (b > 0
                            ? "runtime_remaining is " + d(b) + ", so nothing is throttled."
                            : "runtime_remaining is still " + d(b) + ", so it is throttled.");
        }

        /** Names kernel functions (they become links) and returns the first, with "()". */
        String fn(String... names) {
            for (String n : names) if (!fns.contains(n)) fns.add(n);
            return names[0] + "()";
        }

        String d(long ns) {
            return Durations.human(ns);
        }

        /** The kind of the nearest earlier event at the same instant that concerns this task, or null. */
        EventKind causeOf(int task, EventKind... kinds) {
            for (int j = i - 1; j >= 0 && tr.time(j) == tr.time(i); j--) {
                if (tr.task(j) != task) continue;
                for (EventKind k : kinds) if (tr.kind(j) == k) return k;
            }
            return null;
        }

        /** The next event of this task at the same instant (skipping bookkeeping), or null. */
        EventKind nextOf(int task) {
            for (int j = i + 1; j < tr.size() && tr.time(j) == tr.time(i); j++) {
                if (tr.task(j) == task && tr.kind(j) != EventKind.STATE) return tr.kind(j);
            }
            return null;
        }

        /** Why the cfs_rq of group x on CPU y is in a throttled hierarchy, naming the level that ran out. */
        String throttledWhy(int x, int y) {
            if (s.isThrottled(x, y)) return info.groups()[x] + " is throttled on CPU" + y;
            for (int p = info.groupParent()[x]; p >= 0; p = info.groupParent()[p]) {
                if (s.isThrottled(p, y)) {
                    return info.groups()[x] + " is throttled through its ancestor " + info.groups()[p]
                            + ", which ran out of quota on CPU" + y + " (" + info.groups()[x] + ": throttle_count "
                            + s.throttleCount(x, y) + ", its own throttled flag 0)";
                }
            }
            return info.groups()[x] + " is not throttled on CPU" + y;
        }

        /** The levels from the root down to x whose own throttled flag is set on CPU y ("/P", "/P and /P/A"). */
        String throttledLevels(int x, int y) {
            List<String> out = new ArrayList<>();
            for (int p = x; p >= 0; p = info.groupParent()[p]) if (s.isThrottled(p, y)) out.add(0, info.groups()[p]);
            return out.isEmpty() ? info.groups()[x] : String.join(" and ", out);
        }

        /** What throttle_cfs_rq_work() will read: the task's own cfs_rq's throttle_count, and whether it is throttled itself. */
        String ownCount(int x, int y) {
            String n = task + "'s own cfs_rq " + info.groups()[x];
            String count = "throttle_count " + s.throttleCount(x, y) + ", which " + fn("throttle_cfs_rq_work")
                    + " checks when it runs";
            return s.isThrottled(x, y)
                    ? n + " is throttled itself (" + count + ")"
                    : n + " is not throttled itself (throttled 0) but has " + count;
        }

        boolean inThrottled(int x, int y) {
            return x >= 0 && y >= 0 && s.throttleCount(x, y) > 0;
        }

        boolean hasChildren(int x) {
            for (int p : info.groupParent()) if (p == x) return true;
            return false;
        }

        String text() {
            EventKind k = tr.kind(i);
            return switch (k) {
                case START -> task + " is created and woken for the first time (" + fn("wake_up_new_task") + ").";
                case WAKE -> wake();
                case PICK ->
                    cpu + " picked " + task + " (" + fn("pick_task_fair")
                            + ": EEVDF, the earliest eligible virtual deadline at each level).";
                case SWITCH ->
                    t < 0
                            ? cpu + " goes idle: nothing runnable is visible to it (" + fn("__schedule") + ")."
                            : cpu + " switches to " + task + (a >= 0 ? " from " + info.tasks()[(int) a] : "") + " ("
                                    + fn("__schedule") + ").";
                case PREEMPT -> preempt();
                case BLOCK -> block();
                case SLEEP -> task + " sleeps until " + d(a) + ".";
                case SYSCALL_ENTER -> task + " enters the kernel: syscall " + text + ".";
                case SYSCALL_EXIT -> syscallExit();
                case MIGRATE ->
                    task + " moves from CPU" + a + " to " + cpu
                            + (causeOf(t, EventKind.SET_AFFINITY) != null
                                    ? ": its new affinity does not allow CPU" + a + " ("
                                            + fn("__set_cpus_allowed_ptr", "move_queued_task") + ")."
                                    : " (" + fn("sched_balance_rq", "detach_task") + ": load balancing).");
                case SLICE_PULL ->
                    "throttle_cfs_rq".equals(text)
                            ? lastChancePull()
                            : cpu + "'s cfs_rq of " + grp + " pulled " + d(a) + " from the group's pool ("
                                    + fn("__assign_cfs_rq_runtime")
                                    + "): a slice plus any debt. runtime_remaining is now " + d(b) + ".";
                case SLACK_RETURN ->
                    cpu + "'s cfs_rq of " + grp + " became empty and returned " + d(a)
                            + " of slack to the pool, keeping 1ms (" + fn("__return_cfs_rq_runtime") + "). The pool is "
                            + d(b) + ".";
                case REFILL ->
                    grp + "'s bandwidth was (re)configured (" + fn("tg_set_cfs_bandwidth") + "): quota "
                            + (b < 0 ? "max (unlimited)" : d(b)) + ", pool " + (a < 0 ? "unlimited" : d(a))
                            + "; every cfs_rq restarts with "
                            + Durations.exact(info.initialRuntime())
                            + " of runtime and the throttled ones are unthrottled.";
                case PERIOD_TIMER ->
                    grp + "'s period timer fires ("
                            + fn(
                                    "sched_cfs_period_timer",
                                    "do_sched_cfs_period_timer",
                                    "__refill_cfs_bandwidth_runtime")
                            + "): the pool is refilled to " + d(a)
                            + (b > 0
                                    ? "; " + b + " throttled cfs_rq" + (b > 1 ? "s wait" : " waits")
                                            + " for runtime, which the distribution that follows hands out oldest first; nr_throttled counts this period."
                                    : ".");
                case SLACK_TIMER ->
                    grp + "'s slack timer fires (" + fn("do_sched_cfs_slack_timer")
                            + "): the pool holds more than a slice, so it is"
                            + " distributed to the throttled cfs_rqs now, before the period ends.";
                case DISTRIBUTE -> distribute();
                case THROTTLE -> throttle();
                case UNTHROTTLE ->
                    grp + " on " + cpu + " is unthrottled (" + fn("unthrottle_cfs_rq") + ") with " + d(a)
                            + " of runtime. "
                            + (legacy
                                    ? "It enqueues the group entity again, so all its tasks become visible to the CPU together; "
                                            + fn("tg_unthrottle_up")
                                            + " on the way only lowers throttle_count and fixes the clocks and the leaf list."
                                    : fn("tg_unthrottle_up") + " walks " + grp
                                            + (hasChildren(g) ? " and its descendants" : "")
                                            + " and enqueues the tasks of each limbo list one by one, most recently parked first.");
                case UNTHROTTLE_REFUSED ->
                    grp + " on " + cpu + " stays throttled: " + fn("unthrottle_cfs_rq")
                            + " returns at once because runtime_remaining ("
                            + Durations.exact(a)
                            + ") is not positive, and the cfs_rq stays on the throttled list. The check came with the switch to the"
                            + " task-based model (e1fad12dcb66): an enqueue in tg_unthrottle_up() would throttle it again at once. It happens when the"
                            + " unthrottle came by IPI and a tick or a schedule on " + cpu
                            + " charged a task still running in the kernel in between;"
                            + " the next distribution tries again.";
                case TASK_WORK_ADDED ->
                    cpu + " picked " + task + ". On the way down " + fn("pick_task_fair") + "'s "
                            + fn("check_cfs_rq_runtime")
                            + " met the throttled flag of " + throttledLevels(g, c) + " on " + cpu + ", so "
                            + fn("task_throttle_setup_work")
                            + " attached the throttle task work " + fn("throttle_cfs_rq_work") + "; " + ownCount(g, c)
                            + ". "
                            + task + " keeps running" + (s.kernel[t] ? " in the kernel" : "")
                            + " and will be parked when it returns to user mode"
                            + " (unless it blocks first, or the hierarchy is unthrottled before).";
                case PARKED ->
                    task + " returns to user mode and runs its task work " + fn("throttle_cfs_rq_work") + ": "
                            + fn("dequeue_task_fair")
                            + " takes it off the runqueue and it is put at the head of the limbo list of its own cfs_rq, "
                            + grp + " on " + cpu
                            + ". It stays TASK_RUNNING, so the hung-task detector never reports it.";
                case UNPARKED -> unparked();
                case LOCK_WAIT -> lockWait();
                case LOCK_ACQUIRE ->
                    task + " now holds " + text + " (" + opName(b) + ")"
                            + (a == 1
                                    ? ": the task that released it handed it over, taking it on " + task
                                            + "'s behalf before " + task + " runs again ("
                                            + fn(b == 2 ? "__mutex_unlock_slowpath" : "percpu_rwsem_wake_function")
                                            + ")."
                                    : ".");
                case LOCK_GRANT ->
                    task + " is granted " + text + "'s block by the releasing writer's wake-up walk ("
                            + fn("percpu_up_write", "percpu_rwsem_wake_function")
                            + "); new readers now queue behind it, and it waits for the readers inside to leave.";
                case LOCK_RELEASE -> task + " releases " + text + ".";
                case HUNG_TASK ->
                    "khungtaskd (" + fn("check_hung_task") + "): INFO: task " + task + " blocked for more than "
                            + (a / 1_000_000_000L)
                            + " seconds. It has been in D state without being switched in for at least hung_task_timeout."
                            + (b != 0 ? " This report is suppressed: hung_task_warnings has run out." : "");
                case HUNG_SCAN -> hungScan();
                case CGROUP_WRITE -> cgroupWrite();
                case SET_AFFINITY -> setAffinity();
                case MOVE -> move();
                case NOTE -> "Note: " + text;
                case FAULT -> "Fault: " + text;
                case EXITING ->
                    task + " begins to exit (" + fn("do_exit") + "): PF_EXITING is set and " + d(a)
                            + " of kernel work follow. "
                            + (legacy
                                    ? "The legacy throttle can still take its group off the CPU in the middle of it."
                                    : "An exiting task never returns to user mode, so " + fn("task_throttle_setup_work")
                                            + " gives it no throttle task work:"
                                            + " it runs to the end even in a throttled hierarchy, and its group goes into debt.");
                case EXIT -> task + " exits (" + fn("do_exit") + ").";
                case STATE -> task + " is now " + States.name(TaskState.values()[(int) a]) + ".";
            };
        }

        String wake() {
            String base = task + " is woken (" + fn("try_to_wake_up") + ") and enqueued on " + cpu + ".";
            int tg = s.taskGroup[t];
            if (!inThrottled(tg, c)) return base;
            if (legacy)
                return base + " " + throttledWhy(tg, c) + ", so " + fn("enqueue_task_fair")
                        + " stops at the throttled cfs_rq: " + task
                        + " is runnable but no pick can reach it until the unthrottle.";
            if (info.kthread()[t])
                return base + " " + throttledWhy(tg, c) + ", but the task-based model enqueues it fully. " + task
                        + " is a kernel thread: kernel threads never get the throttle task work, so whenever it is picked it runs, and its group's"
                        + " runtime goes on into debt.";
            return base + " " + throttledWhy(tg, c) + ", but the task-based model enqueues it fully ("
                    + fn("enqueue_task_fair")
                    + "): it can be picked, gets the throttle task work at the pick, runs its kernel path, and is parked when it returns to user mode.";
        }

        String preempt() {
            if (s.state(t) != TaskState.THROTTLED)
                return task + " leaves " + cpu
                        + " but stays queued (preempted: its slice ended or a woken task has an earlier deadline).";
            if (causeOf(t, EventKind.MOVE) != null)
                return task + " leaves " + cpu + ": it was moved into " + grp + ", and "
                        + throttledWhy(s.taskGroup[t], c) + ", so " + fn("enqueue_task_fair")
                        + " stops at the throttled cfs_rq and " + task + " waits there, invisible to the CPU.";
            return task + " leaves " + cpu + " but stays queued: " + fn("throttle_cfs_rq")
                    + " just took its hierarchy off the CPU's runqueue (" + throttledWhy(s.taskGroup[t], c) + ").";
        }

        /** What this scan of khungtaskd found: the reports it makes at this instant, or none. */
        String hungScan() {
            int n = 0;
            StringBuilder who = new StringBuilder();
            for (int j = i + 1; j < tr.size() && tr.time(j) == tr.time(i); j++) {
                if (tr.kind(j) == EventKind.HUNG_SCAN) break;
                if (tr.kind(j) != EventKind.HUNG_TASK) continue;
                if (n++ < 6) who.append(n == 1 ? "" : ", ").append(info.tasks()[tr.task(j)]);
            }
            String rule = "khungtaskd wakes up (" + fn("check_hung_uninterruptible_tasks")
                    + ") and looks for tasks in D state whose"
                    + " context-switch count has not changed for hung_task_timeout";
            return n == 0
                    ? rule + ": this scan finds none and reports nobody."
                    : rule + ": this scan reports " + n + " (" + who + (n > 6 ? ", ..." : "") + ").";
        }

        String block() {
            if (text.startsWith("readers of "))
                return task + " holds block and now sleeps in D state in "
                        + fn("percpu_down_write", "rcuwait_wait_event") + " until the readers inside leave; each "
                        + fn("percpu_up_read") + " of a reader wakes it to count again.";
            return task + " blocks (" + text + ")"
                    + (a == 1
                            ? " in D state (TASK_UNINTERRUPTIBLE), which the hung-task detector watches."
                            : ", sleeping interruptibly.");
        }

        String syscallExit() {
            String base = task + " returns to user mode from its syscall (" + text + "), which took " + d(a) + ".";
            if (legacy) return base;
            boolean work = nextOf(t) == EventKind.PARKED;
            return base + " On the way (" + fn("exit_to_user_mode_loop", "task_work_run")
                    + ") the task-based model runs pending task work"
                    + (work
                            ? ": " + task + " has the throttle work pending, so it will be parked now."
                            : "; " + task + " has none.");
        }

        String distribute() {
            String head = fn("distribute_cfs_runtime") + " gives " + cpu + "'s cfs_rq of " + grp + " " + d(a) + ". ";
            if (b > 0)
                return head
                        + "That is exactly enough to repay its debt as last charged and leave 1ns, so runtime_remaining is now "
                        + Durations.exact(b)
                        + " and the cfs_rq is unthrottled: after the loop if it is on the CPU running the distribution, otherwise by an IPI ("
                        + fn("unthrottle_cfs_rq_async", "__cfsb_csd_unthrottle") + ") that arrives ipi_latency later.";
            return head + "The pool had only that left, not enough to repay the debt: runtime_remaining is still "
                    + d(b) + ", not positive, so it stays throttled until a later distribution.";
        }

        String throttle() {
            boolean atEnqueue = false;
            for (int j = i - 1; j >= 0 && tr.time(j) == tr.time(i); j--) {
                EventKind k = tr.kind(j);
                if ((k == EventKind.MIGRATE || k == EventKind.WAKE || k == EventKind.MOVE || k == EventKind.START)
                        && tr.cpu(j) == c
                        && tr.task(j) >= 0
                        && info.isWithin(s.taskGroup[tr.task(j)], g)) {
                    atEnqueue = true;
                    break;
                }
                if (k == EventKind.SWITCH || k == EventKind.PICK) break;
            }
            String why = atEnqueue
                    ? "A task was just enqueued into " + grp + "'s empty cfs_rq on " + cpu
                            + ", which has no runtime left and got none from the pool: " + fn("check_enqueue_throttle")
                            + " throttles it at once (" + fn("throttle_cfs_rq") + "). "
                    : grp + " has no runtime left on " + cpu + " and the last-chance 1ns pull from the pool failed: "
                            + fn("throttle_cfs_rq") + ". ";
            String nested = hasChildren(g)
                    ? " " + fn("tg_throttle_down") + " raises the throttle_count of its descendants' cfs_rqs on " + cpu
                            + " too."
                    : "";
            if (legacy && atEnqueue)
                return why
                        + "Legacy: the group's entity is dequeued from its parent, and the task just enqueued waits on the"
                        + " throttled cfs_rq for the unthrottle; none of " + grp + " was running on " + cpu + " ("
                        + fn("check_enqueue_throttle")
                        + " acts only on a cfs_rq with no current task), so nothing leaves the CPU." + nested;
            if (legacy)
                return why + "Legacy: the group's entity is dequeued from its parent, so every task of " + grp
                        + (hasChildren(g) ? " and its descendants" : "") + " on " + cpu
                        + " leaves the CPU, whatever it is doing, even in the middle of a syscall holding a lock: the one running is switched out"
                        + " at the reschedule the throttle asks for, in the next steps (the runqueue table names it until then)."
                        + nested;
            return why
                    + "Task-based: the cfs_rq is only marked throttled; nothing is dequeued. A task of it that gets picked gets the throttle task work"
                    + " and keeps running until it returns to user mode, or until it blocks; kernel threads and exiting tasks never get the work."
                    + nested;
        }

        String unparked() {
            EventKind cause = causeOf(t, EventKind.SET_AFFINITY, EventKind.MIGRATE, EventKind.MOVE);
            if (cause != null)
                return task + " was parked; the " + (cause == EventKind.MOVE ? "cgroup move" : "affinity change")
                        + " takes the fast path: "
                        + fn("dequeue_throttled_task") + " took it off its limbo list, and "
                        + fn("enqueue_throttled_task") + " found that "
                        + throttledWhy(s.taskGroup[t], c) + ", so it clears p->throttled and enqueues " + task
                        + " normally on " + cpu + ": it can run.";
            return task + " leaves the limbo list of " + grp + " on " + cpu + ": " + fn("tg_unthrottle_up")
                    + " clears p->throttled and enqueues it again (" + fn("enqueue_task_fair")
                    + "), most recently parked first.";
        }

        String lockWait() {
            int l = info.lockIndex(text);
            boolean mutex = l >= 0 && "mutex".equals(info.lockTypes().get(l));
            if (mutex)
                return task + " cannot take the mutex " + text + ": it is owned. " + task
                        + " queues on its wait list and sleeps in D state (" + fn("__mutex_lock_slowpath") + ").";
            if (a == 1 && nextOf(t) == EventKind.BLOCK && nextBlockText().startsWith("readers of ")) {
                return task + " takes " + text + "'s block in " + fn("percpu_down_write")
                        + ": from now on new readers queue behind it. Readers are still"
                        + " inside, so it waits for them in rcuwait (not on the wait queue).";
            }
            if (a == 1)
                return task + " wants to write " + text + ", but another writer holds block: " + task
                        + " queues on the wait queue (FIFO) in " + fn("percpu_down_write", "percpu_rwsem_wait") + ".";
            return task + " cannot take the read side of " + text + ": a writer holds or waits for block. " + task
                    + " queues on the wait queue (FIFO) in " + fn("percpu_down_read", "percpu_rwsem_wait")
                    + " and sleeps in D state.";
        }

        String nextBlockText() {
            for (int j = i + 1; j < tr.size() && tr.time(j) == tr.time(i); j++) {
                if (tr.task(j) == t && tr.kind(j) == EventKind.BLOCK) return info.str(tr.text(j));
            }
            return "";
        }

        String cgroupWrite() {
            if (a != 0) {
                int cut = text.indexOf(" (refused: ");
                String what = cut < 0 ? text : text.substring(0, cut);
                String why = cut < 0 ? "" : text.substring(cut + 11, text.length() - 1);
                return "Someone writes " + what + " for " + grp + ", and the kernel refuses it: "
                        + fn("tg_set_cfs_bandwidth") + " returns EINVAL (" + why
                        + "). Nothing changes: the settings in force stay.";
            }
            if (text.startsWith("cpu.weight"))
                return "Someone writes " + text + " for " + grp + " (" + fn("sched_group_set_shares")
                        + "): its entities weigh differently from now on; the bandwidth is unchanged.";
            return "Someone writes " + text + " for " + grp + ". " + fn("tg_set_cfs_bandwidth")
                    + " applies it: the pool is refilled, every cfs_rq of " + grp + " restarts with "
                    + Durations.exact(info.initialRuntime())
                    + " of runtime, and each throttled one is unthrottled at once.";
        }

        String setAffinity() {
            String base = fn("sched_setaffinity") + " on " + task + ".";
            TaskState st = s.state(t);
            if (st == TaskState.PARKED)
                return base + " " + task + " is parked on a limbo list: " + fn("dequeue_throttled_task")
                        + " takes it off, and " + fn("enqueue_throttled_task")
                        + " puts it on the new CPU's limbo list if " + info.groups()[s.taskGroup[t]]
                        + " is in a throttled hierarchy there; otherwise it clears p->throttled and enqueues it normally.";
            if (st == TaskState.THROTTLED)
                return base + " " + task + " sits in a throttled cfs_rq: the dequeue stops at the throttled level ("
                        + fn("dequeue_entities") + "), and on the new CPU it is enqueued into "
                        + info.groups()[s.taskGroup[t]] + "'s cfs_rq there, which "
                        + fn("check_enqueue_throttle") + " throttles at once if it has no runtime.";
            return base;
        }

        String move() {
            String from = info.groups()[(int) a];
            String base = fn("sched_move_task") + " moves " + task + " from " + from + " to " + grp
                    + ": dequeue, change the group, enqueue.";
            TaskState st = s.state(t);
            boolean throttledThere = inThrottled(g, c);
            if (!legacy && st == TaskState.PARKED)
                return base + " " + task + " was parked, so the fast path is taken (" + fn("dequeue_throttled_task")
                        + ", " + fn("enqueue_throttled_task") + "): " + throttledWhy(g, c)
                        + (throttledThere
                                ? ", so it goes straight onto the limbo list of " + grp + " on " + cpu + "."
                                : ", so it is un-parked and enqueued normally.");
            if (legacy && st == TaskState.THROTTLED && !throttledThere)
                return base + " It leaves the throttled cfs_rq of " + from + " and is enqueued in " + grp
                        + ", which is not throttled on " + cpu + ": it can run.";
            if (throttledThere)
                return base + " " + throttledWhy(g, c)
                        + (legacy
                                ? ", so " + fn("enqueue_task_fair") + " stops at the throttled cfs_rq: " + task
                                        + " cannot run until the unthrottle."
                                : ": " + task
                                        + " is enqueued fully; when it is next picked it gets the throttle task work and is parked at its return to user mode.");
            return base;
        }
    }
}
