package io.throttlescope.scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * A scenario's what-if edits: every state of its JSON with the edit that made it, undo and redo.
 * Only states that load are pushed; an edit after an undo drops the states it undid.
 */
public final class EditHistory {
    private final List<String> states = new ArrayList<>();
    private final List<String> labels = new ArrayList<>();
    private int at;

    public EditHistory(String original) {
        states.add(original);
        labels.add("the file as opened");
    }

    public String current() {
        return states.get(at);
    }

    public String original() {
        return states.get(0);
    }

    public boolean edited() {
        return at > 0;
    }

    public int edits() {
        return at;
    }

    public boolean canUndo() {
        return at > 0;
    }

    public boolean canRedo() {
        return at < states.size() - 1;
    }
    /** What undo would take back, e.g. "/G:cpu.max = 5000 100000". */
    public String undoLabel() {
        return canUndo() ? labels.get(at) : "";
    }

    public String redoLabel() {
        return canRedo() ? labels.get(at + 1) : "";
    }

    public void push(String json, String label) {
        while (states.size() > at + 1) {
            states.remove(states.size() - 1);
            labels.remove(labels.size() - 1);
        }
        states.add(json);
        labels.add(label);
        at++;
    }

    public String undo() {
        if (canUndo()) at--;
        return current();
    }

    public String redo() {
        if (canRedo()) at++;
        return current();
    }
}
