package io.throttlescope.realtrace;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Which cgroup each traced task was in and each cgroup's limit, for an imported trace: a file
 * given with {@code --cgroup-map}, or the header {@code record} writes. JSON:
 * {@code {"cgroups": {"/G": {"cpu.max": "10000 100000"}}, "tasks": {"dd-6954": "/G", "worker": "/G"}}}
 * where a task key is COMM-PID or COMM (every task of that name), and an optional {@code "root"}: the
 * cgroup the map's paths are under in the trace ({@code record} makes its cgroups under
 * {@code /throttlescope-PID}, which a cgroup_attach_task line's dst_path carries).
 */
public final class CgroupMap {
    /** quota and period in ns (quota -1: max) by cgroup path. */
    public final Map<String, long[]> limits = new LinkedHashMap<>();

    public final Map<String, String> tasks = new LinkedHashMap<>();
    /** The cgroup the map's paths are under in the trace ("" if they are the trace's own). */
    public String root = "";

    public static CgroupMap empty() {
        return new CgroupMap();
    }

    /** A map file is at most this large. */
    public static final long MAX_BYTES = 16L << 20;

    /** The text of a map file: a regular file (not a FIFO or a device) of at most {@link #MAX_BYTES}, read with that cap. */
    public static String readFile(Path file) throws IOException {
        if (!Files.isRegularFile(file)) throw new IOException("not a regular file");
        try (var in = Files.newInputStream(file)) {
            byte[] b = in.readNBytes((int) MAX_BYTES + 1);
            if (b.length > MAX_BYTES) throw new IOException("over " + (MAX_BYTES >> 20) + " MiB");
            return new String(b, StandardCharsets.UTF_8);
        }
    }

    /** Reads the JSON; throws IllegalArgumentException with a message naming what is wrong. */
    public static CgroupMap parse(String json) {
        CgroupMap m = new CgroupMap();
        JsonElement root;
        try {
            root = JsonParser.parseString(json);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("the cgroup map is not JSON: " + e.getMessage());
        }
        if (!root.isJsonObject()) throw new IllegalArgumentException("the cgroup map must be a JSON object");
        JsonObject o = root.getAsJsonObject();
        if (o.has("cgroups")) {
            for (var e : o.getAsJsonObject("cgroups").entrySet()) {
                String path = e.getKey();
                if (!path.startsWith("/"))
                    throw new IllegalArgumentException("cgroup \"" + path + "\" must start with /");
                long quota = -1, period = 100_000_000L;
                JsonObject c = e.getValue().getAsJsonObject();
                if (c.has("cpu.max")) {
                    String[] p = c.get("cpu.max").getAsString().trim().split("\\s+");
                    quota = p[0].equals("max") ? -1 : Long.parseLong(p[0]) * 1000;
                    if (p.length > 1) period = Long.parseLong(p[1]) * 1000;
                }
                m.limits.put(path, new long[] {quota, period});
            }
        }
        if (o.has("root") && o.get("root").isJsonPrimitive()) {
            String r = o.get("root").getAsString();
            if (!r.startsWith("/") || r.contains("/../") || r.endsWith("/.."))
                throw new IllegalArgumentException("root \"" + r + "\" must be a path from /");
            m.root = r.equals("/") ? "" : r.replaceAll("/+$", "");
        }
        if (o.has("tasks"))
            for (var e : o.getAsJsonObject("tasks").entrySet())
                m.tasks.put(e.getKey(), e.getValue().getAsString());
        return m;
    }

    /** The cgroup of a task by COMM-PID, then by COMM; null if the map does not say. */
    public String groupOf(String comm, int pid) {
        String g = tasks.get(TraceLine.key(comm, pid));
        return g != null ? g : tasks.get(comm);
    }

    /** A path of the trace (a cgroup_attach_task's dst_path) as the map names it: without the map's root. */
    public String relative(String tracePath) {
        if (root.isEmpty() || !tracePath.startsWith(root)) return tracePath;
        String rest = tracePath.substring(root.length());
        return rest.isEmpty() ? "/" : rest.startsWith("/") ? rest : tracePath;
    }

    /** A copy whose entries can be added to without changing this one. */
    public CgroupMap copy() {
        CgroupMap m = new CgroupMap();
        m.limits.putAll(limits);
        m.tasks.putAll(tasks);
        m.root = root;
        return m;
    }

    public boolean isEmpty() {
        return tasks.isEmpty() && limits.isEmpty();
    }

    /**
     * The tasks a recording started, as COMM-PID (its header's cgroup map); empty for a trace that is
     * no recording. Another recording made at the same time has tasks of the same names: only these
     * are the recording's.
     */
    public static Set<String> ownTasks(JsonObject header) {
        Set<String> own = new HashSet<>();
        try {
            if (header != null
                    && header.has("cgroup_map")
                    && header.getAsJsonObject("cgroup_map").has("tasks"))
                own.addAll(header.getAsJsonObject("cgroup_map")
                        .getAsJsonObject("tasks")
                        .keySet());
        } catch (RuntimeException e) {
            return Set.of(); // a stranger's header: no task is told apart by it
        }
        return own;
    }
}
