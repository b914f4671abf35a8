package io.throttlescope.scenario;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import io.throttlescope.text.Escape;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The parameters of a scenario that a what-if edit or a sweep changes, named as the sweep command
 * names them: a cgroup file ({@code /G:cpu.max}), a kernel key ({@code kernel.hz}) or a task's step
 * duration (steps count from 1, as What if? names them: {@code task.R.3} is R's third step, {@code task.R.1.2} the second step inside the first).
 * Edits work on the file's JSON, so everything else in it is kept as it was, in order.
 */
public final class ScenarioParams {
    private ScenarioParams() {}

    /** An editable parameter: its name, what the user reads, its value as the file writes it, and the values allowed (empty: free text). */
    public record Param(String id, String section, String label, String value, List<String> choices) {}

    private static final String[] DURATION_KEYS = {"user", "kernel", "sleep", "exit"};

    /** The scenario with the parameter set to the value; IllegalArgumentException names what is wrong. */
    public static String set(String json, String param, String value) {
        JsonObject root = JsonParser.parseString(json).getAsJsonObject();
        JsonElement v = literal(value);
        if (param.startsWith("/")) {
            int colon = param.lastIndexOf(':');
            if (colon < 0) throw new IllegalArgumentException("a cgroup parameter is PATH:FILE, e.g. /G:cpu.max");
            String path = param.substring(0, colon), file = param.substring(colon + 1);
            Set<String> known = new TreeSet<>(); // a cgroup of the scenario, not a new one
            if (root.has("cgroups") && root.get("cgroups").isJsonObject())
                known.addAll(root.getAsJsonObject("cgroups").keySet());
            if (root.has("tasks") && root.get("tasks").isJsonArray())
                for (JsonElement t : root.getAsJsonArray("tasks")) {
                    if (t.isJsonObject() && t.getAsJsonObject().has("cgroup"))
                        known.add(t.getAsJsonObject().get("cgroup").getAsString());
                }
            known.remove("/");
            if (!known.contains(path))
                throw new IllegalArgumentException("the scenario has no cgroup " + Escape.shortText(path)
                        + (known.isEmpty() ? "" : " (its cgroups: " + String.join(", ", known) + ")"));
            if (!List.of("cpu.max", "cpu.max.burst", "cpu.weight").contains(file))
                throw new IllegalArgumentException("a cgroup parameter's file is cpu.max,"
                        + " cpu.max.burst or cpu.weight (got " + Escape.shortText(file) + ")");
            JsonObject cg = root.has("cgroups") ? root.getAsJsonObject("cgroups") : new JsonObject();
            root.add("cgroups", cg);
            JsonObject g = cg.has(path) ? cg.getAsJsonObject(path) : new JsonObject();
            cg.add(path, g);
            g.add(file, file.equals("cpu.weight") ? v : new JsonPrimitive(value));
        } else if (param.startsWith("kernel.")) {
            JsonObject k = root.has("kernel") ? root.getAsJsonObject("kernel") : new JsonObject();
            root.add("kernel", k);
            k.add(param.substring("kernel.".length()), v);
        } else if (param.startsWith("task.")) {
            String[] p = param.split("\\.");
            if (p.length < 3) throw new IllegalArgumentException("a step parameter is task.NAME.STEP, e.g. task.R.2");
            JsonObject step = step(root, p, param);
            String key = durationKey(step);
            if (key == null)
                throw new IllegalArgumentException(
                        param + " is not a step with a duration (user, kernel, sleep, exit)");
            step.add(key, literalDuration(value));
        } else {
            throw new IllegalArgumentException(
                    "a parameter is /CGROUP:FILE, kernel.KEY or task.NAME.STEP (got " + param + ")");
        }
        return root.toString();
    }

    private static JsonObject step(JsonObject root, String[] p, String param) {
        JsonObject t = null;
        if (root.has("tasks") && root.get("tasks").isJsonArray())
            for (JsonElement e : root.getAsJsonArray("tasks"))
                if (e.isJsonObject()
                        && e.getAsJsonObject().has("name")
                        && e.getAsJsonObject().get("name").getAsString().equals(p[1])) t = e.getAsJsonObject();
        if (t == null) throw new IllegalArgumentException("no task " + p[1]);
        JsonArray steps = t.getAsJsonArray("program");
        JsonObject step = null;
        for (int i = 2; i < p.length; i++) {
            int n;
            try {
                n = Integer.parseInt(p[i]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(param + ": " + p[i] + " is not a step number");
            }
            if (n < 1)
                throw new IllegalArgumentException(param + ": steps count from 1 (task." + p[1] + ".1 is the first)");
            if (steps == null || n > steps.size() || !steps.get(n - 1).isJsonObject())
                throw new IllegalArgumentException(param + ": no step " + n);
            step = steps.get(n - 1).getAsJsonObject();
            steps = step.has("do") ? step.getAsJsonArray("do") : step.has("loop") ? step.getAsJsonArray("loop") : null;
        }
        return step;
    }

    private static String durationKey(JsonObject step) {
        for (String k : DURATION_KEYS)
            if (step.has(k)
                    && !(k.equals("exit")
                            && step.get(k).isJsonPrimitive()
                            && step.get(k).getAsJsonPrimitive().isBoolean())) return k;
        return null;
    }

    private static JsonElement literal(String value) {
        String v = value.strip();
        if (v.matches("-?\\d{1,18}")) return new JsonPrimitive(Long.parseLong(v));
        if (v.equals("true") || v.equals("false")) return new JsonPrimitive(Boolean.parseBoolean(v));
        return new JsonPrimitive(value);
    }

    /** A duration as written: "5ms", or a random one's JSON ({"uniform": ["1ms", "2ms"]}). */
    private static JsonElement literalDuration(String value) {
        String v = value.strip();
        if (v.startsWith("{")) {
            try {
                return JsonParser.parseString(v);
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("not JSON: " + v);
            }
        }
        return new JsonPrimitive(v);
    }

    /**
     * Every parameter a what-if panel offers for this scenario: the limited cgroups first (cpu.max
     * first, what a user changes most), then the tasks' steps in the file's order, then the kernel.
     */
    public static List<Param> of(String json) {
        JsonObject root = JsonParser.parseString(json).getAsJsonObject();
        List<Param> out = new ArrayList<>();
        Set<String> groups = new LinkedHashSet<>();
        JsonObject cg = root.has("cgroups") && root.get("cgroups").isJsonObject()
                ? root.getAsJsonObject("cgroups")
                : new JsonObject();
        groups.addAll(cg.keySet());
        JsonArray tasks =
                root.has("tasks") && root.get("tasks").isJsonArray() ? root.getAsJsonArray("tasks") : new JsonArray();
        for (JsonElement e : tasks)
            if (e.isJsonObject() && e.getAsJsonObject().has("cgroup"))
                groups.add(e.getAsJsonObject().get("cgroup").getAsString());
        groups.remove("/");
        for (String g : groups) {
            JsonObject o = cg.has(g) && cg.get(g).isJsonObject() ? cg.getAsJsonObject(g) : new JsonObject();
            out.add(new Param(
                    g + ":cpu.max", "cgroup " + g, "cpu.max", text(o.get("cpu.max"), "max 100000"), List.of()));
            out.add(new Param(
                    g + ":cpu.max.burst",
                    "cgroup " + g,
                    "cpu.max.burst",
                    text(o.get("cpu.max.burst"), "0"),
                    List.of()));
            out.add(new Param(
                    g + ":cpu.weight", "cgroup " + g, "cpu.weight", text(o.get("cpu.weight"), "100"), List.of()));
        }
        for (JsonElement e : tasks) {
            if (!e.isJsonObject()
                    || !e.getAsJsonObject().has("name")
                    || !e.getAsJsonObject().has("program")) continue;
            String name = e.getAsJsonObject().get("name").getAsString();
            steps(e.getAsJsonObject().get("program"), "task." + name, "step ", "", out, name);
        }
        JsonObject k = root.has("kernel") && root.get("kernel").isJsonObject()
                ? root.getAsJsonObject("kernel")
                : new JsonObject();
        out.add(new Param("kernel.cpus", "kernel", "cpus", text(k.get("cpus"), "2"), List.of()));
        out.add(new Param("kernel.hz", "kernel", "hz", text(k.get("hz"), "250"), List.of("100", "250", "300", "1000")));
        out.add(new Param(
                "kernel.accounting",
                "kernel",
                "accounting",
                text(k.get("accounting"), "tick"),
                List.of("tick", "exact")));
        out.add(new Param(
                "kernel.preemption",
                "kernel",
                "preemption",
                text(k.get("preemption"), "full"),
                List.of("full", "none")));
        return out;
    }

    private static void steps(
            JsonElement program, String id, String label, String prefix, List<Param> out, String task) {
        if (!program.isJsonArray()) return;
        JsonArray a = program.getAsJsonArray();
        for (int i = 0; i < a.size(); i++) {
            if (!a.get(i).isJsonObject()) continue;
            JsonObject s = a.get(i).getAsJsonObject();
            String n = prefix + (i + 1);
            String key = durationKey(s);
            if (key != null)
                out.add(new Param(
                        id + "." + (i + 1), "task " + task, label + n + ": " + key, text(s.get(key), ""), List.of()));
            if (s.has("do")) steps(s.get("do"), id + "." + (i + 1), label, n + ".", out, task);
            if (s.has("loop")) steps(s.get("loop"), id + "." + (i + 1), label, n + ".", out, task);
        }
    }

    private static String text(JsonElement e, String absent) {
        if (e == null || e.isJsonNull()) return absent;
        return e.isJsonPrimitive() ? e.getAsString() : e.toString();
    }

    /** The scenario as the library's files are written: two-space indent, keys in their order, a newline at the end. */
    public static String pretty(String json) {
        return new GsonBuilder()
                        .setPrettyPrinting()
                        .disableHtmlEscaping()
                        .create()
                        .toJson(JsonParser.parseString(json)) + "\n";
    }
}
