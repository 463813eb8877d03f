package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import org.junit.jupiter.api.Test;

/**
 * Hostile and broken input through the command line, as a user (or a fuzzer) meets it: every case exits
 * 2 within seconds with one clear message naming the file, the YAML path where there is one, and the
 * fix, and never with a stack trace.
 */
class HostileInputTest extends CommandLineTest {

    /**
     * A guard against hanging on hostile input, not a speed target (those are benchmarks): far above what
     * the largest file here takes even on a loaded 2-core machine (about 15 s of CPU), far below a hang.
     */
    private static final Duration HANG_GUARD = Duration.ofSeconds(180);

    private static final String MINIMAL = """
            duration: 2m
            group: {id: hostile}
            topics: [{name: t, partitions: 4, rate: 10/s}]
            consumers: {count: 2}
            """;

    /** Runs {@code validate} and {@code run} on the file: both must refuse it the same way. */
    private String refused(String name, byte[] content) throws IOException {
        Path file = Files.write(dir.resolve(name), content);
        String[][] commands = {{"validate", file.toString()}, {"run", file.toString(), "--out", dir.resolve("out").toString()}};
        for (String[] command : commands) {
            int code = assertTimeoutPreemptively(HANG_GUARD, () -> cli(command));
            assertEquals(2, code, command[0] + ": " + err);
            assertTrue(err.contains(file.toString()), "names the file: " + err);
            assertClean();
        }
        return err;
    }

    private String refused(String name, String yaml) throws IOException {
        return refused(name, yaml.getBytes(StandardCharsets.UTF_8));
    }

    private void assertClean() {
        assertFalse(err.contains("Exception"), "no exception names: " + err);
        assertFalse(err.contains("\tat "), "no stack trace: " + err);
    }

    @Test
    void malformedYamlNamesLineAndColumn() throws IOException {
        assertTrue(refused("malformed.yaml", MINIMAL + "timeline: [{at: 1m, crash: {consumer: c1}\n")
                .contains("invalid YAML at line"), err);
        assertTrue(refused("tabs.yaml", "duration: 2m\ngroup:\n\tid: x\n").contains("invalid YAML"), err);
    }

    @Test
    void wrongTypesNameThePathAndTheExpectedType() throws IOException {
        assertTrue(refused("types.yaml", MINIMAL.replace("{count: 2}", "{count: many}"))
                .contains("consumers.count"), err);
        assertTrue(refused("list.yaml", "- duration: 2m\n").contains("expected a map of scenario keys"), err);
        assertTrue(refused("tag.yaml", MINIMAL.replace("duration: 2m", "duration: !!binary aGVsbG8="))
                .contains("duration"), err);
    }

    @Test
    void hugeAndNegativeNumbersAreRefusedWithTheirBounds() throws IOException {
        assertTrue(refused("long.yaml", MINIMAL.replace("duration: 2m", "duration: 99999999999999999999999s"))
                .contains("duration"), err);
        assertTrue(refused("partitions.yaml", MINIMAL.replace("partitions: 4", "partitions: 1e30"))
                .contains("topics[0].partitions"), err);
        assertTrue(refused("rate.yaml", MINIMAL.replace("rate: 10/s", "rate: 1e400/s")).contains("topics[0].rate"), err);
        assertTrue(refused("negative.yaml", MINIMAL.replace("{count: 2}",
                "{count: 2, config: {session.timeout.ms: -5}}")).contains("consumers.config.session.timeout.ms"), err);
        assertTrue(refused("seed.yaml", "seed: 1e100\n" + MINIMAL).contains("seed"), err);
    }

    @Test
    void duplicateKeysAreRefused() throws IOException {
        assertTrue(refused("duplicate.yaml", MINIMAL + "duration: 3m\n").contains("duplicate key 'duration'"), err);
    }

    @Test
    void deepNestingIsRefusedQuickly() throws IOException {
        assertTrue(refused("deep.yaml", "duration: " + "[\n  ".repeat(100_000)).contains("nesting depth"), err);
        assertTrue(refused("deep-maps.yaml", "a: {\n".repeat(5_000)).contains("nesting depth"), err);
        assertTrue(refused("deep-line.yaml", "duration: " + "[".repeat(100_000)).contains("characters long"), err);
    }

