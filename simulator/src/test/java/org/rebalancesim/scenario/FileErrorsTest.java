package org.rebalancesim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files that cannot even be read as a YAML map: each becomes one problem, never a stack trace. */
class FileErrorsTest {

    @TempDir
    Path directory;
    private ScenarioFiles files;

    @BeforeEach
    void setUp() {
        files = new ScenarioFiles(directory);
    }

    private static String onlyProblem(Path file) {
        ScenarioException error = assertThrows(ScenarioException.class, () -> ScenarioLoader.load(file, "s.yaml"));
        assertEquals(1, error.problems().size(), error.getMessage());
        return error.problems().get(0).toString();
    }

    @Test
    void missingFile() {
        assertEquals("s.yaml: file not found", onlyProblem(directory.resolve("absent.yaml")));
    }

    @Test
    void directoryInsteadOfAFile() {
        assertEquals("s.yaml: is a directory, not a scenario file; name a .yaml file inside it",
                onlyProblem(directory));
    }

    @Test
    void bytesThatAreNotUtf8() throws Exception {
        Path file = Files.write(directory.resolve("latin1.yaml"),
                "duration: 10m\n# caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        assertEquals("s.yaml: the file is not valid UTF-8 (line 2, byte offset 19); save it as UTF-8",
                onlyProblem(file));
    }

    @Test
    void malformedYamlGivesLineAndColumn() {
        assertEquals("s.yaml: invalid YAML at line 3, column 7: expected ',' or '}', but got : "
                        + "(while parsing a flow mapping)",
                onlyProblem(files.write("bad.yaml", "duration: 10m\ngroup: {id: demo\ntopics: []\n")));
        assertEquals("s.yaml: invalid YAML at line 2, column 8: mapping values are not allowed here",
                onlyProblem(files.write("indent.yaml", "duration: 10m\n  group: x\n")));
    }

    @Test
    void duplicateKeysAreErrors() {
        Path file = files.write("dup.yaml", ScenarioFiles.MINIMAL.replace("{count: 3}",
                "\n  count: 3\n  config:\n    session.timeout.ms: 10000\n    session.timeout.ms: 20000"));
        assertEquals("s.yaml: consumers.config.session.timeout.ms: duplicate key 'session.timeout.ms' at line 8, "
                + "column 23; each key may appear only once in a map", onlyProblem(file));
    }

    @Test
    void emptyFilesSeveralDocumentsAndNonMaps() {
        assertEquals("s.yaml: the file is empty; a scenario needs at least duration, group, topics and consumers",
                onlyProblem(files.write("empty.yaml", "# only a comment\n")));
        assertEquals("s.yaml: the file holds more than one YAML document (another starts at line 3); a scenario is "
                + "a single document", onlyProblem(files.write("two.yaml", "duration: 10m\n---\nduration: 5m\n")));
        assertEquals("s.yaml: expected a map of scenario keys (duration, topics, consumers, ...) at the top level, "
                + "got a list [a, b]", onlyProblem(files.write("list.yaml", "- a\n- b\n")));
    }

    @Test
    void aliasesAreRefusedSoAnAliasBombCostsNothing() {
        StringBuilder bomb = new StringBuilder("a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
        for (char level = 'b'; level <= 'k'; level++) {
            String previous = "*" + (char) (level - 1);
            bomb.append(level).append(": &").append(level).append(" [")
                    .append(String.join(", ", java.util.Collections.nCopies(9, previous))).append("]\n");
        }
        Path file = files.write("bomb.yaml", bomb.toString());
        String problem = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> onlyProblem(file));
        assertEquals("s.yaml: YAML aliases are not supported (*a at line 2, *a at line 2, *a at line 2, and 87 more); "
                + "write the values out, or put what differs in variants: over a shared base", problem);
    }

    @Test
    void tooLargeFilesAreRefusedBeforeParsing() throws Exception {
        byte[] comment = new byte[(int) Limits.MAX_FILE_BYTES + 1];
        java.util.Arrays.fill(comment, (byte) '#');
        Path file = Files.write(directory.resolve("big.yaml"), comment);
        assertEquals("s.yaml: the file is 10485761 bytes; scenario files are limited to 10 MiB (10485760 bytes)",
                onlyProblem(file));
    }

    @Test
    void deepNestingIsRefusedByJacksonsConstraints() {
        String deep = "duration: " + "[".repeat(2_000);
        assertTrue(onlyProblem(files.write("deep.yaml", deep)).contains("nesting depth"));
    }

    @Test
    void problemsPrintAsFilePathMessageAndJoinIntoTheExceptionMessage() {
        ScenarioException error = assertThrows(ScenarioException.class,
                () -> files.load(ScenarioFiles.MINIMAL + "seed: x\nflavour: 1\n"));
        List<Problem> problems = error.problems();
        assertEquals(new Problem("scenario.yaml", "seed", "expected a whole number, got 'x'"), problems.get(0));
        assertEquals("scenario.yaml: seed: expected a whole number, got 'x'", problems.get(0).toString());
        assertTrue(problems.get(1).toString().startsWith("scenario.yaml: flavour: unknown key 'flavour'"));
        assertEquals(problems.get(0) + "\n" + problems.get(1), error.getMessage());
    }
}
