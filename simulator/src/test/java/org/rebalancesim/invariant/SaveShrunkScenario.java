package org.rebalancesim.invariant;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

/**
 * When a generated scenario fails, jqwik shrinks it; this hook writes the shrunk scenario's YAML under
 * src/test/resources/regressions/ (with the failure as a comment on top), where it stays as a regression
 * test once committed.
 */
public final class SaveShrunkScenario implements AroundPropertyHook {

    /** Where regression files live, relative to the repository root (the build passes the absolute path). */
    static final String REGRESSIONS = "simulator/src/test/resources/regressions";

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

    @Override
    public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
        PropertyExecutionResult result = property.execute();
        if (result.status() == PropertyExecutionResult.Status.FAILED) {
            List<Object> shrunk = result.falsifiedParameters().orElse(List.of());
            if (!shrunk.isEmpty() && shrunk.get(0) instanceof GeneratedScenario generated) {
                save(generated, result.throwable().map(Throwable::getMessage).orElse("failed"));
            }
        }
        return result;
    }

    private static void save(GeneratedScenario generated, String failure) {
        StringBuilder text = new StringBuilder();
        for (String line : String.valueOf(failure).split("\\R")) {
            text.append("# ").append(line).append('\n');
        }
        text.append(generated.yaml());
        try {
            Path file = directory().resolve(fileName(generated));
            Files.createDirectories(file.getParent());
            Files.writeString(file, text, StandardCharsets.UTF_8);
            System.err.println("saved the shrunk scenario as " + file);
        } catch (IOException e) {
            System.err.println("could not save the shrunk scenario: " + e.getMessage());
        }
    }
}
