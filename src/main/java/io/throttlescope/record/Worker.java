package io.throttlescope.record;

import io.throttlescope.files.KernelFiles;
import io.throttlescope.realtrace.RecordedWork;
import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.sim.spec.Step;
import io.throttlescope.sim.spec.TaskSpec;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.RandomAccessFile;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.Selector;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;

/**
 * One scenario task made real, in a process of its own that {@code record} starts: its working
 * thread takes the task's name (so the trace shows {@code T-<tid>}), calibrates a busy loop and
 * the cost of reading /dev/zero before it is moved into its cgroup, says {@code ready TID}, waits
 * for {@code go}, then runs the program: {@code user} a calibrated busy loop (no syscalls),
 * {@code kernel} inside a syscall one read() of /dev/zero of calibrated size, {@code sleep} a real
 * sleep, a read side of cgroup_threadgroup_rwsem a clone (a thread started and joined), its write
 * side a write to cgroup.procs.
 */
public final class Worker {
    private final SplittableRandom rng;
    private final String procsFile;
    private double loopsPerNs;
    private double bytesPerNs;
    private ByteBuffer buf;
    private FileChannel zero;
    static volatile long sink;
    /** Each step's index in plan order, and the runs and thread CPU time (a sleep: wall time) measured for it (read by the recorder at the end). */
    private final IdentityHashMap<Step, Integer> index = new IdentityHashMap<>();

    private final long[] runs, cpu;
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    /** The largest read buffer a worker may hold (one read() per kernel step), and its JVM's direct-memory limit. */
    static final int MAX_BUFFER_MB = 1024 + 64;

    private Worker(List<Step> program, long seed, String procsFile) {
        this.rng = new SplittableRandom(seed);
        this.procsFile = procsFile;
        List<Step> order = RecordedWork.planOrder(program);
        for (int i = 0; i < order.size(); i++) if (order.get(i) != null) index.put(order.get(i), i);
        runs = new long[order.size()];
        cpu = new long[order.size()];
        timedSleeps = RecordedWork.sleepsInSyscalls(program);
    }

    /** The sleeps inside a syscall other than nanosleep: each an epoll_wait that its timeout ends (timedWait). */
    private final Set<Step> timedSleeps;

    private Selector selector;

    /** "work [i count cpu_ns]...": what each step measured so far (a step running now is not counted yet). */
    private synchronized String work() {
        StringBuilder b = new StringBuilder("work");
        for (int i = 0; i < runs.length; i++)
            if (runs[i] > 0)
                b.append(' ').append(i).append(' ').append(runs[i]).append(' ').append(cpu[i]);
        return b.toString();
    }

    private synchronized void measured(Step s, long ns) {
        Integer i = index.get(s);
        if (i == null) return;
        runs[i]++;
        cpu[i] += Math.max(0, ns);
    }

    /**
     * args: scenario file, task index, seed, max kernel step in ns, the cgroup.procs (or tasks) file
     * its cgroup has. The task is a thread of its own (the one the recorder pins and traces): when
     * its program ends it ends, with the kernel's exit, as the scenario's task does. The main thread
     * then writes what the steps measured into the recorder's pipe and stops the JVM; before, the
     * task itself stopped the JVM and waited 161 ms in a futex for the JVM's other threads, throttled
     * in its group (the recording of 28).
     */
    public static void main(String[] args) throws Exception {
        ScenarioLoader.Loaded l = ScenarioLoader.load(Path.of(args[0]));
        if (!l.ok()) throw new IllegalArgumentException(args[0] + ": " + l.problems());
        SimSpec spec = l.spec();
        TaskSpec t = spec.tasks().get(Integer.parseInt(args[1]));
        Worker w = new Worker(t.program(), Long.parseLong(args[2]), args[4].equals("-") ? ownProcs() : args[4]);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        Throwable[] failed = new Throwable[1];
        boolean[] started = new boolean[1];
        Thread task = new Thread(
                () -> {
                    try {
                        started[0] = w.task(t, args, in);
                    } catch (Throwable e) {
                        failed[0] = e;
                    }
                },
                t.name());
        task.start();
        task.join();
        if (failed[0] instanceof Exception e) throw e;
        if (failed[0] != null) throw new IllegalStateException(failed[0]);
        if (!started[0]) return; // the recorder is gone before the start: so is the worker
        // the task's program has ended: what its steps measured stays in the recorder's pipe after we go
        System.out.println(w.work());
        System.out.flush();
        Runtime.getRuntime().halt(0);
    }

