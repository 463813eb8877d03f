package org.rebalancesim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.rebalancesim.report.ReportFormats;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * report.html tells each variant's run as {@code explain} does, before its metrics, whichever command
 * wrote it (run, run --seeds, compare, check); and its metrics read in human units with the exact value
 * beside them. The expected story is what {@code explain} prints for the same run, not text written here.
 */
class ReportStoryTest extends CommandLineTest {

    /** A length in words, as the reports write one: "13 min 51 s", "3.4 s", "250 ms". */
    private static final Pattern DURATION_PART = Pattern.compile("(\\d+(?:\\.\\d)?) (h|min|s|ms)");

    /** Two variants, a crash evicted in one; an expect: rule each. */
    private Path scenario() throws IOException {
        return write("small.yaml", CliTest.SMALL);
    }

    /**
     * What {@code explain} prints, as one list of lines per variant (the scenario's title line left out, and
     * the "What would have helped" section after the stories, which report.html has in a section of its own).
     */
    private List<List<String>> explained(String... args) {
        List<String> command = new ArrayList<>(List.of("explain"));
        command.addAll(List.of(args));
        assertEquals(0, cli(command.toArray(String[]::new)), err);
        List<List<String>> stories = new ArrayList<>();
        int helped = out.indexOf("\n\nWhat would have helped\n");
        assertTrue(helped > 0, out);
        for (String block : out.substring(0, helped).split("\n\n")) {
            stories.add(block.lines().toList());
        }
        return stories.subList(1, stories.size());
    }

    /** The stories of report.html read back as lines: heading, limits, "time  words" per row, the closing lines. */
    private static List<List<String>> told(Path report) throws IOException {
        Document page = ReportFormats.html(Files.readAllBytes(report));
        List<List<String>> stories = new ArrayList<>();
        for (Element section : ReportFormats.elements(page, "section")) {
            if (!ReportFormats.hasClass(section, "story")) {
                continue;
            }
            List<String> lines = new ArrayList<>();
            lines.add(ReportFormats.children(section, "h3").get(0).getTextContent());
            lines.add(ReportFormats.children(section, "p").get(0).getTextContent());
            for (Element table : ReportFormats.children(section, "table")) {
                // explain prints a line's time, two spaces, then its words; the report gives each a column.
                ReportFormats.bodyRows(table).forEach(row -> lines.add(row.get(0).getTextContent() + "  "
                        + row.get(1).getTextContent()));
            }
            ReportFormats.elements(page, "li").stream().filter(li -> li.getParentNode().getParentNode() == section)
                    .forEach(li -> lines.add(li.getTextContent()));
            stories.add(lines);
        }
        return stories;
    }

    @Test
    void runsReportTellsEachVariantsStoryInTheLinesExplainPrintsBeforeTheMetrics() throws IOException {
        Path file = scenario();
        Path reports = dir.resolve("reports");
        assertEquals(0, cli("run", file.toString(), "--out", reports.toString()), err);
        Path report = reports.resolve("small").resolve("report.html");
        List<List<String>> stories = told(report);
        assertEquals(explained(file.toString()), stories);
        assertTrue(stories.get(0).stream().anyMatch(line -> line.startsWith("expect: ")), stories.get(0).toString());
        String html = Files.readString(report);
        assertTrue(html.indexOf("<section id=\"story\">") < html.indexOf("<section id=\"metrics\">"),
                "what happened comes before the figures");
        ReportFormats.assertSelfContained(Files.readAllBytes(report));
    }

    @Test
    void theStoryFileHoldsEveryLineExplainPrintsForTheSameScenarioAndSeed() throws IOException {
        Path file = scenario();
        Path reports = dir.resolve("reports");
        Path story = reports.resolve("small").resolve("story.txt.gz");
        for (String seed : List.of("1", "5")) {
            assertEquals(0, cli("explain", file.toString(), "--seed", seed), err);
            String explained = out;
            assertEquals(0, cli("run", file.toString(), "--seed", seed, "--out", reports.toString()), err);
            assertTrue(out.contains("wrote " + story + "\n"), "the run names the file it wrote: " + out);
            assertEquals(explained, gunzip(story), "seed " + seed);
        }
        JsonNode result = new ObjectMapper().readTree(reports.resolve("small").resolve("result.json").toFile());
        assertEquals("story.txt.gz", result.get("story").asText(), "result.json points to it");
    }

