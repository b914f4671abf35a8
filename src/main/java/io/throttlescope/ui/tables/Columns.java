package io.throttlescope.ui.tables;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.control.skin.TableColumnHeader;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;

/** Table columns of text computed from the row, sized so that no header or cell is cut. */
public final class Columns {
    private Columns() {}

    static <R> TableColumn<R, String> text(String name, Function<R, String> f, double width) {
        TableColumn<R, String> c = new TableColumn<>(name);
        c.setCellValueFactory(d -> new ReadOnlyStringWrapper(f.apply(d.getValue())));
        c.setPrefWidth(width);
        c.setSortable(false);
        return c;
    }

    /**
     * A cell whose text wraps within its column (a long name goes onto more lines, it is never cut),
     * with a style class while a condition holds on its text.
     */
    static final class WrapCell<R> extends TableCell<R, String> {
        private final Text text = new Text();
        private final Predicate<String> when;
        private final String styleClass;

        WrapCell(TableColumn<R, String> col, Predicate<String> when, String styleClass) {
            this.when = when;
            this.styleClass = styleClass;
            text.getStyleClass().add("wrap-text");
            text.wrappingWidthProperty().bind(col.widthProperty().subtract(10));
            wrapIdentifiers(text);
            setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
        }

        @Override
        protected void updateItem(String s, boolean empty) {
            super.updateItem(s, empty);
            showWrapped(text, empty || s == null ? "" : s);
            setText(empty ? null : s); // the cell's text too: lookups and accessibility read it
            setGraphic(empty ? null : text);
            if (styleClass != null) {
                getStyleClass().remove(styleClass);
                if (!empty && s != null && when.test(s)) getStyleClass().add(styleClass);
            }
        }
    }

