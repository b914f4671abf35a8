package io.throttlescope.ui;

import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.control.TableColumn;

import java.util.function.Function;

/** Table columns of text computed from the row. */
final class Columns {
    private Columns() { }

    static <R> TableColumn<R, String> text(String name, Function<R, String> f, double width) {
        TableColumn<R, String> c = new TableColumn<>(name);
        c.setCellValueFactory(d -> new ReadOnlyStringWrapper(f.apply(d.getValue())));
        c.setPrefWidth(width);
        c.setSortable(false);
        return c;
    }
}
