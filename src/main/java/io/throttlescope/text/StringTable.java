package io.throttlescope.text;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Texts a trace refers to by number (lock names, syscalls, notes): each stored once, numbered in order of first use. */
public final class StringTable {
    private final List<String> strings = new ArrayList<>();
    private final List<String> view = Collections.unmodifiableList(strings);
    private final Map<String, Integer> index = new HashMap<>();

    /** The number of s, adding it if new. */
    public int id(String s) {
        Integer i = index.get(s);
        if (i != null) return i;
        strings.add(s);
        index.put(s, strings.size() - 1);
        return strings.size() - 1;
    }

    public String get(int i) {
        return strings.get(i);
    }

    /** Every text, by number (a read-only view that grows as texts are added). */
    public List<String> list() {
        return view;
    }
}
