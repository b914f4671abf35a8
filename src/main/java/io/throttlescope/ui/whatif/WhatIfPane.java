package io.throttlescope.ui.whatif;

import io.throttlescope.scenario.Problem;
import io.throttlescope.scenario.ScenarioLoader;
import io.throttlescope.scenario.ScenarioParams;
import io.throttlescope.scenario.WhatIf;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.view.LessonPlan;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The "What if?" panel: the parameters that matter (per group cpu.max, cpu.max.burst, cpu.weight;
 * the kernel's hz, accounting, preemption, cpus; each task's step durations), edited in place.
 * Every accepted edit re-simulates both models (the host does it in the background and keeps the
 * cursor's time); a value the loader refuses is named in red and changes nothing. Undo, redo,
 * reset and "Save as" work on the edited file.
 */
public final class WhatIfPane extends VBox {
    /** What an edit asks of the window. */
    public interface Host {
        /** Simulates the edited scenario under both models and shows it, keeping the view. */
        void resimulate(SimSpec spec, String json);
        /** Asks where to save and writes the text there. */
        void saveAs(String text);
    }

    /** At most this many step durations are offered (a scenario of hundreds of tasks is edited in its file). */
    static final int MAX_STEPS = 60;

    private final Host host;
    private final Label state = new Label(), problem = new Label();
    private final Button undo = new Button("Undo"),
            redo = new Button("Redo"),
            reset = new Button("Reset"),
            save = new Button("Save as\u2026");
    private final VBox fields = new VBox(6);
    private final Map<String, Node> editors = new LinkedHashMap<>();
    private WhatIf whatIf;

    public WhatIfPane(Host host) {
        super(6);
        this.host = host;
        setId("whatIf");
        setPadding(new Insets(4));
        problem.setId("whatIfProblem");
        problem.getStyleClass().add("problem-text");
        problem.setWrapText(true);
        state.setId("whatIfState");
        state.setWrapText(true);
        undo.setId("whatIfUndo");
        redo.setId("whatIfRedo");
        reset.setId("whatIfReset");
        save.setId("whatIfSave");
        undo.setOnAction(e -> show(whatIf.undo()));
        redo.setOnAction(e -> show(whatIf.redo()));
        reset.setOnAction(e -> show(whatIf.reset()));
        save.setOnAction(e -> host.saveAs(saveText()));
        for (Button b : new Button[] {undo, redo, reset, save}) b.setFocusTraversable(false);
        FlowPane buttons = new FlowPane(6, 4, undo, redo, reset, save);
        Label hint = new Label(
                "Change a value and press Enter: both models are simulated again, the cursor stays at its time.");
        hint.setWrapText(true);
        getChildren().addAll(hint, buttons, state, problem, fields);
        open(null);
    }

    /** A scenario was opened (null: nothing to edit, e.g. a real trace). */
    public void open(String json) {
        whatIf = json == null ? null : new WhatIf(json);
        problem.setText("");
        rebuild();
    }

    public WhatIf whatIf() {
        return whatIf;
    }

    /** Ctrl+Z (redo false) and Ctrl+Shift+Z / Ctrl+Y (redo true). */
    public void undoOrRedo(boolean redo) {
        if (whatIf == null) return;
        if (redo ? whatIf.history().canRedo() : whatIf.history().canUndo()) show(redo ? whatIf.redo() : whatIf.undo());
    }

    /** The editor of a parameter (tests type into it). */
    public Node editor(String param) {
        return editors.get(param);
    }

    /** Sets a parameter as typing it and pressing Enter does. */
    public boolean edit(String param, String value) {
        if (whatIf == null) return false;
        WhatIf.Outcome o = whatIf.set(param, value);
        if (!o.ok()) {
            problem.setText("Not applied: " + o.problem());
            Node n = editors.get(param);
            if (n != null) n.getStyleClass().add("refused");
            return false;
        }
        show(o);
        return true;
    }

    private void show(WhatIf.Outcome o) {
        problem.setText(o.ok() ? "" : o.problem());
        rebuild();
        if (o.ok()) host.resimulate(o.spec(), whatIf.json());
    }

    private void rebuild() {
        fields.getChildren().clear();
        editors.clear();
        boolean on = whatIf != null;
        for (Button b : new Button[] {undo, redo, reset, save}) b.setDisable(!on);
        if (!on) {
            state.setText("Nothing to edit: open a scenario file.");
            return;
        }
        var h = whatIf.history();
        undo.setDisable(!h.canUndo());
        redo.setDisable(!h.canRedo());
        reset.setDisable(!h.edited());
        undo.setTooltip(new Tooltip(h.canUndo() ? "Undo " + h.undoLabel() + " (Ctrl+Z)" : "Nothing to undo"));
        redo.setTooltip(new Tooltip(h.canRedo() ? "Redo " + h.redoLabel() + " (Ctrl+Shift+Z)" : "Nothing to redo"));
        state.setText(
                h.edited()
                        ? h.edits() + " edit" + (h.edits() == 1 ? "" : "s") + "; last: " + h.undoLabel()
                        : "The file as opened.");
        String section = null;
        GridPane grid = null;
        int row = 0, steps = 0, left = 0;
        for (ScenarioParams.Param p : whatIf.params()) {
            if (p.id().startsWith("task.") && ++steps > MAX_STEPS) {
                left++;
                continue;
            }
            if (!p.section().equals(section)) {
                section = p.section();
                Label head = new Label(section);
                head.setStyle("-fx-font-weight: bold");
                grid = new GridPane();
                grid.setHgap(6);
                grid.setVgap(3);
                ColumnConstraints c0 = new ColumnConstraints(), c1 = new ColumnConstraints();
                c1.setHgrow(Priority.ALWAYS);
                grid.getColumnConstraints().addAll(c0, c1);
                fields.getChildren().addAll(head, grid);
                row = 0;
            }
            Label l = new Label(p.label());
            Node editor = editor(p);
            GridPane.setHgrow(editor, Priority.ALWAYS);
            grid.addRow(row++, l, editor);
            editors.put(p.id(), editor);
        }
        if (left > 0)
            fields.getChildren()
                    .add(new Label("\u2026 and " + left + " more step durations: edit the file for those."));
    }

    private Node editor(ScenarioParams.Param p) {
        if (!p.choices().isEmpty()) {
            ComboBox<String> c = new ComboBox<>();
            c.getItems().setAll(p.choices());
            if (!p.choices().contains(p.value())) c.getItems().add(p.value());
            c.setValue(p.value());
            c.setId("whatIf-" + p.id());
            c.setOnAction(e -> {
                if (c.getValue() != null && !c.getValue().equals(p.value())) edit(p.id(), c.getValue());
            });
            return c;
        }
        TextField f = new TextField(p.value());
        f.setId("whatIf-" + p.id());
        f.setPrefColumnCount(10);
        f.setTooltip(new Tooltip(tip(p)));
        f.setOnAction(e -> {
            if (!f.getText().equals(p.value())) edit(p.id(), f.getText());
        });
        f.focusedProperty().addListener((o, was, now) -> {
            if (!now && !f.getText().equals(p.value()) && f.getScene() != null && editors.get(p.id()) == f)
                edit(p.id(), f.getText());
        });
        return f;
    }

    private static String tip(ScenarioParams.Param p) {
        if (p.id().endsWith(":cpu.max"))
            return "\"QUOTA PERIOD\" in microseconds, or \"max PERIOD\": e.g. 10000 100000 is 10 ms every 100 ms";
        if (p.id().endsWith(":cpu.max.burst"))
            return "microseconds of unused quota that may be carried over (at most the quota)";
        if (p.id().endsWith(":cpu.weight")) return "1 to 10000 (100 is the default)";
        if (p.id().equals("kernel.cpus")) return "the number of CPUs";
        return "a duration with its unit, e.g. 5ms, 300us";
    }

    /**
     * What "Save as" writes: the edited file, formatted as the library's are; a lesson whose stops no
     * longer happen after the edits is left out (validate would refuse it), and the panel says so.
     */
    public String saveText() {
        ScenarioLoader.Loaded l = ScenarioLoader.loadString(whatIf.json());
        var lessonProblems = l.ok() ? LessonPlan.check(l.spec()) : List.<Problem>of();
        if (lessonProblems.isEmpty()) return whatIf.formatted();
        problem.setText("Saved without the lesson: after the edits "
                + lessonProblems.get(0).message() + ".");
        return whatIf.formattedWithout("lesson");
    }

    /** Parameters as shown, for tests: id and value. */
    public List<ScenarioParams.Param> shown() {
        return whatIf == null ? List.of() : whatIf.params();
    }
}
