package io.throttlescope.ui;

import io.throttlescope.ui.panels.Browser;
import io.throttlescope.ui.state.ViewState;
import java.nio.file.Path;
import javafx.application.Application;
import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;

/** The JavaFX application. Started by the Launcher (fat jar) or by {@code mvn javafx:run}. */
public final class ThrottleScopeApp extends Application {
    private static Path initialFile;

    public static void launchWith(Path file) {
        initialFile = file;
        Application.launch(ThrottleScopeApp.class);
    }

    @Override
    public void start(Stage stage) {
        HeapTrim.install();
        Browser.use(getHostServices());
        MainWindow w = new MainWindow(stage);
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        w.viewState().normalScale = ViewState.autoScale(screen.getWidth());
        w.viewState().scale.set(w.viewState().normalScale);
        stage.setWidth(Math.min(1500 * w.viewState().scale.get(), screen.getWidth()));
        stage.setHeight(Math.min(950 * w.viewState().scale.get(), screen.getHeight()));
        Path f = initialFile;
        if (f == null && !getParameters().getRaw().isEmpty())
            f = Path.of(getParameters().getRaw().get(0));
        stage.show();
        w.open(f);
    }
}
