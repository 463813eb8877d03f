package org.rebalancesim.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reports and baselines are written whole or not at all. */
class AtomicFilesTest {

    @TempDir
    Path dir;

    private List<Path> listing() throws IOException {
        try (var files = Files.list(dir)) {
            return files.sorted().toList();
        }
    }

    @Test
    void aWriteThatFailsPartWayLeavesTheOldFileWholeAndNoTemporaryFile() throws IOException {
        Path result = AtomicFiles.write(dir.resolve("result.json"), "{\"old\": true}\n");
        IOException failure = assertThrows(IOException.class, () -> AtomicFiles.write(result, out -> {
            out.write("{\"variants\": [".getBytes(StandardCharsets.UTF_8));
            throw new IOException("No space left on device");
        }));
        assertEquals("No space left on device", failure.getMessage());
        assertEquals("{\"old\": true}\n", Files.readString(result));
        assertEquals(List.of(result), listing());
    }

    @Test
    void aWriteThatFailsPartWayLeavesNoFileWhereThereWasNone() throws IOException {
        Path result = dir.resolve("result.json");
        assertThrows(IOException.class, () -> AtomicFiles.write(result, out -> {
            out.write('{');
            throw new IOException("disk full");
        }));
        assertEquals(List.of(), listing());
    }

    @Test
    void aSuccessfulWriteReplacesTheFileWhole() throws IOException {
        Path result = AtomicFiles.write(dir.resolve("sub").resolve("result.json"), "first");
        AtomicFiles.write(result, "second, longer");
        assertEquals("second, longer", Files.readString(result));
        try (var files = Files.list(result.getParent())) {
            assertEquals(List.of(result), files.toList());
        }
    }
}