    @Test
    void aliasBombsCostNothing() throws IOException {
        StringBuilder bomb = new StringBuilder("a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
        for (char level = 'b'; level <= 'z'; level++) {
            bomb.append(level).append(": &").append(level).append(" [")
                    .append(String.join(", ", Collections.nCopies(9, "*" + (char) (level - 1)))).append("]\n");
        }
        assertTrue(refused("laughs.yaml", bomb.toString()).contains("YAML aliases are not supported"), err);
    }

    @Test
    void enormousFilesAreRefusedBeforeParsingAndLargeOnesStayBounded() throws IOException {
        byte[] huge = new byte[11 * 1024 * 1024];
        java.util.Arrays.fill(huge, (byte) '#');
        assertTrue(refused("huge.yaml", huge).contains("limited to 10 MiB"), err);
        // Under the size limit: a 9 MiB line where a name belongs, and 200,000 bad timeline entries.
        String long9MiB = "x".repeat(9 * 1024 * 1024);
        assertTrue(refused("long-name.yaml", MINIMAL + "name: " + long9MiB + "\n")
                .contains("line 5 is 9437190 characters long; lines are limited to 65536 characters"), err);
        StringBuilder manyEntries = new StringBuilder(MINIMAL).append("timeline:\n");
        for (int i = 0; i < 200_000; i++) {
            manyEntries.append("  - {at: 1s, gcPause: {consumer: c9, duration: 1s}}\n");
        }
        assertTrue(refused("many.yaml", manyEntries.toString()).contains("and 199950 more problems"), err);
        assertEquals(51, err.lines().count(), "the first 50 problems and a count");
    }

    @Test
    void bytesThatAreNotUtf8AndBinaryJunk() throws IOException {
        byte[] latin1 = (MINIMAL + "description: caf\u00e9\n").getBytes(StandardCharsets.ISO_8859_1);
        assertTrue(refused("latin1.yaml", latin1).contains("not valid UTF-8"), err);
        assertTrue(refused("junk.yaml", new byte[] {0, 1, 2, 3, 4, 5, 0x1b, 0x7f}).contains("invalid YAML"), err);
        assertTrue(refused("empty.yaml", new byte[0]).contains("the file is empty"), err);
    }

    @Test
    void aFolderWithoutScenariosOrAMissingFile() {
        assertEquals(2, cli("run", dir.toString()));
        assertTrue(err.contains(dir + ": no scenario files (*.yaml, *.yml) in this folder or below"), err);
        assertClean();
        assertEquals(2, cli("run", dir.resolve("missing.yaml").toString()));
        assertTrue(err.contains("file not found"), err);
        assertClean();
    }

    @Test
    void anUnwritableOutputDirectoryIsBadInput() throws IOException {
        Path scenario = Files.writeString(dir.resolve("ok.yaml"), MINIMAL);
        Path plainFile = Files.writeString(dir.resolve("plain"), "x");
        for (Path out : new Path[] {plainFile, plainFile.resolve("below")}) {
            assertEquals(2, cli("run", scenario.toString(), "--out", out.toString()));
            assertTrue(err.contains("choose another directory with --out"), err);
            assertClean();
        }
    }

    @Test
    void aResultThatCannotBeWrittenLeavesNothingHalfWritten() throws IOException {
        Path scenario = Files.writeString(dir.resolve("ok.yaml"), MINIMAL);
        Path out = dir.resolve("out");
        Files.createDirectories(out.resolve("ok").resolve("result.json").resolve("in-the-way"));
        assertEquals(2, cli("run", scenario.toString(), "--out", out.toString()));
        assertTrue(err.contains("result.json: Is a directory); choose another directory with --out"), err);
        assertClean();
        try (var left = Files.list(out.resolve("ok"))) {
            assertEquals(java.util.List.of(out.resolve("ok").resolve("result.json")), left.toList(), "no temporary file left");
        }
    }

    @Test
    void aScenarioOverTheEventBudgetIsRefusedUpFrontWithTheEstimate() throws IOException {
        Path big = Files.writeString(dir.resolve("big.yaml"), """
                duration: 30d
                group: {id: big}
                topics: [{name: t, partitions: 100000, rate: 1000000/s}]
                consumers: {count: 10000}
                """);
        int code = assertTimeoutPreemptively(HANG_GUARD, () -> cli("run", big.toString(),
                "--out", dir.resolve("out").toString()));
        assertEquals(2, code, err);
        assertTrue(err.startsWith(big + ": variant base would need about "), err);
        assertTrue(err.contains("over the budget of 200,000,000 events per variant"), err);
        assertTrue(err.contains("--max-events"), err);
        assertClean();

        Path small = Files.writeString(dir.resolve("small.yaml"), MINIMAL);
        assertEquals(2, cli("run", small.toString(), "--max-events", "1000", "--out", dir.resolve("out").toString()));
        assertTrue(err.contains("over the budget of 1,000 events"), err);
        assertEquals(0, cli("run", small.toString(), "--max-events", "1000000", "--out", dir.resolve("out").toString()),
                err);
    }
}
