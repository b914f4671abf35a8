package io.throttlescope.ui.window;

import java.util.List;

/** Every keyboard shortcut and mouse action: the "?" dialog shows this list and the guide's table (docs/guide.md) is this list (a test compares them). */
public final class Shortcuts {
    private Shortcuts() {}

    public record Key(String keys, String does) {}

    public static final List<Key> ALL = List.of(
            new Key("\u2192 or .", "next event"),
            new Key("\u2190 or ,", "previous event"),
            new Key("Shift+\u2192 / Shift+\u2190", "next / previous event of the same kind"),
            new Key("Ctrl+\u2192 / Ctrl+\u2190", "next / previous event of the selected task"),
            new Key("Alt+\u2192 / Alt+\u2190", "next / previous event on the selected CPU"),
            new Key("T / Shift+T", "next / previous throttle"),
            new Key("P / Shift+P", "next park (task-based) or next task held off (legacy) / previous park"),
            new Key("H / Shift+H", "next / previous hung-task report"),
            new Key("Home / End", "first / last event"),
            new Key("Ctrl+G", "jump to a time (or type it in the \"jump to\" field)"),
            new Key("Space", "play / pause (speed: simulated time per second)"),
            new Key("W / S", "zoom in / out around the cursor"),
            new Key("A / D", "pan left / right"),
            new Key("F", "fit the whole run"),
            new Key(
                    "mouse wheel",
                    "zoom around the pointer (Shift+wheel, or the wheel over the labels: scroll the lanes)"),
            new Key("drag", "pan; drag on the time ruler to zoom to that range; click the ruler to move the cursor"),
            new Key("click", "a slice selects its task; a CPU lane selects the CPU; a budget lane selects the group"),
            new Key("double-click a note", "zoom to that note"),
            new Key("M", "switch model (legacy / task-based), keeping the time"),
            new Key("L", "show or hide the task lanes"),
            new Key("C", "compare mode: both models stacked, their differences and the results table"),
            new Key("X", "go to the first divergence of the two models (compare mode turns on)"),
            new Key(
                    "Ctrl+plus / Ctrl+minus / Ctrl+0",
                    "larger / smaller text, lanes and tables / back to the size the window started with (presenting: presentation mode's size)"),
            new Key(
                    "F11",
                    "presentation mode: the timeline, the lesson bar and the explanation (comparing: both timelines and the results table), full screen, larger (Esc leaves it)"),
            new Key("N / Shift+N", "a scenario's lesson: start it, next stop / previous stop"),
            new Key("Esc", "leave presentation mode; else leave the lesson's stops (N starts it again)"),
            new Key("1 \u2026 9", "at a lesson's question: answer with that choice"),
            new Key("Ctrl+O", "open a scenario (or drop a .json file on the window)"),
            new Key("Ctrl+R", "reload the scenario from its file"),
            new Key("Ctrl+C", "in the results table: copy it as text"),
            new Key("? or F1", "this list"));

    /** The list as the guide's Markdown table (docs/guide.md). */
    public static String markdown() {
        StringBuilder sb = new StringBuilder("| key | does |\n|---|---|\n");
        for (Key k : ALL)
            sb.append("| ").append(k.keys()).append(" | ").append(k.does()).append(" |\n");
        return sb.toString();
    }
}
