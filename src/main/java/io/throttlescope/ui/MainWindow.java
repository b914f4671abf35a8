package io.throttlescope.ui;

import io.throttlescope.cli.RunCommand;
import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.spec.SimSpec;
import javafx.scene.Scene;
import javafx.scene.control.TextArea;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

/** The main window. */
public final class MainWindow {
    private final Stage stage;
    private final TextArea summary = new TextArea();

    public MainWindow(Stage stage) {
        this.stage = stage;
        summary.setEditable(false);
        summary.setStyle("-fx-font-family: monospace;");
        stage.setScene(new Scene(new BorderPane(summary), 1100, 700));
        stage.setTitle("ThrottleScope");
    }

    public void open(Path file) {
        ScenarioLoader.Loaded l = file == null ? DefaultScenario.load() : ScenarioLoader.load(file);
        if (!l.ok()) {
            summary.setText(String.join("\n", l.problems().stream().map(p -> p.format(String.valueOf(file))).toList()));
            return;
        }
        SimSpec spec = l.spec();
        stage.setTitle("ThrottleScope - " + spec.name());
        StringWriter sw = new StringWriter();
        PrintWriter pw = new PrintWriter(sw);
        for (Simulator.Model m : Simulator.Model.values()) {
            Simulator s = new Simulator(spec, m, null);
            s.run();
            RunCommand.Summary.print(s.result(), pw);
            pw.println();
        }
        summary.setText(sw.toString());
    }
}
