package io.throttlescope.record;

import io.throttlescope.files.KernelFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The cpu controller's files, cgroup v2 ({@code cpu.max}, {@code cpu.max.burst}, {@code cpu.weight})
 * or v1 ({@code cpu.cfs_quota_us}, {@code cpu.cfs_period_us}, {@code cpu.cfs_burst_us},
 * {@code cpu.shares}), under one parent of our own that is removed at the end.
 */
final class CgroupFs {
    final boolean v2;
    final Path root;
    final Path parent;
    private final List<Path> made = new ArrayList<>();

    private CgroupFs(boolean v2, Path root, Path parent) {
        this.v2 = v2;
        this.root = root;
        this.parent = parent;
    }

    /** Finds the cpu controller; null with the reason in {@code why[0]} if there is none. */
    static CgroupFs find(String parentName, String[] why) {
        Path v2root = Path.of("/sys/fs/cgroup");
        try {
            if (Files.isRegularFile(v2root.resolve("cgroup.controllers"))
                    && KernelFiles.read(v2root.resolve("cgroup.controllers")).contains("cpu")) {
                return new CgroupFs(true, v2root, v2root.resolve(parentName));
            }
        } catch (IOException e) {
            // fall through to v1
        }
        for (String d : new String[] {"cpu", "cpu,cpuacct", "cpuacct,cpu"}) {
            Path p = v2root.resolve(d);
            if (Files.isRegularFile(p.resolve("cpu.cfs_quota_us")))
                return new CgroupFs(false, p, p.resolve(parentName));
        }
        why[0] =
                "no cpu cgroup controller: neither cgroup v2 with \"cpu\" in /sys/fs/cgroup/cgroup.controllers nor cgroup v1 at /sys/fs/cgroup/cpu";
        return null;
    }

    /** Creates the parent (refused if it exists) and enables the cpu controller below it (v2). */
    void createParent() throws IOException {
        if (Files.exists(parent))
            throw new IOException(
                    parent + " already exists: another recording is running, or one was interrupted; remove it first");
        if (v2) {
            String sub = KernelFiles.read(root.resolve("cgroup.subtree_control"));
            if (!sub.contains("cpu"))
                throw new IOException("the cpu controller is not enabled for children of " + root + " (echo +cpu > "
                        + root.resolve("cgroup.subtree_control") + " enables it)");
        }
        Files.createDirectory(parent);
        made.add(parent);
        if (v2) Files.writeString(parent.resolve("cgroup.subtree_control"), "+cpu");
    }

    /** A scenario cgroup path below the parent, its ancestors first. */
    Path create(String scenarioPath) throws IOException {
        Path p = parent;
        for (String seg : scenarioPath.substring(1).split("/")) {
            if (seg.isEmpty() || seg.equals(".") || seg.equals(".."))
                throw new IOException("bad cgroup path " + scenarioPath);
            p = p.resolve(seg);
            if (!p.normalize().startsWith(parent))
                throw new IOException("cgroup path " + scenarioPath + " leaves " + parent);
            if (!Files.exists(p)) {
                Files.createDirectory(p);
                made.add(p);
                if (v2) Files.writeString(p.resolve("cgroup.subtree_control"), "+cpu");
            }
        }
        return p;
    }

    /**
     * Writes a group's limit. On cgroup v1 a child's quota above its nearest limited ancestor's share
     * of a CPU is refused by the kernel ({@link #v1Refusal}); the child is then left unlimited (v1
     * then holds it to that ancestor's limit, which is what binds in the scenario the way v2 runs
     * it) and what v1 refused is returned, for the recording's header and the user; else null.
     */
    String limit(Path cg, long quotaUs, long periodUs, long burstUs, int weight) throws IOException {
        String refused = null;
        if (v2) {
            Files.writeString(cg.resolve("cpu.max"), (quotaUs < 0 ? "max" : Long.toString(quotaUs)) + " " + periodUs);
            if (burstUs > 0) Files.writeString(cg.resolve("cpu.max.burst"), Long.toString(burstUs));
            Files.writeString(cg.resolve("cpu.weight"), Integer.toString(weight));
        } else {
            for (Path a = cg.getParent(); a != null && a.startsWith(root) && !a.equals(root); a = a.getParent()) {
                long aq = KernelFiles.number(
                        a.resolve("cpu.cfs_quota_us")); // the nearest limited ancestor binds, as in the kernel
                if (aq < 0) continue;
                String no = v1Refusal(
                        "/" + parent.relativize(cg),
                        quotaUs,
                        periodUs,
                        "/" + parent.relativize(a),
                        aq,
                        KernelFiles.number(a.resolve("cpu.cfs_period_us")));
                if (no != null) {
                    refused = no;
                    quotaUs = -1;
                }
                break;
            }
            Files.writeString(cg.resolve("cpu.cfs_period_us"), Long.toString(periodUs));
            Files.writeString(cg.resolve("cpu.cfs_quota_us"), Long.toString(quotaUs < 0 ? -1 : quotaUs));
            if (burstUs > 0 && Files.exists(cg.resolve("cpu.cfs_burst_us")))
                Files.writeString(cg.resolve("cpu.cfs_burst_us"), Long.toString(burstUs));
            Files.writeString(cg.resolve("cpu.shares"), Long.toString((weight * 1024L + 50) / 100));
        }
        return refused;
    }

