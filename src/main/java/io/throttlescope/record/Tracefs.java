package io.throttlescope.record;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * tracefs for a recording: mounts it if needed, enables the events (and kprobes where the kernel
 * offers them), and restores everything it changed at the end.
 */
final class Tracefs {
    static final String[] EVENTS = {"sched/sched_switch", "sched/sched_wakeup", "sched/sched_wakeup_new", "sched/sched_migrate_task",
            "sched/sched_process_fork", "sched/sched_process_exit", "sched/sched_process_hang", "raw_syscalls/sys_enter",
            "raw_syscalls/sys_exit", "cgroup/cgroup_attach_task"};
    static final String[] PROBES = {"throttle_cfs_rq", "unthrottle_cfs_rq", "task_throttle_setup_work", "throttle_cfs_rq_work"};

    final Path dir;
    private final boolean mounted;
    private final Map<Path, String> saved = new LinkedHashMap<>();
    private final List<String> probesAdded = new ArrayList<>();

    private Tracefs(Path dir, boolean mounted) {
        this.dir = dir;
        this.mounted = mounted;
    }

    /** Finds tracefs, mounting it at /sys/kernel/tracing if it is not; null with the reason in why[0]. */
    static Tracefs open(String[] why) {
        for (Path p : new Path[] {Path.of("/sys/kernel/tracing"), Path.of("/sys/kernel/debug/tracing")}) {
            if (Files.isRegularFile(p.resolve("trace"))) return new Tracefs(p, false);
        }
        Path p = Path.of("/sys/kernel/tracing");
        if (Files.isDirectory(p)) {
            try {
                Process m = new ProcessBuilder("mount", "-t", "tracefs", "nodev", p.toString()).redirectErrorStream(true).start();
                String out = new String(m.getInputStream().readAllBytes()).strip();
                if (m.waitFor() == 0 && Files.isRegularFile(p.resolve("trace"))) return new Tracefs(p, true);
                why[0] = "tracefs is not mounted and mount -t tracefs nodev " + p + " failed: " + out;
                return null;
            } catch (IOException | InterruptedException e) {
                why[0] = "tracefs is not mounted and mounting it failed: " + e.getMessage();
                return null;
            }
        }
        why[0] = "no tracefs: /sys/kernel/tracing does not exist (a kernel without CONFIG_TRACING?)";
        return null;
    }

    private void set(String file, String value) throws IOException {
        Path f = dir.resolve(file);
        if (!saved.containsKey(f)) saved.put(f, Files.readString(f).strip());
        Files.writeString(f, value);
    }

    /** Stops tracing, sizes and clears the buffer, enables the events; returns the kprobes added. */
    List<String> prepare(int bufferKb) throws IOException {
        set("tracing_on", "0");
        String size = Files.readString(dir.resolve("buffer_size_kb")).strip();
        saved.put(dir.resolve("buffer_size_kb"), size.replaceAll("\\s*\\(expanded: \\d+\\)", ""));
        Files.writeString(dir.resolve("buffer_size_kb"), Integer.toString(bufferKb));
        Files.writeString(dir.resolve("trace"), "");
        for (String e : EVENTS) {
            Path en = dir.resolve("events").resolve(e).resolve("enable");
            if (Files.exists(en)) set("events/" + e + "/enable", "1");
        }
        Path kp = dir.resolve("kprobe_events");
        if (Files.isWritable(kp)) {
            String existing = Files.readString(kp);
            for (String fn : PROBES) {
                if (existing.contains(":" + fn + " ") || existing.contains("/" + fn + " ")) continue;
                try {
                    Files.writeString(kp, "p:" + fn + " " + fn + "\n", java.nio.file.StandardOpenOption.APPEND);
                    probesAdded.add(fn);
                    set("events/kprobes/" + fn + "/enable", "1");
                } catch (IOException ignored) {
                    // the function is not probeable on this kernel (e.g. inlined, or 6.18-only): go without
                }
            }
        }
        return probesAdded;
    }

    /** A line in the trace through trace_marker (shown as a note on import). */
    void mark(String text) {
        try { Files.writeString(dir.resolve("trace_marker"), text + "\n"); } catch (IOException ignored) { }
    }

    void start() throws IOException { Files.writeString(dir.resolve("tracing_on"), "1"); }

    void stop() throws IOException { Files.writeString(dir.resolve("tracing_on"), "0"); }

    List<String> read() throws IOException { return Files.readAllLines(dir.resolve("trace")); }

    /** Puts back every setting changed, removes the kprobes added, unmounts if it mounted. Returns what failed. */
    List<String> restore() {
        List<String> failed = new ArrayList<>();
        try { Files.writeString(dir.resolve("tracing_on"), "0"); } catch (IOException e) { failed.add("tracing_on"); }
        List<Map.Entry<Path, String>> all = new ArrayList<>(saved.entrySet());
        for (int i = all.size() - 1; i >= 0; i--) {
            var e = all.get(i);
            if (e.getKey().getFileName().toString().equals("tracing_on")) continue;
            try { Files.writeString(e.getKey(), e.getValue()); } catch (IOException ex) { failed.add(e.getKey().toString()); }
        }
        for (String fn : probesAdded) {
            try {
                Files.writeString(dir.resolve("kprobe_events"), "-:" + fn + "\n", java.nio.file.StandardOpenOption.APPEND);
            } catch (IOException e) {
                failed.add("kprobe " + fn);
            }
        }
        try { Files.writeString(dir.resolve("trace"), ""); } catch (IOException e) { failed.add("trace"); }
        Path on = dir.resolve("tracing_on");
        if (saved.containsKey(on)) {
            try { Files.writeString(on, saved.get(on)); } catch (IOException e) { failed.add("tracing_on"); }
        }
        saved.clear();
        probesAdded.clear();
        if (mounted) {
            try {
                new ProcessBuilder("umount", dir.toString()).start().waitFor();
            } catch (IOException | InterruptedException e) {
                failed.add("umount " + dir);
            }
        }
        return failed;
    }
}
