package org.rebalancesim.report;

import java.io.IOException;
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
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        // Not Files.createTempFile: its files are private to the owner (0600), and reports are meant to be
        // shared. A new file gets the usual permissions (the umask's); the process id keeps two writers apart.
        Path temp = dir.resolve("." + target.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        try {
            Files.deleteIfExists(temp);
            Files.write(temp, content, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
        return target;
    }
}