    /**
     * The text as a wrapping cell lays it out: a break allowed (a zero-width space) after each underscore
     * or slash inside a word, so that a kernel identifier too long for its column wraps between its
     * parts ("cgroup_threadgroup_" / "rwsem"), never inside one. The cell's text stays as it is.
     */
    public static String breakable(String s) {
        StringBuilder b = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            b.append(c);
            if ((c == '_' || c == '/') && i + 1 < s.length() && !Character.isWhitespace(s.charAt(i + 1)))
                b.append('\u200A');
        }
        return b.toString();
    }

    private static final String RAW = "columns.raw";

    /** A wrapping text node shows its text again whenever its width or font changes ({@link #showWrapped}). */
    public static void wrapIdentifiers(Text text) {
        text.wrappingWidthProperty().addListener((o, a, b) -> showWrapped(text, null));
        text.fontProperty().addListener((o, a, b) -> showWrapped(text, null));
    }

    /**
     * Shows s (null: the text shown last) in a wrapping text node, with breaks allowed inside a word
     * ({@link #breakable}) only where a word is wider than the node's wrapping width.
     */
    public static void showWrapped(Text text, String s) {
        if (s != null) text.getProperties().put(RAW, s);
        String raw = (String) text.getProperties().getOrDefault(RAW, "");
        boolean wide = text.getWrappingWidth() > 0 && widestWord(text.getFont(), raw) > text.getWrappingWidth();
        text.setText(wide ? breakable(raw) : raw);
    }

    /** A header with a tooltip that says what the column means. */
    static void tip(TableColumn<?, ?> c, String tip) {
        if (c.getGraphic() instanceof Label l) {
            l.setTooltip(new Tooltip(tip));
            return;
        }
        Label h = new Label(c.getText());
        h.setTooltip(new Tooltip(tip));
        c.setGraphic(h);
        c.setText("");
    }

    /** The headers of the first n columns lie whole inside the table's visible width (none clipped at its edge). */
    public static boolean headersWhole(TableView<?> table, int n) {
        Bounds p = table.localToScene(table.getLayoutBounds()); // the table's own edges: a column past them is clipped
        for (Node h : table.lookupAll(".column-header")) {
            if (!(h instanceof TableColumnHeader ch)) continue;
            int i = table.getColumns().indexOf(ch.getTableColumn());
            if (i < 0 || i >= n) continue;
            Bounds b = h.localToScene(h.getLayoutBounds());
            if (b.getMinX() < p.getMinX() - 0.5 || b.getMaxX() > p.getMaxX() + 0.5) return false;
        }
        return true;
    }

    /** A header's text on more lines than one ("throttle_\ncount"): the column is as wide as its longest line. */
    static void header(TableColumn<?, ?> c, String lines) {
        if (c.getGraphic() instanceof Label l) l.setText(lines);
        else c.setText(lines);
    }

    /** A cell that gets a style class while a condition holds on its text. */
    static <R> void styleWhen(TableColumn<R, String> c, Predicate<String> when, String styleClass) {
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(String s, boolean empty) {
                super.updateItem(s, empty);
                setText(empty ? null : s);
                getStyleClass().remove(styleClass);
                if (!empty && s != null && when.test(s)) getStyleClass().add(styleClass);
            }
        });
    }

    /** Cells whose texts wrap within their columns (for a table of few rows that must fit a narrow panel). */
    static <R> void wrapCells(TableView<R> table) {
        for (TableColumn<R, ?> c : table.getColumns()) {
            @SuppressWarnings("unchecked")
            TableColumn<R, String> t = (TableColumn<R, String>) c;
            t.setCellFactory(col -> new WrapCell<>(col, null, null));
        }
    }

    private static final Text PROBE = new Text();
    /** Widths of texts measured, per font: a table refitted at every step measures the same texts again. */
    private static final Map<Font, Map<String, Double>> WIDTHS = new HashMap<>();

    /**
     * The width of the widest of text's words (split where {@code \s+} would split it), read without a
     * matcher or an array a cell: the tables are fitted at every step.
     */
    static double widestWord(Font font, String text) {
        double most = 0;
        int n = text.length(), i = 0;
        while (i < n) {
            while (i < n && space(text.charAt(i))) i++;
            int j = i;
            while (j < n && !space(text.charAt(j))) j++;
            if (j > i) most = Math.max(most, width(font, i == 0 && j == n ? text : text.substring(i, j)));
            i = j;
        }
        return most;
    }

    /** The characters of a regex's {@code \s}. */
    private static boolean space(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    /** The width of text in font, as a Text node lays it out (measured once, then remembered). */
    static double width(Font font, String text) {
        Map<String, Double> m = WIDTHS.computeIfAbsent(font, f -> new HashMap<>());
        Double known = m.get(text);
        if (known != null) return known;
        if (m.size() > 20_000) m.clear(); // texts of long runs come and go: keep the memory bounded
        PROBE.setFont(font);
        PROBE.setText(text);
        double x = PROBE.getLayoutBounds().getWidth();
        m.put(text, x);
        return x;
    }

    /**
     * Sizes every column to its widest header or cell (the first 300 rows), in the table's font: the
     * table scrolls sideways rather than cut a name.
     */
    static <R> void fitToContent(TableView<R> table) {
        fitToContent(table, false);
    }

    /** The same; with shareWidth, a table narrower than its content shares its width out and its (wrapping) texts wrap. */
    static <R> void fitToContent(TableView<R> table, boolean shareWidth) {
        Font font = Font.font(fontSize(table)), bold = Font.font(font.getFamily(), FontWeight.BOLD, font.getSize());
        int rows = Math.min(300, table.getItems().size());
        for (TableColumn<R, ?> c : table.getColumns()) {
            String head = c.getGraphic() instanceof Label l ? l.getText() : c.getText();
            // a header is drawn bold (modena); it is never cut; a cell's padding is a sixth of an em a side (modena),
            // with room to spare
            double headW = width(bold, head) + HEAD_PAD * font.getSize(), w = headW;
            double word = 0;
            for (int i = 0; i < rows; i++) {
                Object v = c.getCellData(i);
                if (v == null) continue;
                String text = v.toString();
                w = Math.max(w, width(font, text) + CELL_PAD * font.getSize());
                word = Math.max(word, widestWord(font, text));
            }
            c.getProperties().put(FIT_PREF, Math.ceil(w));
            c.getProperties()
                    .put(
                            FIT_MIN,
                            Math.ceil(Math.max(
                                    headW, Math.min(w, Math.min(word, 3 * font.getSize()) + 1.6 * font.getSize()))));
        }
        if (!shareWidth) { // one line a row: the table scrolls sideways rather than cut
            for (TableColumn<R, ?> c : table.getColumns()) {
                // the minimum first: a smaller width set under the old, larger minimum kept the old width (after
                // Ctrl+plus, Ctrl+0 the columns stayed wide and the last went off screen: the fifth review)
                c.setMinWidth((double) c.getProperties().get(FIT_PREF));
                c.setPrefWidth((double) c.getProperties().get(FIT_PREF));
            }
            return;
        }
        if (!table.getProperties().containsKey(FIT_PREF)) { // once: share the width out again whenever it changes
            table.getProperties().put(FIT_PREF, Boolean.TRUE);
            table.widthProperty().addListener((o, a, b) -> share(table));
        }
        share(table);
    }

    /**
     * The last column takes what the others leave of the table's width, down to its header's width
     * or its longest word: its cells wrap there, so a long queue is read whole instead of cut at
     * the table's edge.
     */
    static <R> void fillLast(TableView<R> table) {
        if (!table.getProperties().containsKey(FILL_LAST)) { // once: again whenever the table's width changes
            table.getProperties().put(FILL_LAST, Boolean.TRUE);
            table.widthProperty().addListener((o, a, b) -> fillLast(table));
        }
        var cols = table.getColumns();
        if (cols.isEmpty()) return;
        TableColumn<R, ?> last = cols.get(cols.size() - 1);
        double others = 0;
        for (TableColumn<R, ?> c : cols) if (c != last) others += c.getPrefWidth();
        double width = table.getWidth()
                - table.snappedLeftInset()
                - table.snappedRightInset()
                - (table.lookup(".scroll-bar:vertical") instanceof ScrollBar sb && sb.isVisible() ? sb.getWidth() : 0)
                - 2;
        double min = (double) last.getProperties().getOrDefault(FIT_MIN, last.getMinWidth());
        double w = width <= 0
                ? (double) last.getProperties().getOrDefault(FIT_PREF, last.getPrefWidth())
                : Math.max(min, width - others);
        last.setMinWidth(Math.floor(Math.min(w, min)));
        last.setPrefWidth(Math.floor(w));
    }

    /**
     * The height that shows the table's header and its first maxRows rows as they are laid out (their
     * texts wrap, so a row may be several lines), within [min, max]; -1 while no row is laid out
     * (rows not laid out yet count as tall as those that are).
     */
    static double rowsHeight(TableView<?> table, int maxRows, double min, double max) {
        Node header = table.lookup(".column-header-background");
        double h = header == null ? 0 : header.getLayoutBounds().getHeight();
        int rows = 0;
        for (Node n : table.lookupAll(".table-row-cell")) {
            if (n instanceof TableRow<?> r
                    && !r.isEmpty()
                    && r.getItem() != null
                    && r.isVisible()
                    && r.getIndex() < maxRows) {
                h += Math.max(
                        r.getHeight(), r.prefHeight(r.getWidth())); // as laid out: a row is at least its cells' height
                rows++;
            }
        }
        if (rows == 0) return -1;
        int wanted = Math.min(maxRows, table.getItems().size());
        if (rows < wanted)
            h += (wanted - rows)
                    * (h - (header == null ? 0 : header.getLayoutBounds().getHeight()))
                    / rows; // not laid out yet: rows as tall as those that are
        return Math.min(
                max,
                Math.max(
                        min,
                        h + table.snappedTopInset() + table.snappedBottomInset() + 20)); // and the sideways scroll bar
    }

    private static final double HEAD_PAD = 0.5, CELL_PAD = 0.8;
    private static final String FILL_LAST = "columns.fillLast";
    private static final String FIT_PREF = "columns.fitPref", FIT_MIN = "columns.fitMin";

    /**
     * Each column its content's width if they all fit the table; else each its minimum and a share
     * of what is left in proportion to what it lacks.
     */
    static <R> void share(TableView<R> table) {
        double width = table.getWidth()
                - 4
                - (table.lookup(".scroll-bar:vertical") instanceof ScrollBar sb && sb.isVisible() ? sb.getWidth() : 0);
        double prefs = 0, mins = 0;
        for (TableColumn<R, ?> c : table.getColumns()) {
            prefs += (double) c.getProperties().getOrDefault(FIT_PREF, c.getPrefWidth());
            mins += (double) c.getProperties().getOrDefault(FIT_MIN, c.getMinWidth());
        }
        for (TableColumn<R, ?> c : table.getColumns()) {
            double pref = (double) c.getProperties().getOrDefault(FIT_PREF, c.getPrefWidth()),
                    min = (double) c.getProperties().getOrDefault(FIT_MIN, c.getMinWidth());
            double w = width <= 0 || prefs <= width
                    ? pref
                    : width <= mins ? min : min + (width - mins) * (pref - min) / Math.max(1, prefs - mins);
            c.setMinWidth(Math.floor(Math.min(w, min)));
            c.setPrefWidth(Math.floor(w));
        }
    }

    private static final Pattern FONT_SIZE = Pattern.compile("-fx-font-size:\\s*([0-9.]+)px");

    /** The font size the table's cells use (the scene's root font size, scaled by Ctrl+plus). */
    public static double fontSize(Node n) {
        Scene s = n.getScene();
        if (s != null && s.getRoot() != null) {
            String style = s.getRoot().getStyle();
            Matcher m = FONT_SIZE.matcher(style == null ? "" : style);
            if (m.find()) return Double.parseDouble(m.group(1));
        }
        return Font.getDefault().getSize();
    }
}
