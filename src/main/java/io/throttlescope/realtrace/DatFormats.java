package io.throttlescope.realtrace;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IllegalFormatException;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The event formats a trace.dat carries (the kernel's {@code events/SYSTEM/EVENT/format} files), and
 * each event record printed as the line tracefs prints for it: {@code sched_switch} as
 * {@code prev_comm=… prev_pid=… prev_prio=… prev_state=S ==> next_comm=… next_pid=… next_prio=…}, a
 * marker as {@code tracing_mark_write: TEXT}, the raw syscalls as {@code NR n (…)} and {@code NR n = r},
 * any other event as its fields, {@code name=value} in the format's order (docs/real-kernels.md,
 * "trace.dat").
 */
final class DatFormats {
    /** One field of a format: where it is in the record and how it is read. */
    record Field(
            String name,
            int offset,
            int size,
            boolean signed,
            boolean string,
            boolean dataLoc,
            boolean relLoc,
            boolean array) {}

    /** One event's format, and its print format where every argument is a field (null otherwise). */
    record Format(int id, String system, String name, List<Field> fields, Printer printer) {
        Field field(String n) {
            for (Field f : fields) if (f.name.equals(n)) return f;
            return null;
        }
    }

    private final Map<Integer, Format> byId = new HashMap<>();
    private final ByteOrder order;
    /** pid to comm, from the file's saved command lines. */
    final Map<Integer, String> comms = new HashMap<>();

    private long[] symAddr = new long[0];
    private String[] symName = new String[0];

    DatFormats(ByteOrder order) {
        this.order = order;
    }

    /** Reads one format file's text (as the kernel writes it) under its system. */
    void add(String system, String text) {
        String name = null, print = null;
        int id = -1;
        List<Field> fields = new ArrayList<>();
        for (String line : text.split("\n")) {
            String l = line.strip();
            if (l.startsWith("print fmt:")) print = l.substring(10).strip();
            else if (l.startsWith("name:")) name = l.substring(5).strip();
            else if (l.startsWith("ID:")) {
                try {
                    id = Integer.parseInt(l.substring(3).strip());
                } catch (NumberFormatException e) {
                    return;
                }
            } else if (l.startsWith("field:")) {
                Field f = field(l);
                if (f != null) fields.add(f);
            }
        }
        if (name != null && id >= 0)
            byId.put(
                    id,
                    new Format(
                            id, system, name, List.copyOf(fields), print == null ? null : Printer.of(print, fields)));
    }

