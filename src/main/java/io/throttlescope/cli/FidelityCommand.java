package io.throttlescope.cli;

import io.throttlescope.compare.Fidelity;
import io.throttlescope.files.IoText;
import io.throttlescope.realtrace.RealPair;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "fidelity",
        mixinStandardHelpOptions = true,
        description = {
            "Put recorded real traces beside the simulation of their scenario under the same model and check each figure",
            "(syscall latency, time switched out while runnable, CPU time, nr_throttled, throttled_usec) against its tolerance.",
            "Exit 0 if every figure holds or differs for a known, written-down reason; 1 otherwise."
        })
public final class FidelityCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(
            arity = "1..*",
            paramLabel = "TRACE",
            description = "traces written by record or tools/legacy-kernel/record-legacy.sh")
    List<Path> traces;

    @Option(names = "--markdown", description = "print the table as markdown (docs/real-kernels.md's)")
    boolean markdown;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut(), err = spec.commandLine().getErr();
        List<Fidelity.Row> rows = new ArrayList<>();
        for (Path t : traces) {
            try {
                rows.addAll(rows(t));
            } catch (IOException e) {
                err.println("error: " + IoText.message(e));
                return 1;
            }
        }
        if (markdown) {
            out.print(Fidelity.markdown(rows));
            String notes = Fidelity.knownNotes(rows);
            if (!notes.isEmpty()) out.print("\nKnown differences:\n\n" + notes);
        } else {
            for (Fidelity.Row r : rows) out.println(r.verdict());
            out.println(summary(rows));
        }
        out.flush();
        return rows.stream().allMatch(Fidelity.Row::ok) ? 0 : 1;
    }

    /** The last line: how many figures hold, differ for a known reason, differ (docs/cli.md). */
    static String summary(List<Fidelity.Row> rows) {
        long holds = rows.stream().filter(Fidelity.Row::within).count();
        long known = rows.stream().filter(r -> !r.within() && r.ok()).count();
        long differ = rows.size() - holds - known;
        return String.format(
                Locale.ROOT,
                "%d of %d figures hold (%.1f%%), %d differ for a known reason, %d differ",
                holds,
                rows.size(),
                rows.isEmpty() ? 0.0 : 100.0 * holds / rows.size(),
                known,
                differ);
    }

    /** As {@link #rows}, an I/O failure thrown unchecked (for tests). */
    public static List<Fidelity.Row> rowsUnchecked(Path t) {
        try {
            return rows(t);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The rows of one recorded trace. */
    public static List<Fidelity.Row> rows(Path t) throws IOException {
        RealPair p = RealPair.open(t);
        if (p.unpairedWhy() != null) throw new IOException(t + ": " + p.unpairedWhy());
        if (p.simulated() == null)
            throw new IOException(t + " carries no scenario: record it with throttlescope record");
        String name = Fidelity.traceName(t);
        List<Fidelity.Row> rows = Fidelity.withAsWritten(name, p, Fidelity.of(name, p));
        if (rows.stream().noneMatch(r -> r.figure().startsWith("task ")))
            throw new IOException(t + ": no task of its scenario is in the trace, so its figures cannot be checked");
        return rows;
    }
}
