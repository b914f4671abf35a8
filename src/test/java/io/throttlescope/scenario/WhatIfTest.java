package io.throttlescope.scenario;

import io.throttlescope.cli.Cli;
import io.throttlescope.compare.Metrics;
import io.throttlescope.sim.RunResult;
import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.spec.SimSpec;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/** What if?: the parameters offered, edits kept only when the file still loads, undo/redo, and "Save as" that validate accepts. */
class WhatIfTest {
    static final Path SEED = Path.of("scenarios/01-seed-story-rwsem-reader.json");

    @TempDir
    Path dir;

    static double wLongestWait(SimSpec s, Simulator.Model m) {
        Simulator sim = new Simulator(s, m, null);
        sim.run();
        RunResult r = sim.result();
        return Metrics.of(r).stream()
                .filter(x -> x.name().equals("task W longest_lock_wait_ms"))
                .findFirst()
                .orElseThrow()
                .value();
    }

    @Test
    void theSeedStoryOffersItsGroupTheKernelAndEveryStepDuration() throws Exception {
        WhatIf w = new WhatIf(Files.readString(SEED));
        // the group's cpu.max first (what a user changes most: on top of the panel at 1024x768), the kernel last
        assertThat(w.params())
                .extracting(ScenarioParams.Param::id)
                .startsWith("/G:cpu.max", "/G:cpu.max.burst", "/G:cpu.weight")
                .endsWith("kernel.cpus", "kernel.hz", "kernel.accounting", "kernel.preemption");
        assertThat(w.params())
                .filteredOn(p -> p.id().equals("/G:cpu.max"))
                .singleElement()
                .satisfies(p -> {
                    assertThat(p.value()).isEqualTo("10000 100000");
                    assertThat(p.section()).isEqualTo("cgroup /G");
                });
        assertThat(w.params())
                .filteredOn(p -> p.id().equals("kernel.hz"))
                .singleElement()
                .extracting(ScenarioParams.Param::choices)
                .asList()
                .containsExactly("100", "250", "300", "1000");
        assertThat(w.params())
                .filteredOn(p -> p.id().startsWith("task.R."))
                .isNotEmpty()
                .allSatisfy(p -> assertThat(p.section()).isEqualTo("task R"));
    }

    /**
     * The notes of an edited scenario say that they were written for the file as opened (the review: the
     * notes stayed at their times, "/G is throttled" at 10 ms of a run with five times the quota, with no
     * word); undone, they are the file's again. The file saved keeps its notes as written.
     */
    @Test
    void anEditedScenariosNotesSayTheyWereWrittenForTheFileAsOpened() throws Exception {
        WhatIf w = new WhatIf(Files.readString(SEED));
        List<SimSpec.Note> written = ScenarioLoader.loadString(w.json()).spec().notes();
        assertThat(written).isNotEmpty().noneMatch(n -> n.text().startsWith(WhatIf.AS_WRITTEN));
        WhatIf.Outcome o = w.set("/G:cpu.max", "50000 100000");
        assertThat(o.spec().notes())
                .extracting(SimSpec.Note::text)
                .containsExactlyElementsOf(
                        written.stream().map(n -> WhatIf.AS_WRITTEN + n.text()).toList());
        assertThat(o.spec().notes())
                .extracting(SimSpec.Note::atNs)
                .containsExactlyElementsOf(
                        written.stream().map(SimSpec.Note::atNs).toList());
        assertThat(ScenarioLoader.loadString(w.json()).spec().notes()).isEqualTo(written);
        assertThat(w.undo().spec().notes()).isEqualTo(written);
    }

    @Test
    void anEditThatLoadsIsKeptAndChangesTheRunARefusedOneChangesNothing() throws Exception {
        WhatIf w = new WhatIf(Files.readString(SEED));
        SimSpec before = ScenarioLoader.loadString(w.json()).spec();
        assertThat(wLongestWait(before, Simulator.Model.LEGACY)).isGreaterThan(80); // 84 ms behind the throttled reader
        WhatIf.Outcome o = w.set("/G:cpu.max", "50000 100000");
        assertThat(o.ok()).isTrue();
        assertThat(wLongestWait(o.spec(), Simulator.Model.LEGACY))
                .isLessThan(1); // R is not throttled with the lock any more
        assertThat(w.history().undoLabel()).isEqualTo("/G:cpu.max = 50000 100000");

        String edited = w.json();
        WhatIf.Outcome bad = w.set("/G:cpu.max", "500 100000"); // under the kernel's 1 ms minimum
        assertThat(bad.ok()).isFalse();
        assertThat(bad.problem()).startsWith("$.cgroups./G.cpu.max");
        assertThat(w.json()).isEqualTo(edited);
        assertThat(w.set("kernel.hz", "123").problem()).contains("expected 100, 250, 300 or 1000");
        assertThat(w.set("task.Nobody.0", "1ms").problem()).contains("no task Nobody");
        assertThat(w.history().edits()).isEqualTo(1);

        assertThat(w.undo().spec().cgroups().get("/G").quotaUs()).isEqualTo(10000);
        assertThat(w.history().canRedo()).isTrue();
        assertThat(w.redo().spec().cgroups().get("/G").quotaUs()).isEqualTo(50000);
        w.undo();
        assertThat(w.set("kernel.accounting", "tick").ok()).isTrue(); // a new edit drops the undone one
        assertThat(w.history().canRedo()).isFalse();
        assertThat(w.reset().spec().kernel().exactAccounting()).isTrue(); // the file's "exact"
        assertThat(w.undo().spec().kernel().exactAccounting()).isFalse(); // reset is an edit: undo brings "tick" back
    }

    @Test
    void saveAsIsFormattedAsTheLibrarysFilesAndValidates() throws Exception {
        WhatIf w = new WhatIf(Files.readString(SEED));
        assertThat(w.set("/G:cpu.max.burst", "5000").ok()).isTrue();
        assertThat(w.set("task.R.1.2", "300us").ok()).isTrue(); // R's critical section
        Path out = dir.resolve("edited.json");
        Files.writeString(out, w.formatted());
        String text = Files.readString(out);
        assertThat(text)
                .startsWith("{\n  \"format\": 1,\n  \"name\": ")
                .endsWith("}\n")
                .contains("\"cpu.max.burst\": \"5000\"");
        StringWriter o = new StringWriter(), e = new StringWriter();
        assertThat(Cli.run(
                        new String[] {"validate", out.toString()}, new PrintWriter(o, true), new PrintWriter(e, true)))
                .isZero();
        assertThat(o.toString()).contains("1 file valid").doesNotContain("problem");
        SimSpec saved = ScenarioLoader.load(out).spec();
        assertThat(saved.cgroups().get("/G").burstUs()).isEqualTo(5000);
        assertThat(wLongestWait(saved, Simulator.Model.TASK))
                .isEqualTo(wLongestWait(ScenarioLoader.loadString(w.json()).spec(), Simulator.Model.TASK));
        // everything not edited is as it was: the same keys in the same order
        assertThat(com.google.gson.JsonParser.parseString(text)
                        .getAsJsonObject()
                        .keySet())
                .containsExactlyElementsOf(com.google.gson.JsonParser.parseString(Files.readString(SEED))
                        .getAsJsonObject()
                        .keySet());
    }
}