    /** Where a thread reads its own scheduler statistics (run_delay: its time runnable, waiting for a CPU). */
    static final Path SCHEDSTAT = Path.of("/proc/thread-self/schedstat");

    /**
     * How the workers measure a sleep, for the recording's header ({@code sleeps_measured}): its wall time
     * less the wait for a CPU after its wake-up where the kernel keeps schedstat, else its wall time. A
     * recording that does not say was made before this was written (2026-12-05); those made before
     * 2026-12-01 20:34 measured wall time (docs/cli.md, {@code record}).
     */
    static String sleepsMeasured() {
        return Files.isReadable(SCHEDSTAT) ? "wall time less run_delay" : "wall time";
    }

    /** This thread's /proc/thread-self/schedstat, opened by the task's thread, read with pread (one syscall). */
    private FileChannel schedstat;

    private final ByteBuffer statBuf = ByteBuffer.allocate(96);

    /**
     * The time this thread has waited runnable for a CPU (schedstat's run_delay, ns), or 0 where the
     * kernel has no schedstat: taken out of a sleep's wall time, so that the simulation, which puts
     * the task's waits back itself, does not count them twice.
     */
    private long runDelay() {
        if (schedstat == null) return 0;
        try {
            statBuf.clear();
            int n = schedstat.read(statBuf, 0);
            String[] f = new String(statBuf.array(), 0, Math.max(0, n), StandardCharsets.US_ASCII)
                    .trim()
                    .split("\\s+");
            return f.length > 1 ? Long.parseLong(f[1]) : 0;
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
    }

    /** The task's thread: named, calibrated, ready, then its program from "go"; false if "go" never came (the recorder went first). */
    private boolean task(TaskSpec t, String[] args, BufferedReader in) throws Exception {
        Files.writeString(
                Path.of("/proc/thread-self/comm"),
                t.name().length() > 15 ? t.name().substring(0, 15) : t.name());
        long tid = Long.parseLong(
                Path.of("/proc/thread-self").toRealPath().getFileName().toString());
        try {
            schedstat = FileChannel.open(SCHEDSTAT);
        } catch (IOException e) {
            schedstat = null; // no CONFIG_SCHED_INFO: sleeps are measured in wall time
        }
        calibrate(Long.parseLong(args[3]));
        rehearse(t.program());
        // the worker cannot outlive the recorder: it ends when the recorder's pipe closes (SIGKILL, crash) or at its
        // deadline. Both watchers are started before "ready", so that nothing but the task's own steps runs on its
        // thread after "go" (starting them after it cost the task 3.6 ms of CPU in its group, in the recording of 28)
        long deadline = args.length > 5 ? Long.parseLong(args[5]) : Long.MAX_VALUE;
        CountDownLatch go = new CountDownLatch(1);
        boolean[] gone = new boolean[1];
        Thread watch = new Thread(
                () -> {
                    try {
                        for (String line; (line = in.readLine()) != null; ) {
                            if (line.equals("go")) go.countDown();
                            else if (line.equals(
                                    "work")) { // the recorder asks what the steps measured, before it kills us
                                System.out.println(work());
                                System.out.flush();
                            }
                        }
                    } catch (IOException ignored) {
                    }
                    if (go.getCount() > 0) { // the recorder is gone before the start: so is the worker
                        gone[0] = true;
                        go.countDown();
                        return;
                    }
                    Runtime.getRuntime().halt(0);
                },
                "recorder-pipe");
        watch.setDaemon(true);
        Thread timer = new Thread(
                () -> {
                    try {
                        Thread.sleep(Math.max(0, deadline - System.currentTimeMillis()));
                    } catch (InterruptedException ignored) {
                    }
                    Runtime.getRuntime().halt(0);
                },
                "deadline");
        timer.setDaemon(true);
        watch.start();
        if (deadline != Long.MAX_VALUE) timer.start();
        System.out.println("ready " + tid + " " + loopsPerNs + " " + bytesPerNs);
        System.out.flush();
        go.await();
        if (gone[0]) return false;
        long start = t.start().sample(rng);
        if (start > 0) sleepNs(start);
        run(t.program());
        return true;
    }

    /** cgroup v2: the cgroup.procs of the cgroup this process is in ("0::/path" in /proc/self/cgroup). */
    private static String ownProcs() throws IOException {
        for (String l : KernelFiles.lines(Path.of("/proc/self/cgroup"))) {
            if (l.startsWith("0::"))
                return "/sys/fs/cgroup" + l.substring(3) + (l.substring(3).endsWith("/") ? "" : "/") + "cgroup.procs";
        }
        return "/sys/fs/cgroup/cgroup.procs";
    }

    /**
     * The calling thread's CPU time (user and system), the clock of every calibration: time the thread
     * waited for a CPU is not work, so a machine busy with other work does not shrink a step's work
     * (a "50 ms" step did 30.8 ms of work when calibrated in wall time on a loaded machine).
     */
    static long cpuNow() {
        return CPU_CLOCK ? ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() : System.nanoTime();
    }

    /** Whether the JVM reads a thread's CPU clock here (it does on Linux); wall time where it does not. */
    private static final boolean CPU_CLOCK = ManagementFactory.getThreadMXBean().isCurrentThreadCpuTimeSupported()
            && ManagementFactory.getThreadMXBean().isThreadCpuTimeEnabled();

    /** Bytes a read() of /dev/zero fills per ns of CPU with a buffer of this size: the best of some reads. */
    static double readRate(FileChannel zero, int size, int reads) throws IOException {
        ByteBuffer b = ByteBuffer.allocateDirect(size);
        long best = Long.MAX_VALUE;
        for (int i = 0; i < reads; i++) {
            b.clear();
            long t0 = cpuNow();
            zero.read(b);
            best = Math.min(best, cpuNow() - t0);
        }
        return (double) size / Math.max(1, best);
    }

    /** Busy-loop iterations per ns of CPU: the best of five runs, after the JIT has compiled the loop. */
    static double loopRate() {
        long n = 1 << 20;
        for (int i = 0; i < 5; i++) spin(n); // warm up the JIT
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            long t0 = cpuNow();
            spin(n * 8);
            best = Math.min(best, cpuNow() - t0);
        }
        return n * 8.0 / Math.max(1, best);
    }

