package io.throttlescope.ui.window;

import io.throttlescope.compare.Fidelity;
import io.throttlescope.files.IoText;
import io.throttlescope.realtrace.RealPair;
import io.throttlescope.realtrace.RealTrace;
import io.throttlescope.scenario.Problem;
import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.RunResult;
import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.view.Run;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import javafx.concurrent.Task;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.TextArea;
import javafx.scene.input.TransferMode;
import javafx.stage.FileChooser;
import javafx.stage.Stage;

/**
 * Opening: scenarios are loaded and simulated under both models, traces imported beside their
 * simulation, in the background with progress in the status line. A newer open cancels an older one,
 * which is never shown; a file with problems lists them and leaves the open one in place.
 */
public final class Opener {
    /** Where what is opened goes. */
    public interface Host {
        /** A new scenario or trace, simulated or imported. */
        void install(SimSpec s, Path path, Run legacy, Run task);
        /** The open scenario simulated again after an edit, the view kept. */
        void reinstall(SimSpec s, Run legacy, Run task, long ms);
        /** The text What if? edits (null for a trace). */
        void editable(String text);
        /** The open scenario, null before the first. */
        SimSpec spec();
        /** The open file, null for the default scenario. */
        Path file();
        /** Before the edits of What if? are dropped: true if the user agrees, or there are none. */
        boolean keepEditsAnswered(String what);
        /**
         * A recording's fidelity rows, as the fidelity command gives them, and its figures as they judge it
         * (each task from its program's start); given before its install.
         */
        void fidelity(Run real, List<Fidelity.Row> rows, RunResult judged);
    }

    /**
     * A trace opened beside its simulation, its fidelity rows and its figures as they judge it (both null if it
     * has no scenario to pair with).
     */
    private record Opened(RealPair pair, List<Fidelity.Row> rows, RunResult judged) {}

    /** The rows the fidelity command prints for this pair, or null where it has none (no scenario, or refused). */
    private static List<Fidelity.Row> rowsOf(Path path, RealPair pair) {
        if (pair.simulated() == null || pair.unpairedWhy() != null) return null;
        try {
            return Fidelity.of(
                    Fidelity.traceName(path), pair); // the verdicts only: no simulation of the scenario as written
        } catch (RuntimeException e) {
            return null; // the verdicts fall back to the plain tolerances; the trace still opens
        }
    }

    /** The recording's figures as its rows judge them, or null where it has no simulation beside it. */
    private static RunResult judgedOf(RealPair pair) {
        if (pair.simulated() == null) return null;
        try {
            return Fidelity.judgedReal(pair);
        } catch (RuntimeException e) {
            return null; // the table falls back to the figures without the workers' time before their programs
        }
    }

    private final Stage stage;
    private final StatusLine status;
    private final Host host;
    private Task<?> loading;
    private long loadGeneration;
    private String source; // the text of the scenario being simulated, for What if?

    public Opener(Stage stage, StatusLine status, Host host) {
        this.stage = stage;
        this.status = status;
        this.host = host;
    }

