package io.throttlescope.ui.export;

import io.throttlescope.sim.Simulator;
import io.throttlescope.ui.lessons.LessonBar;
import io.throttlescope.ui.state.ViewState;
import java.nio.file.Path;
import javafx.stage.Stage;

/**
 * What an export needs of a window to render it off screen: the window implements it, and the
 * export is handed a way to make one, so {@code ui.export} does not depend on the window's class.
 */
public interface ExportWindow {
    void rememberRecent(boolean on);

    ViewState viewState();

    boolean openNow(Path scenario);

    boolean openJsonNow(String json, Path scenario);

    LessonBar lessonBar();

    void switchModel(Simulator.Model m);

    void goTo(int event);

    void redrawTimelines();
    /** The layout audit of the window as drawn now, for picture number slide (docs/guide.md, "Layout audit"). */
    LayoutAudit audit(int slide, String title);

    /** Makes a window on a stage (the window's constructor). */
    interface Factory {
        ExportWindow on(Stage stage);
    }
}
