package io.throttlescope.ui;

import javafx.stage.Stage;

/** The window as the GUI tests open it: no recent-files entry, a given size, the default scenario (the seed story). */
final class TestWindows {
    private TestWindows() {}

    static MainWindow seedStory(Stage stage, int width, int height) {
        MainWindow w = new MainWindow(stage);
        w.rememberRecent(false);
        stage.setWidth(width);
        stage.setHeight(height);
        stage.show();
        w.openNow(null);
        return w;
    }
}
