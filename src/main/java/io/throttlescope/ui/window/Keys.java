package io.throttlescope.ui.window;

import io.throttlescope.sim.EventKind;
import io.throttlescope.ui.lessons.LessonBar;
import io.throttlescope.ui.state.ViewState;
import io.throttlescope.ui.tables.Columns;
import javafx.scene.control.Alert;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.stage.Window;

/**
 * The window's keys (the table {@link Shortcuts} lists them for Help): each press becomes a step, a
 * zoom or pan of the view state, or a window command. Keys typed into a text field are its own.
 */
public final class Keys {
    private final WindowCommands cmd;
    private final ViewState vs;
    private final Navigation nav;
    private final Playback playback;
    private final LessonBar lessonBar;

    public Keys(WindowCommands cmd, ViewState vs, Navigation nav, Playback playback, LessonBar lessonBar) {
        this.cmd = cmd;
        this.vs = vs;
        this.nav = nav;
        this.playback = playback;
        this.lessonBar = lessonBar;
    }

    public void onKey(KeyEvent e) {
        if (e.getTarget() instanceof TextField || e.getTarget() instanceof TextArea) return;
        KeyCode k = e.getCode();
        boolean shift = e.isShiftDown(), ctrl = e.isShortcutDown(), alt = e.isAltDown();
        if (ctrl && (k == KeyCode.PLUS || k == KeyCode.EQUALS || k == KeyCode.ADD)) {
            cmd.zoomText(1);
            e.consume();
            return;
        }
        if (ctrl && (k == KeyCode.MINUS || k == KeyCode.SUBTRACT)) {
            cmd.zoomText(-1);
            e.consume();
            return;
        }
        if (ctrl && (k == KeyCode.DIGIT0 || k == KeyCode.NUMPAD0)) {
            cmd.zoomText(0);
            e.consume();
            return;
        }
        if (k == KeyCode.F1) { // the key list, as "?" (F1 is where help is looked for)
            cmd.showShortcuts();
            e.consume();
            return;
        }
        if (k == KeyCode.F11) {
            cmd.togglePresenting();
            e.consume();
            return;
        }
        if (ctrl && k == KeyCode.Z && cmd.undoOrRedo(shift)) {
            e.consume();
            return;
        }
        if (ctrl && k == KeyCode.Y && cmd.undoOrRedo(true)) {
            e.consume();
            return;
        }
        if (k == KeyCode.ESCAPE && (cmd.leavePresenting() || lessonBar.leave())) {
            e.consume();
            return;
        }
        if (vs.run.get() == null) return;
        int dir = 0;
        if (k == KeyCode.RIGHT || k == KeyCode.PERIOD) dir = 1;
        if (k == KeyCode.LEFT || k == KeyCode.COMMA) dir = -1;
        if (dir != 0) {
            nav.stepLike(
                    dir,
                    shift && vs.cursor.get() >= 0
                            ? Navigation.Like.KIND
                            : ctrl ? Navigation.Like.TASK : alt ? Navigation.Like.CPU : Navigation.Like.ANY);
            e.consume();
            return;
        }
        double span = vs.viewEnd.get() - vs.viewStart.get();
        double around = vs.cursor.get() >= 0 ? vs.cursorTime() : (vs.viewStart.get() + vs.viewEnd.get()) / 2;
        switch (k) {
            case T -> nav.step(shift ? -1 : 1, nav.kind(EventKind.THROTTLE), false);
            case P -> {
                if (shift) nav.step(-1, nav.kind(EventKind.PARKED), false);
                else nav.nextPark();
            }
            case H -> nav.step(shift ? -1 : 1, nav.kind(EventKind.HUNG_TASK), false);
            case HOME -> nav.goToFirst();
            case END -> nav.goToLast();
            case SPACE -> playback.toggle();
            case W -> vs.zoom(0.7, around);
            case S -> {
                if (!ctrl) vs.zoom(1.0 / 0.7, around);
            }
            case A -> vs.pan(-span * 0.2);
            case D -> vs.pan(span * 0.2);
            case F -> {
                if (ctrl) return;
                vs.fit();
            }
            case M -> cmd.otherModel();
            case L -> vs.taskLanes.set(!vs.taskLanes.get());
            case C -> {
                if (ctrl) return;
                cmd.setCompare(!cmd.comparing());
            }
            case X -> {
                if (!cmd.comparing()) cmd.setCompare(true);
                cmd.goToDivergence();
            } // outside compare mode: into it, not nothing
            case G -> {
                if (ctrl) cmd.askTime();
                else return;
            }
            case N -> {
                if (!lessonBar.active()) return;
                if (shift) lessonBar.previous();
                else lessonBar.next();
            }
            case DIGIT1, DIGIT2, DIGIT3, DIGIT4, DIGIT5, DIGIT6, DIGIT7, DIGIT8, DIGIT9 -> {
                if (!lessonBar.waitingForAnswer()) return;
                lessonBar.answer(k.getChar().charAt(0) - '1');
            }
            case SLASH -> {
                if (shift) cmd.showShortcuts();
                else return;
            }
            default -> {
                if ("?".equals(e.getText())) cmd.showShortcuts();
                else return;
            }
        }
        e.consume();
    }

    /**
     * Help > Keyboard shortcuts: the table of {@link Shortcuts}, in the window's text size, within
     * the window: the descriptions wrap and the list scrolls. At 1024x768 the dialog was 1252 px
     * wide, placed off the screen's left edge, its keys and its F11 line cut (the third review).
     */
    public static void showShortcuts(Window owner) {
        Alert a = new Alert(Alert.AlertType.INFORMATION);
        a.initOwner(owner);
        a.setTitle("Keyboard shortcuts");
        a.setHeaderText("Moving through time and around the timeline");
        GridPane grid = new GridPane();
        grid.setHgap(16);
        grid.setVgap(4);
        double w = owner == null ? 900 : Math.min(900, owner.getWidth() - 60),
                h = owner == null ? 700 : owner.getHeight() - 60;
        double font = owner != null && owner.getScene() != null
                ? Columns.fontSize(owner.getScene().getRoot())
                : 13;
        int row = 0;
        for (Shortcuts.Key s : Shortcuts.ALL) {
            Label k = new Label(s.keys());
            k.getStyleClass().add("key-name");
            k.setMinWidth(Region.USE_PREF_SIZE); // a key is never cut: its description wraps instead
            Label d = new Label(s.does());
            d.setWrapText(true);
            grid.addRow(row++, k, d);
        }
        ScrollPane sp = new ScrollPane(grid);
        sp.setFitToWidth(true);
        sp.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        sp.setPrefViewportHeight(Math.max(200, h - 10 * font)); // the header, the button and the borders
        DialogPane pane = a.getDialogPane();
        pane.setContent(sp);
        pane.setId("shortcutsDialog");
        pane.setStyle("-fx-font-size: " + font + "px;");
        pane.setPrefWidth(w);
        pane.setMaxWidth(w);
        pane.setMaxHeight(h);
        a.setResizable(true);
        a.show();
    }
}
