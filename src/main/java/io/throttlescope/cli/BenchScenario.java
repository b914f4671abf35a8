package io.throttlescope.cli;

/** The generated large scenario of the benchmark: CPUs, limited cgroups, tasks passing messages through pipes. */
final class BenchScenario {
    private BenchScenario() {}

    /** JSON text of a scenario with {@code groups} cgroups of {@code pairs} sender/receiver pairs each. */
    static String json(int cpus, int groups, int pairs, String duration) {
        StringBuilder sb = new StringBuilder();
        sb.append("{\"format\": 1, \"name\": \"bench ")
                .append(cpus)
                .append(" CPUs, ")
                .append(groups * pairs * 2)
                .append(" tasks\", \"duration\": \"")
                .append(duration)
                .append("\",\n")
                .append("\"kernel\": {\"cpus\": ")
                .append(cpus)
                .append(", \"hz\": 250, \"accounting\": \"tick\"},\n");
        sb.append("\"cgroups\": {");
        for (int g = 0; g < groups; g++) {
            if (g > 0) sb.append(", ");
            // each group may use 2.5 CPUs, less than its pairs want: it is throttled every period
            sb.append("\"/bench/g")
                    .append(g)
                    .append("\": {\"cpu.max\": \"250000 100000\", \"period_phase\": \"")
                    .append(g * 5)
                    .append("ms\"}");
        }
        sb.append("},\n\"pipes\": {");
        for (int g = 0; g < groups; g++)
            for (int p = 0; p < pairs; p++) {
                if (g + p > 0) sb.append(", ");
                sb.append("\"p").append(g).append('_').append(p).append("\": {\"capacity\": 4}");
            }
        sb.append("},\n\"tasks\": [\n");
        boolean first = true;
        for (int g = 0; g < groups; g++)
            for (int p = 0; p < pairs; p++) {
                String pipe = "p" + g + "_" + p;
                if (!first) sb.append(",\n");
                first = false;
                sb.append("{\"name\": \"s")
                        .append(g)
                        .append('_')
                        .append(p)
                        .append("\", \"cgroup\": \"/bench/g")
                        .append(g)
                        .append(
                                "\", \"program\": [{\"loop\": [{\"user\": {\"uniform\": [\"20us\", \"80us\"]}}, {\"send\": \"")
                        .append(pipe)
                        .append("\"}]}]},\n");
                sb.append("{\"name\": \"r")
                        .append(g)
                        .append('_')
                        .append(p)
                        .append("\", \"cgroup\": \"/bench/g")
                        .append(g)
                        .append("\", \"program\": [{\"loop\": [{\"recv\": \"")
                        .append(pipe)
                        .append("\"}, {\"user\": {\"uniform\": [\"20us\", \"80us\"]}}]}]}");
            }
        sb.append("\n]}\n");
        return sb.toString();
    }
}
