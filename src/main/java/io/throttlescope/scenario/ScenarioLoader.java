package io.throttlescope.scenario;

import io.throttlescope.scenario.JsonTree.Arr;
import io.throttlescope.scenario.JsonTree.Bool;
import io.throttlescope.scenario.JsonTree.Node;
import io.throttlescope.scenario.JsonTree.Num;
import io.throttlescope.scenario.JsonTree.Obj;
import io.throttlescope.scenario.JsonTree.Str;
import io.throttlescope.sim.spec.ActionSpec;
import io.throttlescope.sim.spec.CgroupSpec;
import io.throttlescope.sim.spec.Dur;
import io.throttlescope.sim.spec.KernelSpec;
import io.throttlescope.sim.spec.Lesson;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.sim.spec.TaskSpec;
import io.throttlescope.text.Escape;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Loads scenario files (docs/scenario-format.md) strictly: every problem is reported with its line,
 * column and JSON path, and a file either loads completely or not at all.
 */
public final class ScenarioLoader {
    public static final long MAX_FILE_BYTES = 16L * 1024 * 1024;
    public static final int MAX_TASKS = 100_000;
    public static final long MAX_DURATION_NS = 3_600_000_000_000L;

    /** "/" or segments of [A-Za-z0-9_.-], none of them "." or "..". */
    static final Pattern CGROUP = Pattern.compile("/|(/(?!\\.\\.?(?:/|$))[A-Za-z0-9_.-]+)+");
    /** Names a cgroup folder cannot take: the kernel's control files in every cgroup (v2 and v1). */
    private static final Pattern CONTROL_FILE =
            Pattern.compile("(?:cgroup|cpu|cpuacct|cpuset|io|blkio|memory|pids|rdma|hugetlb|misc"
                    + "|freezer|net_cls|net_prio|perf_event|devices)\\..*|tasks|notify_on_release|release_agent");

    /**
     * What is wrong with a cgroup path that {@link #CGROUP} accepts, or null: a segment named as a
     * control file of every cgroup ({@code /cgroup.procs}) cannot be made a folder (record created the
     * groups before it failed with "Not a directory").
     */
    static String controlFileProblem(String path) {
        for (String seg : path.split("/")) {
            if (CONTROL_FILE.matcher(seg).matches()) {
                return "\"" + path + "\": \"" + seg
                        + "\" is the name of a cgroup control file, which no cgroup can be named; name the group otherwise";
            }
        }
        return null;
    }

    static final Pattern TASK_NAME = Pattern.compile("[A-Za-z0-9_\\-.:#]+");
    private static final List<String> TOP = ScenarioKeys.TOP;
    static final List<String> TASK_KEYS = ScenarioKeys.TASK;

    /** The outcome of loading: a spec, or the problems (never both). */
    public record Loaded(SimSpec spec, List<Problem> problems) {
        public boolean ok() {
            return problems.isEmpty();
        }
    }

    private final List<Problem> problems = new ArrayList<>();
    int cpus = 1;
    final Map<String, String> lockTypes = new LinkedHashMap<>();
    final Set<String> pipeNames = new LinkedHashSet<>();
    /** Every task name the file declares (after count expansion), valid program or not. */
    final Set<String> declaredTasks = new LinkedHashSet<>();

    private ScenarioLoader() {}

