package io.throttlescope.ui.sweep;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.chart.Axis;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.XYChart;
import javafx.scene.shape.Line;

/** A line chart whose points may carry a spread (their extra value, a Double): drawn as mean ± standard deviation bars. */
public final class ErrorBarChart extends LineChart<String, Number> {
    private final List<Line> bars = new ArrayList<>();

    public ErrorBarChart(Axis<String> x, Axis<Number> y) {
        super(x, y);
    }

    @Override
    protected void layoutPlotChildren() {
        super.layoutPlotChildren();
        getPlotChildren().removeAll(bars);
        bars.clear();
        for (XYChart.Series<String, Number> s : getData()) {
            for (XYChart.Data<String, Number> d : s.getData()) {
                if (!(d.getExtraValue() instanceof Double sd) || sd <= 0) continue;
                double x = getXAxis().getDisplayPosition(d.getXValue());
                double mean = d.getYValue().doubleValue();
                double y0 = getYAxis().getDisplayPosition(mean - sd),
                        y1 = getYAxis().getDisplayPosition(mean + sd);
                Line l = new Line(x, y0, x, y1);
                l.getStyleClass().add("error-bar");
                l.setStyle("-fx-stroke: " + (s.getName().startsWith("legacy") ? "-ts-legacy-series" : "-ts-task-series")
                        + "; -fx-stroke-width: 1.5;");
                bars.add(l);
            }
        }
        getPlotChildren().addAll(bars);
    }
}
