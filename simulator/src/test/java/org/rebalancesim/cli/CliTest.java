package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The command line as a user meets it: exit codes, messages, files written. */
class CliTest extends CommandLineTest {

    /** Also the scenario of {@link ReportStoryTest}. */
    static final String SMALL = """
            name: small
            seed: 3
            duration: 2m
            group: {id: cli-test}
            topics: [{name: t, partitions: 4, rate: 40/s}]
            consumers:
              count: 2
              config: {session.timeout.ms: 10000}
              startup: {jvmStart: 1s}
            timeline:
              - at: 90s
                crash: {consumer: c2}
            variants:
              - name: a
              - name: b
                consumers: {config: {session.timeout.ms: 45000}}
            expect:
              a:
                evictions: "== 1"
              b:
                evictions: "== 0"
            """;

    // c2 crashes at 90 s: with a 10 s session it is evicted before the end (2m), with 45 s it is not.

    @Test
    void runPrintsATablePerVariantAndWritesResultJson() throws IOException {
        Path file = write("small.yaml", SMALL);
        Path reports = dir.resolve("reports");
        assertEquals(0, cli("run", file.toString(), "--out", reports.toString()));
        Path result = reports.resolve("small").resolve("result.json");
        assertTrue(Files.exists(result));
        assertTrue(out.contains("stopTheWorldMs"), out);
        assertTrue(out.contains("PASS  a: evictions == 1"), out);
        assertTrue(out.contains("wrote " + result), out);
        assertTrue(Files.readString(result).contains("\"scenarioSha256\""));
    }

    @Test
    void aFailingExpectationExitsWithOne() throws IOException {
        Path file = write("fails.yaml", SMALL.replace("evictions: \"== 0\"", "evictions: \"== 5\""));
        assertEquals(1, cli("run", file.toString(), "--out", dir.resolve("r").toString()));
        assertTrue(out.contains("FAIL  b: evictions == 5 (actual 0)"), out);
    }

    @Test
    void seedOverridesTheFileAndTheSameSeedGivesTheSameBytes() throws IOException {
        Path file = write("small.yaml", SMALL);
        cli("run", file.toString(), "--out", dir.resolve("one").toString(), "--seed", "99", "--format", "json");
        String first = out;
        cli("run", file.toString(), "--out", dir.resolve("two").toString(), "--seed", "99", "--format", "json");
        assertEquals(first, out);
        assertTrue(first.contains("\"seed\" : 99"), first);
        cli("run", file.toString(), "--out", dir.resolve("three").toString(), "--seed", "100", "--format", "json");
        assertNotEquals(first, out);
    }

    @Test
    void variantSelectsOneVariantAndAnUnknownOneIsBadInput() throws IOException {
        Path file = write("small.yaml", SMALL);
        assertEquals(0, cli("run", file.toString(), "--variant", "b", "--out", dir.resolve("r").toString()));
        assertFalse(out.contains(" a: "), out);
        assertEquals(2, cli("run", file.toString(), "--variant", "zzz", "--out", dir.resolve("r").toString()));
        assertTrue(err.contains("no such variant; the file has a, b"), err);
    }

    @Test
    void validateReportsEveryProblemWithFileAndPathAndExitsTwo() throws IOException {
        Path file = write("bad.yaml", SMALL.replace("session.timeout.ms: 10000", "sesion.timeout.ms: 10000")
                .replace("consumer: c2", "consumer: c7"));
        assertEquals(2, cli("validate", file.toString()));
        assertTrue(err.contains(file + ": consumers.config.sesion.timeout.ms: unknown key"), err);
        assertTrue(err.contains("did you mean 'session.timeout.ms'?"), err);
        assertTrue(err.contains("timeline[0].crash.consumer: unknown consumer 'c7'"), err);
        assertFalse(err.contains("Exception"), err);
        assertFalse(err.contains("\tat "), err);
    }

