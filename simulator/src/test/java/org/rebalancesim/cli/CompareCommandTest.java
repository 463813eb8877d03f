package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.rebalancesim.report.ReportFormats;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** {@code compare} as a user meets it: the columns, the config differences, the files, the exit codes. */
class CompareCommandTest extends CommandLineTest {

    /** c2 crashes at 90 s of 2 m: evicted with a 10 s session, not with 45 s. */
    private static final String SCENARIO = """
            name: %s
            seed: 3
            duration: 2m
            group: {id: compare-test}
            topics: [{name: t, partitions: 4, rate: 40/s}]
            consumers:
              count: 2
              config: {session.timeout.ms: %d}
              startup: {jvmStart: 1s}
            timeline:
              - at: 90s
                crash: {consumer: c2}
            """;

    private static final String TWO_VARIANTS = SCENARIO.formatted("pair", 10000) + """
            variants:
              - name: short
              - name: long
                consumers: {config: {session.timeout.ms: 45000}}
            expect:
              short:
                evictions: "== 1"
              long:
                evictions: "== 0"
            """;

    private Path reports() {
        return dir.resolve("reports");
    }

    private void assertNoStackTrace() {
        assertFalse(err.contains("Exception") || err.contains("\tat "), err);
    }

    @Test
    void twoFilesThatDifferInTheSessionTimeoutShowExactlyThatDifference() throws IOException {
        Path a = write("a.yaml", SCENARIO.formatted("app-a", 10000));
        Path b = write("b.yaml", SCENARIO.formatted("app-b", 45000));
        assertEquals(0, cli("compare", a.toString(), b.toString(), "--out", reports().toString()), err);
        Path folder = reports().resolve("compare-app-a-vs-app-b");
        String diffLine = "session.timeout.ms: 10000 → 45000";
        assertTrue(out.contains("configuration differences against app-a/base:\n  app-b/base:\n    " + diffLine + "\n\n"),
                out);
        for (String file : List.of("metrics.csv", "summary.md", "report.html")) {
            assertTrue(Files.isRegularFile(folder.resolve(file)), file);
            assertTrue(out.contains("wrote " + folder.resolve(file)), out);
        }
        String md = Files.readString(folder.resolve("summary.md"));
        assertTrue(md.contains("### app-b/base\n\n```text\n" + diffLine + "\n```\n"), md);
        Document html = ReportFormats.html(Files.readAllBytes(folder.resolve("report.html")));
        assertEquals(List.of(diffLine), ReportFormats.elements(html, "pre").stream()
                .filter(pre -> pre.getAttribute("class").equals("diff")).map(Element::getTextContent).toList());
        List<String> header = ReportFormats.headerTexts(ReportFormats.table(html, "metrics"));
        assertEquals(List.of("app-a/base", "app-b/base"), header.subList(2, 4));
        ReportFormats.assertSelfContained(Files.readAllBytes(folder.resolve("report.html")));
    }

    @Test
    void variantsAreChosenWithFileAtVariantAndColumnsNameScenarioAndVariant() throws IOException {
        Path pair = write("pair.yaml", TWO_VARIANTS);
        Path other = write("other.yaml", SCENARIO.formatted("other", 6000));
        assertEquals(0, cli("compare", pair + "@long", other.toString(), pair + "@short", "--out",
                reports().toString()), err);
        Path folder = reports().resolve("compare-pair@long-vs-other-vs-pair@short");
        List<List<String>> csv = ReportFormats.csv(Files.readString(folder.resolve("metrics.csv")));
        assertEquals(List.of("pair/long", "other/base", "pair/short"),
                csv.stream().skip(1).map(row -> row.get(0)).distinct().toList());
        assertTrue(out.contains("  other/base:\n    session.timeout.ms: 45000 → 6000\n"), out);
        assertTrue(out.contains("PASS  pair/short: evictions == 1"), out);
    }

