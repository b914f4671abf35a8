package io.throttlescope.realtrace;

import io.throttlescope.text.StringTable;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code sched_switch} lines of a trace, in time order, in primitive columns: what the
 * throttle inference looks ahead at (who is switched in next on a CPU, when a task comes back)
 * without keeping the lines. Switch {@code k} is the k-th {@code sched_switch} line; the import
 * counts them the same way as it goes.
 */
final class Switches {
    private static final Pattern NEXT = Pattern.compile("next_comm=(.*) next_pid=(\\d+) next_prio");
    private static final Pattern NEXT_TC = Pattern.compile("==> (.*):(\\d+) \\[");
    private static final Pattern PREV = Pattern.compile("prev_pid=(\\d+) ");
    private static final Pattern PREV_TC = Pattern.compile("^.*:(\\d+) \\[-?\\d+\\] \\S+ ==>");

    final StringTable comms = new StringTable();
    long[] ts = new long[1024];
    int[] cpu = new int[1024],
            prevPid = new int[1024],
            nextPid = new int[1024],
            nextComm = new int[1024],
            prevComm = new int[1024];
    /** Whether the task switched out was still runnable ({@code prev_state} R or R+): a preemption or a throttle. */
    boolean[] prevRunnable = new boolean[1024];

    int size;

    void add(TraceLine l) {
        // grown by half (a smaller peak than doubling), and from any length: trim() may have cut the columns to 0
        if (size == ts.length) resize((int) Math.min(Integer.MAX_VALUE - 8, size + (size >> 1) + 16L));
        int i = size++;
        ts[i] = l.tsNs();
        cpu[i] = l.cpu();
        nextPid[i] = -1;
        nextComm[i] = -1;
        prevPid[i] = -1;
        prevComm[i] = -1;
        prevRunnable[i] = false;
        SwitchFields f = l.switchFields();
        if (f != null) {
            prevComm[i] = comms.id(f.prevComm());
            prevRunnable[i] = f.prevState().isEmpty() || f.prevState().charAt(0) == 'R';
            if (f.nextPid().length() <= 9) {
                nextComm[i] = comms.id(f.nextComm());
                nextPid[i] = Integer.parseInt(f.nextPid());
            }
            prevPid[i] = pid(f.prevPid());
            return;
        }
        Matcher m = NEXT.matcher(l.fields()); // not a whole switch: what can be found of one
        boolean ok = m.find();
        if (!ok) {
            m = NEXT_TC.matcher(l.fields());
            ok = m.find();
        }
        if (ok && m.group(2).length() <= 9) {
            nextComm[i] = comms.id(m.group(1));
            nextPid[i] = Integer.parseInt(m.group(2));
        }
        Matcher q = PREV.matcher(l.fields());
        if (q.find()) prevPid[i] = pid(q.group(1));
        else if ((q = PREV_TC.matcher(l.fields())).find()) prevPid[i] = pid(q.group(1));
    }

    /**
     * Cuts the columns to the switches read, after the first pass: the second pass builds the trace
     * beside them, and growing by half had left up to a third of every column unused (a 4 GB trace
     * has 20 million switches: 29 bytes each).
     */
    void trim() {
        if (ts.length != size) resize(size);
    }

    private void resize(int n) {
        ts = Arrays.copyOf(ts, n);
        cpu = Arrays.copyOf(cpu, n);
        prevPid = Arrays.copyOf(prevPid, n);
        nextPid = Arrays.copyOf(nextPid, n);
        nextComm = Arrays.copyOf(nextComm, n);
        prevComm = Arrays.copyOf(prevComm, n);
        prevRunnable = Arrays.copyOf(prevRunnable, n);
    }

    /** Lets the columns go once the import is done (a gigabyte of trace has millions of switches). */
    void release() {
        ts = new long[0];
        cpu = prevPid = nextPid = nextComm = prevComm = new int[0];
        prevRunnable = new boolean[0];
        size = 0;
    }

    /** A pid, or -1 if the digits are too many for one (a hostile line). */
    private static int pid(String digits) {
        return digits.length() > 9 ? -1 : Integer.parseInt(digits);
    }

    /**
     * For each switch that switches a task out: the switch that next switches the same task in, or
     * -1 (one pass: the switch-outs not yet answered are chained per pid).
     */
    int[] nextIn() {
        int[] next = new int[size], chain = new int[size];
        Arrays.fill(next, -1);
        Map<Integer, Integer> pending = new HashMap<>(); // pid -> latest unanswered switch-out
        for (int i = 0; i < size; i++) {
            if (nextPid[i] > 0) {
                Integer k = pending.remove(nextPid[i]);
                for (int x = k == null ? -1 : k; x >= 0; x = chain[x]) next[x] = i;
            }
            if (prevPid[i] >= 0) {
                Integer k = pending.put(prevPid[i], i);
                chain[i] = k == null ? -1 : k;
            }
        }
        return next;
    }
}
