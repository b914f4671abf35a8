package io.throttlescope.realtrace;

import java.util.ArrayDeque;
import java.util.PriorityQueue;

/**
 * The window a text trace's lines pass through to be given in time order ({@link TraceText#WINDOW}
 * lines at most): the lines not yet given out, least first: a queue while they come in order (the
 * usual case, constant time a line), a heap from the first line that does not.
 */
final class LineWindow {
    private final ArrayDeque<TraceLine> inOrder = new ArrayDeque<>();
    private PriorityQueue<TraceLine> heap;

    void add(TraceLine l) {
        if (heap == null && (inOrder.isEmpty() || TraceText.ORDER.compare(inOrder.peekLast(), l) <= 0)) {
            inOrder.addLast(l);
            return;
        }
        if (heap == null) {
            heap = new PriorityQueue<>(Math.max(16, inOrder.size() * 2), TraceText.ORDER);
            heap.addAll(inOrder);
            inOrder.clear();
        }
        heap.add(l);
    }

    int size() {
        return heap == null ? inOrder.size() : heap.size();
    }

    boolean isEmpty() {
        return size() == 0;
    }

    TraceLine poll() {
        return heap == null ? inOrder.pollFirst() : heap.poll();
    }

    /** True if every line came in order (none was ever put in the heap). */
    boolean inOrder() {
        return heap == null;
    }
}
