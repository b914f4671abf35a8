package io.throttlescope.record;

import com.google.gson.JsonObject;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The machine's hung-task detector (/proc/sys/kernel/hung_task_*): read for every recording's
 * header, and set for one only when the user asks ({@code record --set-hung-task}). What it
 * replaced is written to {@code /run/throttlescope-<pid>-hung-task} first, so that the recording's
 * cleanup puts it back and, if the recorder is killed before that, the next recording does.
 */
final class HungTaskSysctl {
    static final Path DIR = Path.of("/proc/sys/kernel");
    static final String TIMEOUT = "hung_task_timeout_secs", INTERVAL = "hung_task_check_interval_secs", WARNINGS = "hung_task_warnings";
    private static final Path RUN = Path.of("/run");

    private final Path dir, run;
    private Path saved;

    HungTaskSysctl() { this(DIR, RUN); }

    HungTaskSysctl(Path dir, Path run) {
        this.dir = dir;
        this.run = run;
    }

    /** The settings as the header keeps them; {@code set_by_record} says whether this recording chose them. */
    JsonObject header() {
        JsonObject h = new JsonObject();
        h.addProperty("timeout_secs", read(TIMEOUT).orElse(-1L));
        h.addProperty("check_interval_secs", read(INTERVAL).orElse(-1L));
        h.addProperty("warnings", read(WARNINGS).orElse(-1L));
        h.addProperty("set_by_record", saved != null);
        return h;
    }

    Optional<Long> read(String name) {
        try {
            return Optional.of(Long.parseLong(Files.readString(dir.resolve(name)).strip()));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** Sets timeout and check interval (whole seconds) for this recording, keeping what they were. */
    void set(long timeoutSecs, long intervalSecs) throws IOException {
        long t = read(TIMEOUT).orElseThrow(() -> new IOException("this kernel has no hung-task detector (" + dir.resolve(TIMEOUT) + ")"));
        Optional<Long> i = read(INTERVAL);            // kernels before 4.19 have no check interval
        Path file = run.resolve("throttlescope-" + ProcessHandle.current().pid() + "-hung-task");
        Files.writeString(file, t + " " + i.map(String::valueOf).orElse("-") + "\n");
        saved = file;
        if (i.isPresent()) Files.writeString(dir.resolve(INTERVAL), Long.toString(intervalSecs));
        Files.writeString(dir.resolve(TIMEOUT), Long.toString(timeoutSecs));
    }

    /** Puts back what {@link #set} replaced; returns what could not be restored. Idempotent. */
    List<String> restore() {
        if (saved == null) return List.of();
        List<String> left = restoreFrom(saved);
        saved = null;
        return left;
    }

    private List<String> restoreFrom(Path file) {
        List<String> left = new ArrayList<>();
        try {
            String[] v = Files.readString(file).strip().split(" ");
            Files.writeString(dir.resolve(TIMEOUT), v[0]);
            if (!v[1].equals("-")) Files.writeString(dir.resolve(INTERVAL), v[1]);
            Files.delete(file);
        } catch (IOException | RuntimeException e) {
            left.add("the hung-task settings (kept in " + file + ")");
        }
        return left;
    }

    /** The settings a recorder that no longer runs changed and did not put back: restored, and said. */
    List<String> cleanLeftovers() {
        List<String> out = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(run, "throttlescope-*-hung-task")) {
            for (Path f : ds) {
                String pid = f.getFileName().toString().replaceAll("^throttlescope-(\\d+)-hung-task$", "$1");
                if (!pid.matches("\\d{1,18}") || !Tracefs.deadRecorder(Long.parseLong(pid))) continue;
                String was = "";
                try { was = Files.readString(f).strip(); } catch (IOException ignored) { }
                if (restoreFrom(f).isEmpty()) out.add("the hung-task settings recorder " + pid + " changed (back to timeout and interval " + was + ")");
            }
        } catch (IOException ignored) {
            // no /run here: nothing was ever saved in it
        }
        return out;
    }
}
