package io.throttlescope.files;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** What {@code cat} prints of a file: the reference every read of /proc and /sys is checked against in tests. */
public final class Cat {
    private Cat() {}

    public static String of(Path p) throws IOException, InterruptedException {
        Process c = new ProcessBuilder("cat", p.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String out = new String(c.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (c.waitFor() != 0) throw new IOException("cat " + p + " failed");
        return out;
    }
}
