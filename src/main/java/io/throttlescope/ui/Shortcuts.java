package io.throttlescope.ui;

import java.util.List;

/** Every keyboard shortcut, shown by "?" and in the README. */
final class Shortcuts {
    private Shortcuts() { }

    static final List<String[]> ALL = List.of(
            new String[] {"\u2192 or .", "next event"},
            new String[] {"\u2190 or ,", "previous event"},
            new String[] {"Shift+\u2192 / Shift+\u2190", "next / previous event of the same kind"},
            new String[] {"Ctrl+\u2192 / Ctrl+\u2190", "next / previous event of the selected task"},
            new String[] {"Alt+\u2192 / Alt+\u2190", "next / previous event on the selected CPU"},
            new String[] {"T / Shift+T", "next / previous throttle"},
            new String[] {"P / Shift+P", "next / previous park (task-based) or held-off task (legacy)"},
            new String[] {"H / Shift+H", "next / previous hung-task report"},
            new String[] {"Home / End", "first / last event"},
            new String[] {"Ctrl+G", "jump to a time"},
            new String[] {"Space", "play / pause"},
            new String[] {"W / S", "zoom in / out around the cursor"},
            new String[] {"A / D", "pan left / right"},
            new String[] {"F", "fit the whole run"},
            new String[] {"mouse wheel", "zoom around the pointer (Shift+wheel: scroll lanes)"},
            new String[] {"drag", "pan; drag on the time ruler to zoom to a range"},
            new String[] {"click", "a slice selects its task; the ruler moves the cursor"},
            new String[] {"M", "switch model (legacy / task-based), keeping the time"},
            new String[] {"L", "show or hide the task lanes"},
            new String[] {"C", "compare mode: both models stacked, differences, results table"},
            new String[] {"X", "go to the first point where the two models diverge"},
            new String[] {"Ctrl+O", "open a scenario (or drop a .json file on the window)"},
            new String[] {"?", "this list"});
}
