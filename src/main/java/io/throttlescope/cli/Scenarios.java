package io.throttlescope.cli;

import io.throttlescope.scenario.Problem;
import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.text.Escape;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Loading a scenario for a command, printing every problem in the validate format. */
final class Scenarios {
    private Scenarios() {}

    static SimSpec loadOrReport(Path file, PrintWriter err) {
        if (missing(file, err)) return null;
        ScenarioLoader.Loaded l = ScenarioLoader.load(file);
        if (l.ok()) return l.spec();
        for (Problem p : l.problems()) err.println(p.format(file.toString()));
        return null;
    }

    /** A file that does not exist: one line, with the nearest names in its folder (and in scenarios/). */
    static boolean missing(Path file, PrintWriter err) {
        if (Files.exists(file)) return false;
        String given = file.toString();
        if (given.indexOf('\uFFFD') >= 0
                || (given.indexOf('?') >= 0
                        && !System.getProperty("sun.jnu.encoding", "UTF-8").equalsIgnoreCase("UTF-8"))) {
            err.println("error: " + Escape.controls(given)
                    + " cannot be opened: its name is not valid UTF-8 (saved in another encoding?);"
                    + " rename it to UTF-8, e.g. with convmv -f latin1 -t utf8");
            return true;
        }
        List<String> near = new ArrayList<>();
        String want = file.getFileName() == null ? "" : file.getFileName().toString();
        Path dir = file.toAbsolutePath().getParent();
        for (Path d : new Path[] {dir, Path.of("scenarios")}) {
            if (d == null || !Files.isDirectory(d)) continue;
            try (var s = Files.list(d)) {
                s.map(p -> p.getFileName().toString())
                        .filter(n -> n.endsWith(".json"))
                        .filter(n -> close(n, want))
                        .sorted()
                        .limit(3)
                        .forEach(n -> {
                            String shown = d.equals(dir)
                                    ? (file.getParent() == null
                                            ? n
                                            : file.getParent().resolve(n).toString())
                                    : "scenarios/" + n;
                            if (!near.contains(shown)) near.add(shown);
                        });
            } catch (IOException e) {
                // nothing to suggest
            }
        }
        err.println("error: " + Escape.controls(given) + " does not exist"
                + (near.isEmpty() ? "" : "; did you mean " + Escape.controls(String.join(" or ", near)) + "?"));
        return true;
    }

    /** Names that share a numbered prefix or are a few edits apart. */
    static boolean close(String a, String b) {
        String x = a.toLowerCase(Locale.ROOT), y = b.toLowerCase(Locale.ROOT);
        if (x.length() >= 3 && y.length() >= 3 && x.substring(0, 3).equals(y.substring(0, 3))) return true;
        if (Math.abs(x.length() - y.length()) > 3 || x.length() > 200 || y.length() > 200) return false;
        int[] prev = new int[y.length() + 1], cur = new int[y.length() + 1];
        for (int j = 0; j <= y.length(); j++) prev[j] = j;
        for (int i = 1; i <= x.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= y.length(); j++)
                cur[j] = Math.min(
                        Math.min(cur[j - 1], prev[j]) + 1, prev[j - 1] + (x.charAt(i - 1) == y.charAt(j - 1) ? 0 : 1));
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[y.length()] <= 3;
    }
}
