package org.rebalancesim.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

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
        Path temp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
        try {
            Files.write(temp, content);
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
        return target;
    }
}
