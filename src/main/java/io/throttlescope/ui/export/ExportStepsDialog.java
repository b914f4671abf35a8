package io.throttlescope.ui.export;

import io.throttlescope.scenario.DurationText;
import io.throttlescope.view.Durations;
import java.util.Optional;
import javafx.event.ActionEvent;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;

/** File > Export steps: which steps (a time range, or the lesson's stops), how many, how big, in which form. */
public final class ExportStepsDialog {
    private ExportStepsDialog() {}

    /** What to export: from/to in ns (the lesson: its stops between them). */
    public record Request(
            long from, long to, int max, StepExport.Format format, int width, int height, boolean lesson) {}

    /** Asks; from/to default to the range shown. Empty if cancelled or a time does not parse. */
    public static Optional<Request> ask(Window owner, long from, long to, boolean hasLesson) {
        Dialog<ButtonType> d = new Dialog<>();
        d.initOwner(owner);
        d.setTitle("Export steps");
        d.setHeaderText("The window at every event between two times, or at every stop of the lesson");
        TextField f = new TextField(Durations.exact(from)), t = new TextField(Durations.exact(to));
        Spinner<Integer> max = new Spinner<>(1, 500, 60);
        max.setEditable(true);
        ChoiceBox<String> format = new ChoiceBox<>();
        format.getItems().addAll("Animated GIF", "HTML slide deck", "Folder of PNGs");
        format.setValue("HTML slide deck");
        ChoiceBox<String> size = new ChoiceBox<>();
        size.getItems().addAll("1280x800", "1920x1080", "1024x768", "800x600");
        size.setValue("1280x800");
        CheckBox lesson = new CheckBox("The lesson's stops (a question: the question, then its answer)");
        lesson.setDisable(!hasLesson);
        lesson.setSelected(hasLesson);
        Label err = new Label();
        err.getStyleClass().add("problem-text");
        GridPane g = new GridPane();
        g.setHgap(8);
        g.setVgap(6);
        g.addRow(0, new Label("from"), f);
        g.addRow(1, new Label("to"), t);
        g.addRow(2, new Label("at most"), max);
        g.addRow(3, new Label("as"), format);
        g.addRow(4, new Label("picture size"), size);
        g.add(lesson, 0, 5, 2, 1);
        g.add(err, 0, 6, 2, 1);
        d.getDialogPane().setContent(g);
        d.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        d.getDialogPane().lookupButton(ButtonType.OK).addEventFilter(ActionEvent.ACTION, e -> {
            long a = DurationText.parse(f.getText().strip()),
                    b = DurationText.parse(t.getText().strip());
            if (a < 0 || b < a) {
                err.setText("from and to are durations, e.g. 10ms, with from not after to");
                e.consume();
            }
        });
        Optional<ButtonType> r = d.showAndWait();
        if (r.isEmpty() || r.get() != ButtonType.OK) return Optional.empty();
        String[] wh = size.getValue().split("x");
        StepExport.Format fm = switch (format.getValue()) {
            case "Animated GIF" -> StepExport.Format.gif;
            case "Folder of PNGs" -> StepExport.Format.png;
            default -> StepExport.Format.html;
        };
        return Optional.of(new Request(
                DurationText.parse(f.getText().strip()),
                DurationText.parse(t.getText().strip()),
                max.getValue(),
                fm,
                Integer.parseInt(wh[0]),
                Integer.parseInt(wh[1]),
                lesson.isSelected()));
    }
}
