package io.throttlescope.ui.window;

import io.throttlescope.sim.EventKind;
import io.throttlescope.ui.lessons.LessonBar;
import io.throttlescope.ui.state.ViewState;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;

/** The menu bar: File (with Open Recent), View, Go, Tools and Help, each item a window command. */
public final class MainMenu {
    public final MenuBar bar;
    private final Menu recentMenu = new Menu("Open _Recent");
    private final RecentFiles recent;
    private final WindowCommands cmd;

    public MainMenu(WindowCommands cmd, ViewState vs, Navigation nav, LessonBar lessonBar, RecentFiles recent) {
        this.cmd = cmd;
        this.recent = recent;
        MenuItem open = new MenuItem("_Open\u2026");
        open.setAccelerator(new KeyCodeCombination(KeyCode.O, KeyCombination.SHORTCUT_DOWN));
        open.setOnAction(e -> cmd.chooseFile());
        MenuItem reload = new MenuItem("Re_load");
        reload.setAccelerator(new KeyCodeCombination(KeyCode.R, KeyCombination.SHORTCUT_DOWN));
        reload.setOnAction(e -> cmd.reload());
        MenuItem quit = item("_Quit", cmd::quit);
        MenuItem perfetto = item("Export trace for _Perfetto\u2026", () -> cmd.export("perfetto"));
        MenuItem proto = item("Export native Perfetto trace (.pftrace)\u2026", () -> cmd.export("perfetto-proto"));
        MenuItem csv = item("Export trace as _CSV\u2026", () -> cmd.export("csv"));
        MenuItem copyCmp = item("Copy the comparison table", cmd::copyComparison);
        MenuItem stepsItem = item("Export _steps (GIF, slides, PNGs)\u2026", cmd::exportSteps);
        Menu fileMenu = new Menu(
                "_File",
                null,
                open,
                recentMenu,
                reload,
                new SeparatorMenuItem(),
                perfetto,
                proto,
                csv,
                stepsItem,
                copyCmp,
                new SeparatorMenuItem(),
                quit);
        fileMenu.setOnShowing(e -> fillRecent());
        CheckMenuItem lanes = new CheckMenuItem("_Task lanes");
        lanes.selectedProperty().bindBidirectional(vs.taskLanes);
        MenuItem fit = item("_Fit (F)", vs::fit);
        MenuItem bigger = item("_Larger text and lanes (Ctrl++)", () -> cmd.zoomText(1));
        MenuItem smaller = item("_Smaller text and lanes (Ctrl+\u2212)", () -> cmd.zoomText(-1));
        MenuItem present = item("_Presentation mode (F11)", cmd::togglePresenting);
        Menu view = new Menu("_View", null, lanes, fit, new SeparatorMenuItem(), bigger, smaller, present);
        MenuItem next = item("Next event (\u2192)", () -> nav.step(1, i -> true, false));
        MenuItem prev = item("Previous event (\u2190)", () -> nav.step(-1, i -> true, false));
        MenuItem thr = item("Next throttle (T)", () -> nav.step(1, nav.kind(EventKind.THROTTLE), false));
        MenuItem park = item("Next park (P)", nav::nextPark);
        MenuItem hung = item("Next hung task (H)", () -> nav.step(1, nav.kind(EventKind.HUNG_TASK), false));
        MenuItem jumpTo = item("Jump to time\u2026 (Ctrl+G)", cmd::askTime);
        MenuItem nextStop = item("Next lesson stop (N)", lessonBar::next);
        MenuItem prevStop = item("Previous lesson stop (Shift+N)", lessonBar::previous);
        MenuItem leave = item("Leave the lesson (Esc)", lessonBar::leave);
        Menu go = new Menu(
                "_Go", null, next, prev, thr, park, hung, jumpTo, new SeparatorMenuItem(), nextStop, prevStop, leave);
        go.setOnShowing(e -> {
            nextStop.setDisable(!lessonBar.active());
            prevStop.setDisable(!lessonBar.active() || lessonBar.stop() <= 0);
            leave.setDisable(!lessonBar.active() || lessonBar.stop() < 0);
        });
        Menu help = new Menu("_Help", null, item("Keyboard shortcuts (?)", cmd::showShortcuts));
        Menu tools = new Menu(
                "_Tools",
                null,
                item("_What if? (edit the scenario)", cmd::openWhatIf),
                item("_Sweep a parameter\u2026", cmd::openSweep));
        bar = new MenuBar(fileMenu, view, go, tools, help);
    }

    public static MenuItem item(String text, Runnable r) {
        MenuItem m = new MenuItem(text);
        m.setOnAction(e -> r.run());
        return m;
    }

    /** File > Open Recent, filled as the menu opens. */
    private void fillRecent() {
        recentMenu.getItems().clear();
        for (String p : recent.list()) {
            MenuItem m = new MenuItem(RecentFiles.label(p));
            m.setMnemonicParsing(false);
            m.setOnAction(e -> cmd.openRecent(p));
            recentMenu.getItems().add(m);
        }
        if (recentMenu.getItems().isEmpty()) {
            MenuItem none = new MenuItem("(none yet)");
            none.setDisable(true);
            recentMenu.getItems().add(none);
        }
    }
}
