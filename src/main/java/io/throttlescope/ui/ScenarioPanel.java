package io.throttlescope.ui;

import io.throttlescope.scenario.DurationText;
import io.throttlescope.sim.spec.SimSpec;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.layout.VBox;

import java.util.function.LongConsumer;

/** The scenario's name, what it teaches and its notes (click a note to go there). */
final class ScenarioPanel extends VBox {
    private final Label name = new Label();
    private final Label description = new Label();
    private final ListView<SimSpec.Note> notes = new ListView<>();

    ScenarioPanel(LongConsumer goTo) {
        super(6);
        setId("scenarioPanel");
        setPadding(new Insets(6));
        name.setId("scenarioName");
        name.setStyle("-fx-font-weight: bold; -fx-font-size: 13px;");
        name.setWrapText(true);
        description.setId("scenarioDescription");
        description.setWrapText(true);
        notes.setId("notes");
        notes.setPrefHeight(110);
        notes.setCellFactory(lv -> new javafx.scene.control.ListCell<>() {
            @Override protected void updateItem(SimSpec.Note n, boolean empty) {
                super.updateItem(n, empty);
                setText(empty || n == null ? null : DurationText.format(n.atNs()) + "  " + n.text());
                setWrapText(true);
                setPrefWidth(0);
            }
        });
        notes.setOnMouseClicked(e -> {
            SimSpec.Note n = notes.getSelectionModel().getSelectedItem();
            if (n != null) goTo.accept(n.atNs());
        });
        getChildren().addAll(name, description, new Label("Notes (click to go there):"), notes);
    }

    void show(SimSpec spec) {
        name.setText(spec.name());
        description.setText(spec.description().isEmpty() ? "(no description)" : spec.description());
        notes.getItems().setAll(spec.notes());
    }
}
