package io.throttlescope.trace;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.TaskState;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * The run as a native Perfetto trace (protobuf), drawn by Perfetto as it draws a real machine: the
 * scheduler's own ftrace events per CPU bundle ({@code sched_switch}, {@code sched_wakeup},
 * {@code sched_wakeup_new}, {@code sched_process_exit}, markers as {@code print}) with a process tree
 * (a process per cgroup, a thread per task), so its CPU tracks, thread states and scheduling tables
 * fill; syscalls as slices on each thread's track; throttle, unthrottle, task work, park and unpark
 * as instant events on the task's or the cgroup's track; each cfs_rq's runtime_remaining and each
 * group's pool as counter tracks. Written with the public field numbers of Perfetto's
 * {@code protos/perfetto/trace} (docs/cli.md, "export"); {@code import} reads the ftrace part back.
 */
public final class PerfettoProto {
    // Trace, TracePacket
    static final int TRACE_PACKET = 1;
    static final int PACKET_FTRACE_EVENTS = 1,
            PACKET_PROCESS_TREE = 2,
            PACKET_TIMESTAMP = 8,
            PACKET_SEQUENCE_ID = 10,
            PACKET_TRACK_EVENT = 11,
            PACKET_SEQUENCE_FLAGS = 13,
            PACKET_TRACK_DESCRIPTOR = 60;
    static final int SEQ_INCREMENTAL_STATE_CLEARED = 1, SEQ_NEEDS_INCREMENTAL_STATE = 2;
    // FtraceEventBundle, FtraceEvent and the events written
    static final int BUNDLE_CPU = 1, BUNDLE_EVENT = 2;
    static final int EVENT_TIMESTAMP = 1,
            EVENT_PID = 2,
            EVENT_PRINT = 3,
            EVENT_SCHED_SWITCH = 4,
            EVENT_SCHED_WAKEUP = 17,
            EVENT_SCHED_WAKING = 20,
            EVENT_SCHED_WAKEUP_NEW = 114,
            EVENT_SCHED_PROCESS_EXIT = 238,
            EVENT_SCHED_PROCESS_FORK = 239,
            EVENT_SCHED_PROCESS_HANG = 241,
            EVENT_SYS_ENTER = 329,
            EVENT_SYS_EXIT = 330;
    // ProcessTree
    static final int TREE_PROCESSES = 1,
            TREE_THREADS = 2,
            PROCESS_PID = 1,
            PROCESS_PPID = 2,
            PROCESS_CMDLINE = 3,
            THREAD_TID = 1,
            THREAD_NAME = 2,
            THREAD_TGID = 5;
    // TrackDescriptor, TrackEvent
    static final int TRACK_UUID = 1,
            TRACK_NAME = 2,
            TRACK_PROCESS = 3,
            TRACK_THREAD = 4,
            TRACK_PARENT = 5,
            TRACK_COUNTER = 8;
    static final int PD_PID = 1, PD_NAME = 6, TD_PID = 1, TD_TID = 2, TD_NAME = 5;
    static final int TE_TYPE = 9, TE_TRACK = 11, TE_NAME = 23, TE_COUNTER_VALUE = 30;
    static final int TYPE_SLICE_BEGIN = 1, TYPE_SLICE_END = 2, TYPE_INSTANT = 3, TYPE_COUNTER = 4;
    /** A task's pid (its tid and, as a thread of its cgroup's process, not a process id). */
    public static final int FIRST_PID = 1000;
    /** A cgroup's process id. */
    static final int FIRST_GROUP_PID = 100_000;

    private static final int SEQ = 1;
    private static final long UUID_THREAD = 1L << 32,
            UUID_GROUP = 2L << 32,
            UUID_REMAINING = 3L << 32,
            UUID_POOL = 4L << 32;
    /** Events a bundle holds before it is written (a CPU's bundles stay in time order; the file, within a window). */
    private static final int BUNDLE = 256;

    private final OutputStream out;
    private final TraceIndex idx;
    private final RunInfo info;
    private final List<List<byte[]>> pending = new ArrayList<>();
    private boolean firstTrackPacket = true;

    private final ToIntFunction<String> syscallNr;

    private PerfettoProto(TraceIndex idx, OutputStream out, ToIntFunction<String> syscallNr) {
        this.syscallNr = syscallNr;
        this.idx = idx;
        this.info = idx.info();
        this.out = out;
    }

