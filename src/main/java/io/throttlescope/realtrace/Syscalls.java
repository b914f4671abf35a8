package io.throttlescope.realtrace;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/** x86-64 syscall names by number (from the kernel's unistd_64.h); "NR n" where unknown. */
public final class Syscalls {
    private static final Map<Integer, String> NAMES = load();

    private Syscalls() {}

    /** The number of a syscall name (the first word of a simulated syscall's text: "write cgroup.procs"), -1 if unknown. */
    public static int numberOf(String text) {
        String n = text.strip();
        int sp = n.indexOf(' ');
        if (sp >= 0) n = n.substring(0, sp);
        for (Map.Entry<Integer, String> e : NAMES.entrySet()) if (e.getValue().equals(n)) return e.getKey();
        return -1;
    }

    public static String name(int nr) {
        String n = NAMES.get(nr);
        return n != null ? n : "NR " + nr;
    }

    private static Map<Integer, String> load() {
        Map<Integer, String> m = new HashMap<>();
        try (var in = Syscalls.class.getResourceAsStream("syscalls-x86_64.txt");
                BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII))) {
            for (String line; (line = r.readLine()) != null; ) {
                int sp = line.indexOf(' ');
                if (sp > 0)
                    m.put(
                            Integer.parseInt(line.substring(0, sp)),
                            line.substring(sp + 1).strip());
            }
        } catch (IOException | NullPointerException e) {
            throw new IllegalStateException("syscall table missing from the jar", e);
        }
        return m;
    }

    /** The number of {@code NR 257 (...)} or {@code NR 257 = 5}, as its digits (what {@code NR (-?\d+)(.*)} finds); null if not that. */
    static String number(String f) {
        if (!f.startsWith("NR ")) return null;
        int i = 3, from = 3;
        if (i < f.length() && f.charAt(i) == '-') i++;
        int d = i;
        while (i < f.length() && f.charAt(i) >= '0' && f.charAt(i) <= '9') i++;
        if (i == d || SwitchFields.hasLineBreak(f)) return null;
        return f.substring(from, i);
    }
}
