package io.throttlescope.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.prefs.Preferences;

/** The last scenario files opened, kept in the user's preferences. */
final class RecentFiles {
    private static final int MAX = 8;
    private final Preferences prefs = Preferences.userNodeForPackage(RecentFiles.class);

    List<String> list() {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < MAX; i++) {
            String p = prefs.get("recent" + i, null);
            if (p != null && !p.isEmpty()) out.add(p);
        }
        return out;
    }

    void add(String path) {
        List<String> l = list();
        l.remove(path);
        l.add(0, path);
        for (int i = 0; i < MAX; i++) prefs.put("recent" + i, i < l.size() ? l.get(i) : "");
    }
}
