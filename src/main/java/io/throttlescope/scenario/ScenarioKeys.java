package io.throttlescope.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every key the scenario loader accepts, by section of the format: the loaders take their lists from
 * here, and docs/scenario-format.md documents each section (a test checks that the two agree, key by
 * key, both ways).
 */
public final class ScenarioKeys {
    private ScenarioKeys() {}

    public static final List<String> TOP = List.of(
            "format",
            "name",
            "description",
            "kernel",
            "model",
            "duration",
            "seed",
            "cgroups",
            "locks",
            "pipes",
            "tasks",
            "actions",
            "notes",
            "lesson");
    public static final List<String> KERNEL = List.of(
            "cpus",
            "hz",
            "accounting",
            "preemption",
            "bandwidth_slice",
            "hung_task_timeout",
            "hung_task_check_interval",
            "rcu_gp",
            "switch_cost",
            "delay_dequeue",
            "run_to_parity",
            "place_rel_deadline",
            "ipi_latency",
            "tick_phase");
    public static final List<String> CGROUP = List.of("cpu.max", "cpu.max.burst", "cpu.weight", "period_phase");
    public static final List<String> LOCK = List.of("type");
    public static final List<String> PIPE = List.of("capacity");
    public static final List<String> RANDOM = List.of("uniform", "exponential");
    public static final List<String> TASK =
            List.of("name", "count", "cgroup", "cpus", "nice", "start", "kthread", "program");
    /** A step has exactly one of these... */
    public static final List<String> STEP = List.of(
            "user",
            "syscall",
            "kernel",
            "sleep",
            "down_read",
            "up_read",
            "down_write",
            "up_write",
            "lock",
            "unlock",
            "send",
            "recv",
            "loop",
            "exit");
    /** ...and, for some of them, these beside it. */
    public static final Map<String, List<String>> STEP_EXTRA = Map.of(
            "syscall",
            List.of("do"),
            "sleep",
            List.of("uninterruptible"),
            "send",
            List.of("cost"),
            "recv",
            List.of("cost"),
            "loop",
            List.of("times"));
    /** An action has "at" and exactly one of the others. */
    public static final List<String> ACTION_KINDS = List.of("write", "set_affinity", "move", "wake");

    public static final List<String> WRITE = List.of("cgroup", "file", "value");
    public static final List<String> SET_AFFINITY = List.of("task", "cpus");
    public static final List<String> MOVE = List.of("task", "cgroup");
    public static final List<String> WAKE = List.of("task");
    public static final List<String> NOTE = List.of("at", "text");
    public static final List<String> LESSON = List.of("title", "stops");
    public static final List<String> STOP = List.of("at", "model", "range", "highlight", "views", "text", "question");
    public static final List<String> HIGHLIGHT = List.of("task", "cgroup", "cpu", "lock");
    public static final List<String> PLACE = List.of("event", "task", "nth");
    public static final List<String> QUESTION = List.of("ask", "choices", "answer", "why", "at");

    /** The sections by the names docs/scenario-format.md gives them, each with every key it accepts. */
    public static Map<String, List<String>> sections() {
        Map<String, List<String>> m = new LinkedHashMap<>();
        m.put("top", TOP);
        m.put("kernel", KERNEL);
        m.put("cgroup", CGROUP);
        m.put("lock", LOCK);
        m.put("pipe", PIPE);
        m.put("random", RANDOM);
        m.put("task", TASK);
        List<String> step = new ArrayList<>(STEP);
        for (String s : STEP) for (String x : STEP_EXTRA.getOrDefault(s, List.of())) if (!step.contains(x)) step.add(x);
        m.put("step", List.copyOf(step));
        List<String> action = new ArrayList<>(List.of("at"));
        action.addAll(ACTION_KINDS);
        m.put("action", List.copyOf(action));
        m.put("write", WRITE);
        m.put("set_affinity", SET_AFFINITY);
        m.put("move", MOVE);
        m.put("wake", WAKE);
        m.put("note", NOTE);
        m.put("lesson", LESSON);
        m.put("stop", STOP);
        m.put("highlight", HIGHLIGHT);
        m.put("place", PLACE);
        m.put("question", QUESTION);
        return m;
    }
}
