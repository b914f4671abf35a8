package io.throttlescope.ui.window;

import io.throttlescope.files.SafeOutput;
import io.throttlescope.ui.whatif.WhatIfPane;
import java.io.File;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.stage.FileChooser;
import javafx.stage.Stage;

/** The edits of What if?: asked about before they are dropped, saved as a scenario file of their own. */
public final class EditedScenario {
    private final Stage stage;
    private final WhatIfPane whatIf;
    private final StatusLine status;
    private final Supplier<Path> file;
    private final Consumer<Path> saved;

    /** saved: told the file the edits went to (the window then shows that file). */
    public EditedScenario(
            Stage stage, WhatIfPane whatIf, StatusLine status, Supplier<Path> file, Consumer<Path> saved) {
        this.stage = stage;
        this.whatIf = whatIf;
        this.status = status;
        this.file = file;
        this.saved = saved;
    }

    /** Before the edits are dropped (reload, open another file): true if the user agrees, or there are none. */
    public boolean keepEditsAnswered(String what) {
        var w = whatIf.whatIf();
        if (w == null || !w.history().edited() || !stage.isShowing()) return true;
        Alert a = new Alert(
                Alert.AlertType.CONFIRMATION,
                what + " and drop " + w.history().edits() + " What if? edit"
                        + (w.history().edits() == 1 ? "" : "s") + "? (Save as\u2026 in the What if? panel keeps them.)",
                ButtonType.OK,
                ButtonType.CANCEL);
        a.initOwner(stage);
        a.setHeaderText("The scenario has unsaved edits");
        return a.showAndWait().filter(b -> b == ButtonType.OK).isPresent();
    }

    /** Writes the edited scenario where the user says (the library's formatting; temporary file and rename). */
    public void saveAs(String text) {
        FileChooser fc = new FileChooser();
        fc.setTitle("Save the edited scenario as");
        Path f0 = file.get();
        String base = f0 == null ? "scenario" : f0.getFileName().toString().replaceAll("\\.json$", "");
        fc.setInitialFileName(base + "-whatif.json");
        if (f0 != null && f0.getParent() != null && f0.getParent().toFile().isDirectory())
            fc.setInitialDirectory(f0.getParent().toFile());
        File f = fc.showSaveDialog(stage);
        if (f != null) saveTo(text, f.toPath());
    }

    /** Saves the edited scenario to a file (tests call it without the dialog). */
    public boolean saveTo(String text, Path out) {
        try {
            SafeOutput.write(out, w -> w.write(text));
            saved.accept(out);
            status.set("Saved " + out);
            return true;
        } catch (Exception e) {
            status.error("Cannot write " + out, String.valueOf(e.getMessage()));
            return false;
        }
    }
}
