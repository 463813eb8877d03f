package org.rebalancesim.scenario;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Writes scenario text into a temporary directory and loads it, for the loader's tests. */
final class ScenarioFiles {

    /** The smallest valid scenario; error tests add one mistake to it. */
    static final String MINIMAL = """
            duration: 10m
            group: {id: demo}
            topics: [{name: orders, partitions: 6, rate: 10/s}]
            consumers: {count: 3}
            """;

    private final Path directory;

    ScenarioFiles(Path directory) {
        this.directory = directory;
    }

    Path write(String fileName, String yaml) {
        try {
            return Files.writeString(directory.resolve(fileName), yaml, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    Scenario load(String yaml) throws ScenarioException {
        return ScenarioLoader.load(write("scenario.yaml", yaml), "scenario.yaml");
    }

    Variant onlyVariant(String yaml) throws ScenarioException {
        return load(yaml).variants().get(0);
    }

    /** The problems of an invalid file, each as "path: message" (the file name left out). */
    List<String> problems(String yaml) {
        ScenarioException error = assertThrows(ScenarioException.class, () -> load(yaml));
        return error.problems().stream()
                .map(problem -> problem.path().isEmpty() ? problem.message()
                        : problem.path() + ": " + problem.message())
                .toList();
    }
}
