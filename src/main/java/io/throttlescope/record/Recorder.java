package io.throttlescope.record;

import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.throttlescope.files.KernelFiles;
import io.throttlescope.sim.spec.CgroupSpec;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.sim.spec.Step;
import io.throttlescope.sim.spec.TaskSpec;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Runs a scenario's workload for real on this machine and records it with tracefs: the scenario's
 * cgroups under a parent of our own, each task a worker process pinned by its {@code cpus}, the
 * trace cut to the workload, a header with the kernel release, the cgroup map and cpu.stat.
 * Everything it creates or changes is undone at the end, also when interrupted.
 */
public final class Recorder {
    public static final long MAX_DURATION_NS = 60_000_000_000L;
    public static final int MAX_TASKS = 64;
    static final String RWSEM = "cgroup_threadgroup_rwsem";

    private final Path scenarioFile;
    private SimSpec spec; // on cgroup v1, with the children v1 refused unlimited (see CgroupFs.limit)
    private final Map<String, String> v1Unlimited = new LinkedHashMap<>(); // group -> what v1 refused
    private final long durationNs;
    private final Consumer<String> progress;
    private final List<Process> workers = new ArrayList<>();
    private CgroupFs cg;
    private Tracefs tf;
    private final Set<String> readers = new HashSet<>(); // the trace_pipe readers' pids of the last recording

    /** The pids of the last recording's trace_pipe readers, whose own events the file leaves out. */
    public Set<String> readerPids() {
        return Set.copyOf(readers);
    }

    private final HungTaskSysctl hung = new HungTaskSysctl();
    /** The hung-task detector's settings this recording sets (whole seconds), or null to leave the machine's. */
    private long[] hungTaskSecs;

    private JsonObject hungHeader;
    private TimedActions actions;
    private boolean cleaned;
    /** What this recording cleaned up after an earlier one (said in its progress and kept for tests). */
    public List<String> cleanedUp = List.of();
    /** Events the trace buffer lost during the recording (its per-CPU overrun counts). */
    public long lostEvents;

    /** The ring buffer of our instance, per CPU (trace_pipe is read as it fills). */
    private int bufferKb = 16384;

    private boolean bufferChosen;

    /** A smaller (or larger) ring buffer per CPU than the 16 MiB default: tests show nothing is lost with a small one. */
    public Recorder bufferKb(int kb) {
        bufferKb = kb;
        bufferChosen = true;
        return this;
    }

    /**
     * Sets the machine's hung-task detector to the scenario's (timeout and check interval, in the
     * kernel's whole seconds) for this recording, and puts it back after. Without it the machine's
     * settings are read into the header and left alone.
     */
    public Recorder setHungTask() {
        hungTaskSecs = RecordPlan.hungTaskSecs(
                spec.kernel().hungTaskTimeoutNs(), spec.kernel().hungTaskCheckIntervalNs());
        return this;
    }

    /**
     * The CPUs the trace_pipe reader runs on: those the scenario leaves free. Null if it uses them all:
     * a reader there would run among the workload (and the filter that keeps its switches out would
     * take the workers' switches with them), so the ring buffer is then read at the end.
     */
    private String readerCpus() {
        int used = spec.kernel().cpus(), machine = Runtime.getRuntime().availableProcessors();
        return used >= machine ? null : used + "-" + (machine - 1);
    }

    public Recorder(Path scenarioFile, SimSpec spec, long durationNs, Consumer<String> progress) {
        this.scenarioFile = scenarioFile;
        this.spec = spec;
        this.durationNs = durationNs;
        this.progress = progress;
    }

    /** What stops a recording before anything is created: steps that cannot be made real, bounds. Empty if none. */
    public static List<String> refusals(SimSpec spec, long durationNs) {
        List<String> out = new ArrayList<>();
        if (durationNs <= 0 || durationNs > MAX_DURATION_NS) out.add("the duration must be above 0 and at most 60s");
        if (spec.tasks().size() > MAX_TASKS)
            out.add(spec.tasks().size() + " tasks: a recording runs at most " + MAX_TASKS);
        if (spec.kernel().cpus() > Runtime.getRuntime().availableProcessors()) {
            out.add("the scenario has " + spec.kernel().cpus() + " CPUs, this machine "
                    + Runtime.getRuntime().availableProcessors());
        }
        if (!spec.pipes().isEmpty()) out.add("pipes cannot be made real (send/recv steps)");
        out.addAll(TimedActions.refusals(spec));
        for (int i = 0; i < spec.tasks().size(); i++) {
            TaskSpec t = spec.tasks().get(i);
            if (t.kthread()) out.add("task " + t.name() + ": a kernel thread cannot be made real from user space");
            check(t, t.program(), out);
        }
        return out;
    }

