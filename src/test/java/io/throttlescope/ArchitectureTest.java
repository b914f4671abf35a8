package io.throttlescope;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The layers docs/architecture.md promises, read from the sources: which package mentions which (imports and
 * fully qualified names alike). The simulator and everything below the window stay plain Java, the
 * window never reaches into the command line, and no two packages depend on each other in a ring.
 */
class ArchitectureTest {
    private static final Path SRC = Path.of("src/main/java");
    /** io.throttlescope itself: the launcher, which starts either the command line or the window. */
    private static final String LAUNCHER = "";

    private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+([\\w.]+);");
    private static final Pattern REFERENCE =
            Pattern.compile("\\bio\\.throttlescope\\.((?:[a-z]\\w*\\.)*[a-z]\\w*)\\.[A-Z]");
    private static final Pattern FX = Pattern.compile("\\b(javafx|org\\.controlsfx)\\.");

    /** package (without io.throttlescope.) → packages it mentions. */
    private static final Map<String, Set<String>> USES = new TreeMap<>();
    /** package → whether any of its files mentions JavaFX or ControlsFX. */
    private static final Map<String, Boolean> FX_USERS = new TreeMap<>();

    @BeforeAll
    static void read() throws IOException {
        try (Stream<Path> files = Files.walk(SRC)) {
            for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
                String text = Files.readString(f);
                Matcher pm = PACKAGE.matcher(text);
                if (!pm.find()) continue;
                String pkg = pm.group(1).replaceFirst("^io\\.throttlescope\\.?", "");
                Set<String> uses = USES.computeIfAbsent(pkg, k -> new TreeSet<>());
                Matcher rm = REFERENCE.matcher(text);
                while (rm.find()) if (!rm.group(1).equals(pkg)) uses.add(rm.group(1));
                FX_USERS.merge(pkg, FX.matcher(text).find(), Boolean::logicalOr);
            }
        }
        assertThat(USES)
                .as("packages read from " + SRC.toAbsolutePath())
                .containsKeys("sim", "trace", "view", "ui", "cli");
    }

    /** A file of the main sources: its path and its lines. */
    private record Source(Path path, List<String> lines) {}

    private static List<Source> sources() throws IOException {
        List<Source> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(SRC)) {
            for (Path f : (Iterable<Path>)
                    files.filter(p -> p.toString().endsWith(".java")).sorted()::iterator) {
                out.add(new Source(f, Files.readAllLines(f)));
            }
        }
        return out;
    }

    /**
     * A file holds one job: none is over 600 lines as the formatter lays it out (the window and the
     * simulator were split by job to get there: 500 lines of the hand layout, which the formatter's
     * one statement a line and wrapped arguments make 1.2 to 1.4 times as many; MainWindow and
     * TimelineCanvas were split again before the formatter came).
     */
    @Test
    void noFileIsOver600Lines() throws IOException {
        List<String> over = new ArrayList<>();
        for (Source s : sources())
            if (s.lines().size() > 600)
                over.add(SRC.relativize(s.path()) + " (" + s.lines().size() + ")");
        assertThat(over).isEmpty();
    }

    /**
     * Comments cite the repository's own references: docs/model.md by a section title it has, never
     * the specification outside the repository (11 files of sim cited "kernel-model.md 5.3" and bare
     * section numbers such as "(3.4 item 3)").
     */
    @Test
    void commentsCiteTheRepositorysOwnDocsByTitle() throws IOException {
        Set<String> titles = new TreeSet<>();
        for (String l : Files.readAllLines(Path.of("docs/model.md")))
            if (l.startsWith("#")) titles.add(l.replaceFirst("^#+\\s*", "").strip());
        Pattern cite = Pattern.compile("docs/model\\.md, \"([^\"]+)\"(?: and \"([^\"]+)\")?");
        // the specification's section numbers (1.1-1.6, 3.1-3.10, 4.1-4.7, 5.0-5.12, 6.1-6.4) in parentheses or opening
        // a comment
        Pattern bare = Pattern.compile(
                "(?:/\\*\\* |\\()(?:1\\.[1-6]|3\\.(?:10|[1-9])|4\\.[1-7]|5\\.(?:1[0-2]|[0-9])|6\\.[1-4])(?: item \\d+)?(?:\\)|:| \\*/|, \\d)");
        List<String> bad = new ArrayList<>();
        List<Source> all = new ArrayList<>(sources());
        try (Stream<Path> files = Files.walk(Path.of("src/test/java"))) {
            for (Path f : (Iterable<Path>)
                    files.filter(p -> p.toString().endsWith(".java")).sorted()::iterator)
                all.add(new Source(f, Files.readAllLines(f)));
        }
        int cited = 0;
        for (Source s : all) {
            for (int i = 0; i < s.lines().size(); i++) {
                String l = s.lines().get(i);
                if (s.path().endsWith("ArchitectureTest.java")) continue;
                String where = s.path() + ":" + (i + 1);
                if (l.contains("kernel-model.md") && !l.contains("doesNotContain(\"kernel-model\")"))
                    bad.add(where + " cites kernel-model.md");
                boolean comment = l.strip().startsWith("*") || l.strip().startsWith("/*") || l.contains("//");
                if (comment && bare.matcher(l).find()) bad.add(where + " cites a bare section number");
                Matcher m = cite.matcher(l);
                while (m.find()) {
                    cited++;
                    for (int g = 1; g <= 2; g++)
                        if (m.group(g) != null && !titles.contains(m.group(g)))
                            bad.add(where + " cites no such section: " + m.group(g));
                }
            }
        }
        assertThat(bad).isEmpty();
        assertThat(cited).isGreaterThan(30);
    }

    /** Classes are named by import, not fully qualified inline (Class.forName of the app, which must be by name, aside). */
    @Test
    void noFullyQualifiedNamesInline() throws IOException {
        Pattern fqn = Pattern.compile("(?<![\\w.\"])(?:java|javax|javafx|com|io|org)\\.(?:[a-z]\\w*\\.)+[A-Z]\\w*");
        List<String> found = new ArrayList<>();
        for (Source s : sources()) {
            List<String> l = s.lines();
            for (int i = 0; i < l.size(); i++) {
                String line = l.get(i).strip();
                if (line.startsWith("import ")
                        || line.startsWith("package ")
                        || line.startsWith("*")
                        || line.startsWith("/*")
                        || line.startsWith("//")
                        || line.contains("Class.forName")) continue;
                String code = line.replaceAll("\"(\\\\.|[^\"\\\\])*\"", "\"\"")
                        .replaceAll("//.*$", ""); // strings and end comments out
                Matcher m = fqn.matcher(code);
                if (m.find()) found.add(SRC.relativize(s.path()) + ":" + (i + 1) + " " + m.group());
            }
        }
        assertThat(found).isEmpty();
    }

    /** Every class of the window says its one job in a comment right before it (a new part must say what it is for). */
    @Test
    void everyClassOfTheWindowSaysItsJob() throws IOException {
        Pattern type =
                Pattern.compile("^(public |abstract |final |sealed |non-sealed )*(class|interface|record|enum) \\w+");
        List<String> silent = new ArrayList<>();
        int seen = 0;
        for (Source s : sources()) {
            if (!SRC.relativize(s.path()).toString().replace('\\', '/').startsWith("io/throttlescope/ui/")) continue;
            List<String> l = s.lines();
            for (int i = 0; i < l.size(); i++) {
                if (!type.matcher(l.get(i)).find()) continue; // the top-level type: at the line's start
                seen++;
                int j = i - 1;
                while (j >= 0 && l.get(j).strip().startsWith("@")) j--; // annotations
                if (j < 0 || !l.get(j).strip().endsWith("*/"))
                    silent.add(SRC.relativize(s.path()).toString());
                break;
            }
        }
        assertThat(seen).isGreaterThan(50);
        assertThat(silent).isEmpty();
    }

    @Test
    void onlyTheWindowDrawsWithJavaFx() {
        List<String> fx = FX_USERS.entrySet().stream()
                .filter(Map.Entry::getValue)
                .map(Map.Entry::getKey)
                .filter(p -> !p.equals(LAUNCHER))
                .toList();
        assertThat(fx).isNotEmpty().allSatisfy(p -> assertThat(p).matches("ui(\\..*)?"));
    }

    @Test
    void theSimulatorKnowsOnlyItselfAndItsText() {
        for (String p : List.of("sim", "sim.spec"))
            assertThat(USES.get(p)).as(p).isSubsetOf("sim", "sim.spec", "text");
    }

    @Test
    void nothingBelowTheWindowKnowsTheWindowAndOnlyTheCommandLineKnowsItself() {
        USES.forEach((p, uses) -> {
            if (p.equals(LAUNCHER)) return;
            if (!p.matches("ui(\\..*)?|cli")) assertThat(uses).as(p).noneMatch(u -> u.matches("ui(\\..*)?"));
            if (!p.equals("cli")) assertThat(uses).as(p).doesNotContain("cli");
        });
    }

    /**
     * The window's parts are packages of their own (issue 29): the timeline (canvas, renderers, pointer,
     * batches) in ui.timeline, the tables (runqueues, locks, event log) in ui.tables, the window's menus,
     * keys, opener, exports and status in ui.window (the composition root, MainWindow, stays in ui). A part knows the
     * window's state and the layers below, never the window that composes it, nor another part but the
     * tables' use of the timeline's colours.
     */
    @Test
    void theWindowsPartsKnowTheStateAndTheLayersBelowNeverTheWindow() {
        assertThat(USES).containsKeys("ui.timeline", "ui.tables", "ui.window");
        assertThat(USES.get("ui.timeline")).isSubsetOf("ui.state", "view", "trace", "sim", "sim.spec", "text");
        assertThat(USES.get("ui.tables"))
                .isSubsetOf("ui.state", "ui.timeline", "view", "trace", "sim", "sim.spec", "text");
        assertThat(USES.get("ui.window"))
                .as("the window's menus, keys, opener and status never know the window that composes them")
                .doesNotContain("ui", "cli");
        try (Stream<Path> s = Files.list(SRC.resolve("io/throttlescope/ui"))) {
            List<String> left = s.map(f -> f.getFileName().toString())
                    .filter(n -> n.matches(
                                    "(.*Renderer|Timeline.*|.*Lane|RectBatch|.*View|Columns"
                                            + "|Main(Menu|ToolBar)|Keys|Shortcuts|Navigation|Playback|Opener|StatusLine|Exports|EditedScenario|RecentFiles|WindowCommands|DefaultScenario)\\.java")
                            && !n.equals("CompareView.java"))
                    .toList();
            assertThat(left)
                    .as("timeline, table and window-part classes left in the composition root's package")
                    .isEmpty();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void noPackagesDependOnEachOtherInARing() {
        assertThat(rings(USES)).isEmpty();
    }

    @Test
    void theRingFinderFindsARing() {
        Map<String, Set<String>> g = Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a"), "d", Set.of("a"));
        assertThat(rings(g)).containsExactly(List.of("a", "b", "c"));
    }

    /** Strongly connected groups of more than one package (Tarjan), each sorted. */
    static List<List<String>> rings(Map<String, Set<String>> g) {
        Map<String, Integer> index = new TreeMap<>(), low = new TreeMap<>();
        List<String> stack = new ArrayList<>();
        List<List<String>> out = new ArrayList<>();
        for (String v : new TreeSet<>(g.keySet())) if (!index.containsKey(v)) visit(v, g, index, low, stack, out);
        return out;
    }

    private static void visit(
            String v,
            Map<String, Set<String>> g,
            Map<String, Integer> index,
            Map<String, Integer> low,
            List<String> stack,
            List<List<String>> out) {
        index.put(v, index.size());
        low.put(v, index.get(v));
        stack.add(v);
        for (String w : g.getOrDefault(v, Set.of())) {
            if (!index.containsKey(w)) {
                visit(w, g, index, low, stack, out);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (stack.contains(w)) low.put(v, Math.min(low.get(v), index.get(w)));
        }
        if (low.get(v).equals(index.get(v))) {
            List<String> ring = new ArrayList<>();
            String w;
            do {
                w = stack.remove(stack.size() - 1);
                ring.add(w);
            } while (!w.equals(v));
            if (ring.size() > 1) out.add(ring.stream().sorted().toList());
        }
    }
}
