package io.throttlescope.ui.lessons;

import io.throttlescope.scenario.Problem;
import io.throttlescope.sim.Simulator;
import io.throttlescope.sim.spec.Lesson;
import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.ui.state.ViewState;
import io.throttlescope.view.LessonPlan;
import io.throttlescope.view.Run;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;

/**
 * The lesson bar: a scenario's guided stops, one at a time. A stop moves the window to its place
 * (model or compare mode, range, highlighted task, cgroup and lock, views to open) and shows its
 * text; at a question the cursor stops just before the answer and the user picks a choice before
 * stepping on: a wrong choice is struck out and the user tries again (or asks to be shown), the
 * right one is explained and the cursor moves to what happened. Keys: N / Shift+N, 1..9.
 */
public final class LessonBar extends VBox {
    /** What a stop asks of the window. */
    public interface Host {
        /** Shows the model (both: compare mode on, the model's run under the cursor). */
        void showModel(Simulator.Model m, boolean both);

        void goTo(int event);
        /** Opens the named views ({@link Lesson#VIEWS}) and folds the others. */
        void openViews(List<String> views);
        /** Marks a lock's row in the locks table (null: none). */
        void highlightLock(String lock);
        /** Marks a cfs_rq's row in the runqueue table (a null group: none). */
        void highlightCfsRq(String group, int cpu);
        /** The lanes the stop names (cpu:N, task:NAME, budget:CGROUP; empty: none): scrolled into view, whole. */
        void showLanes(List<String> lanes);
        /** A lesson's stops are being shown (the window folds what a class does not read), or not. */
        void inLesson(boolean on);
    }

    private final ViewState vs;
    private final Host host;
    private final Label title = new Label(), where = new Label(), text = new Label(), verdict = new Label();
    private final Button prev = new Button("\u25C0 Previous stop (Shift+N)"), next = new Button("Next stop (N) \u25B6");
    private final VBox question = new VBox(3);
    private SimSpec spec;
    private Lesson lesson;
    private int stop = -1;
    /** The stop the lesson was at when an edit closed it (-1: none): undo reopens it there. */
    private int closedAt = -1;

    private int answerAt = -1;
    private boolean answered;
    /**
     * True if a stop after k asks a question: then the views show nothing after the cursor. A stop shows
     * the same moment each time it is shown: one passed again after a later question was answered covers
     * what follows as it did the first time (and a question stop asks again), never the answer's future.
     */
    private boolean laterQuestion(int k) {
        for (int j = k + 1; j < lesson.stops().size(); j++)
            if (lesson.stops().get(j).question() != null) return true;
        return false;
    }

    public LessonBar(ViewState vs, Host host) {
        super(3);
        this.vs = vs;
        this.host = host;
        setId("lessonBar");
        getStyleClass().add("lesson-bar");
        setPadding(new Insets(4, 8, 4, 8));
        title.setStyle("-fx-font-weight: bold");
        text.setWrapText(true);
        verdict.setWrapText(true);
        for (Label l : new Label[] {text, verdict}) l.setMinHeight(Region.USE_PREF_SIZE); // wrapped, never cut to "..."
        verdict.setId("lessonVerdict");
        prev.setOnAction(e -> previous());
        next.setOnAction(e -> next());
        prev.setId("lessonPrev");
        next.setId("lessonNext");
        prev.setFocusTraversable(false);
        next.setFocusTraversable(false);
        // the title on a line of its own (wrapping), where you are below it: neither is cut on a projector
        title.setWrapText(true);
        title.setMinHeight(Region.USE_PREF_SIZE);
        where.setMinWidth(Region.USE_PREF_SIZE);
        VBox head = new VBox(1, title, where);
        head.setMinWidth(0);
        HBox.setHgrow(head, Priority.ALWAYS);
        for (Button b : new Button[] {prev, next}) b.setMinWidth(Region.USE_PREF_SIZE);
        HBox top = new HBox(8, head, prev, next);
        top.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(top, text, question, verdict);
        setVisible(false);
        setManaged(false);
    }