    /**
     * Writes the run of the index as a Perfetto trace; syscallNr gives a syscall's number from its
     * text (-1: none), for raw_syscalls' sys_enter and sys_exit beside the thread's slice.
     */
    public static void write(TraceIndex idx, OutputStream out, ToIntFunction<String> syscallNr) throws IOException {
        new PerfettoProto(idx, out, syscallNr).write();
    }

    public static int pid(int task) {
        return FIRST_PID + task;
    }

    private void write() throws IOException {
        int nc = info.cpus(), nt = info.tasks().length, ng = info.groups().length;
        for (int c = 0; c < nc; c++) pending.add(new ArrayList<>());
        processTree();
        tracks();
        Trace tr = idx.trace();
        int[] curr = new int[nc];
        Arrays.fill(curr, -1);
        int[] state = new int[nt], lastCpu = new int[nt];
        Arrays.fill(state, TaskState.NEW.ordinal());
        boolean[] fresh = new boolean[nt]; // started, not yet woken: its wake-up is sched_wakeup_new
        marker(0, 0, -1, "throttlescope: " + info.scenario() + " (" + info.model() + " model) begins");
        for (int i = 0; i < tr.size(); i++) {
            long t = tr.time(i);
            int c = tr.cpu(i), ta = tr.task(i), g = tr.group(i);
            EventKind k = tr.kind(i);
            if (ta >= 0 && c >= 0) lastCpu[ta] = c;
            switch (k) {
                case STATE -> state[ta] = (int) tr.argA(i);
                case SWITCH -> {
                    int prev = curr[c];
                    if (prev == ta) break;
                    ftrace(c, t, prev < 0 ? 0 : pid(prev), EVENT_SCHED_SWITCH, e -> {
                        e.writeString(1, prev < 0 ? "swapper/" + c : info.tasks()[prev]);
                        e.writeInt32(2, prev < 0 ? 0 : pid(prev));
                        e.writeInt32(3, 120);
                        e.writeInt64(4, prev < 0 ? 0 : prevState(state[prev]));
                        e.writeString(5, ta < 0 ? "swapper/" + c : info.tasks()[ta]);
                        e.writeInt32(6, ta < 0 ? 0 : pid(ta));
                        e.writeInt32(7, 120);
                    });
                    curr[c] = ta;
                }
                case START -> fresh[ta] = true;
                case WAKE -> {
                    if (ta < 0) break;
                    int target = Math.max(0, c), on = curr[target] >= 0 ? pid(curr[target]) : 0;
                    boolean isNew = fresh[ta];
                    fresh[ta] = false;
                    ftrace(target, t, on, isNew ? EVENT_SCHED_WAKEUP_NEW : EVENT_SCHED_WAKEUP, e -> {
                        e.writeString(1, info.tasks()[ta]);
                        e.writeInt32(2, pid(ta));
                        e.writeInt32(3, 120);
                        e.writeInt32(4, 1);
                        e.writeInt32(5, target);
                    });
                }
                case EXITING ->
                    ftrace(Math.max(0, c), t, pid(ta), EVENT_SCHED_PROCESS_EXIT, e -> {
                        e.writeString(1, info.tasks()[ta]);
                        e.writeInt32(2, pid(ta));
                        e.writeInt32(3, FIRST_GROUP_PID + g);
                        e.writeInt32(4, 120);
                    });
                case SYSCALL_ENTER -> {
                    trackEvent(t, UUID_THREAD + ta, TYPE_SLICE_BEGIN, info.str(tr.text(i)));
                    int nr = syscall(info.str(tr.text(i)));
                    if (c >= 0) ftrace(c, t, pid(ta), EVENT_SYS_ENTER, e -> e.writeInt64(1, nr));
                }
                case SYSCALL_EXIT -> {
                    trackEvent(t, UUID_THREAD + ta, TYPE_SLICE_END, null);
                    int nr = syscall(info.str(tr.text(i)));
                    if (c >= 0)
                        ftrace(c, t, pid(ta), EVENT_SYS_EXIT, e -> {
                            e.writeInt64(1, nr);
                            e.writeInt64(2, 0);
                        });
                }
                case TASK_WORK_ADDED, PARKED, UNPARKED, HUNG_TASK ->
                    trackEvent(
                            t,
                            UUID_THREAD + ta,
                            TYPE_INSTANT,
                            k.jsonName + (g >= 0 ? " " + info.groups()[g] : "") + (c >= 0 ? " CPU" + c : ""));
                case THROTTLE, UNTHROTTLE, UNTHROTTLE_REFUSED -> {
                    if (g >= 0) trackEvent(t, UUID_GROUP + g, TYPE_INSTANT, k.jsonName + (c >= 0 ? " CPU" + c : ""));
                }
                case NOTE -> {
                    if (tr.text(i) >= 0) marker(Math.max(0, c), t, curr[Math.max(0, c)], info.str(tr.text(i)));
                }
                default -> {}
            }
        }
        for (int g = 0; g < ng; g++) {
            if (info.quotaNs()[g] < 0) continue;
            Series p = idx.pool(g);
            for (int i = 0; i < p.size(); i++) counter(p.time(i), UUID_POOL + g, p.value(i));
            for (int c = 0; c < nc; c++) {
                Series r = idx.remainingPoints(g, c);
                for (int i = 0; i < r.size(); i++) counter(r.time(i), UUID_REMAINING + (long) g * nc + c, r.value(i));
            }
        }
        // the run's end on every CPU, so a reader counts the last runs to it
        for (int c = 0; c < nc; c++) marker(c, info.endNs(), curr[c], "throttlescope: the run ends");
        for (int c = 0; c < nc; c++) flushBundle(c);
        out.flush();
    }