    private void calibrate(long maxKernelNs) throws IOException {
        loopsPerNs = loopRate();
        zero = new RandomAccessFile("/dev/zero", "r").getChannel();
        int probe = 16 << 20;
        bytesPerNs = readRate(zero, probe, 5);
        long max = (long)
                Math.min(1L << 30, Math.max(4096, maxKernelNs * bytesPerNs)); // one read() per kernel step: up to 1 GiB
        buf = ByteBuffer.allocateDirect((int) max);
        for (int i = 0; i < buf.capacity(); i += 4096) buf.put(i, (byte) 0); // touch: no page faults later
        if (max > probe) { // large reads run slower than the probe (caches): measure with the buffer itself
            long t = Long.MAX_VALUE;
            for (int i = 0; i < 2; i++) {
                buf.clear();
                long t0 = cpuNow();
                zero.read(buf);
                t = Math.min(t, cpuNow() - t0);
            }
            bytesPerNs = (double) max / t;
        }
    }

    /** Loads and compiles every class the program's steps use, so that no class loading happens while it is traced. */
    private void rehearse(List<Step> steps) throws Exception {
        for (Step s : steps) {
            if (s instanceof Step.Syscall sc) rehearse(sc.body());
            else if (s instanceof Step.Loop l) rehearse(l.body());
            else if (s instanceof Step.DownRead) {
                Thread th = new Thread(() -> {}, "clone");
                th.start();
                th.join();
            }
        }
        read(1);
        spin(1000);
        sleepNs(1);
        if (!timedSleeps.isEmpty()) {
            selector = Selector.open();
            timedWait(1_000_000);
        }
        threads.getCurrentThreadCpuTime();
        work();
    }

