package org.rebalancesim.invariant;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a shrunk failing scenario's YAML under src/test/resources/regressions/ (with the failure as a
 * comment on top), where it stays as a regression test ({@link RegressionScenariosTest}) once committed.
 */
final class SaveShrunkScenario {

    /** Where regression files live, relative to the repository root (the build passes the absolute path). */
    static final String REGRESSIONS = "simulator/src/test/resources/regressions";

    private SaveShrunkScenario() {
    }

    static Path directory() {
        return Path.of(System.getProperty("regressions.dir", REGRESSIONS));
    }

    /** How a generated scenario names itself: the file it will be saved as, so a violation's command works. */
    static String displayName(GeneratedScenario generated) {
        return REGRESSIONS + "/" + fileName(generated);
    }

    private static String fileName(GeneratedScenario generated) {
        return "generated-" + generated.seed() + "-" + Integer.toHexString(generated.yaml().hashCode()) + ".yaml";
    }

    /** Saves {@code generated} with {@code comment} (any number of lines) on top; returns the file. */
    static Path save(GeneratedScenario generated, String comment) {
        StringBuilder text = new StringBuilder();
        for (String line : String.valueOf(comment).split("\\R")) {
            text.append("# ").append(line).append('\n');
        }
        text.append(generated.yaml());
        Path file = directory().resolve(fileName(generated));
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("could not save the shrunk scenario as " + file, e);
        }
        return file;
    }
}