    /**
     * A scenario was opened (null: a real trace): its lesson opens only if every stop's place happens in
     * both runs; else it is left out and, with the window showing, a warning names the stops (validate
     * refuses such a file; the window opens it without its lesson).
     */
    public void openChecked(SimSpec s, Run legacy, Run task, String fileName, Stage owner) {
        closedAt = -1; // a file opened anew starts its lesson from the beginning
        List<Problem> problems = s == null
                ? List.of()
                : LessonPlan.check(
                        s, new EnumMap<>(Map.of(Simulator.Model.LEGACY, legacy, Simulator.Model.TASK, task)));
        open(!problems.isEmpty() ? null : s);
        if (problems.isEmpty() || !owner.isShowing()) return;
        Alert a = new Alert(
                Alert.AlertType.WARNING,
                problems.stream().map(p -> p.format(fileName)).collect(Collectors.joining("\n")),
                ButtonType.OK);
        a.initOwner(owner);
        a.setHeaderText("The lesson is left out: a stop's place never happens");
        a.getDialogPane().setId("lessonProblems");
        a.show();
    }

    /** A scenario was opened: its lesson, if it has one, waits for "Start the lesson". */
    public void open(SimSpec s) {
        spec = s;
        lesson = s == null ? null : s.lesson();
        host.showLanes(List.of());
        host.inLesson(false);
        boolean on = active();
        setVisible(on);
        setManaged(on);
        stop = -1;
        answered = false;
        vs.veiled.set(false);
        if (on) {
            title.setText("Lesson: " + lesson.title());
            where.setText(lesson.stops().size() + " stops");
            text.setText(
                    "This scenario carries a guided lesson. Press N (or \u201cStart the lesson\u201d) to begin; the window moves to each stop.");
            question.getChildren().clear();
            verdict.setText("");
            prev.setDisable(true);
            next.setDisable(false);
            next.setText("Start the lesson (N) \u25B6");
        }
    }

    /**
     * The scenario was edited (What if?, a sweep point) or put back: a lesson's stops were written for
     * the file as saved, so an edit closes it (its places may never happen, its text may no longer be
     * true, the model it names may not be the one shown); undoing back to the file opens it again.
     * Returns what the status line says first ("" when nothing changed): at 1024 px a line that
     * ended with it was cut in the middle of it (the third review).
     */
    public String afterEdit(SimSpec s, boolean edited) {
        if (edited && active()) {
            closedAt = stop;
            open(null);
            return "Edited: the lesson is closed (its stops are for the file; Ctrl+Z reopens it). ";
        }
        if (!edited && !active() && s.lesson() != null && !s.lesson().stops().isEmpty()) {
            int back = closedAt;
            closedAt = -1;
            open(s);
            if (back < 0 || back >= lesson.stops().size()) return "As saved again, and so is its lesson (press N). ";
            show(back); // where it was left
            return "As saved again, and so is its lesson, back at stop " + (back + 1) + ". ";
        }
        return "";
    }

    /**
     * Compare mode went on or off: a stop of both models names what is shown (F11 then C left it
     * saying "both models" over one model's timeline).
     */
    public void comparing(boolean on) {
        if (stop < 0 || !"both".equals(lesson.stops().get(stop).model()) || vs.run.get() == null) return;
        where.setText(where(stop, on ? "both models" : vs.run.get().label() + " model \u00b7 C compares both"));
    }

    public boolean active() {
        return lesson != null && !lesson.stops().isEmpty();
    }

    public int stop() {
        return stop;
    }

    public int stops() {
        return active() ? lesson.stops().size() : 0;
    }

    public boolean waitingForAnswer() {
        return stop >= 0 && lesson.stops().get(stop).question() != null && !answered && answerAt >= 0;
    }

    public String text() {
        return text.getText();
    }

    public String where() {
        return where.getText();
    }

    private String where(int k, String models) {
        return "stop " + (k + 1) + " of " + lesson.stops().size() + " \u00b7 " + models;
    }

    public String verdictText() {
        return verdict.getText();
    }

    /** The time of the current stop's place in the run shown (-1 if it never happens). */
    public long placeTime() {
        if (stop < 0) return -1;
        Run r = vs.run.get();
        int at = LessonPlan.eventOf(r, lesson.stops().get(stop).place());
        return at < 0 ? -1 : r.trace().time(at);
    }

