package io.throttlescope.ui;

import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.view.NoteTimes;
import java.util.function.LongConsumer;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.layout.VBox;

/** The scenario's name, what it teaches and its notes (click a note to go there). */
final class ScenarioPanel extends VBox {
    private final Label name = new Label();
    private final Label description = new Label();
    private final ListView<SimSpec.Note> notes = new ListView<>();

    ScenarioPanel(LongConsumer goTo, LongConsumer zoomTo) {
        super(6);
        setId("scenarioPanel");
        setPadding(new Insets(6));
        name.setId("scenarioName");
        name.getStyleClass().add("scenario-name");
        name.setWrapText(true);
        description.setId("scenarioDescription");
        description.setWrapText(true);
        notes.setId("notes");
        notes.setPrefHeight(110);
        notes.setCellFactory(lv -> new ListCell<>() {
            @Override
            protected void updateItem(SimSpec.Note n, boolean empty) {
                super.updateItem(n, empty);
                setText(
                        empty || n == null
                                ? null
                                : NoteTimes.label(
                                                getListView().getItems().stream()
                                                        .map(SimSpec.Note::atNs)
                                                        .toList(),
                                                getIndex())
                                        + "  " + n.text());
                setWrapText(true);
                setPrefWidth(0);
            }
        });
        notes.setOnMouseClicked(e -> {
            SimSpec.Note n = notes.getSelectionModel().getSelectedItem();
            if (n == null) return;
            if (e.getClickCount() >= 2) zoomTo.accept(n.atNs());
            else goTo.accept(n.atNs());
        });
        Button zoom = new Button("Zoom to this note");
        zoom.setId("zoomToNote");
        zoom.setOnAction(e -> {
            SimSpec.Note n = notes.getSelectionModel().getSelectedItem();
            if (n != null) zoomTo.accept(n.atNs());
        });
        zoom.disableProperty()
                .bind(notes.getSelectionModel().selectedItemProperty().isNull());
        getChildren()
                .addAll(
                        name,
                        description,
                        new Label("Notes (click: go there; double-click: zoom to it):"),
                        notes,
                        zoom);
    }

    void show(SimSpec spec) {
        name.setText(spec.name());
        description.setText(spec.description().isEmpty() ? "(no description)" : spec.description());
        notes.getItems().setAll(spec.notes());
    }
}
