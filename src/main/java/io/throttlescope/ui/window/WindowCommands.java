package io.throttlescope.ui.window;

import io.throttlescope.sim.Simulator;

/**
 * The commands of the window that the menu bar, the toolbar and the keys invoke, one method each.
 * The window implements them by handing each to the part whose job it is; the parts that invoke
 * them know this interface and the view state, never the window.
 */
public interface WindowCommands {
    /** File > Open: choose a scenario or a trace. */
    void chooseFile();
    /** File > Reload the open file (edits of What if? are asked about first). */
    void reload();
    /** Opens a recent file (edits of What if? are asked about first). */
    void openRecent(String path);

    void quit();
    /** Exports the shown run: "perfetto", "perfetto-proto" or "csv". */
    void export(String format);
    /** File > Export steps. */
    void exportSteps();
    /** Copies the comparison table of the two runs. */
    void copyComparison();
    /** Larger (1), smaller (-1) or starting (0) text and lanes. */
    void zoomText(int dir);

    void togglePresenting();
    /** Leaves presentation mode if on; false if it was off. */
    boolean leavePresenting();

    void setCompare(boolean on);

    boolean comparing();
    /** Shows a model's run (for a real trace: LEGACY is the real run). */
    void switchModel(Simulator.Model m);
    /** Shows the other run. */
    void otherModel();
    /** Go > Jump to time: asks for a time. */
    void askTime();

    void showShortcuts();

    void openSweep();

    void openWhatIf();
    /** Moves the cursor to where the two runs first part (compare mode). */
    void goToDivergence();
    /** Undo (or redo) an edit of What if?; false if there is nothing to edit. */
    boolean undoOrRedo(boolean redo);
}