    /**
     * How far playback may go while what follows is covered: to the event at which the current or the
     * next question is put, not the end of its instant (Long.MAX_VALUE when nothing is covered). Played from 01 stop 2, the cursor ran
     * to 110 ms, past stop 3's question, and the runqueue table showed its answer (the third review).
     */
    public long playLimit() {
        Run r = vs.run.get();
        if (stop < 0 || r == null || !vs.veiled.get()) return Long.MAX_VALUE;
        for (int k = stop; k < lesson.stops().size(); k++) {
            Lesson.Stop s = lesson.stops().get(k);
            if (s.question() == null || (k == stop && answered)) continue;
            int ask = LessonPlan.askEventOf(r, s);
            return ask < 0 ? Long.MAX_VALUE : ask;
        }
        return Long.MAX_VALUE;
    }

    /**
     * What the current stop is about, by name (the layout audit checks it is whole): the lesson's own
     * bar, the explanation, the side views and lanes it names, its highlighted task's lane. Empty
     * before the first stop.
     */
    public List<String> subject() {
        List<String> out = new ArrayList<>();
        if (stop < 0) return out;
        Lesson.Stop s = lesson.stops().get(stop);
        out.add("lesson");
        out.add("explanation");
        if (s.views() != null) for (String v : s.views()) if (!v.equals("task-lanes") && !out.contains(v)) out.add(v);
        if (s.task() != null && !out.contains("task:" + s.task())) out.add("task:" + s.task());
        return out;
    }

    /**
     * Escape: leaves the lesson's stops. The veil lifts, the highlights and the lesson's folding go, the
     * cursor stays; the bar offers the lesson again (N starts it). False if no stop is shown.
     */
    public boolean leave() {
        if (!active() || stop < 0) return false;
        int left = stop;
        host.highlightLock(null);
        host.highlightCfsRq(null, -1);
        open(spec);
        text.setText("You left the lesson at stop " + (left + 1) + " of "
                + lesson.stops().size() + ". Press N (or \u201cStart the lesson\u201d) to start it again.");
        return true;
    }

    /** The current stop's question, or null. */
    public Lesson.Question question() {
        return stop < 0 ? null : lesson.stops().get(stop).question();
    }

    /** The next stop, unless a question waits for its answer. */
    public void next() {
        if (!waitingForAnswer()) show(stop + 1);
    }

    public void previous() {
        show(stop - 1);
    }

    /** Moves to stop k. */
    public void show(int k) {
        if (lesson == null || k < 0 || k >= lesson.stops().size()) return;
        stop = k;
        answered = false;
        next.setText("Next stop (N) \u25B6");
        Lesson.Stop s = lesson.stops().get(k);
        host.showModel(LessonPlan.modelOf(spec, s), "both".equals(s.model()));
        List<String> lanes = new ArrayList<>();
        if (s.views() != null) { // a highlighted task is seen in its lane
            List<String> v = new ArrayList<>();
            for (String name : s.views()) (name.contains(":") ? lanes : v).add(name);
            if ((s.task() != null || lanes.stream().anyMatch(x -> x.startsWith("task:"))) && !v.contains("task-lanes"))
                v.add("task-lanes");
            host.openViews(v);
        }
        host.showLanes(lanes);
        host.inLesson(true);
        Run r = vs.run.get();
        int at = LessonPlan.eventOf(r, s.place());

        vs.selectedTask.set(
                s.task() == null ? -1 : Arrays.asList(r.info().tasks()).indexOf(s.task()));
        vs.selectedGroup.set(
                s.cgroup() == null ? -1 : Arrays.asList(r.info().groups()).indexOf(s.cgroup()));
        host.highlightLock(s.lock());
        host.highlightCfsRq(s.cgroup(), s.cpu());
        vs.selectedCpu.set(s.cgroup() != null ? s.cpu() : -1);
        where.setText(where(k, "both".equals(s.model()) ? "both models" : r.label() + " model"));
        text.setText(s.text());
        verdict.setText("");
        question.getChildren().clear();
        answerAt = -1;
        if (s.question() != null && at >= 0) {
            answerAt = at;
            host.goTo(LessonPlan.askEventOf(r, s)); // the moment the text describes; what follows is covered
            Label ask = new Label(s.question().ask());
            ask.setWrapText(true);
            ask.setMinHeight(Region.USE_PREF_SIZE);
            ask.setStyle("-fx-font-weight: bold");
            question.getChildren().add(ask);
            ToggleGroup g = new ToggleGroup();
            FlowPane choices = new FlowPane(16, 2); // side by side where they fit: the timeline keeps its room
            for (int c = 0; c < s.question().choices().size(); c++) {
                RadioButton b =
                        new RadioButton((c + 1) + ". " + s.question().choices().get(c));
                b.setMnemonicParsing(false); // kernel names keep their underscores (cfs_rq)
                b.setToggleGroup(g);
                b.setUserData(c);
                b.setId("choice" + c);
                b.setWrapText(true);
                choices.getChildren().add(b);
            }
            question.getChildren().add(choices);
            Button answer = new Button("Answer");
            answer.setId("answer");
            answer.disableProperty().bind(g.selectedToggleProperty().isNull());
            answer.setOnAction(e -> answer((Integer) g.getSelectedToggle().getUserData()));
            Button reveal = new Button("Show me the answer");
            reveal.setId("reveal");
            reveal.setOnAction(e -> reveal());
            HBox buttons = new HBox(8, answer, reveal);
            question.getChildren().add(buttons);
            next.setDisable(true);
            vs.veilReason.set(ViewState.QUESTION_WAITS);
            vs.veiled.set(true);
        } else {
            // what a later question asks is not shown before it is asked
            vs.veilReason.set(ViewState.LATER_QUESTION);
            vs.veiled.set(laterQuestion(k));
            host.goTo(at);
            next.setDisable(k == lesson.stops().size() - 1);
        }
        showRange(s); // after the cursor moved: the stop's range as written (or around a veiled cursor)
        prev.setDisable(k == 0);
    }

