package io.throttlescope.docs;

import io.throttlescope.scenario.ScenarioKeys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 20: the repository carries its own references. Every relative link of the README and of
 * docs/ resolves to a file inside the repository, none leaves it, and docs/scenario-format.md
 * documents exactly the keys the loader accepts, section by section.
 */
class ReferencesTest {
    static final Path ROOT = Path.of("").toAbsolutePath().normalize();
    static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");

    static List<Path> documents() throws Exception {
        List<Path> out = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (var l = Files.list(ROOT.resolve("docs"))) {
            l.filter(p -> p.toString().endsWith(".md")).sorted().forEach(out::add);
        }
        for (String more :
                new String[] {"traces/README.md", "screenshots/README.md", "tools/legacy-kernel/README.md"}) {
            if (Files.exists(ROOT.resolve(more))) out.add(ROOT.resolve(more));
        }
        return out;
    }

    /** A newcomer reads the README to the end: the two commands first, at most 250 lines, the rest in docs/ (it had grown to 1,487). */
    @Test
    void theReadmeIsShortAndStartsWithTheTwoCommands() throws Exception {
        List<String> lines = Files.readAllLines(ROOT.resolve("README.md"));
        assertThat(lines.size()).isLessThanOrEqualTo(250);
        String head = String.join("\n", lines.subList(0, Math.min(8, lines.size())));
        assertThat(head.indexOf("mvn javafx:run")).isGreaterThan(0).isLessThan(head.indexOf("mvn -B verify"));
        for (String d :
                new String[] {"docs/guide.md", "docs/real-kernels.md", "docs/performance.md", "docs/architecture.md"}) {
            assertThat(String.join("\n", lines)).contains("](" + d + ")");
        }
    }

    @Test
    void theReferencesAreInTheRepository() {
        for (String d : new String[] {"docs/scenario-format.md", "docs/cli.md", "docs/model.md"})
            assertThat(ROOT.resolve(d)).isRegularFile();
    }

    @Test
    void everyRelativeLinkResolvesInsideTheRepository() throws Exception {
        List<String> broken = new ArrayList<>();
        int links = 0;
        for (Path doc : documents()) {
            String text = Files.readString(doc);
            Matcher m = LINK.matcher(text);
            while (m.find()) {
                String target = m.group(1);
                if (target.matches("^[a-zA-Z][a-zA-Z+.-]*:.*") || target.startsWith("#"))
                    continue; // https:, mailto:, an anchor
                links++;
                String file = target.replaceFirst("#.*$", "");
                Path p = doc.getParent().resolve(file).normalize();
                if (!p.startsWith(ROOT)) broken.add(ROOT.relativize(doc) + ": " + target + " leaves the repository");
                else if (!Files.exists(p)) broken.add(ROOT.relativize(doc) + ": " + target + " does not exist");
            }
            if (text.contains("../shared/"))
                broken.add(ROOT.relativize(doc) + ": names ../shared/, which a clone does not have");
        }
        assertThat(links).as("relative links checked").isGreaterThan(10);
        assertThat(broken).isEmpty();
    }

    /** The keys of each `<!-- section: NAME -->` of docs/scenario-format.md: the first column of its table. */
    static Map<String, Set<String>> documentedKeys() throws Exception {
        Map<String, Set<String>> out = new LinkedHashMap<>();
        String section = null;
        boolean inTable = false, tableSeen = false;
        for (String line : Files.readAllLines(ROOT.resolve("docs/scenario-format.md"))) {
            Matcher s = Pattern.compile("^<!-- section: ([a-z_]+) -->$").matcher(line.strip());
            if (s.matches()) {
                section = s.group(1);
                assertThat(out).as("section " + section + " once").doesNotContainKey(section);
                out.put(section, new LinkedHashSet<>());
                inTable = false;
                tableSeen = false;
                continue;
            }
            if (section == null) continue;
            if (line.startsWith("|")) {
                if (tableSeen && !inTable) continue; // only the section's first table
                inTable = true;
                tableSeen = true;
                String[] cells = line.split("\\|");
                if (cells.length < 2) continue;
                Matcher k = Pattern.compile("^\\s*`([^`]+)`").matcher(cells[1]);
                if (k.find()) out.get(section).add(k.group(1));
            } else if (inTable) {
                inTable = false;
            }
        }
        return out;
    }

    @Test
    void everyKeyTheLoaderAcceptsIsDocumentedAndNoOther() throws Exception {
        Map<String, Set<String>> documented = documentedKeys();
        Map<String, List<String>> accepted = ScenarioKeys.sections();
        assertThat(documented.keySet()).containsExactlyInAnyOrderElementsOf(accepted.keySet());
        for (var e : accepted.entrySet()) {
            assertThat(documented.get(e.getKey()))
                    .as("the keys of section " + e.getKey())
                    .containsExactlyInAnyOrderElementsOf(e.getValue());
        }
    }
}
