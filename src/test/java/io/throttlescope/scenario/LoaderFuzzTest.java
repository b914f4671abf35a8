package io.throttlescope.scenario;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Thousands of mutations of the shipped scenarios: each must either load or be refused with
 * clear, positioned problems; no exception may escape and no case may hang.
 */
class LoaderFuzzTest {
    @Test
    void mutatedScenariosLoadOrFailClearly() throws Exception {
        List<String> files;
        try (Stream<Path> s = Files.list(Path.of("scenarios"))) {
            files = s.filter(p -> p.toString().endsWith(".json"))
                    .sorted()
                    .map(p -> {
                        try {
                            return Files.readString(p);
                        } catch (Exception e) {
                            throw new RuntimeException(e);
                        }
                    })
                    .toList();
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(15);
        Random rnd = new Random(42);
        int loaded = 0, refused = 0;
        for (int i = 0; i < 4000; i++) {
            String base = files.get(rnd.nextInt(files.size()));
            String mutated = mutate(base, rnd);
            ScenarioLoader.Loaded l =
                    assertTimeoutPreemptively(Duration.ofSeconds(10), () -> ScenarioLoader.loadString(mutated));
            if (l.ok()) {
                loaded++;
                continue;
            }
            refused++;
            for (Problem p : l.problems()) {
                assertThat(p.message())
                        .as(mutated)
                        .doesNotStartWith("internal error")
                        .doesNotContain("Exception");
                assertThat(p.line()).isPositive();
                assertThat(p.col()).isPositive();
                assertThat(p.path()).startsWith("$");
                assertThat(p.message()).doesNotContain("\n", "\u001b", "\u0000");
                assertThat(p.message().length() + p.path().length()).isLessThan(2000);
            }
        }
        assertThat(loaded).isPositive();
        assertThat(refused).isPositive();
    }

    static String mutate(String s, Random rnd) {
        int kind = rnd.nextInt(11);
        int at = rnd.nextInt(Math.max(1, s.length()));
        switch (kind) {
            case 0 -> { // delete a value: cut from a colon to the next comma
                int c = s.indexOf(':', at);
                int e = c < 0 ? -1 : s.indexOf(',', c);
                return c < 0 || e < 0 ? s : s.substring(0, c + 1) + s.substring(e);
            }
            case 1 -> { // duplicate a line
                int b = s.lastIndexOf('\n', at) + 1, e = s.indexOf('\n', at);
                return e < 0 ? s : s.substring(0, e + 1) + s.substring(b, e + 1) + s.substring(e + 1);
            }
            case 2 -> { // retype a value
                int c = s.indexOf(": ", at);
                if (c < 0) return s;
                String[] values = {
                    "1", "-5", "\"x\"", "true", "null", "{}", "[]", "1.5", "\"10\"", "99999999999999999999", "\"5 ms\""
                };
                int e = c + 2;
                while (e < s.length() && ",}]\n".indexOf(s.charAt(e)) < 0) e++;
                return s.substring(0, c + 2) + values[rnd.nextInt(values.length)] + s.substring(e);
            }
            case 3 -> {
                return s.substring(0, at);
            } // truncate
            case 4 -> { // random bytes
                byte[] b = s.getBytes(StandardCharsets.UTF_8);
                for (int k = 0; k < 1 + rnd.nextInt(4); k++) b[rnd.nextInt(b.length)] = (byte) rnd.nextInt(256);
                return new String(b, StandardCharsets.UTF_8);
            }
            case 5 -> { // rename a key slightly
                int q = s.indexOf('"', at);
                return q < 0 || q + 2 >= s.length()
                        ? s
                        : s.substring(0, q + 1) + (char) ('a' + rnd.nextInt(26)) + s.substring(q + 2);
            }
            case 7 -> { // a huge key
                int q = s.indexOf('"', at);
                return q < 0 ? s : s.substring(0, q + 1) + "k".repeat(300 + rnd.nextInt(100_000)) + s.substring(q + 1);
            }
            case 8 -> { // many misspellings: a step repeated with a misspelt lock or key
                int p = s.indexOf("\"program\": [", at);
                if (p < 0) return s;
                StringBuilder b = new StringBuilder();
                for (int k = 0; k < 2000 + rnd.nextInt(20_000); k++)
                    b.append("{\"lok\": \"mutx").append(k % 7).append("\"}, ");
                return s.substring(0, p + 12) + b + s.substring(p + 12);
            }
            case 9 -> { // deep loops: nested to the depth limit and beyond, with huge counts
                int p = s.indexOf("\"program\": [", at);
                if (p < 0) return s;
                int depth = 10 + rnd.nextInt(70);
                String inner = "{\"user\": \"1ns\"}";
                for (int k = 0; k < depth; k++)
                    inner = "{\"loop\": [" + inner + "], \"times\": " + (rnd.nextBoolean() ? "2147483647" : "3") + "}";
                return s.substring(0, p + 12) + inner + ", " + s.substring(p + 12);
            }
            case 10 -> { // control characters and quotes in values
                int q = s.indexOf(": \"", at);
                return q < 0 ? s : s.substring(0, q + 3) + "\\n\\u001b[2J\\u0000\\\"" + s.substring(q + 3);
            }
            default -> { // swap two numbers for durations
                return s.replaceFirst("\"(\\d+)ms\"", rnd.nextBoolean() ? "$1" : "\"-$1ms\"");
            }
        }
    }
}
