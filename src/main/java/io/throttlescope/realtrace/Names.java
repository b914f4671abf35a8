package io.throttlescope.realtrace;

/**
 * Task and event names met in a reading, each kept as the first instance seen, looked up from the
 * range of the line that holds it without cutting it out (the reading thread's own; docs/performance.md):
 * a gigabyte's reading cut a task name and an event name from each of its ten million lines only to
 * find them here. At most {@link #MAX} names are kept (a trace of many names keeps the first ones).
 */
final class Names {
    static final int MAX = 8192;

    /** Open addressing, at most half full: a lookup ends at the name, at an empty slot or after PROBES slots. */
    private final String[] table = new String[2 * MAX];

    /**
     * A lookup looks at most this many slots: names of one hash are easy to make ("Aa" and "BB"), and a
     * trace of thousands of them would otherwise walk them all at every line; a name found nowhere within
     * them is cut from the line and not kept.
     */
    static final int PROBES = 16;

    private int size;

    /** line's characters [from, to): the instance kept, or a new string (kept while there is room). */
    String of(String line, int from, int to) {
        int h = 0;
        for (int i = from; i < to; i++) h = 31 * h + line.charAt(i); // String.hashCode's, which a kept name caches
        int len = to - from, mask = table.length - 1;
        int k = (h ^ (h >>> 16)) & mask;
        for (int probe = 0; probe < PROBES; probe++, k = (k + 1) & mask) {
            String s = table[k];
            if (s == null) {
                String made = line.substring(from, to);
                if (size < MAX) {
                    table[k] = made;
                    size++;
                }
                return made;
            }
            if (s.length() == len && s.hashCode() == h && line.regionMatches(from, s, 0, len)) return s;
        }
        return line.substring(from, to);
    }

    int size() {
        return size;
    }
}