    private static void spin(long loops) {
        long x = 0;
        for (long i = 0; i < loops; i++) x += i ^ (x >>> 3);
        sink = x;
    }

    private void run(List<Step> steps) throws Exception {
        for (Step s : steps) if (!step(s)) return;
    }

    /** Runs one step; false when the task exits. */
    private boolean step(Step s) throws Exception {
        if (s instanceof Step.Sleep sl) { // a sleep is measured in wall time: how long it really slept,
            long w0 = System.nanoTime(), d0 = runDelay(); // less the time it waited runnable after its wake-up
            if (timedSleeps.contains(s)) timedWait(sl.d().sample(rng));
            else sleepNs(sl.d().sample(rng));
            measured(s, System.nanoTime() - w0 - (runDelay() - d0));
            return true;
        }
        boolean timed = s instanceof Step.User
                || s instanceof Step.Kernel
                || s instanceof Step.DownRead
                || s instanceof Step.DownWrite
                || s instanceof Step.Exit;
        if (!timed) return stepNow(s);
        long t0 = threads.getCurrentThreadCpuTime();
        if (s instanceof Step.Exit x) { // the exit's kernel work is measured before the task goes
            if (x.d() != null) read(x.d().sample(rng));
            measured(s, threads.getCurrentThreadCpuTime() - t0);
            return false;
        }
        boolean more = stepNow(s);
        measured(s, threads.getCurrentThreadCpuTime() - t0);
        return more;
    }

    private boolean stepNow(Step s) throws Exception {
        if (s instanceof Step.User u) spin((long) (Math.max(1, u.d().sample(rng)) * loopsPerNs));
        else if (s instanceof Step.Kernel k) read(Math.max(1, k.d().sample(rng)));
        else if (s instanceof Step.Sleep sl) sleepNs(sl.d().sample(rng));
        else if (s instanceof Step.Syscall sc) {
            for (Step x : sc.body()) if (!step(x)) return false;
        } else if (s instanceof Step.DownRead) {
            Thread th = new Thread(() -> {}, "clone"); // clone(): copy_process takes the read side
            th.start();
            th.join();
        } else if (s instanceof Step.DownWrite) {
            // cgroup_procs_write() takes the write side: write our own pid where we already are
            Files.writeString(
                    Path.of(procsFile), Long.toString(ProcessHandle.current().pid()));
        } else if (s instanceof Step.UpRead || s instanceof Step.UpWrite) {
            return true; // released by the operation itself
        } else if (s instanceof Step.Loop l) {
            for (long i = 0; l.times() < 0 || i < l.times(); i++) run(l.body());
        } else if (s instanceof Step.Exit x) {
            if (x.d() != null) read(x.d().sample(rng));
            return false;
        }
        return true;
    }

    private void read(long ns) throws IOException {
        int n = (int) Math.min(buf.capacity(), Math.max(1, ns * bytesPerNs));
        buf.clear().limit(n);
        zero.read(buf);
    }

    /**
     * A sleep inside a syscall (07's read that sleeps until it is woken): a blocking epoll_wait on an
     * empty Selector whose timeout the kernel's timer ends, a real syscall in S state that nothing in
     * the task's group completes; under a millisecond left (epoll's unit), parkNanos.
     */
    private void timedWait(long ns) throws IOException {
        long end = System.nanoTime() + ns;
        for (long left = ns; left >= 1_000_000; left = end - System.nanoTime()) selector.select(left / 1_000_000);
        sleepNs(end - System.nanoTime());
    }

    /**
     * A real sleep of {@code ns}. Not Thread.sleep(millis, nanos): before Java 21 it rounds any
     * part of a millisecond up to a whole one, so the pile-up's writer slept 1 ms where its scenario
     * says 100 us and wrote a fifth as often (3,845 writes in 5 s). parkNanos sleeps on a futex with
     * a timeout in ns; it is repeated until the time has passed (it may return early).
     */
    static void sleepNs(long ns) {
        if (ns <= 0) return;
        long end = System.nanoTime() + ns;
        for (long left = ns; left > 0; left = end - System.nanoTime()) LockSupport.parkNanos(left);
    }
}