    @Test
    void aWholeFileComparesAllItsVariants() throws IOException {
        Path pair = write("pair.yaml", TWO_VARIANTS);
        assertEquals(0, cli("compare", pair.toString(), "--out", reports().toString()), err);
        assertTrue(out.contains("compare: pair/short vs pair/long"), out);
        assertTrue(Files.isDirectory(reports().resolve("compare-pair")));
    }

    /**
     * Columns measured over different windows are not like for like: compare says which setting differs, and
     * neither the summary nor the HTML marks a best value.
     */
    @Test
    void differentWindowsAreSaidAndNoBestIsMarked() throws IOException {
        Path a = write("a.yaml", SCENARIO.formatted("app-a", 10000));
        Path b = write("b.yaml", SCENARIO.formatted("app-b", 45000).replace("duration: 2m", "duration: 100s"));
        assertEquals(0, cli("compare", a.toString(), b.toString(), "--out", reports().toString()), err);
        assertTrue(out.contains("note: The columns measured different windows (duration: 2m (app-a/base), 100s "
                + "(app-b/base); measure.to: 2m (app-a/base), 100s (app-b/base))"), out);
        String summary = Files.readString(reports().resolve("compare-app-a-vs-app-b/summary.md"));
        assertTrue(summary.contains("so no best is marked"), summary);
        String metrics = summary.substring(summary.indexOf("| metric |"));
        assertFalse(metrics.substring(0, metrics.indexOf("\n\n")).contains("**"), metrics);
        String html = Files.readString(reports().resolve("compare-app-a-vs-app-b/report.html"));
        assertFalse(html.contains("num best"), "no best cell");
        Path same = write("c.yaml", SCENARIO.formatted("app-c", 45000));
        assertEquals(0, cli("compare", a.toString(), same.toString(), "--out", reports().toString()), err);
        assertFalse(out.contains("different windows"), out);
    }

    /** --format json prints the columns as run --format json prints variants: only JSON on stdout. */
    @Test
    void jsonOutputNamesEachColumnWithItsMetrics() throws IOException {
        Path pair = write("pair.yaml", TWO_VARIANTS);
        assertEquals(0, cli("compare", pair.toString(), "--out", reports().toString(), "--format", "json"), err);
        JsonNode json = new ObjectMapper().readTree(out);
        assertEquals("pair/short", json.path("variants").path(0).path("name").asText());
        assertEquals("pair/long", json.path("variants").path(1).path("name").asText());
        assertEquals(1, json.path("variants").path(0).path("metrics").path("evictions").asInt());
        assertEquals(0, json.path("variants").path(1).path("metrics").path("evictions").asInt());
        assertTrue(Files.isDirectory(reports().resolve("compare-pair")), "the reports are written as with text");
    }

    @Test
    void aFailingExpectationExitsWithOne() throws IOException {
        Path pair = write("pair.yaml", TWO_VARIANTS.replace("evictions: \"== 0\"", "evictions: \"== 7\""));
        assertEquals(1, cli("compare", pair.toString(), "--out", reports().toString()));
        assertTrue(out.contains("FAIL  pair/long: evictions == 7 (actual 0)"), out);
    }

