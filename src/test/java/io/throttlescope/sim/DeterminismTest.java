package io.throttlescope.sim;

import io.throttlescope.sim.spec.SimSpec;
import io.throttlescope.trace.Trace;
import io.throttlescope.trace.TraceJsonl;
import java.io.StringWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/** The same file and seed give the same trace, byte for byte; another seed gives another run. */
class DeterminismTest {
    @ParameterizedTest
    @ValueSource(strings = {"/golden/gb8.json", "/golden/random-pipes.json"})
    void sameSeedSameTrace(String file) throws Exception {
        SimSpec spec = SimRun.load(file);
        for (Simulator.Model m : Simulator.Model.values()) {
            String a = traceText(spec, m), b = traceText(spec, m);
            assertThat(a).isNotEmpty();
            assertThat(a).isEqualTo(b);
        }
    }

    @org.junit.jupiter.api.Test
    void anotherSeedDrawsOtherDurations() throws Exception {
        SimSpec spec = SimRun.load("/golden/random-pipes.json");
        assertThat(traceText(spec, Simulator.Model.TASK))
                .isNotEqualTo(traceText(spec.withSeed(2), Simulator.Model.TASK));
    }

    private static String traceText(SimSpec spec, Simulator.Model m) throws Exception {
        Trace t = new Trace();
        Simulator s = new Simulator(spec, m, t);
        s.run();
        StringWriter w = new StringWriter();
        TraceJsonl.write(t, s, w);
        return w.toString();
    }
}
