package io.throttlescope.scenario;

import com.google.gson.Strictness;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.MalformedJsonException;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Strict JSON (Gson's {@link JsonReader} in STRICT mode) into a tree whose every value knows its
 * line, column and JSON path. Comments, trailing commas and duplicate keys are syntax errors.
 */
public final class JsonTree {
    public static final int MAX_DEPTH = 64;

    /** A JSON value with its position. */
    public sealed interface Node {
        int line();

        int col();

        String path();
    }

    public record Obj(Map<String, Node> members, Map<String, int[]> keyPos, int line, int col, String path)
            implements Node {}

    public record Arr(List<Node> items, int line, int col, String path) implements Node {}

    public record Str(String value, int line, int col, String path) implements Node {}

    public record Num(String text, int line, int col, String path) implements Node {}

    public record Bool(boolean value, int line, int col, String path) implements Node {}

    public record Null(int line, int col, String path) implements Node {}

    /** A syntax error with its position. */
    public static final class SyntaxError extends Exception {
        public final int line, col;
        public final String path;

        SyntaxError(String message, int line, int col, String path) {
            super(message);
            this.line = line;
            this.col = col;
            this.path = path;
        }
    }

    private static final Pattern LOCATION = Pattern.compile(" at line (\\d+) column (\\d+) path (\\S*)");

    private final String text;
    private final int[] lineStart;
    private final JsonReader reader;

    private JsonTree(String text) {
        this.text = text;
        List<Integer> starts = new ArrayList<>();
        starts.add(0);
        for (int i = 0; i < text.length(); i++) if (text.charAt(i) == '\n') starts.add(i + 1);
        lineStart = starts.stream().mapToInt(Integer::intValue).toArray();
        reader = new JsonReader(new StringReader(text));
        reader.setStrictness(Strictness.STRICT);
        reader.setNestingLimit(MAX_DEPTH);
    }

    /** No key of a scenario is near this long; longer ones are refused before parsing (their paths would be copied at every level). */
    public static final int MAX_KEY = 256;

    public static Node parse(String text) throws SyntaxError {
        checkKeys(text);
        JsonTree t = new JsonTree(text);
        try {
            Node root = t.value("$");
            if (t.reader.peek() != JsonToken.END_DOCUMENT) {
                int[] p = t.position();
                throw new SyntaxError("unexpected content after the top-level value", p[0], p[1], "$");
            }
            return root;
        } catch (MalformedJsonException e) {
            throw t.translate(e);
        } catch (IOException | IllegalStateException | NumberFormatException e) {
            throw t.translate(e);
        }
    }

    /** One pass over the text: a string followed by ':' longer than MAX_KEY is an error at its position. */
    private static void checkKeys(String text) throws SyntaxError {
        int line = 1, lineStartOff = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n') {
                line++;
                lineStartOff = i + 1;
                continue;
            }
            if (c != '"') continue;
            int start = i, startLine = line, startCol = i - lineStartOff + 1;
            i++;
            while (i < text.length() && text.charAt(i) != '"') {
                if (text.charAt(i) == '\\') i++;
                else if (text.charAt(i) == '\n') {
                    line++;
                    lineStartOff = i + 1;
                }
                i++;
            }
            int j = i + 1;
            while (j < text.length() && Character.isWhitespace(text.charAt(j))) j++;
            if (j < text.length() && text.charAt(j) == ':' && i - start - 1 > MAX_KEY) {
                throw new SyntaxError(
                        "a key of " + (i - start - 1) + " characters (the limit is " + MAX_KEY + ")",
                        startLine,
                        startCol,
                        "$");
            }
        }
    }

    private SyntaxError translate(Exception e) {
        String msg = e.getMessage() == null ? e.toString() : e.getMessage();
        Matcher m = LOCATION.matcher(msg);
        int line = 1, col = 1;
        String path = "$";
        if (m.find()) {
            line = Integer.parseInt(m.group(1));
            col = Math.max(1, Integer.parseInt(m.group(2)) - 1); // Gson points just past the offending character
            path = m.group(3);
            if (path.endsWith(".")) path = path.substring(0, path.length() - 1);
        }
        String what = msg.contains("Use JsonReader.setStrictness")
                ? "invalid JSON syntax (comments, single quotes, unquoted names and trailing commas are not allowed)"
                : msg.startsWith("Nesting limit")
                        ? "nesting deeper than " + MAX_DEPTH + " levels (limit)"
                        : msg.startsWith("End of input")
                                ? "the file ends before the JSON value is complete"
                                : msg.contains("Expected name")
                                        ? "expected a quoted key (trailing commas are not allowed)"
                                        : msg.contains("Unterminated")
                                                ? "unterminated " + msg.replaceAll("(?i).*unterminated (\\w+).*", "$1")
                                                : msg.replaceAll(" at line \\d+ column \\d+ path \\S*", "")
                                                        .replaceAll("\\s*See https?://\\S+", "")
                                                        .trim();
        if (msg.contains("Expected value")) what = "expected a JSON value";
        int digits = msg.contains("Use JsonReader.setStrictness") ? numberAt(line, col) : 0;
        if (digits > 0) what = "a number of " + digits + " characters is out of range (a value must fit in 64 bits)";
        return new SyntaxError(what, line, col, path);
    }

    private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?([eE][-+]?\\d+)?");

    /**
     * The length of a JSON number that starts near line:col (Gson reads a number of over a thousand
     * characters as an unquoted word, which strict reading refuses), or 0 if there is none.
     */
    private int numberAt(int line, int col) {
        if (line < 1 || line > lineStart.length) return 0;
        int off = Math.min(text.length(), lineStart[line - 1] + col - 1);
        while (off > 0 && isTokenChar(text.charAt(off - 1))) off--;
        while (off < text.length() && Character.isWhitespace(text.charAt(off))) off++;
        int end = off;
        while (end < text.length() && isTokenChar(text.charAt(end))) end++;
        return end > off && NUMBER.matcher(text.subSequence(off, end)).matches() ? end - off : 0;
    }

    /** Line and column (1-based) of the token just peeked, corrected to its first character. */
    private int[] tokenStart(JsonToken tok) {
        int[] p = position();
        int off = Math.min(text.length(), lineStart[p[0] - 1] + p[1] - 1);
        switch (tok) {
            case STRING, NAME, BEGIN_OBJECT, BEGIN_ARRAY -> off = Math.max(0, off - 1);
            case NUMBER, BOOLEAN, NULL -> {
                while (off > 0 && isTokenChar(text.charAt(off - 1))) off--;
            }
            default -> {}
        }
        return toLineCol(off);
    }

    private static boolean isTokenChar(char c) {
        return Character.isLetterOrDigit(c) || c == '-' || c == '+' || c == '.';
    }

    private int[] toLineCol(int off) {
        int lo = 0, hi = lineStart.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (lineStart[mid] <= off) lo = mid;
            else hi = mid - 1;
        }
        return new int[] {lo + 1, off - lineStart[lo] + 1};
    }

    private int[] position() {
        Matcher m = LOCATION.matcher(reader.toString());
        if (m.find()) return new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))};
        return new int[] {1, 1};
    }

    private Node value(String path) throws IOException, SyntaxError {
        JsonToken tok = reader.peek();
        int[] at = tokenStart(tok);
        switch (tok) {
            case BEGIN_OBJECT -> {
                reader.beginObject();
                Map<String, Node> members = new LinkedHashMap<>();
                Map<String, int[]> keyPos = new LinkedHashMap<>();
                while (reader.hasNext()) {
                    int[] kp = tokenStart(JsonToken.NAME);
                    String name = reader.nextName();
                    if (members.containsKey(name)) {
                        throw new SyntaxError("duplicate key \"" + name + "\"", kp[0], kp[1], path);
                    }
                    keyPos.put(name, kp);
                    members.put(name, value(path + "." + name));
                }
                reader.endObject();
                return new Obj(members, keyPos, at[0], at[1], path);
            }
            case BEGIN_ARRAY -> {
                reader.beginArray();
                List<Node> items = new ArrayList<>();
                while (reader.hasNext()) items.add(value(path + "[" + items.size() + "]"));
                reader.endArray();
                return new Arr(items, at[0], at[1], path);
            }
            case STRING -> {
                return new Str(reader.nextString(), at[0], at[1], path);
            }
            case NUMBER -> {
                return new Num(reader.nextString(), at[0], at[1], path);
            }
            case BOOLEAN -> {
                return new Bool(reader.nextBoolean(), at[0], at[1], path);
            }
            case NULL -> {
                reader.nextNull();
                return new Null(at[0], at[1], path);
            }
            default -> throw new SyntaxError("expected a JSON value", at[0], at[1], path);
        }
    }
}
