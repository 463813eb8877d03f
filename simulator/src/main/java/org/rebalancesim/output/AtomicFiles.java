package org.rebalancesim.output;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/** Writes files whole or not at all: a temporary file beside the target, then an atomic rename. */
public final class AtomicFiles {

    private AtomicFiles() {
    }

    public static Path write(Path target, String content) throws IOException {
        return write(target, content.getBytes(StandardCharsets.UTF_8));
    }

    public static Path write(Path target, byte[] content) throws IOException {
        return write(target, out -> out.write(content));
    }

    /** What writes a file's content; it may fail part way, and then the target is left as it was. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Streams the content into a temporary file beside the target, then renames it over the target. */
    public static Path write(Path target, Content content) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        // Not Files.createTempFile: its files are private to the owner (0600), and reports are meant to be
        // shared. A new file gets the usual permissions (the umask's); the process id keeps two writers apart.
        Path temp = dir.resolve("." + target.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        try {
            Files.deleteIfExists(temp);
            try (OutputStream out = Files.newOutputStream(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                content.writeTo(out);
            }
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
        return target;
    }

    /** A failed write in words for a user: the file and the reason, without exception class names. */
    public static String describe(IOException e) {
        if (e instanceof FileSystemException fs) {
            String reason = fs instanceof AccessDeniedException ? "permission denied"
                    : fs instanceof FileAlreadyExistsException ? "a file is in the way"
                    : fs instanceof DirectoryNotEmptyException ? "a directory is in the way"
                    : fs.getReason() != null ? fs.getReason() : "cannot be written";
            // A failed rename names the temporary file first and the target second: the target is what matters.
            String file = fs.getOtherFile() != null ? fs.getOtherFile() : fs.getFile();
            return (file != null ? file + ": " : "") + reason;
        }
        return e.getMessage() != null ? e.getMessage() : "the write failed";
    }
}