    @Test
    void badInputExitsTwoNamingTheFileAndWritesNothing() throws IOException {
        Path pair = write("pair.yaml", TWO_VARIANTS);
        Path invalid = write("invalid.yaml", "name: [");
        String reports = reports().toString();

        assertEquals(2, cli("compare", pair + "@medium", pair.toString(), "--out", reports));
        assertTrue(err.contains(pair + ": " + pair + "@medium: no variant named 'medium'; the file has short, long"),
                err);
        assertEquals(2, cli("compare", pair.toString(), dir.resolve("missing.yaml").toString(), "--out", reports));
        assertTrue(err.contains(dir.resolve("missing.yaml") + ": file not found"), err);
        assertEquals(2, cli("compare", dir.resolve("missing.yaml") + "@short", pair.toString(), "--out", reports));
        assertTrue(err.contains(dir.resolve("missing.yaml") + ": file not found"), err);
        assertEquals(2, cli("compare", pair.toString(), invalid.toString(), "--out", reports));
        assertTrue(err.contains(invalid.toString()), err);
        assertEquals(2, cli("compare", pair + "@short", pair + "@short", "--out", reports));
        assertTrue(err.contains("the column pair/short is already compared"), err);
        assertEquals(2, cli("compare", pair + "@short", "--out", reports));
        assertTrue(err.contains("compare needs at least two columns"), err);
        assertEquals(2, cli("compare", pair.toString(), "--name", "../escape", "--out", reports));
        assertTrue(err.contains("--name ../escape"), err);
        assertNoStackTrace();
        assertFalse(Files.exists(reports()), "nothing written on bad input");

        Path notADirectory = write("plain-file", "x");
        assertEquals(2, cli("compare", pair.toString(), "--out", notADirectory.toString()));
        assertTrue(err.contains("cannot write the results under " + notADirectory), err);
        assertTrue(err.contains("choose another directory with --out"), err);
        assertNoStackTrace();
    }

    @Test
    void twoCopiesOfOneScenarioAreNamedAfterTheirFiles() throws IOException {
        Files.createDirectories(dir.resolve("old"));
        Files.createDirectories(dir.resolve("new"));
        Path before = write("old/app.yaml", SCENARIO.formatted("app", 10000));
        Path after = write("new/app.yaml", SCENARIO.formatted("app", 45000));
        assertEquals(0, cli("compare", before.toString(), after.toString(), "--out", reports().toString(),
                "--name", "before-after"), err);
        assertTrue(out.contains("against " + before + "/base:\n  " + after + "/base:\n"), out);
        assertTrue(Files.isRegularFile(reports().resolve("before-after").resolve("report.html")));
    }

    @Test
    void theSameComparisonGivesTheSameBytes() throws IOException {
        Path pair = write("pair.yaml", TWO_VARIANTS);
        Path other = write("other.yaml", SCENARIO.formatted("other", 6000));
        assertEquals(0, cli("compare", pair.toString(), other.toString(), "--out", dir.resolve("one").toString()));
        String firstOut = out.replace(dir.resolve("one").toString(), "OUT");
        assertEquals(0, cli("compare", pair.toString(), other.toString(), "--out", dir.resolve("two").toString()));
        assertEquals(firstOut, out.replace(dir.resolve("two").toString(), "OUT"));
        Path one = dir.resolve("one").resolve("compare-pair-vs-other");
        Path two = dir.resolve("two").resolve("compare-pair-vs-other");
        try (Stream<Path> files = Files.list(one)) {
            for (Path file : files.toList()) {
                assertArrayEquals(Files.readAllBytes(file), Files.readAllBytes(two.resolve(file.getFileName())),
                        file.getFileName() + " differs between two runs");
            }
        }
    }

    @Test
    void seedOverridesEveryFileAndIsInTheReproduceCommand() throws IOException {
        Path pair = write("pair.yaml", TWO_VARIANTS);
        assertEquals(0, cli("compare", pair.toString(), "--seed", "42", "--out", reports().toString()), err);
        assertTrue(out.contains(pair + " (pair, seed 42)"), out);
        String md = Files.readString(reports().resolve("compare-pair").resolve("summary.md"));
        assertTrue(md.contains("scripts/rebalance-sim compare " + pair + " --seed 42"), md);
    }

    @Test
    void compareIsACommandWithHelp() {
        assertEquals(0, cli("compare", "--help"));
        assertTrue(out.contains("PATH[@VARIANT]") && out.contains("FOLDER@VARIANT") && out.contains("--seed")
                && out.contains("--out"), out);
        cli();
        assertTrue(err.contains("compare"), "the usage lists compare: " + err);
        assertEquals(2, cli("compare"));
    }
}