    /**
     * What cgroup v1 refuses with a bare EINVAL (tg_cfs_schedulable_down()): a child's quota above
     * its nearest limited ancestor's, as a share of a CPU; null if it is accepted. Scenario 10 gives
     * /P/A 30 ms a period under /P's 20 ms, which v2 takes (the parent binds) and v1 refuses.
     */
    static String v1Refusal(
            String child, long quotaUs, long periodUs, String ancestor, long ancestorQuotaUs, long ancestorPeriodUs) {
        if (quotaUs < 0
                || ancestorQuotaUs < 0
                || (double) quotaUs * ancestorPeriodUs <= (double) ancestorQuotaUs * periodUs) return null;
        return "cgroup v1 refuses " + child + "'s quota (" + quotaUs + " us every " + periodUs
                + " us) above its ancestor " + ancestor + "'s ("
                + ancestorQuotaUs + " us every " + ancestorPeriodUs
                + " us): v1 wants a child's share of a CPU at most its parent's, v2 lets the"
                + " parent bind instead; " + child + " is recorded unlimited (v1 holds it to " + ancestor
                + "'s limit), and the simulation beside the recording has it so (record on a cgroup v2"
                + " host for the scenario as written)";
    }

    /**
     * A timed action's write of one of the cpu controller's files, as the scenario names it (v2's
     * names): v1 takes cpu.max as cpu.cfs_period_us then cpu.cfs_quota_us, cpu.max.burst as
     * cpu.cfs_burst_us and cpu.weight as cpu.shares. The kernel's refusal (EINVAL) is thrown.
     */
    void writeFile(Path cg, String file, String value) throws IOException {
        String v = value.trim();
        if (v2) {
            Files.writeString(cg.resolve(file), v);
            return;
        }
        switch (file) {
            case "cpu.max" -> {
                String[] parts = v.split("\\s+");
                if (parts.length > 1) Files.writeString(cg.resolve("cpu.cfs_period_us"), parts[1]);
                Files.writeString(cg.resolve("cpu.cfs_quota_us"), parts[0].equals("max") ? "-1" : parts[0]);
            }
            case "cpu.max.burst" -> Files.writeString(cg.resolve("cpu.cfs_burst_us"), v);
            case "cpu.weight" ->
                Files.writeString(cg.resolve("cpu.shares"), Long.toString((Long.parseLong(v) * 1024L + 50) / 100));
            default -> throw new IOException("cannot write " + file);
        }
    }

    /** Moves one thread (v1 {@code tasks}) or the worker process (v2 {@code cgroup.procs}). */
    void attach(Path cg, long tid, long pid) throws IOException {
        if (v2) Files.writeString(cg.resolve("cgroup.procs"), Long.toString(pid));
        else Files.writeString(cg.resolve("tasks"), Long.toString(tid));
    }

    /** The file a writer of cgroup_threadgroup_rwsem writes its own pid to. */
    Path procsFile(Path cg) {
        return cg.resolve("cgroup.procs");
    }

