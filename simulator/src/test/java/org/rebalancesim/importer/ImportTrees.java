package org.rebalancesim.importer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** What the import tests share: inputs written to a folder, the import run on them, its YAML read back. */
final class ImportTrees {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private ImportTrees() {
    }

    /** The YAML text as a tree, read by Jackson as any reader of the scenario would read it. */
    static JsonNode parse(String yaml) {
        try {
            return YAML.readTree(yaml);
        } catch (JsonProcessingException e) {
            throw new AssertionError("not valid YAML: " + e.getMessage() + "\n" + yaml, e);
        }
    }

    static Path write(Path dir, String name, String text) {
        try {
            return Files.writeString(dir.resolve(name), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ScenarioImporter.Result importFiles(Path... files) {
        try {
            return ScenarioImporter.importFiles(List.of(files));
        } catch (ImportException e) {
            throw new AssertionError("the import failed:\n" + e.getMessage(), e);
        }
    }

    /** The problems of an import that must fail, one per line. */
    static String problems(Path... files) {
        try {
            ScenarioImporter.importFiles(List.of(files));
        } catch (ImportException e) {
            return e.getMessage();
        }
        throw new AssertionError("the import should have failed");
    }

    /** The warnings, one per line, as the command prints them (without its "warning: "). */
    static String warnings(ScenarioImporter.Result result) {
        return String.join("\n", result.warnings().stream().map(Object::toString).toList());
    }
}
