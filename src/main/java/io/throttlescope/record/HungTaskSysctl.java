package io.throttlescope.record;

import com.google.gson.JsonObject;
import io.throttlescope.files.KernelFiles;
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
 * cleanup puts it back and, if the recorder is killed before that, the next recording does. Every
 * value is read through {@link KernelFiles} (a sysctl read by size reads as its first digit: 120 as
 * 1), read twice before it is kept, and every value written is read back: what does not read back
 * as written is said, never assumed.
 */
final class HungTaskSysctl {
    static final Path DIR = Path.of("/proc/sys/kernel");
    static final String TIMEOUT = "hung_task_timeout_secs",
            INTERVAL = "hung_task_check_interval_secs",
            WARNINGS = "hung_task_warnings";
    private static final Path RUN = Path.of("/run");

    private final Path dir, run;
    private Path saved;

    HungTaskSysctl() {
        this(DIR, RUN);
    }

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
            return Optional.of(KernelFiles.number(dir.resolve(name)));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Sets timeout and check interval (whole seconds) for this recording, keeping what they were. */
    void set(long timeoutSecs, long intervalSecs) throws IOException {
        long t = read(TIMEOUT)
                .orElseThrow(
                        () -> new IOException("this kernel has no hung-task detector (" + dir.resolve(TIMEOUT) + ")"));
        Optional<Long> i = read(INTERVAL); // kernels before 4.19 have no check interval
        if (read(TIMEOUT).orElse(-1L) != t || !read(INTERVAL).equals(i))
            throw new IOException("the hung-task settings in " + dir + " changed while being read: left as they are");
        Path file = run.resolve("throttlescope-" + ProcessHandle.current().pid() + "-hung-task");
        String keep = t + " " + i.map(String::valueOf).orElse("-");
        Files.writeString(file, keep + "\n");
        if (!KernelFiles.value(file).equals(keep))
            throw new IOException(
                    file + " does not read back as written: the hung-task settings were left as they are");
        saved = file;
        if (i.isPresent()) KernelFiles.writeChecked(dir.resolve(INTERVAL), Long.toString(intervalSecs));
        KernelFiles.writeChecked(dir.resolve(TIMEOUT), Long.toString(timeoutSecs));
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
            String[] v = KernelFiles.value(file).split(" ");
            if (v.length != 2 || !v[0].matches("\\d{1,19}") || !v[1].matches("\\d{1,19}|-"))
                throw new IOException(file + " does not hold a timeout and an interval");
            KernelFiles.writeChecked(dir.resolve(TIMEOUT), v[0]); // read back: a value that does not take stays said
            if (!v[1].equals("-")) KernelFiles.writeChecked(dir.resolve(INTERVAL), v[1]);
            Files.delete(file);
        } catch (IOException | RuntimeException e) {
            left.add("the hung-task settings (kept in " + file + ": " + e.getMessage() + ")");
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
                try {
                    was = KernelFiles.value(f);
                } catch (IOException ignored) {
                }
                if (restoreFrom(f).isEmpty())
                    out.add("the hung-task settings recorder " + pid + " changed (back to timeout and interval " + was
                            + ")");
            }
        } catch (IOException ignored) {
            // no /run here: nothing was ever saved in it
        }
        return out;
    }
}