    /** File > Open: a scenario or a trace, after asking about unsaved edits. */
    public void chooseFile() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Open a scenario or a real trace");
        fc.getExtensionFilters()
                .addAll(
                        new FileChooser.ExtensionFilter(
                                "Scenarios and traces", "*.json", "*.txt", "*.trace", "*.gz", "*.dat"),
                        new FileChooser.ExtensionFilter("All files", "*"));
        Path file = host.file();
        Path dir = file != null ? file.getParent() : Path.of("scenarios");
        if (dir != null && dir.toFile().isDirectory()) fc.setInitialDirectory(dir.toFile());
        File f = fc.showOpenDialog(stage);
        if (f != null && host.keepEditsAnswered("Open " + f.getName())) open(f.toPath());
    }

    /** A file dropped on the scene opens as File > Open opens it (edits of What if? are asked about first). */
    public void acceptDrops(Scene scene) {
        scene.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) e.acceptTransferModes(TransferMode.COPY);
            e.consume();
        });
        scene.setOnDragDropped(e -> {
            List<File> f = e.getDragboard().getFiles();
            if (f != null
                    && !f.isEmpty()
                    && host.keepEditsAnswered("Open " + f.get(0).getName()))
                open(f.get(0).toPath());
            e.setDropCompleted(true);
            e.consume();
        });
    }

    /** Opens a scenario or a trace (null: the default scenario); a file that fails to load leaves the open one in place. */
    public void open(Path path) {
        if (path == null) {
            load(DefaultScenario.load(), null);
        } else if (RealPair.looksLikeTrace(path)) {
            openTrace(path);
        } else {
            load(ScenarioLoader.load(path), path);
        }
    }

    /** How traces are read (screenshot --cgroup-map, --probe); the window's own opens use the defaults. */
    private volatile RealTrace.Options read = RealTrace.Options.defaults();

    /** Reads traces with these options from now on. */
    public void readTracesWith(RealTrace.Options o) {
        read = o;
    }

    /** Imports a real trace in the background and shows it beside its scenario's simulation. */
    private void openTrace(Path path) {
        Task<Opened> job = new Task<>() {
            @Override
            protected Opened call() throws Exception {
                updateMessage("Importing " + path.getFileName() + "\u2026");
                RealPair pair = RealPair.open(
                        path,
                        read,
                        f -> { // a newer open stops this one: a big trace would hold its memory
                            if (isCancelled()) throw new CancellationException("a newer file was opened");
                            updateProgress(f, 1);
                        });
                if (isCancelled()) throw new CancellationException("a newer file was opened");
                updateMessage("Checking " + path.getFileName() + " against its scenario\u2026");
                return new Opened(pair, rowsOf(path, pair), judgedOf(pair)); // off the window's thread
            }
        };
        long generation = start(job);
        status.follow(job);
        job.setOnSucceeded(e -> {
            if (generation != loadGeneration) return;
            status.release();
            loading = null;
            var pair = job.getValue().pair();
            host.fidelity(pair.real().run, job.getValue().rows(), job.getValue().judged());
            host.install(pair.spec(), path, pair.real().run, pair.right());
            host.editable(null);
        });
        failed(job, generation, "Cannot open " + path.getFileName());
        run(job, "import");
    }

    private void load(ScenarioLoader.Loaded l, Path path) {
        if (!l.ok()) {
            showProblems(path, l.problems());
            if (host.spec() == null && path != null) load(DefaultScenario.load(), null); // never an empty window
            return;
        }
        source = path == null ? DefaultScenario.text() : readText(path);
        simulate(l.spec(), path, false);
    }

    static String readText(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Simulates both models in the background, in parallel, and shows the runs: a newer load wins.
     * keepView (a what-if edit): the model, range, cursor time and compare mode stay as they are.
     */
    public void simulate(SimSpec s, Path path, boolean keepView) {
        long started = System.nanoTime();
        Task<Run[]> job = new Task<>() {
            @Override
            protected Run[] call() throws Exception {
                updateMessage("Simulating " + s.name() + " under both models\u2026");
                CompletableFuture<Run> a = CompletableFuture.supplyAsync(
                        () -> Run.simulate(s, Simulator.Model.LEGACY, f -> stopIfCancelled()));
                Run b = Run.simulate(s, Simulator.Model.TASK, f -> {
                    stopIfCancelled();
                    updateProgress(f, 1);
                });
                updateProgress(1, 1);
                try {
                    return new Run[] {a.get(), b};
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof Exception ex ? ex : e;
                }
            }

            private void stopIfCancelled() {
                if (isCancelled()) throw new CancellationException("a newer scenario was opened");
            }
        };
        long generation = start(job);
        String text = source;
        status.follow(job);
        job.setOnSucceeded(e -> {
            if (generation != loadGeneration) return;
            status.release();
            loading = null;
            Run[] runs = job.getValue();
            if (keepView) host.reinstall(s, runs[0], runs[1], (System.nanoTime() - started) / 1_000_000);
            else {
                host.install(s, path, runs[0], runs[1]);
                host.editable(text);
            }
        });
        failed(job, generation, "The simulation failed");
        run(job, "simulate");
    }

    /** A newer file wins: the older load stops and is never installed. Returns the new load's number. */
    private long start(Task<?> job) {
        if (loading != null) loading.cancel();
        loading = job;
        return ++loadGeneration;
    }

    private void failed(Task<?> job, long generation, String header) {
        job.setOnFailed(e -> {
            if (generation != loadGeneration) return;
            status.release();
            loading = null;
            Throwable t = job.getException();
            status.error(
                    header,
                    t instanceof IOException ioe
                            ? IoText.message(ioe)
                            : String.valueOf(t == null ? "" : t.getMessage()));
        });
    }

    private static void run(Task<?> job, String name) {
        Thread th = new Thread(job, name);
        th.setDaemon(true);
        th.start();
    }

    /** Loads a scenario's text (an edited one) synchronously and installs it under the file's name. */
    public boolean openJsonNow(String json, Path path) {
        ScenarioLoader.Loaded l = ScenarioLoader.loadString(json);
        if (!l.ok()) return false;
        installNow(l.spec(), path, json);
        return true;
    }

    /** Simulates both models on the calling thread and installs the runs, with the text What if? edits. */
    private void installNow(SimSpec s, Path path, String text) {
        host.install(s, path, Run.simulate(s, Simulator.Model.LEGACY), Run.simulate(s, Simulator.Model.TASK));
        host.editable(text);
    }

    /** Loads and simulates synchronously on the calling thread, then installs: for the screenshot command. */
    public boolean openNow(Path path) {
        if (path != null && RealPair.looksLikeTrace(path)) {
            try {
                var pair = RealPair.open(path, read, null);
                host.fidelity(pair.real().run, rowsOf(path, pair), judgedOf(pair));
                host.install(pair.spec(), path, pair.real().run, pair.right());
                host.editable(null);
                return true;
            } catch (IOException e) {
                return false;
            }
        }
        ScenarioLoader.Loaded l = path == null ? DefaultScenario.load() : ScenarioLoader.load(path);
        if (!l.ok()) return false;
        installNow(l.spec(), path, path == null ? DefaultScenario.text() : readText(path));
        return true;
    }

    private void showProblems(Path path, List<Problem> problems) {
        String name = path == null ? "the default scenario" : path.getFileName().toString();
        String text = problems.stream().map(p -> p.format(name)).collect(Collectors.joining("\n"));
        Alert a = new Alert(Alert.AlertType.ERROR);
        a.initOwner(stage);
        a.setTitle("Cannot open " + name);
        SimSpec spec = host.spec();
        a.setHeaderText(name + " has " + problems.size() + " problem" + (problems.size() == 1 ? "" : "s")
                + (spec != null ? "; " + spec.name() + " stays open." : "."));
        TextArea area = new TextArea(text);
        area.setId("problems");
        area.setEditable(false);
        area.setWrapText(false);
        area.setPrefSize(760, 260);
        a.getDialogPane().setContent(area);
        a.getDialogPane().setId("problemsDialog");
        a.show();
    }
}