    /** A scenario's syscall with no x86-64 number (a "long" syscall) gets one of its own from here, one a name. */
    public static final int FIRST_UNNUMBERED_SYSCALL = 1000;

    private final Map<String, Integer> unnumbered = new HashMap<>();

    /** The number written for a syscall's text: its x86-64 number, or one of {@link #FIRST_UNNUMBERED_SYSCALL} and up. */
    private int syscall(String text) {
        int nr = syscallNr.applyAsInt(text);
        if (nr >= 0) return nr;
        String name = text.strip().split(" ", 2)[0];
        return unnumbered.computeIfAbsent(name, n -> FIRST_UNNUMBERED_SYSCALL + unnumbered.size());
    }

    /** prev_state as the kernel reports it: R+ (preempted, runnable), S, D, X, or R for a throttled or parked task. */
    static long prevState(int s) {
        if (s == TaskState.RUNNABLE.ordinal()) return 0x100;
        if (s == TaskState.SLEEPING.ordinal()) return 0x1;
        if (s == TaskState.BLOCKED.ordinal()) return 0x2;
        if (s == TaskState.EXITED.ordinal()) return 0x10;
        return 0;
    }

    private void processTree() throws IOException {
        packet(p -> p.writeBytes(PACKET_PROCESS_TREE, message(tree -> {
            for (int g = 0; g < info.groups().length; g++) {
                int gg = g;
                tree.writeBytes(TREE_PROCESSES, message(pr -> {
                    pr.writeInt32(PROCESS_PID, FIRST_GROUP_PID + gg);
                    pr.writeInt32(PROCESS_PPID, 0);
                    pr.writeString(PROCESS_CMDLINE, "cgroup " + info.groups()[gg]);
                }));
            }
            for (int t = 0; t < info.tasks().length; t++) {
                int tt = t;
                tree.writeBytes(TREE_THREADS, message(th -> {
                    th.writeInt32(THREAD_TID, pid(tt));
                    th.writeString(THREAD_NAME, info.tasks()[tt]);
                    th.writeInt32(THREAD_TGID, FIRST_GROUP_PID + info.taskGroup()[tt]);
                }));
            }
        })));
    }

    private void tracks() throws IOException {
        int nc = info.cpus();
        for (int g = 0; g < info.groups().length; g++) {
            int gg = g;
            track(d -> {
                d.writeUInt64(TRACK_UUID, UUID_GROUP + gg);
                d.writeString(TRACK_NAME, "cgroup " + info.groups()[gg]);
                d.writeBytes(TRACK_PROCESS, message(pd -> {
                    pd.writeInt32(PD_PID, FIRST_GROUP_PID + gg);
                    pd.writeString(PD_NAME, "cgroup " + info.groups()[gg]);
                }));
            });
            if (info.quotaNs()[g] < 0) continue;
            track(d -> {
                d.writeUInt64(TRACK_UUID, UUID_POOL + gg);
                d.writeString(TRACK_NAME, info.groups()[gg] + " pool (ns)");
                d.writeUInt64(TRACK_PARENT, UUID_GROUP + gg);
                d.writeBytes(TRACK_COUNTER, ByteString.EMPTY);
            });
            for (int c = 0; c < nc; c++) {
                int cc = c;
                track(d -> {
                    d.writeUInt64(TRACK_UUID, UUID_REMAINING + (long) gg * nc + cc);
                    d.writeString(TRACK_NAME, info.groups()[gg] + " CPU" + cc + " runtime_remaining (ns)");
                    d.writeUInt64(TRACK_PARENT, UUID_GROUP + gg);
                    d.writeBytes(TRACK_COUNTER, ByteString.EMPTY);
                });
            }
        }
        for (int t = 0; t < info.tasks().length; t++) {
            int tt = t;
            track(d -> {
                d.writeUInt64(TRACK_UUID, UUID_THREAD + tt);
                d.writeBytes(TRACK_THREAD, message(td -> {
                    td.writeInt32(TD_PID, FIRST_GROUP_PID + info.taskGroup()[tt]);
                    td.writeInt32(TD_TID, pid(tt));
                    td.writeString(TD_NAME, info.tasks()[tt]);
                }));
            });
        }
    }

