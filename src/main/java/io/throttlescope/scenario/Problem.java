package io.throttlescope.scenario;

/** One thing wrong with a scenario file, where it is, and what was expected. */
public record Problem(int line, int col, String path, String message) implements Comparable<Problem> {
    /** {@code FILE:LINE:COL: PATH: message}, the format of {@code validate} (cli.md). */
    public String format(String file) {
        return file + ":" + line + ":" + col + ": " + path + ": " + message;
    }

    @Override
    public int compareTo(Problem o) {
        return line != o.line ? Integer.compare(line, o.line) : Integer.compare(col, o.col);
    }
}
