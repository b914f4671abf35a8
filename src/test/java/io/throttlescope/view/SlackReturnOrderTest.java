package io.throttlescope.view;

import io.throttlescope.sim.EventKind;
import io.throttlescope.sim.Simulator;
import io.throttlescope.trace.Trace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A cfs_rq returns its slack when it runs empty (return_cfs_rq_runtime() from dequeue_entity()): at
 * that step no task of it runs or waits on it. 08 stop 2 (legacy) said CPU1's cfs_rq "became empty and
 * returned 3.5ms of slack" while the table showed B#2 running on it: the block was logged after the
 * dequeue it caused (the fifth review).
 */
class SlackReturnOrderTest {
    @Test
    void aCfsRqReturnsItsSlackWithNoTaskOnIt() throws Exception {
        List<String> wrong = new ArrayList<>();
        int seen = 0;
        List<Path> files;
        try (var l = Files.list(Path.of("scenarios"))) {
            files = l.filter(f -> f.toString().endsWith(".json")).sorted().toList();
        }
        for (Path f : files)
            for (Simulator.Model m : Simulator.Model.values()) {
                Run r = WaitChainTest.run(f.getFileName().toString(), m);
                Trace tr = r.trace();
                for (int i = 0; i < tr.size(); i++) {
                    if (tr.kind(i) != EventKind.SLACK_RETURN) continue;
                    seen++;
                    int g = tr.group(i), c = tr.cpu(i);
                    String group = r.info().groups()[g];
                    for (CfsRqRows.Row row : CfsRqRows.of(r, r.index().at(i)))
                        if (row.group().equals(group)
                                && row.cpu() == c
                                && !row.tasksText().isEmpty())
                            wrong.add(f.getFileName() + " " + m + " step "
                                    + r.index().stepOf(i) + ": " + row.cfsRq() + " holds " + row.tasksText());
                }
            }
        assertThat(seen).isGreaterThan(10);
        assertThat(wrong).isEmpty();
    }
}