    /**
     * The user picked choice c (0-based) at the current question: a wrong one is struck out with a
     * hint to try again; the right one is explained and the cursor moves to what happened.
     */
    public void answer(int c) {
        if (!waitingForAnswer()) return;
        Lesson.Question q = lesson.stops().get(stop).question();
        if (c < 0 || c >= q.choices().size()) return;
        if (c != q.answer()) {
            RadioButton b = (RadioButton) question.lookup("#choice" + c); // lookup searches the choices' flow too
            if (b != null) {
                b.setSelected(false);
                b.setDisable(true);
                b.getStyleClass()
                        .add("wrong-choice"); // the label's text struck out (theme.css): a style on the button is
                // not drawn
            }
            verdict.setText("Not quite: \u201c" + q.choices().get(c)
                    + "\u201d is not what happens. Try another answer, or ask to be shown.");
            return;
        }
        finish("Right. " + q.why());
    }

    /** Gives the answer without a guess. */
    public void reveal() {
        if (!waitingForAnswer()) return;
        Lesson.Question q = lesson.stops().get(stop).question();
        finish("The answer is \u201c" + q.choices().get(q.answer()) + "\u201d. " + q.why());
    }

    private void finish(String why) {
        answered = true;
        vs.veilReason.set(ViewState.LATER_QUESTION);
        vs.veiled.set(laterQuestion(stop));
        verdict.setText(why);
        question.getChildren().forEach(LessonBar::disableAll);
        // answered: the question stays, its choices and buttons give their rows to the timeline (the verdict names the
        // answer)
        if (question.getChildren().size() > 1)
            question.getChildren().remove(1, question.getChildren().size());
        host.goTo(answerAt);
        Lesson.Stop s =
                lesson.stops().get(stop); // the answer is inside the stop's range (validate checks it): keep that range
        showRange(s);
        next.setDisable(stop == lesson.stops().size() - 1);
    }

    /** The stop's range; while what follows is veiled, one in which what is known fills 40% (LessonPlan.shownRange). */
    private void showRange(Lesson.Stop s) {
        if (s.rangeEnd() <= s.rangeStart()) return;
        double[] r = LessonPlan.shownRange(
                s.rangeStart(), s.rangeEnd(), vs.cursor.get() >= 0 ? vs.cursorTime() : s.rangeStart(), vs.veiled.get());
        vs.setRange(r[0], r[1]);
    }

    private static void disableAll(Node n) {
        n.disableProperty().unbind();
        n.setDisable(true);
        if (n instanceof Parent p) p.getChildrenUnmodifiable().forEach(LessonBar::disableAll);
    }
}
