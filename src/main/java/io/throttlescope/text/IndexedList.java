package io.throttlescope.text;

import java.util.AbstractList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;

/**
 * An unmodifiable list of distinct names whose {@code indexOf} is a hash lookup: a run's locks are
 * looked up by name at every event, and a hostile trace can name 100,000 of them.
 */
public final class IndexedList extends AbstractList<String> implements RandomAccess {
    private final String[] items;
    private final Map<String, Integer> index;

    public IndexedList(List<String> names) {
        items = names.toArray(new String[0]);
        index = new HashMap<>(items.length * 2);
        for (int i = items.length - 1; i >= 0; i--) index.put(items[i], i); // the first of equal names wins
    }

    @Override
    public String get(int i) {
        return items[i];
    }

    @Override
    public int size() {
        return items.length;
    }

    @Override
    public int indexOf(Object o) {
        Integer i = index.get(o);
        return i == null ? -1 : i;
    }

    @Override
    public boolean contains(Object o) {
        return index.containsKey(o);
    }
}