    public static Loaded load(Path file) {
        try {
            // a FIFO or a device would block or never end: only regular files are read (links followed)
            if (!Files.isRegularFile(file)) {
                return fail(new Problem(
                        1,
                        1,
                        "$",
                        Files.exists(file) ? "not a regular file (a directory, FIFO or device)" : "no such file"));
            }
            byte[] bytes;
            try (InputStream in = Files.newInputStream(file)) {
                bytes = in.readNBytes(
                        (int) MAX_FILE_BYTES + 1); // the limit counts the bytes read, whatever size is reported
            }
            if (bytes.length > MAX_FILE_BYTES) {
                return fail(new Problem(1, 1, "$", "the file is over the 16 MiB limit (" + MAX_FILE_BYTES + " bytes)"));
            }
            String utf16 = utf16(bytes);
            if (utf16 != null)
                return fail(new Problem(
                        1, 1, "$", "the file is not UTF-8 text: it looks like " + utf16 + "; save it as UTF-8"));
            String text;
            try {
                text = StandardCharsets.UTF_8
                        .newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(bytes))
                        .toString();
            } catch (CharacterCodingException e) {
                return fail(new Problem(1, 1, "$", "the file is not valid UTF-8 text"));
            }
            if (text.indexOf('\u0000') >= 0)
                return fail(new Problem(1, 1, "$", "the file is not UTF-8 text: it contains NUL bytes"));
            return loadString(text);
        } catch (IOException e) {
            return fail(new Problem(1, 1, "$", "cannot read the file: " + e.getMessage()));
        }
    }

    public static Loaded loadString(String text) {
        if (text.length() > MAX_FILE_BYTES) {
            return fail(new Problem(1, 1, "$", "the text is larger than the 16 MiB limit"));
        }
        if (text.startsWith("\uFEFF")) text = text.substring(1);
        Node root;
        try {
            root = JsonTree.parse(text);
        } catch (JsonTree.SyntaxError e) {
            return fail(new Problem(e.line, e.col, Escape.shortPath(e.path), firstLine(e.getMessage())));
        } catch (RuntimeException e) {
            return fail(new Problem(1, 1, "$", "invalid JSON: " + firstLine(e.getMessage())));
        }
        ScenarioLoader l = new ScenarioLoader();
        SimSpec spec;
        try {
            spec = l.top(root);
        } catch (RuntimeException e) {
            l.problem(root, "internal error while checking the file (please report it): " + e);
            spec = null;
        }
        if (!l.problems.isEmpty()) {
            List<Problem> ps = new ArrayList<>(l.problems);
            Collections.sort(ps);
            if (l.unlisted > 0)
                ps.add(new Problem(
                        ps.get(ps.size() - 1).line(),
                        ps.get(ps.size() - 1).col(),
                        "$",
                        "... and " + l.unlisted + " more problems not listed"));
            return new Loaded(null, List.copyOf(ps));
        }
        return new Loaded(spec, List.of());
    }

    private static Loaded fail(Problem p) {
        return new Loaded(null, List.of(p));
    }

    /** A parser's message without its trailing lines (Gson adds a link), escaped. */
    private static String firstLine(String m) {
        if (m == null) return "invalid JSON";
        int nl = m.indexOf('\n');
        return Escape.message((nl < 0 ? m : m.substring(0, nl)).strip());
    }

    /** "UTF-16 (little endian)" etc. if the bytes look like UTF-16 (a BOM, or NULs in every other byte of ASCII text), else null. */
    public static String utf16(byte[] b) {
        if (b.length >= 2 && (b[0] & 0xff) == 0xff && (b[1] & 0xff) == 0xfe)
            return "UTF-16 (little endian, with a byte order mark)";
        if (b.length >= 2 && (b[0] & 0xff) == 0xfe && (b[1] & 0xff) == 0xff)
            return "UTF-16 (big endian, with a byte order mark)";
        int n = Math.min(b.length, 256) & ~1, evenNul = 0, oddNul = 0;
        for (int i = 0; i < n; i += 2) {
            if (b[i] == 0) evenNul++;
            if (b[i + 1] == 0) oddNul++;
        }
        if (n >= 4 && oddNul * 4 >= n * 3 / 2 && evenNul == 0) return "UTF-16 (little endian)";
        if (n >= 4 && evenNul * 4 >= n * 3 / 2 && oddNul == 0) return "UTF-16 (big endian)";
        return null;
    }

    // ----------------------------------------------------------------- helpers

    /** A suggestion, while problems are still being listed (a file of a million misspellings gets none after the first thousand). */
    String mean(String found, Collection<String> known) {
        return problems.size() >= MAX_PROBLEMS ? "" : Suggest.didYouMean(found, known);
    }

    /** At most this many problems are listed; the rest are counted. */
    static final int MAX_PROBLEMS = 1000;

    private long unlisted;

    /** A problem; whatever of the file's text it quotes is escaped, so a value cannot forge a line or drive the terminal. */
    void problem(Node n, String msg) {
        problemAt(n.line(), n.col(), n.path(), msg);
    }

    /** A problem at a place that is not a value (a key, a missing key): capped and escaped like every other. */
    void problemAt(int line, int col, String path, String msg) {
        if (problems.size() >= MAX_PROBLEMS) {
            unlisted++;
            return;
        }
        problems.add(new Problem(line, col, Escape.shortPath(path), Escape.message(msg)));
    }

    static String describe(Node n) {
        if (n instanceof Str s) return "the string \"" + s.value() + "\"";
        if (n instanceof Num x) return "the number " + x.text();
        if (n instanceof Bool b) return b.value() ? "true" : "false";
        if (n instanceof Obj) return "an object";
        if (n instanceof Arr) return "an array";
        return "null";
    }

    /** Reports unknown keys of an object with a suggestion; returns false if it is not an object. */
    Obj object(Node n, List<String> allowed, String what) {
        if (!(n instanceof Obj o)) {
            problem(n, "found " + describe(n) + ", expected " + what);
            return null;
        }
        if (allowed != null) {
            for (Map.Entry<String, int[]> e : o.keyPos().entrySet()) {
                if (!allowed.contains(e.getKey())) {
                    int[] p = e.getValue();
                    problemAt(
                            p[0],
                            p[1],
                            o.path() + "." + e.getKey(),
                            "unknown key \"" + e.getKey() + "\"" + mean(e.getKey(), allowed) + "; expected one of "
                                    + String.join(", ", allowed));
                }
            }
        }
        return o;
    }

    Node required(Obj o, String key) {
        Node n = o.members().get(key);
        if (n == null) problemAt(o.line(), o.col(), o.path(), "the required key \"" + key + "\" is missing");
        return n;
    }

    String string(Node n, String what) {
        if (n instanceof Str s) return s.value();
        problem(n, "found " + describe(n) + ", expected " + what);
        return null;
    }

    Long integer(Node n, long lo, long hi, String what) {
        if (n instanceof Num x) {
            try {
                long v = Long.parseLong(x.text());
                if (v < lo || v > hi) {
                    problem(n, "found " + v + ", expected " + what + " from " + lo + " to " + hi);
                    return null;
                }
                return v;
            } catch (NumberFormatException e) {
                problem(n, "found " + x.text() + ", expected " + what + " (a whole number)");
                return null;
            }
        }
        problem(n, "found " + describe(n) + ", expected " + what);
        return null;
    }

    Boolean bool(Node n) {
        if (n instanceof Bool b) return b.value();
        problem(n, "found " + describe(n) + ", expected true or false");
        return null;
    }

    /** A fixed duration (kernel settings, notes). */
    Long fixedDuration(Node n) {
        Dur d = duration(n);
        if (d == null) return null;
        if (d instanceof Dur.Fixed f) return f.ns();
        problem(n, "found a random duration, expected a fixed one such as \"5ms\"");
        return null;
    }

    Dur duration(Node n) {
        if (n instanceof Str s) {
            long ns = DurationText.parse(s.value());
            if (ns < 0) {
                problem(
                        n,
                        "found \"" + s.value()
                                + "\", expected a duration: a number and a unit ns, us, ms or s (e.g. \"1.5ms\")");
                return null;
            }
            if (ns > MAX_DURATION_NS) {
                problem(n, "the duration " + s.value() + " is over the one-hour limit");
                return null;
            }
            return new Dur.Fixed(ns);
        }
        if (n instanceof Num x) {
            problem(
                    n,
                    "found the bare number " + x.text()
                            + ", expected a duration with a unit (which unit would it be?), e.g. \"" + x.text()
                            + "ms\"");
            return null;
        }
        if (n instanceof Obj o) {
            if (o.members().size() != 1) {
                problem(n, "expected a random duration with exactly one key, \"uniform\" or \"exponential\"");
                return null;
            }
            object(o, ScenarioKeys.RANDOM, "a random duration");
            if (o.members().containsKey("uniform")) {
                Node u = o.members().get("uniform");
                if (!(u instanceof Arr a) || a.items().size() != 2) {
                    problem(u, "found " + describe(u) + ", expected two durations, e.g. [\"1ms\", \"3ms\"]");
                    return null;
                }
                Long lo = fixedDuration(a.items().get(0)),
                        hi = fixedDuration(a.items().get(1));
                if (lo == null || hi == null) return null;
                if (hi < lo) {
                    problem(u, "the upper bound is below the lower bound");
                    return null;
                }
                return new Dur.Uniform(lo, hi);
            }
            if (o.members().containsKey("exponential")) {
                Long mean = fixedDuration(o.members().get("exponential"));
                if (mean == null) return null;
                if (mean <= 0) {
                    problem(o.members().get("exponential"), "the mean must be above zero");
                    return null;
                }
                return new Dur.Exponential(mean);
            }
            return null;
        }
        problem(n, "found " + describe(n) + ", expected a duration such as \"5ms\"");
        return null;
    }

    // ----------------------------------------------------------------- top level

    private SimSpec top(Node root) {
        Obj o = object(root, TOP, "a scenario object");
        if (o == null) return null;
        Node f = required(o, "format");
        if (f != null) integer(f, 1, 1, "the format version");
        String name = null;
        Node nn = required(o, "name");
        if (nn != null) {
            name = string(nn, "a short title");
            if (name != null && name.isBlank()) problem(nn, "the name is empty");
        }
        String description = "";
        if (o.members().containsKey("description")) {
            String d = string(o.members().get("description"), "a text");
            if (d != null) description = d;
        }
        String model = "task";
        if (o.members().containsKey("model")) {
            Node m = o.members().get("model");
            String s = string(m, "\"legacy\" or \"task\"");
            if (s != null && !s.equals("legacy") && !s.equals("task")) {
                problem(m, "found \"" + s + "\", expected \"legacy\" or \"task\"" + mean(s, List.of("legacy", "task")));
            } else if (s != null) model = s;
        }
        KernelSpec kernel = o.members().containsKey("kernel")
                ? new KernelLoader(this).kernel(o.members().get("kernel"))
                : KernelSpec.defaults();
        if (kernel == null) kernel = KernelSpec.defaults();
        cpus = kernel.cpus();
        long duration = 0;
        Node dn = required(o, "duration");
        if (dn != null) {
            Long d = fixedDuration(dn);
            if (d != null) {
                if (d <= 0) problem(dn, "the duration must be above zero");
                duration = d;
            }
        }
        long seed = 1;
        if (o.members().containsKey("seed")) {
            Long s = integer(o.members().get("seed"), Long.MIN_VALUE, Long.MAX_VALUE, "an integer seed");
            if (s != null) seed = s;
        }
        Map<String, CgroupSpec> cgroups = o.members().containsKey("cgroups")
                ? new CgroupLoader(this).cgroups(o.members().get("cgroups"))
                : new LinkedHashMap<>();
        if (o.members().containsKey("locks")) locks(o.members().get("locks"));
        Map<String, Integer> pipes =
                o.members().containsKey("pipes") ? pipes(o.members().get("pipes")) : new LinkedHashMap<>();
        List<TaskSpec> tasks = new ArrayList<>();
        Node tn = required(o, "tasks");
        if (tn != null) tasks = new TaskLoader(this).tasks(tn);
        Set<String> knownGroups = new LinkedHashSet<>();
        knownGroups.add("/");
        for (String p : cgroups.keySet()) addWithParents(knownGroups, p);
        for (TaskSpec t : tasks) addWithParents(knownGroups, t.cgroup());
        Map<String, Integer> taskCounts = new HashMap<>();
        for (TaskSpec t : tasks) {
            String base =
                    t.name().contains("#") ? t.name().substring(0, t.name().lastIndexOf('#')) : t.name();
            taskCounts.merge(base, 1, Integer::sum);
        }
        List<ActionSpec> actions = o.members().containsKey("actions")
                ? new ActionLoader(this).actions(o.members().get("actions"), tasks, knownGroups, cgroups)
                : List.of();
        List<SimSpec.Note> notes = o.members().containsKey("notes")
                ? new ActionLoader(this).notes(o.members().get("notes"))
                : List.of();
        Lesson lesson = o.members().containsKey("lesson")
                ? new LessonLoader(this)
                        .lesson(o.members().get("lesson"), tasks, knownGroups, lockTypes.keySet(), cpus, duration)
                : null;
        for (String p : knownGroups)
            if (!cgroups.containsKey(p) && !p.equals("/")) cgroups.put(p, CgroupSpec.unlimited(p));
        if (!problems.isEmpty()) return null;
        return new SimSpec(
                name,
                description,
                model,
                kernel,
                duration,
                seed,
                cgroups,
                lockTypes,
                pipes,
                tasks,
                actions,
                notes,
                lesson);
    }

    private static void addWithParents(Set<String> set, String path) {
        if (path == null) return;
        String p = path;
        List<String> chain = new ArrayList<>();
        while (p.length() > 1) {
            chain.add(0, p);
            p = p.substring(0, p.lastIndexOf('/'));
            if (p.isEmpty()) break;
        }
        set.addAll(chain);
    }

    // ----------------------------------------------------------------- cgroups, locks, pipes

    private void locks(Node n) {
        Obj o = object(n, null, "an object of lock names to {\"type\": ...}");
        if (o == null) return;
        for (Map.Entry<String, Node> e : o.members().entrySet()) {
            Obj l = object(e.getValue(), ScenarioKeys.LOCK, "{\"type\": \"percpu_rwsem\"} or {\"type\": \"mutex\"}");
            if (l == null) continue;
            Node t = required(l, "type");
            if (t == null) continue;
            String ty = string(t, "\"percpu_rwsem\" or \"mutex\"");
            if (ty == null) continue;
            if (!ty.equals("percpu_rwsem") && !ty.equals("mutex")) {
                problem(
                        t,
                        "found \"" + ty + "\", expected \"percpu_rwsem\" or \"mutex\""
                                + mean(ty, List.of("percpu_rwsem", "mutex")));
                continue;
            }
            lockTypes.put(e.getKey(), ty);
        }
    }

    private Map<String, Integer> pipes(Node n) {
        Map<String, Integer> out = new LinkedHashMap<>();
        Obj o = object(n, null, "an object of pipe names to {\"capacity\": N}");
        if (o == null) return out;
        for (Map.Entry<String, Node> e : o.members().entrySet()) {
            pipeNames.add(e.getKey());
            Obj p = object(e.getValue(), ScenarioKeys.PIPE, "{\"capacity\": N}");
            if (p == null) continue;
            int cap = 16;
            if (p.members().containsKey("capacity")) {
                Long c = integer(p.members().get("capacity"), 1, 1_000_000, "a capacity");
                if (c != null) cap = c.intValue();
            }
            out.put(e.getKey(), cap);
        }
        return out;
    }
}
