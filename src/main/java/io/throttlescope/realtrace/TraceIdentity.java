package io.throttlescope.realtrace;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;

/**
 * What makes a reading the same file as the first: the same file (device and inode), and the same
 * first 64 KiB; it may have grown (a recording still being written: what the first reading saw
 * is imported, and said).
 */
record TraceIdentity(
        Object key, long size, int prefixLength, int prefixHash, boolean gzip, boolean dat, boolean proto) {
    static TraceIdentity of(Path file) throws IOException {
        return of(file, 1 << 16);
    }

    /** The identity, its prefix the first n bytes (a later reading compares as many as the first had). */
    static TraceIdentity of(Path file, int n) throws IOException {
        Object key = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(n);
        }
        boolean gz = head.length >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b;
        boolean dat = head.length >= 10
                && new String(head, 0, 10, StandardCharsets.ISO_8859_1).equals("\u0017\u0008Dtracing");
        return new TraceIdentity(
                key,
                Files.size(file),
                head.length,
                Arrays.hashCode(head),
                gz,
                dat,
                !gz && !dat && PerfettoTrace.is(file));
    }

    boolean sameFile(TraceIdentity o) {
        return differs(o) == null;
    }

    String differs(TraceIdentity o) {
        if (key != null && !key.equals(o.key)) return "another file is at its path now";
        if (o.size < size) return "it is shorter now";
        if (o.prefixHash != prefixHash || o.gzip != gzip) return "its start is not the same now";
        return null;
    }
}
