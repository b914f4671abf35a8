package io.throttlescope.ui.lessons;

import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.spec.Lesson;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.ui.ViewState;
import io.throttlescope.view.LessonPlan;
import io.throttlescope.view.Run;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

import java.util.function.Consumer;
import java.util.function.IntConsumer;

/**
 * The lesson bar: a scenario's guided stops, one at a time. A stop moves the window to its place
 * (model, range, highlighted task) and shows its text; at a question the cursor stops just before
 * the answer, and the user picks a choice before stepping on; the answer is then explained and the
 * cursor moves to what happened.
 */
public final class LessonBar extends VBox {
    private final ViewState vs;
    private final Consumer<Simulator.Model> switchModel;
    private final IntConsumer goTo;
    private final Label title = new Label(), where = new Label(), text = new Label(), verdict = new Label();
    private final Button prev = new Button("\u25C0 Previous stop"), next = new Button("Next stop \u25B6");
    private final VBox question = new VBox(3);
    private SimSpec spec;
    private Lesson lesson;
    private int stop = -1;
    private boolean answered;

    public LessonBar(ViewState vs, Consumer<Simulator.Model> switchModel, IntConsumer goTo) {
        super(3);
        this.vs = vs;
        this.switchModel = switchModel;
        this.goTo = goTo;
        setId("lessonBar");
        getStyleClass().add("lesson-bar");
        setPadding(new Insets(4, 8, 4, 8));
        title.setStyle("-fx-font-weight: bold");
        text.setWrapText(true);
        verdict.setWrapText(true);
        prev.setOnAction(e -> show(stop - 1));
        next.setOnAction(e -> show(stop + 1));
        prev.setFocusTraversable(false);
        next.setFocusTraversable(false);
        HBox top = new HBox(8, title, where, new HBox(), prev, next);
        HBox.setHgrow(top.getChildren().get(2), Priority.ALWAYS);
        top.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(top, text, question, verdict);
        setVisible(false);
        setManaged(false);
    }

    /** A scenario was opened: its lesson, if it has one, starts at its first stop. */
    public void open(SimSpec s) {
        spec = s;
        lesson = s == null ? null : s.lesson();
        boolean on = lesson != null && !lesson.stops().isEmpty();
        setVisible(on);
        setManaged(on);
        stop = -1;
        if (on) {                       // the window opens as always; the lesson starts when asked for
            title.setText("Lesson: " + lesson.title());
            where.setText(lesson.stops().size() + " stops");
            text.setText("This scenario carries a guided lesson. Press \u201cNext stop\u201d to begin; the window moves to each stop.");
            question.getChildren().clear();
            verdict.setText("");
            prev.setDisable(true);
            next.setDisable(false);
            next.setText("Start the lesson \u25B6");
        }
    }

    public int stop() { return stop; }
    public boolean waitingForAnswer() { return stop >= 0 && lesson.stops().get(stop).question() != null && !answered; }
    public String text() { return text.getText(); }
    public String verdictText() { return verdict.getText(); }

    /** Moves to stop k. */
    public void show(int k) {
        if (lesson == null || k < 0 || k >= lesson.stops().size()) return;
        stop = k;
        answered = false;
        next.setText("Next stop \u25B6");
        Lesson.Stop s = lesson.stops().get(k);
        switchModel.accept(LessonPlan.modelOf(spec, s));
        Run r = vs.run.get();
        int at = LessonPlan.eventOf(r, s.place());
        if (s.rangeEnd() > s.rangeStart()) vs.setRange(s.rangeStart(), s.rangeEnd());
        if (s.task() != null) vs.selectedTask.set(java.util.Arrays.asList(r.info().tasks()).indexOf(s.task()));
        where.setText("stop " + (k + 1) + " of " + lesson.stops().size() + " \u00b7 " + r.label() + " model");
        text.setText(s.text());
        verdict.setText("");
        question.getChildren().clear();
        if (s.question() != null && at >= 0) {
            goTo.accept(at > 0 ? r.index().lastVisibleAtOrBefore(r.trace().time(at) - 1) : -1);   // just before the answer
            Label ask = new Label(s.question().ask());
            ask.setWrapText(true);
            ask.setStyle("-fx-font-weight: bold");
            question.getChildren().add(ask);
            ToggleGroup g = new ToggleGroup();
            for (int c = 0; c < s.question().choices().size(); c++) {
                RadioButton b = new RadioButton(s.question().choices().get(c));
                b.setToggleGroup(g);
                b.setUserData(c);
                b.setId("choice" + c);
                question.getChildren().add(b);
            }
            Button answer = new Button("Answer");
            answer.setId("answer");
            answer.disableProperty().bind(g.selectedToggleProperty().isNull());
            answer.setOnAction(e -> answer((Integer) g.getSelectedToggle().getUserData(), at));
            question.getChildren().add(answer);
            next.setDisable(true);
        } else {
            goTo.accept(at);
            next.setDisable(k == lesson.stops().size() - 1);
        }
        prev.setDisable(k == 0);
    }

    /** The user picked choice c at the current question: say whether it is right and why, then show what happened. */
    public void answer(int c, int at) {
        Lesson.Question q = lesson.stops().get(stop).question();
        answered = true;
        verdict.setText((c == q.answer() ? "Right. " : "Not quite: the answer is \u201c" + q.choices().get(q.answer()) + "\u201d. ") + q.why());
        question.getChildren().forEach(n -> { n.disableProperty().unbind(); n.setDisable(true); });
        goTo.accept(at);
        next.setDisable(stop == lesson.stops().size() - 1);
    }
}