    private static String gunzip(Path file) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void checkAndCompareReportsTellTheSameStories() throws IOException {
        Path file = scenario();
        List<List<String>> explained = explained(file.toString());
        Path reports = dir.resolve("reports");
        assertEquals(0, cli("check", file.toString(), "--out", reports.toString()), err);
        assertEquals(explained, told(reports.resolve("small").resolve("report.html")));

        assertEquals(0, cli("compare", file + "@b", file + "@a", "--out", reports.toString(), "--name", "cmp"), err);
        List<List<String>> compared = told(reports.resolve("cmp").resolve("report.html"));
        // A comparison names its columns <scenario>/<variant>; the rest of each story is explain's.
        assertEquals(List.of(explained.get(1).get(0).replace("variant b", "variant small/b"),
                explained.get(0).get(0).replace("variant a", "variant small/a")),
                compared.stream().map(story -> story.get(0)).toList());
        assertEquals(explained.get(1).subList(1, explained.get(1).size()), compared.get(0).subList(1, compared.get(0).size()));
        assertEquals(explained.get(0).subList(1, explained.get(0).size()), compared.get(1).subList(1, compared.get(1).size()));
    }

    @Test
    void aMultiSeedReportTellsEachVariantsTypicalRun() throws IOException {
        Path file = scenario();
        Path reports = dir.resolve("reports");
        assertEquals(0, cli("run", file.toString(), "--seeds", "3", "--out", reports.toString()), err);
        JsonNode result = new ObjectMapper().readTree(reports.resolve("small").resolve("result.json").toFile());
        List<List<String>> stories = told(reports.resolve("small").resolve("report.html"));
        String[] inFile = gunzip(reports.resolve("small").resolve("story.txt.gz")).split("\n\n");
        for (int v = 0; v < 2; v++) {
            JsonNode variant = result.get("variants").get(v);
            String seed = variant.get("typicalSeed").asText();
            List<String> typical = explained(file.toString(), "--seed", seed, "--variant", variant.get("name").asText())
                    .get(0);
            assertEquals(typical, stories.get(v), "the typical run, seed " + seed);
            assertEquals(typical, inFile[v + 1].lines().toList(), "story.txt.gz tells it too");
            assertTrue(inFile[0].contains(variant.get("name").asText() + ": seed " + seed), inFile[0]);
        }
    }

    @Test
    void aDurationReadsInHumanUnitsWithItsExactValueBesideIt() throws IOException {
        Path reports = dir.resolve("reports");
        assertEquals(0, cli("run", scenario().toString(), "--out", reports.toString()), err);
        JsonNode metrics = new ObjectMapper().readTree(reports.resolve("small").resolve("result.json").toFile())
                .get("variants").get(0).get("metrics");
        long downtimeMs = metrics.get("partitionDowntimeMs").asLong();
        assertTrue(downtimeMs >= 10_000, "c2's partitions wait at least its session timeout: " + downtimeMs);
        Element cell = metricCell(reports.resolve("small").resolve("report.html"), "partitionDowntimeMs");
        assertEquals(String.format(java.util.Locale.ROOT, "%,d ms", downtimeMs), ReportFormats.htmlExact(cell));
        String human = ReportFormats.htmlHuman(cell);
        assertTrue(Math.abs(readMs(human) - downtimeMs) <= 500, human + " reads as " + downtimeMs + " ms rounded");
        Element produced = metricCell(reports.resolve("small").resolve("report.html"), "recordsProduced");
        assertEquals("4,800", produced.getTextContent(), "40/s for 2 minutes, every digit kept");
    }

    private static Element metricCell(Path report, String metric) throws IOException {
        Element table = ReportFormats.table(ReportFormats.html(Files.readAllBytes(report)), "metrics");
        return ReportFormats.bodyRows(table).stream().filter(row -> row.get(0).getTextContent().equals(metric))
                .findFirst().orElseThrow().get(2);
    }

    /** "1 min 12.5 s" → 72,500. */
    private static long readMs(String human) {
        Matcher part = DURATION_PART.matcher(human);
        double ms = 0;
        while (part.find()) {
            double n = Double.parseDouble(part.group(1));
            ms += switch (part.group(2)) {
                case "h" -> n * 3_600_000;
                case "min" -> n * 60_000;
                case "s" -> n * 1000;
                default -> n;
            };
        }
        return Math.round(ms);
    }
}