    private interface Body {
        void write(CodedOutputStream o) throws IOException;
    }

    private static ByteString message(Body b) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
        CodedOutputStream o = CodedOutputStream.newInstance(bytes, 256);
        b.write(o);
        o.flush();
        return ByteString.copyFrom(bytes.toByteArray());
    }

    /** One TracePacket, as field 1 of the Trace. */
    private void packet(Body b) throws IOException {
        ByteString p = message(b);
        CodedOutputStream o = CodedOutputStream.newInstance(out, 64);
        o.writeBytes(TRACE_PACKET, p);
        o.flush();
    }

    private void track(Body d) throws IOException {
        packet(p -> {
            p.writeUInt32(PACKET_SEQUENCE_ID, SEQ);
            sequenceFlags(p);
            p.writeBytes(PACKET_TRACK_DESCRIPTOR, message(d));
        });
    }

    private void sequenceFlags(CodedOutputStream p) throws IOException {
        p.writeUInt32(
                PACKET_SEQUENCE_FLAGS, firstTrackPacket ? SEQ_INCREMENTAL_STATE_CLEARED : SEQ_NEEDS_INCREMENTAL_STATE);
        firstTrackPacket = false;
    }

    /** A slice's begin or end, or an instant (name null: none), on a track. */
    private void trackEvent(long t, long track, int type, String name) throws IOException {
        trackEvent(t, e -> {
            e.writeInt32(TE_TYPE, type);
            e.writeUInt64(TE_TRACK, track);
            if (name != null) e.writeString(TE_NAME, name);
        });
    }

    private void counter(long t, long track, long v) throws IOException {
        trackEvent(t, e -> {
            e.writeInt32(TE_TYPE, TYPE_COUNTER);
            e.writeUInt64(TE_TRACK, track);
            e.writeInt64(TE_COUNTER_VALUE, v);
        });
    }

    /** A TrackEvent packet at t on the track events' sequence. */
    private void trackEvent(long t, Body event) throws IOException {
        packet(p -> {
            p.writeUInt64(PACKET_TIMESTAMP, t);
            p.writeUInt32(PACKET_SEQUENCE_ID, SEQ);
            sequenceFlags(p);
            p.writeBytes(PACKET_TRACK_EVENT, message(event));
        });
    }

    /** A trace_marker line on CPU c, logged by the task running there (running: -1 for none). */
    private void marker(int c, long t, int running, String text) throws IOException {
        ftrace(c, t, running < 0 ? 0 : pid(running), EVENT_PRINT, e -> {
            e.writeUInt64(1, 0);
            e.writeString(2, text + "\n");
        });
    }

    /** One ftrace event of a CPU's bundle: its time, the pid that logged it, and the event's message. */
    private void ftrace(int c, long t, int pid, int field, Body event) throws IOException {
        ByteString ev = message(e -> {
            e.writeUInt64(EVENT_TIMESTAMP, t);
            e.writeUInt32(EVENT_PID, pid);
            e.writeBytes(field, message(event));
        });
        pending.get(c).add(ev.toByteArray());
        if (pending.get(c).size() >= BUNDLE)
            for (int x = 0; x < pending.size(); x++)
                flushBundle(x); // every CPU's: the file stays within a window of time order
    }

    private void flushBundle(int c) throws IOException {
        List<byte[]> evs = pending.get(c);
        if (evs.isEmpty()) return;
        packet(p -> p.writeBytes(PACKET_FTRACE_EVENTS, message(b -> {
            b.writeUInt32(BUNDLE_CPU, c);
            for (byte[] e : evs) b.writeByteArray(BUNDLE_EVENT, e);
        })));
        evs.clear();
    }
}