    /** {@code field:TYPE NAME[N];\toffset:O;\tsize:S;\tsigned:G;} as a Field, null if it is not that. */
    static Field field(String l) {
        String[] parts = l.split(";");
        if (parts.length < 3) return null;
        String decl = parts[0].substring(6).strip();
        int offset = -1, size = -1;
        boolean signed = false;
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i].strip();
            try {
                if (p.startsWith("offset:")) offset = Integer.parseInt(p.substring(7));
                else if (p.startsWith("size:")) size = Integer.parseInt(p.substring(5));
                else if (p.startsWith("signed:")) signed = p.substring(7).equals("1");
            } catch (NumberFormatException e) {
                return null;
            }
        }
        if (offset < 0 || size < 0) return null;
        boolean dataLoc = decl.startsWith("__data_loc "), relLoc = decl.startsWith("__rel_loc ");
        String d = decl;
        int br = d.indexOf('[');
        boolean array = br >= 0;
        String type = array ? d.substring(0, br) : d;
        int sp = type.lastIndexOf(' ');
        String name = array ? (sp < 0 ? type : type.substring(sp + 1)) : d.substring(d.lastIndexOf(' ') + 1);
        if (dataLoc || relLoc) { // "__data_loc char[] name": the name follows the brackets
            name = d.substring(d.lastIndexOf(' ') + 1);
            array = true;
        }
        boolean string = array && decl.contains("char");
        return new Field(name, offset, size, signed, string, dataLoc, relLoc, array);
    }

    Format format(int id) {
        return byId.get(id);
    }

    /** The saved command lines, {@code PID COMM} a line. */
    void comms(String text) {
        for (String line : text.split("\n")) {
            int sp = line.indexOf(' ');
            if (sp <= 0) continue;
            try {
                comms.put(Integer.parseInt(line.substring(0, sp).strip()), line.substring(sp + 1));
            } catch (NumberFormatException e) {
                // not a pid: skipped
            }
        }
    }

    /** /proc/kallsyms as the file saved it, for the address a marker names. */
    void kallsyms(String text) {
        List<long[]> at = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (String line : text.split("\n")) {
            String[] p = line.split("\\s+");
            if (p.length < 3 || !(p[1].equals("t") || p[1].equals("T"))) continue;
            try {
                at.add(new long[] {Long.parseUnsignedLong(p[0], 16), names.size()});
                names.add(p[2]);
            } catch (NumberFormatException e) {
                // not an address: skipped
            }
        }
        at.sort((a, b) -> Long.compareUnsigned(a[0], b[0]));
        symAddr = new long[at.size()];
        symName = new String[at.size()];
        for (int i = 0; i < at.size(); i++) {
            symAddr[i] = at.get(i)[0];
            symName[i] = names.get((int) at.get(i)[1]);
        }
    }

    /** The function an address is in (as report finds it: between a function and the next), or null. */
    String symbol(long addr) {
        int lo = 0, hi = symAddr.length - 1, best = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (Long.compareUnsigned(symAddr[mid], addr) <= 0) {
                best = mid;
                lo = mid + 1;
            } else hi = mid - 1;
        }
        return best < 0 || best == symAddr.length - 1 || symAddr[best] == 0
                ? null
                : symName[best]; // the last has no known end
    }

    /** The comm of a pid as trace-cmd report names it: the saved command line, {@code <idle>} for 0, {@code <...>} if unknown. */
    String comm(int pid) {
        if (pid == 0) return "<idle>";
        String c = comms.get(pid);
        return c == null ? "<...>" : c;
    }

    /** The text after {@code EVENT: } of a record (data holds it from off, len bytes), or null if its format is unknown. */
    String fields(Format f, ByteBuffer data, int off, int len) {
        ByteBuffer r = data.duplicate().order(order);
        StringBuilder b = new StringBuilder(96);
        switch (f.name) {
            case "sched_switch" -> {
                b.append("prev_comm=")
                        .append(str(f, "prev_comm", r, off, len))
                        .append(" prev_pid=")
                        .append(num(f, "prev_pid", r, off, len))
                        .append(" prev_prio=")
                        .append(num(f, "prev_prio", r, off, len))
                        .append(" prev_state=")
                        .append(state(unsigned(f.field("prev_state"), r, off, len)))
                        .append(" ==> next_comm=")
                        .append(str(f, "next_comm", r, off, len))
                        .append(" next_pid=")
                        .append(num(f, "next_pid", r, off, len))
                        .append(" next_prio=")
                        .append(num(f, "next_prio", r, off, len));
                return b.toString();
            }
            case "sched_process_fork" -> {
                b.append("comm=")
                        .append(str(f, "parent_comm", r, off, len))
                        .append(" pid=")
                        .append(num(f, "parent_pid", r, off, len))
                        .append(" child_comm=")
                        .append(str(f, "child_comm", r, off, len))
                        .append(" child_pid=")
                        .append(num(f, "child_pid", r, off, len));
                return b.toString();
            }
            case "print" -> {
                if (f.system.equals("ftrace") && f.field("buf") != null) {
                    long ip = unsigned(f.field("ip"), r, off, len);
                    String sym = symbol(ip);
                    return (sym == null ? "0x" + Long.toHexString(ip) : sym) + ": " + strip(str(f, "buf", r, off, len));
                }
            }
            case "sys_enter" -> {
                if (f.system.equals("raw_syscalls") && f.field("args") != null) {
                    Field a = f.field("args");
                    b.append("NR ").append(num(f, "id", r, off, len)).append(" (");
                    int each = a.size / 6 == 0 ? 8 : a.size / 6;
                    for (int i = 0; i < 6; i++) {
                        if (i > 0) b.append(", ");
                        b.append(Long.toHexString(read(r, off + a.offset + i * each, each, false, off, len)));
                    }
                    return b.append(')').toString();
                }
            }
            case "sys_exit" -> {
                if (f.system.equals("raw_syscalls"))
                    return "NR " + num(f, "id", r, off, len) + " = " + num(f, "ret", r, off, len);
            }
            default -> {}
        }
        if (f.printer != null) return f.printer.print(r, off, len);
        for (Field x : f.fields) {
            if (x.name.startsWith("common_")) continue;
            if (b.length() > 0) b.append(' ');
            b.append(x.name).append('=');
            if (x.string) b.append(str(x, r, off, len));
            else if (x.array) b.append("ARRAY[").append(x.size).append(']');
            else b.append(value(x, r, off, len));
        }
        return b.toString();
    }

    /** The common_pid of a record. */
    int pid(Format f, ByteBuffer data, int off, int len) {
        Field p = f.field("common_pid");
        return p == null ? 0 : (int) read(data.duplicate().order(order), off + p.offset, p.size, true, off, len);
    }

    /**
     * prev_state as sched_switch's print format writes it: the report states (S D T t X Z P I) joined
     * by "|", R if none, and "+" for a preempted task (TASK_REPORT_MAX).
     */
    static String state(long s) {
        String letters = "SDTtXZPI";
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < letters.length(); i++) {
            if ((s & (1L << i)) == 0) continue;
            if (b.length() > 0) b.append('|');
            b.append(letters.charAt(i));
        }
        if (b.length() == 0) b.append('R');
        if ((s & 0x100) != 0) b.append('+');
        return b.toString();
    }

    private static String strip(String s) {
        int e = s.length();
        while (e > 0 && (s.charAt(e - 1) == '\n' || s.charAt(e - 1) == '\0')) e--;
        return s.substring(0, e);
    }

    private String str(Format f, String name, ByteBuffer r, int off, int len) {
        Field x = f.field(name);
        return x == null ? "" : str(x, r, off, len);
    }

    private String num(Format f, String name, ByteBuffer r, int off, int len) {
        Field x = f.field(name);
        return x == null ? "0" : value(x, r, off, len);
    }

    /**
     * A print format whose arguments are all plain fields ({@code REC->name}, {@code __get_str(name)}),
     * printed as the kernel prints it: literal text and {@code %d %u %x %s} conversions with their
     * flags and widths (sched_wakeup's {@code target_cpu=%03d}, cgroup_attach_task's order).
     */
    record Printer(List<String> literals, List<String> specs, List<Field> args, List<String[]> choices) {
        /** {@code REC->f ? "yes" : "no"}, as sched_process_exit's group_dead. */
        private static final Pattern CHOICE = Pattern.compile("REC->(\\w+) \\? \"([^\"]*)\" : \"([^\"]*)\"");

        static Printer of(String print, List<Field> fields) {
            if (!print.startsWith("\"")) return null;
            StringBuilder lit = new StringBuilder();
            List<String> literals = new ArrayList<>(), specs = new ArrayList<>();
            int i = 1;
            for (; i < print.length(); i++) {
                char c = print.charAt(i);
                if (c == '"') break;
                if (c == '\\' && i + 1 < print.length()) {
                    char e = print.charAt(++i);
                    lit.append(e == 'n' ? '\n' : e == 't' ? '\t' : e);
                } else if (c == '%') {
                    if (i + 1 < print.length() && print.charAt(i + 1) == '%') {
                        lit.append('%');
                        i++;
                        continue;
                    }
                    int j = i + 1;
                    while (j < print.length() && "-+ #0123456789.".indexOf(print.charAt(j)) >= 0) j++;
                    String flags = print.substring(i + 1, j);
                    while (j < print.length() && "hlzjt".indexOf(print.charAt(j)) >= 0) j++;
                    if (j >= print.length() || "diuxXsc".indexOf(print.charAt(j)) < 0) return null;
                    if (j + 1 < print.length() && Character.isLetter(print.charAt(j + 1)) && print.charAt(j) == 'p')
                        return null;
                    literals.add(lit.toString());
                    lit.setLength(0);
                    if (!valid(flags)) return null; // flags Java's formatter refuses (%05u as %05s): printed as fields
                    specs.add("%" + flags + print.charAt(j));
                    i = j;
                } else lit.append(c);
            }
            literals.add(lit.toString());
            List<Field> args = new ArrayList<>();
            List<String[]> choices = new ArrayList<>();
            for (String a : splitArgs(print.substring(Math.min(print.length(), i + 1)))) {
                Matcher m = CHOICE.matcher(a);
                String[] choice = m.matches() ? new String[] {m.group(2), m.group(3)} : null;
                String n = choice != null
                        ? m.group(1)
                        : a.startsWith("REC->")
                                ? a.substring(5)
                                : a.startsWith("__get_str(") && a.endsWith(")")
                                        ? a.substring(10, a.length() - 1)
                                        : null;
                Field f = null;
                if (n != null) for (Field x : fields) if (x.name.equals(n)) f = x;
                if (f == null || (choice != null && f.string)) return null;
                args.add(f);
                choices.add(choice);
            }
            return args.size() == specs.size()
                    ? new Printer(List.copyOf(literals), List.copyOf(specs), List.copyOf(args), choices)
                    : null;
        }

        /** "%FLAGS" with the flags a string takes only: '-' kept, '0', '+', ' ' and '#' left out (the kernel's %05u pads a number). */
        static String stringSpec(String fmt) {
            StringBuilder f = new StringBuilder("%");
            int i = 1;
            for (; i < fmt.length() && "-+ #0".indexOf(fmt.charAt(i)) >= 0; i++)
                if (fmt.charAt(i) == '-') f.append('-');
            return f + fmt.substring(i);
        }

        /** Whether the flags and width print both a number (%d) and a string (%s), as every conversion here is one of them. */
        private static boolean valid(String flags) {
            try {
                String n = String.format("%" + flags + "d", 1L), t = String.format(stringSpec("%" + flags) + "s", "x");
                return !n.isEmpty() && !t.isEmpty() && !flags.contains(".") && !flags.contains("#");
            } catch (IllegalFormatException e) {
                return false;
            }
        }

        private static List<String> splitArgs(String s) {
            List<String> out = new ArrayList<>();
            int depth = 0, from = -1;
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c == '(') depth++;
                else if (c == ')') depth--;
                else if (c == ',' && depth == 0) {
                    if (from >= 0) out.add(s.substring(from, i).strip());
                    from = i + 1;
                }
            }
            if (from >= 0) out.add(s.substring(from).strip());
            return out;
        }

        String print(ByteBuffer r, int off, int len) {
            StringBuilder b = new StringBuilder(literals.get(0));
            for (int k = 0; k < specs.size(); k++) {
                Field x = args.get(k);
                String spec = specs.get(k);
                char conv = spec.charAt(spec.length() - 1);
                String fmt = spec.substring(0, spec.length() - 1);
                String[] choice = choices.get(k);
                if (choice != null)
                    b.append(String.format(
                            stringSpec(fmt) + "s",
                            read(r, off + x.offset, x.size, false, off, len) != 0 ? choice[0] : choice[1]));
                else if (conv == 's')
                    b.append(String.format(
                            stringSpec(fmt) + "s", x.string ? str(x, r, off, len) : value(x, r, off, len)));
                else if (conv == 'c') b.append((char) read(r, off + x.offset, x.size, false, off, len));
                else if (conv == 'x' || conv == 'X')
                    b.append(String.format(fmt + conv, read(r, off + x.offset, x.size, false, off, len)));
                else if (conv == 'u') {
                    long v = read(
                            r,
                            off + x.offset,
                            x.size,
                            false,
                            off,
                            len); // a number, padded as %05u pads it, unless past a long
                    b.append(
                            v >= 0
                                    ? String.format(fmt + "d", v)
                                    : String.format(stringSpec(fmt) + "s", Long.toUnsignedString(v)));
                } else b.append(String.format(fmt + "d", read(r, off + x.offset, x.size, true, off, len)));
                b.append(literals.get(k + 1));
            }
            return b.toString();
        }
    }

    private static String value(Field x, ByteBuffer r, int off, int len) {
        long v = read(r, off + x.offset, x.size, x.signed, off, len);
        return x.signed || x.size < 8 ? Long.toString(v) : Long.toUnsignedString(v);
    }

    private static long unsigned(Field x, ByteBuffer r, int off, int len) {
        return x == null ? 0 : read(r, off + x.offset, x.size, false, off, len);
    }

    /** An integer of size bytes at at, 0 if it lies outside the record. */
    private static long read(ByteBuffer r, int at, int size, boolean signed, int off, int len) {
        if (at < off || at + size > off + len) return 0;
        return switch (size) {
            case 1 -> signed ? r.get(at) : r.get(at) & 0xffL;
            case 2 -> signed ? r.getShort(at) : r.getShort(at) & 0xffffL;
            case 4 -> signed ? r.getInt(at) : r.getInt(at) & 0xffffffffL;
            case 8 -> r.getLong(at);
            default -> 0;
        };
    }

    /** A string field: a fixed char array, or a __data_loc / __rel_loc one (offset in the low 16 bits, length in the high). */
    private static String str(Field x, ByteBuffer r, int off, int len) {
        int at = off + x.offset, n = x.size == 0 ? len - x.offset : x.size; // "char buf[]" runs to the record's end
        if (x.dataLoc || x.relLoc) {
            if (x.offset + 4 > len) return "";
            int loc = r.getInt(off + x.offset);
            at = (x.relLoc ? off + x.offset + x.size : off) + (loc & 0xffff);
            n = (loc >>> 16) & 0xffff;
        }
        if (at < off || n < 0 || at + n > off + len) return "";
        byte[] b = new byte[n];
        r.get(at, b);
        int e = 0;
        while (e < n && b[e] != 0) e++;
        return new String(b, 0, e, StandardCharsets.UTF_8);
    }
}
