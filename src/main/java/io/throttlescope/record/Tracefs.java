package io.throttlescope.record;

import io.throttlescope.files.KernelFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * tracefs for a recording, in a trace instance of its own ({@code instances/throttlescope-<pid>}):
 * its own ring buffer, event switches and {@code tracing_on}, so a recording neither disturbs nor
 * is disturbed by other tracers (the top-level buffer and its switches are never touched). Kprobes
 * are defined machine-wide, so ours carry the recorder's pid ({@code ts<pid>_throttle_cfs_rq}) and
 * are enabled in our instance only. A recorder that died leaves its instance and probes behind:
 * {@link #cleanLeftovers} removes those of recorders no longer alive. Mounts tracefs if it is not.
 */
final class Tracefs {
    static final String[] EVENTS = {
        "sched/sched_switch",
        "sched/sched_wakeup",
        "sched/sched_wakeup_new",
        "sched/sched_migrate_task",
        "sched/sched_process_fork",
        "sched/sched_process_exit",
        "sched/sched_process_hang",
        "raw_syscalls/sys_enter",
        "raw_syscalls/sys_exit",
        "cgroup/cgroup_attach_task"
    };
    static final String[] PROBES = {
        "throttle_cfs_rq", "unthrottle_cfs_rq", "task_throttle_setup_work", "throttle_cfs_rq_work"
    };
    static final String INSTANCE_PREFIX = "throttlescope-";
    private static final Pattern OUR_PROBE = Pattern.compile("^p:kprobes/(ts(\\d+)_\\w+) ");

    /** The tracefs mount; {@link #dir} is our instance in it. */
    final Path root;

    Path dir;
    private final boolean mounted;
    private final List<String> probesAdded = new ArrayList<>();
    private final long pid = ProcessHandle.current().pid();

    private Tracefs(Path root, boolean mounted) {
        this.root = root;
        this.dir = root;
        this.mounted = mounted;
    }

    /** Where a recorder mounts tracefs for itself when the system has not: its own mount point, never /sys/kernel/tracing. */
    static final Path PRIVATE_MOUNTS = Path.of("/run");

    static final String MOUNT_SUFFIX = "-tracing";

    /**
     * Finds tracefs. Where the system has not mounted it, mounts it at a point of our own
     * ({@code /run/throttlescope-<pid>-tracing}): unmounting that at the end cannot pull tracefs from
     * under another tracer or another recording. Null with the reason in why[0].
     */
    static Tracefs open(String[] why) {
        for (Path p : new Path[] {Path.of("/sys/kernel/tracing"), Path.of("/sys/kernel/debug/tracing")}) {
            if (Files.isRegularFile(p.resolve("trace"))) return new Tracefs(p, false);
        }
        Path p =
                PRIVATE_MOUNTS.resolve(INSTANCE_PREFIX + ProcessHandle.current().pid() + MOUNT_SUFFIX);
        try {
            Files.createDirectories(p);
            Process m = new ProcessBuilder("mount", "-t", "tracefs", "nodev", p.toString())
                    .redirectErrorStream(true)
                    .start();
            String out = new String(m.getInputStream().readAllBytes(), Charset.defaultCharset()).strip();
            if (m.waitFor() == 0 && Files.isRegularFile(p.resolve("trace"))) return new Tracefs(p, true);
            try {
                Files.deleteIfExists(p);
            } catch (IOException ignored) {
            }
            why[0] = "tracefs is not mounted and mount -t tracefs nodev " + p + " failed: " + out;
            return null;
        } catch (IOException | InterruptedException e) {
            why[0] = "tracefs is not mounted and mounting it at " + p + " failed: " + e.getMessage();
            return null;
        }
    }

    /** The private mount points of recorders no longer alive: unmounted and removed. */
    static List<String> cleanLeftoverMounts() {
        List<String> done = new ArrayList<>();
        try (var l = Files.list(PRIVATE_MOUNTS)) {
            for (Path d : l.toList()) {
                String n = d.getFileName().toString();
                if (!n.startsWith(INSTANCE_PREFIX) || !n.endsWith(MOUNT_SUFFIX)) continue;
                long owner = pidOf(n.substring(INSTANCE_PREFIX.length(), n.length() - MOUNT_SUFFIX.length()));
                if (!deadRecorder(owner)) continue;
                if (Files.isRegularFile(d.resolve("trace"))) {
                    done.addAll(stopReaders(d.resolve("instances")
                            .resolve(INSTANCE_PREFIX + owner)
                            .resolve("trace_pipe")));
                    try {
                        new ProcessBuilder("umount", d.toString()).start().waitFor();
                    } catch (IOException | InterruptedException ignored) {
                    }
                }
                try {
                    Files.delete(d);
                    done.add("tracefs mount " + d);
                } catch (IOException e) {
                    done.add("tracefs mount " + d + " (could not remove: " + e.getMessage() + ")");
                }
            }
        } catch (IOException ignored) {
        }
        return done;
    }

    /** The name of our kprobe on a function. */
    String probeName(String fn) {
        return "ts" + pid + "_" + fn;
    }

    /**
     * Removes what recorders no longer alive left: their instances and their kprobes. Returns what
     * was removed (to say so), never touching another live recorder's.
     */
    List<String> cleanLeftovers() {
        List<String> done = new ArrayList<>();
        Path inst = root.resolve("instances");
        if (Files.isDirectory(inst)) {
            try (var l = Files.list(inst)) {
                for (Path d : l.toList()) {
                    String n = d.getFileName().toString();
                    if (!n.startsWith(INSTANCE_PREFIX)) continue;
                    long owner = pidOf(n.substring(INSTANCE_PREFIX.length()));
                    if (!deadRecorder(owner)) continue;
                    try {
                        Files.writeString(d.resolve("tracing_on"), "0");
                    } catch (IOException ignored) {
                    }
                    done.addAll(stopReaders(d.resolve("trace_pipe")));
                    try {
                        Files.delete(d);
                        done.add("trace instance " + n);
                    } catch (IOException e) {
                        done.add("trace instance " + n + " (could not remove: " + e.getMessage() + ")");
                    }
                }
            } catch (IOException ignored) {
            }
        }
        done.addAll(cleanLeftoverPipeFiles());
        Path kp = root.resolve("kprobe_events");
        if (Files.isReadable(kp)) {
            try {
                for (String line : KernelFiles.lines(kp)) {
                    Matcher m = OUR_PROBE.matcher(line);
                    if (!m.find()) continue;
                    long owner = pidOf(m.group(2));
                    if (!deadRecorder(owner)) continue;
                    try {
                        Files.writeString(kp, "-:kprobes/" + m.group(1) + "\n", StandardOpenOption.APPEND);
                        done.add("kprobe " + m.group(1));
                    } catch (IOException e) {
                        done.add("kprobe " + m.group(1) + " (could not remove: " + e.getMessage() + ")");
                    }
                }
            } catch (IOException ignored) {
            }
        }
        return done;
    }

    /** The temporary copies of trace_pipe that recorders no longer alive left (a SIGKILL leaves its copy). */
    private List<String> cleanLeftoverPipeFiles() {
        List<String> done = new ArrayList<>();
        Pattern name = Pattern.compile("^throttlescope-(\\d+)-trace\\d*\\.txt$");
        try (var l = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            for (Path f : l.toList()) {
                Matcher m = name.matcher(f.getFileName().toString());
                if (!m.matches()) continue;
                long owner = pidOf(m.group(1));
                if (!deadRecorder(owner)) continue;
                try {
                    Files.delete(f);
                    done.add("temporary trace " + f);
                } catch (IOException e) {
                    done.add("temporary trace " + f + " (could not remove: " + e.getMessage() + ")");
                }
            }
        } catch (IOException ignored) {
        }
        return done;
    }

    /**
     * The trace_pipe readers a dead recorder started on its instance ({@code cat} of exactly that
     * path, which holds the instance open): stopped. No other process is touched.
     */
    private static List<String> stopReaders(Path pipe) {
        List<String> done = new ArrayList<>();
        String want = "cat\0" + pipe + "\0";
        ProcessHandle.allProcesses().forEach(p -> {
            try {
                String cmd = KernelFiles.read(
                        Path.of("/proc", Long.toString(p.pid()), "cmdline"), StandardCharsets.ISO_8859_1);
                if (cmd.equals(want) && p.destroyForcibly()) done.add("trace_pipe reader " + p.pid());
            } catch (IOException | RuntimeException ignored) {
                // gone, or not ours to read
            }
        });
        return done;
    }

    /** True for the pid of a recorder that is no longer alive (not this one): what it left may be removed. */
    static boolean deadRecorder(long owner) {
        return owner > 0
                && owner != ProcessHandle.current().pid()
                && ProcessHandle.of(owner).isEmpty();
    }

    private static long pidOf(String digits) {
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * Makes our instance (its buffer {@code bufferKb} per CPU), enables the events and our kprobes
     * there; returns the kprobes enabled (by the function they probe).
     */
    List<String> prepare(int bufferKb) throws IOException {
        Path inst = root.resolve("instances").resolve(INSTANCE_PREFIX + pid);
        if (Files.exists(inst)) throw new IOException(inst + " exists already");
        Files.createDirectory(inst);
        dir = inst;
        Files.writeString(dir.resolve("tracing_on"), "0");
        KernelFiles.write(dir.resolve("buffer_size_kb"), Integer.toString(bufferKb));
        long got = KernelFiles.number(
                dir.resolve("buffer_size_kb")); // read back: the kernel rounds up to whole pages; less is refused
        if (got < bufferKb)
            throw new IOException(dir.resolve("buffer_size_kb") + " reads " + got + " after writing " + bufferKb
                    + ": the kernel gave less buffer");
        for (String e : EVENTS) {
            Path en = dir.resolve("events").resolve(e).resolve("enable");
            if (Files.exists(en)) Files.writeString(en, "1");
        }
        Path kp = root.resolve("kprobe_events");
        List<String> enabled = new ArrayList<>();
        if (Files.isWritable(kp)) {
            for (String fn : PROBES) {
                try {
                    Files.writeString(kp, "p:kprobes/" + probeName(fn) + " " + fn + "\n", StandardOpenOption.APPEND);
                    probesAdded.add(probeName(fn));
                    Files.writeString(dir.resolve("events/kprobes/" + probeName(fn) + "/enable"), "1");
                    enabled.add(fn);
                } catch (IOException ignored) {
                    // the function is not probeable on this kernel (e.g. inlined, or 6.18-only): go without
                }
            }
        }
        return enabled;
    }

    /** A line in the trace through our instance's trace_marker (shown as a note on import). */
    void mark(String text) {
        try {
            Files.writeString(dir.resolve("trace_marker"), text + "\n");
        } catch (IOException ignored) {
        }
    }

    void start() throws IOException {
        Files.writeString(dir.resolve("tracing_on"), "1");
    }

    /** Stops tracing; a trace_pipe reader that ended before this failed (while tracing is on it never ends by itself). */
    void stop() throws IOException {
        if (pipeReader != null && !pipeReader.isAlive()) readerFailed = true;
        Files.writeString(dir.resolve("tracing_on"), "0");
    }

    private volatile boolean readerFailed;

    private Process pipeReader;
    private Thread pipeCopier;
    private Path pipeFile;
    private final AtomicLong pipeBytes = new AtomicLong();
    private final List<Long> readers = new ArrayList<>();

    /**
     * Reads our instance's {@code trace_pipe} into a temporary file while the recording runs. The read
     * consumes the ring buffer as it goes, so the buffer never wraps over what was not read yet, however
     * long the recording (reading {@code trace} at the end lost the start of recordings over ~8 s).
     * {@code cat} does the blocking read (a Java thread blocked in it cannot be stopped), on the CPUs
     * given (those the scenario leaves free, if any) at nice -10, with the copying thread: at nice 19 (as before)
     * two busy loops of other work starved it and a 64 KiB buffer lost 168 events; its output comes here
     * through a pipe, so it dies at its next write if the recorder dies. Neither cat nor the copying
     * thread is traced: their syscalls through {@code set_event_notrace_pid}, their wake-ups and
     * switches (logged by whoever woke or switched them) through event filters; otherwise each read
     * would log events that wake the reader again, without end.
     */
    synchronized void startPipe(String cpuList) throws IOException {
        pipeFile = Files.createTempFile("throttlescope-" + pid + "-trace", ".txt");
        pipeReader = new ProcessBuilder(
                        "nice",
                        "-n",
                        "-10",
                        "taskset",
                        "-c",
                        cpuList,
                        "cat",
                        dir.resolve("trace_pipe").toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        InputStream in = pipeReader.getInputStream();
        Path into = pipeFile;
        pipeCopier = new Thread(
                () -> {
                    try (OutputStream o = Files.newOutputStream(into)) {
                        byte[] b = new byte[1 << 16];
                        for (int n; (n = in.read(b)) > 0; ) {
                            o.write(b, 0, n);
                            pipeBytes.addAndGet(n);
                        }
                    } catch (IOException e) {
                        if (!stopping) copyFailed = e; // a full disk, say: the recording falls back to the ring buffer
                    }
                },
                "trace_pipe");
        pipeCopier.setDaemon(true);
        pipeCopier.start();
        readers.add(pipeReader.pid());
        long copier = threadNamed("trace_pipe");
        if (copier > 0) {
            readers.add(copier);
            try { // the copying thread stays off the scenario's CPUs as well
                new ProcessBuilder("taskset", "-p", "-c", cpuList, Long.toString(copier))
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .start()
                        .waitFor();
                new ProcessBuilder("renice", "-n", "-10", "-p", Long.toString(copier))
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .start()
                        .waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        StringBuilder sw = new StringBuilder(), pidF = new StringBuilder(), common = new StringBuilder();
        for (long r : readers) {
            try {
                Files.writeString(dir.resolve("set_event_notrace_pid"), r + "\n", StandardOpenOption.APPEND);
            } catch (IOException ignored) {
            }
            sw.append(sw.length() == 0 ? "" : " && ")
                    .append("prev_pid != ")
                    .append(r)
                    .append(" && next_pid != ")
                    .append(r);
            pidF.append(pidF.length() == 0 ? "" : " && ").append("pid != ").append(r);
            common.append(common.length() == 0 ? "" : " && ")
                    .append("common_pid != ")
                    .append(r);
        }
        // only the reader's CPUs, which the scenario does not use, lose switch lines to this filter
        filter("sched/sched_switch", sw.toString());
        for (String e : new String[] {"sched/sched_wakeup", "sched/sched_wakeup_new", "sched/sched_migrate_task"})
            filter(e, pidF.toString());
        // kernels before 5.8 have no set_event_notrace_pid: the reader's syscalls are filtered out by pid as well
        for (String e : new String[] {"raw_syscalls/sys_enter", "raw_syscalls/sys_exit"}) filter(e, common.toString());
    }

    private volatile boolean stopping;
    private volatile IOException copyFailed;

    /** True while a trace_pipe reader runs (a recording on every CPU of the machine reads the ring buffer at the end instead). */
    boolean piping() {
        return pipeReader != null;
    }

    private void filter(String event, String expr) {
        if (expr.isEmpty()) return;
        Path f = dir.resolve("events").resolve(event).resolve("filter");
        try {
            if (Files.isWritable(f)) Files.writeString(f, expr);
        } catch (IOException ignored) {
        }
    }

    /** The pids of the trace_pipe reader and its copying thread, whose events a recording leaves out. */
    List<Long> readers() {
        return readers;
    }

    /** The thread id of this process's thread with that name (its comm), waiting up to a second for it to start; -1 if none. */
    private static long threadNamed(String name) {
        for (int tries = 0; tries < 100; tries++) {
            try (var l = Files.list(Path.of("/proc/self/task"))) {
                for (Path t : l.toList()) {
                    try {
                        if (KernelFiles.value(t.resolve("comm")).equals(name))
                            return Long.parseLong(t.getFileName().toString());
                    } catch (IOException | NumberFormatException ignored) {
                    }
                }
            } catch (IOException e) {
                return -1;
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return -1;
            }
        }
        return -1;
    }

    /**
     * After tracing stopped: waits until {@code trace_pipe} has given what the buffer still held
     * (nothing new for 300 ms, at most 30 s), stops the reader and returns the lines, our probes
     * renamed to the functions they probe (what the importer knows).
     */
    List<String> drainPipe() throws IOException {
        long last = -1, quietSince = System.nanoTime(), deadline = System.nanoTime() + 30_000_000_000L;
        // with tracing off, trace_pipe ends (cat exits) once the buffer is empty; the quiet time is a second guard
        while (System.nanoTime() < deadline && pipeReader.isAlive()) {
            long got = pipeBytes.get();
            if (got != last) {
                last = got;
                quietSince = System.nanoTime();
            } else if (System.nanoTime() - quietSince > 300_000_000L) {
                break;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        try {
            pipeCopier.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        stopPipe();
        if (readerFailed || copyFailed != null) return read(); // what the ring buffer still holds, as without a reader
        return renamed(Files.readAllLines(pipeFile, StandardCharsets.ISO_8859_1));
    }

    /** Stops the trace_pipe reader (it holds the instance open: rmdir would fail while it reads). */
    synchronized void stopPipe() {
        stopping = true;
        if (pipeReader != null) {
            pipeReader.descendants().forEach(ProcessHandle::destroy);
            pipeReader.destroy();
            try {
                if (!pipeReader.waitFor(2, TimeUnit.SECONDS))
                    pipeReader.destroyForcibly().waitFor(2, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (pipeCopier != null) {
            try {
                pipeCopier.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Our instance's trace, read at once from the ring buffer, our probes renamed (the way without a trace_pipe reader). */
    List<String> read() throws IOException {
        return renamed(KernelFiles.lines(dir.resolve("trace"), StandardCharsets.ISO_8859_1));
    }

    private List<String> renamed(List<String> lines) {
        if (probesAdded.isEmpty()) return lines;
        String prefix = "ts" + pid + "_";
        List<String> out = new ArrayList<>(lines.size());
        for (String l : lines) out.add(l.contains(prefix) ? l.replace(prefix, "") : l);
        return out;
    }

    /** Events the ring buffer overwrote or dropped, summed over the CPUs (per_cpu/cpuN/stats). */
    long lost() {
        long n = 0;
        Path pc = dir.resolve("per_cpu");
        if (!Files.isDirectory(pc)) return 0;
        try (var l = Files.list(pc)) {
            for (Path cpu : l.toList()) {
                try {
                    for (String line : KernelFiles.lines(cpu.resolve("stats"))) {
                        if (line.startsWith("overrun:") || line.startsWith("dropped events:"))
                            n += Long.parseLong(line.replaceAll("[^0-9]", ""));
                    }
                } catch (IOException | NumberFormatException ignored) {
                }
            }
        } catch (IOException ignored) {
        }
        return n;
    }

    /** Removes our instance and kprobes, unmounts if it mounted. Nothing else was changed. Returns what failed. */
    synchronized List<String> restore() {
        List<String> failed = new ArrayList<>();
        stopPipe();
        if (pipeFile != null) {
            try {
                Files.deleteIfExists(pipeFile);
            } catch (IOException e) {
                failed.add("temporary file " + pipeFile);
            }
        }
        if (!dir.equals(root)) {
            try {
                Files.writeString(dir.resolve("tracing_on"), "0");
            } catch (IOException ignored) {
            }
            for (String p : probesAdded) {
                try {
                    Files.writeString(dir.resolve("events/kprobes/" + p + "/enable"), "0");
                } catch (IOException ignored) {
                }
            }
            for (int i = 0;
                    i < 50;
                    i++) { // a reader that still has trace_pipe open makes rmdir fail with EBUSY for a moment
                try {
                    Files.deleteIfExists(dir);
                    break;
                } catch (IOException e) {
                    if (i == 49) failed.add("trace instance " + dir.getFileName() + " (" + e.getMessage() + ")");
                    try {
                        Thread.sleep(20);
                    } catch (InterruptedException ie) {
                        Thread.currentThread().interrupt();
                        break;
                    }
                }
            }
            dir = root;
        }
        for (String p : probesAdded) {
            try {
                Files.writeString(root.resolve("kprobe_events"), "-:kprobes/" + p + "\n", StandardOpenOption.APPEND);
            } catch (IOException e) {
                failed.add("kprobe " + p);
            }
        }
        probesAdded.clear();
        if (mounted) { // our own mount point only
            try {
                if (new ProcessBuilder("umount", root.toString()).start().waitFor() != 0) failed.add("umount " + root);
                else Files.deleteIfExists(root);
            } catch (IOException | InterruptedException e) {
                failed.add("umount " + root);
            }
        }
        return failed;
    }
}