    /** A topic deleted twice: run refuses it as validate does, with the file, the entry's path and the fix. */
    @Test
    void runRefusesATopicDeletedTwiceAndWritesNothing() throws IOException {
        Path file = write("deleted.yaml", SMALL.replace("crash: {consumer: c2}", "deleteTopic: {topic: t}\n"
                + "  - at: 100s\n    deleteTopic: {topic: t}"));
        Path out = dir.resolve("deleted-out");
        assertEquals(2, cli("run", file.toString(), "--out", out.toString()));
        assertTrue(err.contains(file + ": timeline[1].deleteTopic.topic: topic 't' does not exist at that time: an "
                + "earlier deleteTopic deleted it; move this entry before the deletion or remove it"), err);
        assertFalse(err.contains("\tat "), err);
        assertFalse(Files.exists(out), "nothing written");
    }

    /** validate refuses what run would refuse before it starts: a variant estimated over the event budget. */
    @Test
    void validateRefusesAVariantOverTheEventBudgetAsRunDoes() throws IOException {
        Path file = write("small.yaml", SMALL);
        assertEquals(0, cli("validate", file.toString()));
        assertEquals(2, cli("validate", file.toString(), "--max-events", "1000"));
        String refusal = err;
        assertTrue(refusal.contains(file + ": variant ") && refusal.contains("over the budget of 1,000 events per "
                + "variant") && refusal.contains("--max-events"), refusal);
        assertEquals(2, cli("run", file.toString(), "--max-events", "1000", "--out", dir.resolve("r").toString()));
        assertEquals(refusal.lines().findFirst().orElseThrow(), err.lines().findFirst().orElseThrow());
    }

    /** A topic without rate: is valid, but nothing is produced to it: said once, as a warning, exit 0. */
    @Test
    void aTopicWithoutARateIsWarnedAbout() throws IOException {
        Path file = write("idle.yaml", SMALL.replace("{name: t, partitions: 4, rate: 40/s}",
                "{name: t, partitions: 4, rate: 40/s}, {name: audit, partitions: 2}"));
        assertEquals(0, cli("validate", file.toString()));
        String warning = "warning: " + file + ": topics[1]: no rate: nothing is produced to audit";
        assertTrue(err.contains(warning), err);
        assertEquals(1, err.split(java.util.regex.Pattern.quote(warning), -1).length - 1, "once, not per variant: " + err);
        assertEquals(0, cli("validate", write("small.yaml", SMALL).toString()));
        assertFalse(err.contains("no rate"), err);
    }

    @Test
    void nothingRunsWhenAnyFileIsInvalid() throws IOException {
        Path good = write("small.yaml", SMALL);
        Path bad = write("bad.yaml", "name: [");
        Path reports = dir.resolve("reports");
        assertEquals(2, cli("run", good.toString(), bad.toString(), "--out", reports.toString()));
        assertFalse(Files.exists(reports.resolve("small")));
    }

    @Test
    void missingFilesDirectoriesAndUnwritableOutputAreBadInput() throws IOException {
        assertEquals(2, cli("run", dir.resolve("missing.yaml").toString()));
        assertTrue(err.contains("missing.yaml"), err);
        assertEquals(2, cli("validate", dir.toString()));
        Path file = write("small.yaml", SMALL);
        Path notADirectory = write("plain-file", "x");
        assertEquals(2, cli("run", file.toString(), "--out", notADirectory.toString()));
        assertTrue(err.contains("choose another directory with --out"), err);
    }

    @Test
    void usageErrorsExitTwoAndHelpAndVersionExitZero() {
        assertEquals(2, cli("frobnicate"));
        assertEquals(2, cli("run"));
        assertEquals(0, cli("--version"));
        assertTrue(out.startsWith("rebalance-sim "), out);
        assertEquals(0, cli("run", "--help"));
        assertTrue(out.contains("--seed"), out);
        assertEquals(0, cli("validate", "--help"));
    }

    @Test
    void validateAcceptsTheLibrary() {
        Path library = Path.of(System.getProperty("scenarios.dir", "../scenarios"));
        try (var files = Files.list(library)) {
            String[] args = files.filter(p -> p.toString().endsWith(".yaml")).sorted().map(Path::toString)
                    .toArray(String[]::new);
            String[] command = new String[args.length + 1];
            command[0] = "validate";
            System.arraycopy(args, 0, command, 1, args.length);
            assertEquals(0, cli(command), err);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
