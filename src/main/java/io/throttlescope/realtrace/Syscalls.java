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

    private Syscalls() { }

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
                if (sp > 0) m.put(Integer.parseInt(line.substring(0, sp)), line.substring(sp + 1).strip());
            }
        } catch (IOException | NullPointerException e) {
            throw new IllegalStateException("syscall table missing from the jar", e);
        }
        return m;
    }
}