    /** cpu.stat (and cpu.stat.local) in cli.md's names. */
    Map<String, Long> stat(Path cg) throws IOException {
        Map<String, Long> raw = read(cg.resolve("cpu.stat"));
        Map<String, Long> out = new LinkedHashMap<>();
        if (v2) {
            for (String k : new String[] {
                "usage_usec",
                "user_usec",
                "system_usec",
                "nr_periods",
                "nr_throttled",
                "throttled_usec",
                "nr_bursts",
                "burst_usec"
            }) {
                if (raw.containsKey(k)) out.put(k, raw.get(k));
            }
            Map<String, Long> local = read(cg.resolve("cpu.stat.local"));
            if (local.containsKey("throttled_usec")) out.put("local_throttled_usec", local.get("throttled_usec"));
        } else {
            if (raw.containsKey("nr_periods")) out.put("nr_periods", raw.get("nr_periods"));
            if (raw.containsKey("nr_throttled")) out.put("nr_throttled", raw.get("nr_throttled"));
            if (raw.containsKey("throttled_time")) out.put("throttled_usec", raw.get("throttled_time") / 1000);
            if (raw.containsKey("nr_bursts")) out.put("nr_bursts", raw.get("nr_bursts"));
            if (raw.containsKey("burst_time")) out.put("burst_usec", raw.get("burst_time") / 1000);
            Map<String, Long> local = read(cg.resolve("cpu.stat.local"));
            if (local.containsKey("throttled_time"))
                out.put("local_throttled_usec", local.get("throttled_time") / 1000);
        }
        return out;
    }

    private static Map<String, Long> read(Path f) throws IOException {
        Map<String, Long> m = new LinkedHashMap<>();
        if (!Files.exists(f)) return m;
        for (String line : KernelFiles.lines(f)) {
            String[] kv = line.trim().split("\\s+");
            if (kv.length == 2)
                try {
                    m.put(kv[0], Long.parseLong(kv[1]));
                } catch (NumberFormatException ignored) {
                }
        }
        return m;
    }

    /**
     * Removes the cgroups a recorder no longer alive left ({@code throttlescope-<pid>} beside ours):
     * its workers still inside are killed first (they are a recorder's, started by it, nobody else's),
     * then the cgroups deepest first. Returns what was cleaned.
     */
    List<String> cleanLeftovers(String prefix, long self) {
        List<String> done = new ArrayList<>();
        try (var l = Files.list(root)) {
            for (Path d : l.toList()) {
                String n = d.getFileName().toString();
                if (!n.startsWith(prefix) || !Files.isDirectory(d)) continue;
                long owner;
                try {
                    owner = Long.parseLong(n.substring(prefix.length()));
                } catch (NumberFormatException e) {
                    continue;
                }
                if (owner == self || ProcessHandle.of(owner).isPresent()) continue;
                List<Path> all;
                try (var w = Files.walk(d)) {
                    all = w.filter(Files::isDirectory)
                            .sorted(Comparator.reverseOrder())
                            .toList();
                }
                int killed = 0;
                for (Path c : all) {
                    for (String f : new String[] {"cgroup.procs", "tasks"}) {
                        Path procs = c.resolve(f);
                        if (!Files.isRegularFile(procs)) continue;
                        for (String pid : KernelFiles.lines(procs)) {
                            try {
                                var ph = ProcessHandle.of(Long.parseLong(pid.strip()));
                                if (ph.isPresent() && ph.get().destroyForcibly()) killed++;
                            } catch (NumberFormatException ignored) {
                            }
                        }
                    }
                }
                boolean removed = true;
                for (Path c : all) {
                    boolean ok = false;
                    for (int attempt = 0; attempt < 100 && !ok; attempt++) {
                        try {
                            Files.delete(c);
                            ok = true;
                        } catch (IOException e) {
                            try {
                                Thread.sleep(20);
                            } catch (InterruptedException ie) {
                                Thread.currentThread().interrupt();
                                break;
                            }
                        }
                    }
                    removed &= ok;
                }
                done.add("cgroup " + d + (killed > 0 ? " and its " + killed + " worker" + (killed == 1 ? "" : "s") : "")
                        + (removed ? "" : " (not all removed)"));
            }
        } catch (IOException ignored) {
        }
        return done;
    }

    /** Removes what was made, deepest first; the tasks must be gone. Returns what could not be removed. */
    List<String> removeAll() {
        List<String> left = new ArrayList<>();
        for (int i = made.size() - 1; i >= 0; i--) {
            Path p = made.get(i);
            boolean ok = false;
            for (int attempt = 0; attempt < 50 && !ok; attempt++) {
                try {
                    Files.delete(p); // rmdir
                    ok = true;
                } catch (IOException e) {
                    try {
                        Thread.sleep(20);
                    } catch (InterruptedException ie) {
                        Thread.currentThread().interrupt();
                        break;
                    }
                }
            }
            if (!ok) left.add(p.toString());
        }
        made.clear();
        return left;
    }
}
