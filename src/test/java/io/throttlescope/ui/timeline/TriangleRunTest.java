package io.throttlescope.ui.timeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Overlapping mark triangles drawn as their union; apart, each on its own. */
class TriangleRunTest {
    private final List<double[]> drawn = new ArrayList<>(); // xs then ys of each polygon
    private final TriangleRun.Sink sink = (c, xs, ys, n) -> {
        assertThat(c).isEqualTo(Color.RED);
        double[] p = new double[2 * n];
        System.arraycopy(xs, 0, p, 0, n);
        System.arraycopy(ys, 0, p, n, n);
        drawn.add(p);
    };

    @Test
    void overlappingTrianglesAreOnePolygonTheirUnion() {
        TriangleRun run = new TriangleRun(Color.RED);
        run.add(sink, 10, 0, 8, 5); // base on y = 0 from 5 to 15, tip at (10, 8)
        run.add(sink, 12, 0, 8, 5); // overlaps it: one polygon
        assertThat(drawn).isEmpty();
        run.add(sink, 30, 0, 8, 5); // 18 px on: its base does not touch the last one's
        assertThat(drawn).hasSize(1);
        // the band's edge 5..17, then the tips right to left and, between them, where the sides cross: at
        // x = 11 the first triangle's right side and the second's left side are both 8 - 8 * (1 / 5) = 6.4 down
        assertThat(drawn.get(0)).containsExactly(5, 17, 12, 11, 10, 0, 0, 8, 6.4, 8);
        run.flush(sink);
        assertThat(drawn).hasSize(2);
        assertThat(drawn.get(1)).containsExactly(25, 35, 30, 0, 0, 8); // a lone triangle, as it was drawn alone
        run.flush(sink);
        assertThat(drawn).as("nothing left to draw").hasSize(2);
    }

    @Test
    void aTriangleOfAnotherLaneOrSizeStartsARun() {
        TriangleRun run = new TriangleRun(Color.RED);
        run.add(sink, 10, 0, 8, 5);
        run.add(sink, 12, 24, 16, 5); // the lane below: pointing up from its bottom edge
        assertThat(drawn).hasSize(1);
        run.add(sink, 14, 24, 16, 10); // a larger scale
        run.flush(sink);
        assertThat(drawn).hasSize(3);
        assertThat(Arrays.copyOfRange(drawn.get(1), 0, 6)).containsExactly(7, 17, 12, 24, 24, 16);
        assertThat(drawn.get(2)).containsExactly(4, 24, 14, 24, 24, 16);
    }
}
