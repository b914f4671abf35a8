package io.throttlescope.realtrace;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Truncated and mangled lines of the real samples: every import either reads the trace (bad lines
 * skipped and numbered) or says in one message that it is not a trace; none throws anything else.
 */
class ImportFuzzTest {
    @Test
    void mangledTracesImportOrFailCleanly() throws Exception {
        SplittableRandom rnd = new SplittableRandom(7);
        String[] names = {"tracefs-dd-6.18.txt", "trace-cmd-report.txt", "trace-cmd-report-N.txt", "perf-script.txt"};
        CgroupMap map = ImportTest.DD_IN_G;
        int read = 0, refused = 0;
        for (String name : names) {
            List<String> lines;
            try (InputStream in = getClass().getResourceAsStream("/realtrace/" + name)) {
                lines = new String(in.readAllBytes(), StandardCharsets.UTF_8)
                        .lines()
                        .toList();
            }
            for (int round = 0; round < 150; round++) {
                List<String> out = new ArrayList<>(lines);
                int edits = 1 + rnd.nextInt(40);
                for (int e = 0; e < edits; e++) {
                    int i = rnd.nextInt(out.size());
                    String l = out.get(i);
                    switch (rnd.nextInt(7)) {
                        case 0 -> out.set(i, l.substring(0, rnd.nextInt(l.length() + 1))); // truncated
                        case 1 -> out.remove(i);
                        case 2 -> out.add(i, l); // duplicated
                        case 3 -> out.set(i, l.replace("==>", ""));
                        case 4 -> out.set(i, l.replaceAll("\\d", String.valueOf(rnd.nextInt(10)))); // digits changed
                        case 5 -> out.set(i, l + "\u0000\u001b[2J" + (char) rnd.nextInt(0x10000));
                        default -> out.set(i, l.replace("prev_state=", "prev_state=" + (char) ('A' + rnd.nextInt(26))));
                    }
                }
                if (rnd.nextInt(10) == 0) out = out.subList(0, rnd.nextInt(out.size() + 1));
                byte[] bytes = String.join("\n", out).getBytes(StandardCharsets.UTF_8);
                try {
                    RealTrace rt = RealTrace.of(
                            name,
                            TraceText.read(new ByteArrayInputStream(bytes)),
                            new RealTrace.Options(map, Map.of(), null));
                    assertThat(rt.run.trace().size()).isPositive();
                    rt.run.index(); // the views' index builds
                    read++;
                } catch (IOException e) {
                    assertThat(e.getMessage()).contains("is not a trace");
                    refused++;
                }
            }
        }
        assertThat(read).isGreaterThan(500);
        assertThat(read + refused).isEqualTo(600);
    }
}