    private static void check(TaskSpec t, List<Step> steps, List<String> out) {
        for (Step s : steps) {
            if (s instanceof Step.MutexLock || s instanceof Step.MutexUnlock)
                out.add(s.path() + " (task " + t.name() + "): a mutex step cannot be made real");
            else if (s instanceof Step.Send || s instanceof Step.Recv)
                out.add(s.path() + " (task " + t.name() + "): a pipe step cannot be made real");
            else if ((s instanceof Step.DownRead x && !x.lock().equals(RWSEM))
                    || (s instanceof Step.DownWrite y && !y.lock().equals(RWSEM))) {
                out.add(s.path() + " (task " + t.name() + "): only " + RWSEM
                        + " can be made real (fork/clone and cgroup.procs writes)");
            } else if (s instanceof Step.Syscall sc) {
                check(t, sc.body(), out);
            } else if (s instanceof Step.Loop l) check(t, l.body(), out);
        }
    }

    /** What this machine lacks for a recording (root, cgroups, tracefs); empty if it has everything. */
    public static List<String> missing() {
        List<String> out = new ArrayList<>();
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            out.add("recording needs Linux (this is " + System.getProperty("os.name") + ")");
            return out;
        }
        try {
            boolean root = KernelFiles.lines(Path.of("/proc/self/status")).stream()
                    .anyMatch(l -> l.startsWith("Uid:") && l.split("\\s+")[1].equals("0"));
            if (!root) out.add("recording needs root (it creates cgroups and enables tracing): run it with sudo");
        } catch (IOException e) {
            out.add("cannot read /proc/self/status");
        }
        String[] why = new String[1];
        if (CgroupFs.find("x", why) == null) out.add(why[0]);
        if (!Files.isDirectory(Path.of("/sys/kernel/tracing"))
                && !Files.isRegularFile(Path.of("/sys/kernel/debug/tracing/trace"))) {
            out.add("no tracefs: /sys/kernel/tracing does not exist");
        }
        try {
            if (new ProcessBuilder("taskset", "-V")
                            .redirectErrorStream(true)
                            .start()
                            .waitFor()
                    != 0) out.add("taskset (util-linux) does not run");
        } catch (IOException | InterruptedException e) {
            out.add("taskset (util-linux) is not installed: it pins the tasks");
        }
        return out;
    }

    /** Records into {@code out}; throws IOException with one clear message if it cannot. Always cleans up. */
    public void record(Path out) throws IOException, InterruptedException {
        Thread hook = new Thread(
                () -> { // Ctrl+C, SIGTERM: undo everything, and say what could not be
                    List<String> left = cleanup();
                    if (!left.isEmpty())
                        System.err.println(
                                "throttlescope record: interrupted; could not undo: " + String.join(", ", left));
                    else System.err.println("throttlescope record: interrupted; everything it set up was undone");
                },
                "record-cleanup");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            run(out);
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            // what could not be undone is said first, then why the recording failed (a throw in finally lost the
            // latter)
            if (undo(hook) instanceof IOException u)
                throw new IOException(u.getMessage() + " (after the recording failed: " + e.getMessage() + ")", e);
            throw e;
        }
        if (undo(hook) instanceof IOException u) throw u;
    }

    /** Cleans up and removes the shutdown hook; an IOException naming what could not be undone, or null. */
    private Exception undo(Thread hook) {
        List<String> left = cleanup();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException ignored) {
        }
        return left.isEmpty() ? null : new IOException("could not undo: " + String.join(", ", left));
    }

    private void run(Path out) throws IOException, InterruptedException {
        String[] why = new String[1];
        String parentName = "throttlescope-" + ProcessHandle.current().pid();
        cg = CgroupFs.find(parentName, why);
        if (cg == null) throw new IOException(why[0]);
        List<String> staleMounts = Tracefs.cleanLeftoverMounts();
        tf = Tracefs.open(why);
        if (tf == null) throw new IOException(why[0]);
        // what a recorder killed before its cleanup left (SIGKILL, the OOM killer): its workers, cgroups, instance,
        // probes
        List<String> stale = new ArrayList<>(staleMounts);
        stale.addAll(cg.cleanLeftovers("throttlescope-", ProcessHandle.current().pid()));
        stale.addAll(tf.cleanLeftovers());
        stale.addAll(hung.cleanLeftovers());
        if (!stale.isEmpty())
            progress.accept("cleaned up after a recorder that did not finish: " + String.join(", ", stale));
        cleanedUp = stale;
        progress.accept("creating cgroups under " + cg.parent);
        cg.createParent();
        Map<String, Path> groups = new LinkedHashMap<>();
        List<CgroupSpec> parentsFirst = new ArrayList<>(spec.cgroups().values());
        parentsFirst.sort(Comparator.comparingInt(
                c -> c.path().split("/").length)); // a child's check on v1 needs its parent's limit written
        for (CgroupSpec c : parentsFirst) {
            Path p = cg.create(c.path());
            groups.put(c.path(), p);
            String refused = cg.limit(p, c.quotaUs(), c.periodUs(), c.burstUs(), c.weight());
            if (refused != null) {
                progress.accept(refused);
                v1Unlimited.put(c.path(), refused);
            }
        }
        Map<String, CgroupSpec> written = new LinkedHashMap<>(); // in the scenario's order
        for (CgroupSpec c : spec.cgroups().values())
            written.put(
                    c.path(),
                    v1Unlimited.containsKey(c.path())
                            ? new CgroupSpec(c.path(), -1, c.periodUs(), c.burstUs(), c.weight(), c.phaseNs())
                            : c);
        spec = spec.withCgroups(written);
        long maxKernel = 1_000_000;
        for (TaskSpec t : spec.tasks()) maxKernel = Math.max(maxKernel, maxKernel(t.program()));

        checkMemory(spec.tasks().size(), maxKernel);
        progress.accept("starting " + spec.tasks().size() + " workers and calibrating them");
        String java = ProcessHandle.current().info().command().orElse("java");
        long[] tids = new long[spec.tasks().size()], pids = new long[tids.length];
        List<BufferedReader> outs = new ArrayList<>();
        for (int i = 0; i < spec.tasks().size(); i++) {
            TaskSpec t = spec.tasks().get(i);
            Path group = t.cgroup().equals("/") ? cg.parent : groups.get(t.cgroup());
            // cgroup v2 keeps processes out of a cgroup that has controllers for its children: "/" tasks stay where
            // they are
            String procs =
                    cg.v2 && t.cgroup().equals("/") ? "-" : cg.procsFile(group).toString();
            // a worker cannot outlive the recorder: it exits when the recorder's pipe closes, and at its own deadline
            long deadlineMs = System.currentTimeMillis() + 120_000 + durationNs / 1_000_000;
            List<String> cmd = List.of(
                    java,
                    "-XX:+UseSerialGC",
                    "-XX:TieredStopAtLevel=1",
                    "-Xmx64m",
                    "-XX:MaxDirectMemorySize=" + Worker.MAX_BUFFER_MB + "m",
                    "-cp",
                    System.getProperty("java.class.path"),
                    Worker.class.getName(),
                    scenarioFile.toAbsolutePath().toString(),
                    Integer.toString(i),
                    Long.toString(spec.seed() + i),
                    Long.toString(maxKernel),
                    procs,
                    Long.toString(deadlineMs));
            Process p = new ProcessBuilder(cmd)
                    .redirectError(ProcessBuilder.Redirect.INHERIT)
                    .start();
            workers.add(p);
            BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII));
            outs.add(r);
        }
        for (int i = 0; i < workers.size(); i++) {
            String line = outs.get(i).readLine();
            if (line == null || !line.startsWith("ready "))
                throw new IOException("worker " + spec.tasks().get(i).name() + " did not start");
            tids[i] = Long.parseLong(line.split(" ")[1]);
            pids[i] = workers.get(i).pid();
        }
        actions = new TimedActions(spec, cg, groups, tids, pids, tf);
        actions.check();
        for (int i = 0; i < workers.size(); i++) {
            TaskSpec t = spec.tasks().get(i);
            Path group = t.cgroup().equals("/") ? cg.parent : groups.get(t.cgroup());
            if (!(cg.v2 && t.cgroup().equals("/")))
                cg.attach(group, tids[i], workers.get(i).pid());
            exec("taskset", "-p", "-c", cpuList(t.cpus(), spec.kernel().cpus()), Long.toString(tids[i]));
            if (t.nice() != 0) exec("renice", "-n", Integer.toString(t.nice()), "-p", Long.toString(tids[i]));
        }

        if (hungTaskSecs != null) hung.set(hungTaskSecs[0], hungTaskSecs[1]);
        hungHeader = hung.header(); // before the workload: the warnings left count down
        progress.accept("enabling tracing in " + tf.dir);
        String readerCpus = readerCpus();
        if (readerCpus == null && !bufferChosen)
            bufferKb = endReadBufferKb(
                    durationNs, memAvailable(), Runtime.getRuntime().availableProcessors());
        List<String> probes = tf.prepare(bufferKb);
        if (readerCpus != null)
            tf.startPipe(readerCpus); // else the ring buffer is read at the end: no reader among the workload
        Map<String, Map<String, Long>> startStats = new LinkedHashMap<>(); // cpu.stat as the workload starts
        for (var e : groups.entrySet()) startStats.put(e.getKey(), cg.stat(e.getValue()));
        actions.prepare(readerCpus);
        tf.start();
        long t0 = System.nanoTime();
        tf.mark(GO);
        for (Process p : workers) {
            OutputStream o = p.getOutputStream();
            o.write("go\n".getBytes(StandardCharsets.US_ASCII));
            o.flush();
        }
        actions.go(t0);
        long deadline = t0 + durationNs;
        while (System.nanoTime() < deadline) {
            if (workers.stream().noneMatch(Process::isAlive)) break;
            long left = deadline - System.nanoTime();
            Thread.sleep(Math.max(1, Math.min(500, left / 1_000_000)));
            progress.accept(
                    String.format("recording: %.1f of %.1f s", (System.nanoTime() - t0) / 1e9, durationNs / 1e9));
        }
        actions.await(
                System.nanoTime() + 50_000_000L); // one under way at the deadline returns; later ones are not made
        // cpu.stat as the trace ends, before the kill: read on both sides of the end mark until no refill came
        // between the readings (cpu.stat and cpu.stat.local are two files: a refill between them had split one state
        // in two, 89.1 ms throttled in one and 179.4 in the other, while the trace went on past the refill)
        Map<String, Map<String, Long>> stats = null;
        for (int attempt = 0; attempt < 5; attempt++) {
            Map<String, Map<String, Long>> before = stats(groups);
            tf.mark(END);
            stats = stats(groups);
            if (samePeriods(before, stats(groups))) break; // no refill from before the mark to after the reading
            if (attempt == 4) progress.accept("a refill came between every reading of cpu.stat: the last one is kept");
        }
        JsonArray work = work(outs); // what each step measured, asked before the kill
        for (Process p : workers) p.destroyForcibly();
        for (Process p : workers) p.waitFor();
        tf.stop();
        lostEvents = tf.lost();
        List<String> lines = tf.piping() ? tf.drainPipe() : tf.read();
        progress.accept("writing " + out);
        write(out, lines, tids, probes, stats, startStats, work);
    }

    private Map<String, Map<String, Long>> stats(Map<String, Path> groups) throws IOException {
        Map<String, Map<String, Long>> out = new LinkedHashMap<>();
        for (var e : groups.entrySet()) out.put(e.getKey(), cg.stat(e.getValue()));
        return out;
    }

    /** True if no group's period timer fired between two readings of cpu.stat (its nr_periods is the same). */
    static boolean samePeriods(Map<String, Map<String, Long>> a, Map<String, Map<String, Long>> b) {
        for (var e : a.entrySet()) {
            Map<String, Long> other = b.get(e.getKey());
            if (other == null || !Objects.equals(e.getValue().get("nr_periods"), other.get("nr_periods"))) return false;
        }
        return true;
    }

    /**
     * Asks every worker what its steps measured (thread CPU per step, see RecordedWork) and waits
     * up to two seconds for the answers: a worker stuck in D state answers from another thread, one
     * whose program ended wrote them before it exited, one that does not answer in time (or was
     * killed) gets an empty list, and the simulation keeps the scenario's values for it.
     */
    private JsonArray work(List<BufferedReader> outs) {
        String[] answers = new String[workers.size()];
        List<Thread> copiers = new ArrayList<>();
        for (int i = 0; i < workers.size(); i++) {
            final int k = i;
            try {
                OutputStream o = workers.get(i).getOutputStream();
                o.write("work\n".getBytes(StandardCharsets.US_ASCII));
                o.flush();
            } catch (IOException e) {
                // gone: a task whose program ended left its measurements in the pipe before it exited
            }
            Thread t = new Thread(
                    () -> {
                        try {
                            for (String l; (l = outs.get(k).readLine()) != null; )
                                if (l.startsWith("work")) {
                                    answers[k] = l;
                                    return;
                                }
                        } catch (IOException ignored) {
                        }
                    },
                    "work-" + i);
            t.setDaemon(true);
            t.start();
            copiers.add(t);
        }
        long until = System.nanoTime() + 2_000_000_000L;
        for (Thread t : copiers) {
            try {
                t.join(Math.max(1, (until - System.nanoTime()) / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        JsonArray all = new JsonArray();
        for (String a : answers) {
            JsonArray task = new JsonArray();
            String[] f = a == null ? new String[0] : a.trim().split(" ");
            for (int j = 1; j + 2 < f.length; j += 3) {
                JsonArray m = new JsonArray();
                m.add(Integer.parseInt(f[j]));
                m.add(Long.parseLong(f[j + 1]));
                m.add(Long.parseLong(f[j + 2]));
                task.add(m);
            }
            all.add(task);
        }
        return all;
    }

    /**
     * The ring buffer per CPU of a recording read only at its end (its scenario uses every CPU, so no
     * reader runs beside it): 16 MiB for every 2 s recorded, up to 256 MiB, the buffers of all the
     * machine's CPUs together within an eighth of the memory available, and never below the 16 MiB a
     * recording always had. The 12 s pile-up on two CPUs overran 16 MiB, losing 392,799 events
     * (counted in lost_events); a loss that remains is counted there still.
     */
    static int endReadBufferKb(long durationNs, long availableBytes, int cpus) {
        long kb = 16384L * Math.max(1, (durationNs + 1_999_999_999L) / 2_000_000_000L);
        kb = Math.min(kb, 262144);
        if (availableBytes > 0) kb = Math.min(kb, availableBytes / 8 / Math.max(1, cpus) / 1024);
        return (int) Math.max(16384, kb);
    }

    /**
     * Each worker makes a kernel step one read() of /dev/zero into a buffer sized for the longest
     * step (up to 1 GiB): the buffers together must fit in half the memory the machine has available,
     * checked before anything starts (4 tasks with a 150 ms step took 4.3 GB; 64 would have needed 66 GB).
     */
    static void checkMemory(int tasks, long maxKernelNs) throws IOException {
        double rate = zeroReadRate();
        long perWorker = (long) Math.min(1L << 30, Math.max(4096, maxKernelNs * rate)) + (64L << 20);
        long need = perWorker * tasks, available = memAvailable();
        if (available > 0 && need > available / 2) {
            throw new IOException(String.format(
                    Locale.ROOT,
                    "the %d workers would need %.1f GiB for their kernel steps of up to %.0f ms"
                            + " (one read() each), over half of the %.1f GiB this machine has available: shorten the kernel steps or record fewer tasks",
                    tasks,
                    need / (double) (1L << 30),
                    maxKernelNs / 1e6,
                    available / (double) (1L << 30)));
        }
    }

    /** Bytes a read() of /dev/zero fills per ns here (a 16 MiB probe). */
    private static double zeroReadRate() throws IOException {
        try (var zero = new RandomAccessFile("/dev/zero", "r").getChannel()) {
            return Worker.readRate(zero, 16 << 20, 3);
        }
    }

    /** MemAvailable of /proc/meminfo in bytes (0 if unknown). */
    static long memAvailable() {
        try {
            for (String l : KernelFiles.lines(Path.of("/proc/meminfo")))
                if (l.startsWith("MemAvailable:")) return Long.parseLong(l.replaceAll("[^0-9]", "")) * 1024;
        } catch (IOException | NumberFormatException ignored) {
        }
        return 0;
    }

    private static long maxKernel(List<Step> steps) {
        long m = 0;
        for (Step s : steps) {
            if (s instanceof Step.Kernel k) m = Math.max(m, k.d().typical() * 3 / 2);
            else if (s instanceof Step.Exit x && x.d() != null) m = Math.max(m, x.d().typical() * 3 / 2);
            else if (s instanceof Step.Syscall sc) m = Math.max(m, maxKernel(sc.body()));
            else if (s instanceof Step.Loop l) m = Math.max(m, maxKernel(l.body()));
        }
        return Math.min(m, 200_000_000L);
    }

    static String cpuList(long[] mask, int cpus) {
        StringBuilder b = new StringBuilder();
        for (int c = 0; c < cpus; c++)
            if ((mask[c >>> 6] & (1L << (c & 63))) != 0)
                b.append(b.length() == 0 ? "" : ",").append(c);
        return b.length() == 0 ? "0" : b.toString();
    }

    private static void exec(String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String o = new String(p.getInputStream().readAllBytes(), Charset.defaultCharset());
        if (p.waitFor() != 0) throw new IOException(String.join(" ", cmd) + " failed: " + o.strip());
    }

    public static final String GO = RecordingFile.GO, END = RecordingFile.END;

    /** The header, then the trace between the two marks (RecordingFile). */
    private void write(
            Path out,
            List<String> lines,
            long[] tids,
            List<String> probes,
            Map<String, Map<String, Long>> stats,
            Map<String, Map<String, Long>> startStats,
            JsonArray work)
            throws IOException {
        Set<String> ours = new HashSet<>();
        for (long t : tids) ours.add(Long.toString(t));
        readers.clear();
        for (long r : tf.readers()) readers.add(Long.toString(r));
        int cpus = spec.kernel().cpus();
        JsonObject h = new JsonObject();
        h.addProperty("recorded_by", "throttlescope record");
        h.addProperty("recorded_at", Instant.now().toString());
        h.addProperty("kernel", KernelFiles.value(Path.of("/proc/sys/kernel/osrelease")));
        int hz = KernelFiles.configHz(Path.of("/proc/config.gz"));
        if (hz > 0) h.addProperty("hz", hz); // its tick: when it charges runtime
        h.addProperty("machine_cpus", Runtime.getRuntime().availableProcessors());
        h.addProperty("cpus", cpus);
        h.addProperty("cgroup_version", cg.v2 ? 2 : 1);
        h.addProperty("duration_ns", durationNs);
        h.addProperty("scenario_file", scenarioFile.getFileName().toString());
        JsonObject scenario =
                JsonParser.parseString(Files.readString(scenarioFile)).getAsJsonObject();
        if (!v1Unlimited.isEmpty()) { // the scenario as recorded: what v1 refused is unlimited, and said so
            JsonObject why = new JsonObject();
            for (var e : v1Unlimited.entrySet()) {
                JsonObject g = scenario.getAsJsonObject("cgroups").getAsJsonObject(e.getKey());
                g.addProperty("cpu.max", "max " + spec.cgroups().get(e.getKey()).periodUs());
                why.addProperty(e.getKey(), e.getValue());
            }
            h.add("v1_unlimited", why);
        }
        h.add("scenario", scenario);
        JsonObject map = new JsonObject(), mg = new JsonObject(), mt = new JsonObject();
        for (CgroupSpec c : spec.cgroups().values()) {
            JsonObject x = new JsonObject();
            x.addProperty("cpu.max", (c.quotaUs() < 0 ? "max" : Long.toString(c.quotaUs())) + " " + c.periodUs());
            mg.add(c.path(), x);
        }
        JsonObject fullNames = new JsonObject(); // the comm is cut at 15 characters: the full name by COMM-TID
        for (int i = 0; i < tids.length; i++) {
            TaskSpec t = spec.tasks().get(i);
            String comm = t.name().length() > 15 ? t.name().substring(0, 15) : t.name();
            mt.addProperty(comm + "-" + tids[i], t.cgroup());
            fullNames.addProperty(comm + "-" + tids[i], t.name());
        }
        map.add("cgroups", mg);
        map.addProperty("root", "/" + cg.root.relativize(cg.parent)); // the trace's dst_paths are under our parent
        map.add("tasks", mt);
        h.add("cgroup_map", map);
        h.add("task_names", fullNames);
        h.add("cpu_stat", new Gson().toJsonTree(stats));
        h.add("cpu_stat_start", new Gson().toJsonTree(startStats));
        if (hungHeader != null) h.add("hung_task", hungHeader);
        h.add("recorded_work", work);
        h.addProperty("sleeps_measured", Worker.sleepsMeasured());
        h.add("probes", new Gson().toJsonTree(probes));
        h.addProperty("lost_events", lostEvents); // what the instance's ring buffer overwrote or dropped
        if (actions != null) h.add("actions", actions.header());
        RecordingFile.write(out, h, lines, ours, readers, cpus);
    }

    /** Kills the workers, removes the cgroups, restores tracing; returns what could not be undone. Idempotent. */
    synchronized List<String> cleanup() {
        if (cleaned) return List.of();
        cleaned = true;
        for (Process p : workers) p.destroyForcibly();
        for (Process p : workers) {
            try {
                p.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        List<String> left = new ArrayList<>();
        if (tf != null) left.addAll(tf.restore());
        left.addAll(hung.restore());
        if (cg != null) left.addAll(cg.removeAll());
        return left;
    }
}
