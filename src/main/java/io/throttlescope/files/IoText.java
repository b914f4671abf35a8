package io.throttlescope.files;

import io.throttlescope.text.Escape;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * What an I/O failure says to a person, one line, escaped. Java's file-system exceptions carry only
 * the path as their message ({@code error: F.txt} for a file without read permission): the kind is
 * said here ("F.txt: permission denied").
 */
public final class IoText {
    private IoText() {}

    public static String message(IOException e) {
        if (e instanceof FileSystemException f && f.getFile() != null) {
            String file = Escape.controls(f.getFile());
            if (e instanceof AccessDeniedException) return file + ": permission denied";
            if (e instanceof NoSuchFileException) return file + " does not exist";
            if (e instanceof NotDirectoryException) return file + " is not a folder";
            return file + ": "
                    + (f.getReason() == null ? e.getClass().getSimpleName() : Escape.controls(f.getReason()));
        }
        return Escape.controls(e.getMessage() == null ? e.toString() : e.getMessage());
    }
}
