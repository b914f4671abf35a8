package io.throttlescope.record;

import com.google.gson.JsonObject;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;

/**
 * A recording's file: the header line, then the trace between the recorder's two marks, only the
 * lines on the scenario's CPUs, naming a worker's thread, or announcing a timed action, without
 * the trace_pipe reader's own events; written to a temporary file beside it and renamed over it.
 */
final class RecordingFile {
    private RecordingFile() {}

    static final String GO = "throttlescope: the workload starts", END = "throttlescope: the recording ends";

    private static final Pattern TS = Pattern.compile("\\]\\s+(?:\\S{4,5}\\s+)?(\\d+\\.\\d+):");

    private static double ts(String line) {
        Matcher m = TS.matcher(line);
        return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
    }

    private static final Pattern PIDS = Pattern.compile("(?:prev_pid|next_pid|pid)=(\\d+)");

    static void write(Path out, JsonObject h, List<String> lines, Set<String> ours, Set<String> readers, int cpus)
            throws IOException {
        Path tmp = Files.createTempFile(out.toAbsolutePath().getParent(), ".record-", ".tmp");
        try {
            Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
        } catch (UnsupportedOperationException ignored) {
            // not a POSIX file system
        }
        double from = Double.NEGATIVE_INFINITY, to = Double.POSITIVE_INFINITY; // between the two marks only
        for (String l : lines) {
            if (l.contains(GO)) from = ts(l);
            if (l.contains(END)) to = ts(l);
        }
        // a name ending in .gz is gzip'd, as the shipped traces are (it was plain text under a .gz name)
        PrintWriter w = null;
        try {
            OutputStream raw = Files.newOutputStream(tmp);
            try {
                if (out.getFileName().toString().endsWith(".gz")) raw = new GZIPOutputStream(raw, 1 << 16);
            } catch (IOException e) {
                raw.close();
                throw e;
            }
            w = new PrintWriter(new BufferedWriter(new OutputStreamWriter(raw, StandardCharsets.UTF_8)));
            w.println("# throttlescope: " + h);
            for (String l : lines) {
                if (l.startsWith("#")) {
                    w.println(l);
                    continue;
                }
                double t = ts(l);
                if (!(t >= from && t <= to)) continue;
                Matcher m = CPU.matcher(l);
                boolean onOurCpu = m.find() && Integer.parseInt(m.group(1)) < cpus;
                boolean names = false;
                Matcher p = PIDS.matcher(l);
                while (!names && p.find()) names = ours.contains(p.group(1));
                Matcher self = SELF.matcher(l);
                boolean selfFound = self.find();
                if (selfFound && readers.contains(self.group(1))) continue; // the trace_pipe reader's own events
                if (selfFound && ours.contains(self.group(1))) names = true;
                if (onOurCpu || names || l.contains(TimedActions.MARK)) w.println(l);
            }
            w.close(); // a PrintWriter keeps its errors, gzip's last block included, for checkError
            if (w.checkError()) throw new IOException("could not write " + out); // a full disk: no truncated file
        } catch (IOException | RuntimeException e) {
            if (w != null) w.close();
            Files.deleteIfExists(tmp);
            throw e;
        }
        Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static final Pattern CPU = Pattern.compile("\\[(\\d{3,})\\]");
    private static final Pattern SELF = Pattern.compile("^\\s*.*-(\\d+)\\s+\\[\\d+\\]");
}
