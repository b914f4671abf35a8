package io.throttlescope.ui.sweep;

import io.throttlescope.compare.Sweep;
import io.throttlescope.compare.SweepValues;
import io.throttlescope.scenario.ScenarioParams;
import io.throttlescope.sim.Simulator;
import io.throttlescope.ui.state.Theme;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import javafx.concurrent.Task;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.TilePane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Sweep a parameter from the window: pick a parameter (as What if? lists them) and values, pick the
 * figures (a regular expression over the comparison's metric names), and one chart per figure plots
 * both models over the values, with mean ± standard deviation bars when several seeds run. Clicking
 * a point opens that run: the parameter is set in What if? and that model shown.
 */
public final class SweepPane extends BorderPane {
    /** What clicking a point asks of the window. */
    public interface Host {
        void open(String param, String value, Simulator.Model model);
    }

    private final Host host;
    private final String json;
    public final ComboBox<String> param = new ComboBox<>();
    public final TextField values = new TextField(), metrics = new TextField(Sweep.DEFAULT_METRICS);
    public final Spinner<Integer> runs = new Spinner<>(1, 50, 1);
    public final Button run = new Button("Run the sweep");
    public final Label status = new Label();
    public final TilePane charts = new TilePane(8, 8);
    private List<Sweep.Point> points = List.of();
    private String swept;

    public SweepPane(String json, Host host) {
        this.json = json;
        this.host = host;
        setId("sweepPane");
        setPadding(new Insets(8));
        for (ScenarioParams.Param p : ScenarioParams.of(json)) param.getItems().add(p.id());
        param.setId("sweepParam");
        values.setId("sweepValues");
        metrics.setId("sweepMetrics");
        run.setId("sweepRun");
        status.setId("sweepStatus");
        status.setWrapText(true);
        values.setPrefColumnCount(30);
        metrics.setPrefColumnCount(30);
        param.setOnAction(e -> {
            for (ScenarioParams.Param p : ScenarioParams.of(json))
                if (p.id().equals(param.getValue())) values.setText(SweepValues.suggest(p));
        });
        param.setTooltip(
                new Tooltip("A cgroup file (/G:cpu.max), a kernel key (kernel.hz) or a step's duration (task.R.2)"));
        values.setTooltip(new Tooltip("Comma-separated, as the file writes them: 5000 100000,10000 100000"));
        metrics.setTooltip(new Tooltip("A regular expression over the comparison's figure names"));
        runs.setTooltip(
                new Tooltip("Seeds per point: several give mean \u00b1 standard deviation where durations are random"));
        run.setOnAction(e -> start());
        FlowPane controls = new FlowPane(
                8,
                6,
                labelled("parameter", param),
                labelled("values", values),
                labelled("figures", metrics),
                labelled("seeds", runs),
                run);
        controls.setAlignment(Pos.CENTER_LEFT);
        charts.setPrefColumns(2);
        charts.setId("sweepCharts");
        ScrollPane sp = new ScrollPane(charts);
        sp.setFitToWidth(true);
        setTop(new VBox(6, controls, status));
        setCenter(sp);
        BorderPane.setMargin(sp, new Insets(8, 0, 0, 0));
        status.setText(
                "Pick a parameter; values around its current one are suggested. Click a point to open that run.");
    }

    private static HBox labelled(String text, Node n) {
        HBox h = new HBox(4, new Label(text), n);
        h.setAlignment(Pos.CENTER_LEFT);
        return h;
    }

    /** Shows a sweep in a window of its own, owned by the main one, in the app's theme. */
    public static Stage window(Window owner, SweepPane pane, String title) {
        Stage st = new Stage();
        st.initOwner(owner);
        st.setTitle(title);
        Scene sc = new Scene(pane, 1000, 720);
        sc.getStylesheets().add(Theme.STYLESHEET);
        sc.addEventFilter(
                KeyEvent.KEY_PRESSED,
                e -> { // Escape closes it, as a dialog (a virtual display has no close box)
                    if (e.getCode() == KeyCode.ESCAPE) {
                        st.close();
                        e.consume();
                    }
                });
        st.setScene(sc);
        st.show();
        return st;
    }

    /** The points of the last sweep (tests read them). */
    public List<Sweep.Point> points() {
        return points;
    }

    /** Starts the sweep in the background; the charts replace the old ones when it is done. */
    public Task<List<Sweep.Point>> start() {
        String p = param.getValue();
        List<String> vs = SweepValues.split(values.getText());
        Pattern m;
        try {
            m = Pattern.compile(metrics.getText());
        } catch (PatternSyntaxException e) {
            status.setText("The figures are not a regular expression: " + e.getDescription());
            return null;
        }
        if (p == null || vs.isEmpty()) {
            status.setText("Pick a parameter and at least one value.");
            return null;
        }
        int n = runs.getValue();
        Task<List<Sweep.Point>> job = new Task<>() {
            @Override
            protected List<Sweep.Point> call() throws Exception {
                return Sweep.run(json, p, vs, m, n, Runtime.getRuntime().availableProcessors());
            }
        };
        run.setDisable(true);
        status.setText("Simulating " + vs.size() + " values \u00d7 2 models" + (n > 1 ? " \u00d7 " + n + " seeds" : "")
                + "\u2026");
        long t0 = System.nanoTime();
        job.setOnSucceeded(e -> {
            run.setDisable(false);
            swept = p;
            show(job.getValue());
            status.setText(p + " over " + vs.size() + " values in " + (System.nanoTime() - t0) / 1_000_000
                    + " ms. Click a point to open that run.");
        });
        job.setOnFailed(e -> {
            run.setDisable(false);
            Throwable t = job.getException();
            status.setText("The sweep failed: " + (t == null ? "" : t.getMessage()));
        });
        Thread th = new Thread(job, "sweep");
        th.setDaemon(true);
        th.start();
        return job;
    }

    private void show(List<Sweep.Point> pts) {
        points = pts;
        charts.getChildren().clear();
        Set<String> names = new LinkedHashSet<>();
        for (Sweep.Point pt : pts) {
            names.addAll(pt.legacy().keySet());
            names.addAll(pt.task().keySet());
        }
        List<String> zero = new ArrayList<>();
        for (String name : names) {
            boolean allZero = pts.stream()
                    .allMatch(pt ->
                            isZero(pt.legacy().get(name)) && isZero(pt.task().get(name)));
            if (allZero && names.size() > 1) zero.add(name);
            else charts.getChildren().add(chart(name, pts));
        }
        if (!zero.isEmpty())
            charts.getChildren()
                    .add(new Label("0 at every value under both models, not drawn:\n" + String.join("\n", zero)));
        if (names.isEmpty()) charts.getChildren().add(new Label("No figure matches " + metrics.getText()));
    }

    private ErrorBarChart chart(String name, List<Sweep.Point> pts) {
        CategoryAxis x = new CategoryAxis();
        x.setLabel(swept);
        NumberAxis y = new NumberAxis();
        y.setLabel(name.endsWith("_ms") || name.contains("_ms ") ? "ms" : "");
        ErrorBarChart c = new ErrorBarChart(x, y);
        c.getStyleClass().add("sweep-chart");
        c.setTitle(name);
        c.setAnimated(false);
        c.setPrefSize(460, 300);
        List<XYChart.Series<String, Number>> series = new ArrayList<>();
        for (Simulator.Model model : Simulator.Model.values()) {
            XYChart.Series<String, Number> s = new XYChart.Series<>();
            s.setName(model == Simulator.Model.LEGACY ? "legacy (\u2264 6.17)" : "task-based (6.18)");
            for (Sweep.Point pt : pts) {
                Sweep.Stat st = (model == Simulator.Model.LEGACY ? pt.legacy() : pt.task()).get(name);
                if (st == null) continue;
                XYChart.Data<String, Number> d = new XYChart.Data<>(pt.value(), st.mean());
                d.setExtraValue(st.sd());
                s.getData().add(d);
            }
            series.add(s);
        }
        c.getData().addAll(series);
        for (XYChart.Series<String, Number> s : series) {
            Simulator.Model model = s.getName().startsWith("legacy") ? Simulator.Model.LEGACY : Simulator.Model.TASK;
            for (XYChart.Data<String, Number> d : s.getData()) {
                Node node = d.getNode();
                if (node == null) continue;
                String sd = d.getExtraValue() instanceof Double v && v > 0 ? " \u00b1 " + fmt(v) : "";
                Tooltip.install(
                        node,
                        new Tooltip(s.getName() + ", " + swept + " = " + d.getXValue() + ": "
                                + fmt(d.getYValue().doubleValue()) + sd + "\nClick to open this run"));
                node.setOnMouseClicked(e -> host.open(swept, d.getXValue(), model));
            }
        }
        return c;
    }

    private static boolean isZero(Sweep.Stat s) {
        return s == null || (s.mean() == 0 && s.sd() == 0);
    }

    private static String fmt(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.valueOf((long) v) : String.format("%.3f", v);
    }
}
