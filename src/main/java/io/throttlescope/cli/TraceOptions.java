package io.throttlescope.cli;

import io.throttlescope.realtrace.CgroupMap;
import io.throttlescope.realtrace.RealTrace;
import io.throttlescope.text.Escape;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * How a trace is read, the same for every command that opens one (import, describe, screenshot):
 * the cgroup map of a trace that carries none, and kprobe events named otherwise than the functions
 * they probe. describe and screenshot had neither, so they showed a foreign trace's tasks in /
 * "waiting for a CPU" where import placed them in their groups.
 */
public final class TraceOptions {
    @Option(
            names = "--cgroup-map",
            paramLabel = "FILE",
            description =
                    "for a trace: JSON {\"cgroups\": {\"/G\": {\"cpu.max\": \"10000 100000\"}}, \"tasks\": {\"COMM-PID or COMM\": \"/G\"}} (a recorded trace carries its own)")
    Path cgroupMap;

    @Option(
            names = "--probe",
            paramLabel = "EVENT=FUNCTION",
            description =
                    "for a trace: a kprobe event name and the function it probes, e.g. thr=throttle_cfs_rq (events named after the function need none)")
    Map<String, String> probes = new LinkedHashMap<>();

    /**
     * The import's options with {@code model} (null: from the recorded kernel); a bad --probe or
     * --cgroup-map is a usage error, said before the trace is read.
     */
    public RealTrace.Options options(String model) {
        for (var e : probes.entrySet()) {
            if (!RealTrace.probeFunctions().contains(e.getValue())) {
                throw new UsageException("--probe " + e.getKey() + "=" + e.getValue() + ": expected one of "
                        + RealTrace.probeFunctions());
            }
        }
        CgroupMap map = CgroupMap.empty();
        if (cgroupMap != null) {
            try {
                map = CgroupMap.parse(CgroupMap.readFile(cgroupMap));
            } catch (IOException | IllegalArgumentException e) {
                throw new UsageException("--cgroup-map " + Escape.controls(cgroupMap.toString()) + ": "
                        + Escape.controls(e.getMessage()));
            }
        }
        return new RealTrace.Options(map, probes, model);
    }

    /** True if any was given (a scenario file takes none). */
    public boolean given() {
        return cgroupMap != null || !probes.isEmpty();
    }
}
