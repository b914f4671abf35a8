package io.throttlescope.ui;

import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

import java.util.function.Function;

/** Table columns of text computed from the row, sized so that no header or cell is cut. */
final class Columns {
    private Columns() { }

    static <R> TableColumn<R, String> text(String name, Function<R, String> f, double width) {
        TableColumn<R, String> c = new TableColumn<>(name);
        c.setCellValueFactory(d -> new ReadOnlyStringWrapper(f.apply(d.getValue())));
        c.setPrefWidth(width);
        c.setSortable(false);
        return c;
    }

    /** A header with a tooltip that says what the column means. */
    static void tip(TableColumn<?, ?> c, String tip) {
        Label h = new Label(c.getText());
        h.setTooltip(new Tooltip(tip));
        c.setGraphic(h);
        c.setText("");
    }

    /** A cell that gets a style class while a condition holds on its text. */
    static <R> void styleWhen(TableColumn<R, String> c, java.util.function.Predicate<String> when, String styleClass) {
        c.setCellFactory(col -> new TableCell<>() {
            @Override protected void updateItem(String s, boolean empty) {
                super.updateItem(s, empty);
                setText(empty ? null : s);
                getStyleClass().remove(styleClass);
                if (!empty && s != null && when.test(s)) getStyleClass().add(styleClass);
            }
        });
    }

    /**
     * Sizes every column to its widest header or cell (the first 300 rows), in the table's font: the
     * table scrolls sideways rather than cut a name.
     */
    static <R> void fitToContent(TableView<R> table) {
        Font font = Font.font(fontSize(table));
        Text probe = new Text();
        probe.setFont(font);
        int rows = Math.min(300, table.getItems().size());
        for (TableColumn<R, ?> c : table.getColumns()) {
            String head = c.getGraphic() instanceof Label l ? l.getText() : c.getText();
            probe.setText(head);
            double w = probe.getLayoutBounds().getWidth() + 2.2 * font.getSize();
            for (int i = 0; i < rows; i++) {
                Object v = c.getCellData(i);
                if (v == null) continue;
                probe.setText(v.toString());
                w = Math.max(w, probe.getLayoutBounds().getWidth() + 1.6 * font.getSize());
            }
            c.setPrefWidth(Math.ceil(w));
            c.setMinWidth(Math.ceil(w));
        }
    }

    /** The font size the table's cells use (the scene's root font size, scaled by Ctrl+plus). */
    static double fontSize(javafx.scene.Node n) {
        javafx.scene.Scene s = n.getScene();
        if (s != null && s.getRoot() != null) {
            String style = s.getRoot().getStyle();
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("-fx-font-size:\\s*([0-9.]+)px").matcher(style == null ? "" : style);
            if (m.find()) return Double.parseDouble(m.group(1));
        }
        return Font.getDefault().getSize();
    }
}
