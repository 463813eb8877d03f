package org.rebalancesim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rebalancesim.cli.Main;
import org.rebalancesim.metrics.registry.Direction;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.report.chart.RunCharts;
import org.rebalancesim.run.ScenarioRunner;
import org.rebalancesim.scenario.ScenarioLoader;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * A library scenario through {@code run}: every number in metrics.csv, summary.md and report.html is
 * the number of result.json (in the reports, the exact value beside the human reading), in the right row
 * and column, and the best value of each row is the one the metric registry says is best. Expected
 * values come from result.json and the scenario file.
 */
class LibraryReportTest {

    private static final String FILE = "slow-record-and-crash.yaml";

    @TempDir
    static Path out;

    private static Path scenarioFile;
    private static Path dir;
    private static JsonNode result;
    private static JsonNode yaml;

    @BeforeAll
    static void runTheScenario() throws IOException {
        scenarioFile = Path.of(System.getProperty("scenarios.dir", "../scenarios")).resolve(FILE);
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(new StringWriter()), new PrintWriter(err), "run",
                scenarioFile.toString(), "--out", out.toString());
        assertEquals(0, code, err.toString());
        yaml = new YAMLMapper().readTree(scenarioFile.toFile());
        dir = out.resolve(yaml.get("name").asText());
        result = new ObjectMapper().readTree(dir.resolve("result.json").toFile());
    }

    private static String read(String name) throws IOException {
        return Files.readString(dir.resolve(name), StandardCharsets.UTF_8);
    }

    private static List<JsonNode> variants() {
        List<JsonNode> variants = new ArrayList<>();
        result.get("variants").forEach(variants::add);
        return variants;
    }

    private static List<String> metricNames() {
        List<String> names = new ArrayList<>();
        variants().get(0).get("metrics").fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** Per variant, whether its value of {@code metric} is the row's best, from result.json and the metric registry. */
    private static List<Boolean> expectedBest(String metric) {
        List<BigDecimal> values = variants().stream().map(v -> v.get("metrics").get(metric).decimalValue()).toList();
        Direction direction = Metric.of(metric).direction();
        boolean allEqual = values.stream().allMatch(v -> v.compareTo(values.get(0)) == 0);
        BigDecimal best = direction == Direction.HIGHER_IS_BETTER
                ? values.stream().max(BigDecimal::compareTo).orElseThrow()
                : values.stream().min(BigDecimal::compareTo).orElseThrow();
        return values.stream().map(v -> direction != Direction.NEUTRAL && !allEqual
                && v.compareTo(best) == 0).toList();
    }

    @Test
    void metricsCsvHasOneRowPerVariantAndMetricWithTheValuesOfResultJson() throws IOException {
        List<List<String>> rows = ReportFormats.csv(read("metrics.csv"));
        assertEquals(List.of("variant", "protocol", "metric", "unit", "value"), rows.get(0));
        List<List<String>> expected = new ArrayList<>();
        for (JsonNode variant : variants()) {
            Iterator<Map.Entry<String, JsonNode>> metrics = variant.get("metrics").fields();
            metrics.forEachRemaining(metric -> expected.add(List.of(variant.get("name").asText(),
                    variant.get("protocol").asText(), metric.getKey(), Metric.unitOf(metric.getKey()),
                    metric.getValue().asText())));
        }
        assertEquals(expected, rows.subList(1, rows.size()));
    }

    @Test
    void summaryTableHasEveryValueInItsCellAndTheBestOfEachRowInBold() throws IOException {
        List<List<String>> table = ReportFormats.markdownTable(read("summary.md"), "| metric | unit |");
        List<String> names = variants().stream().map(v -> v.get("name").asText()).toList();
        assertEquals(names, table.get(0).subList(2, table.get(0).size()));
        assertEquals("protocol", table.get(1).get(0));
        List<String> metrics = metricNames();
        assertEquals(metrics.size(), table.size() - 2, "one row per metric");
        int bold = 0;
        for (int r = 0; r < metrics.size(); r++) {
            List<String> row = table.get(r + 2);
            String metric = metrics.get(r);
            assertEquals(metric, row.get(0));
            assertEquals(Metric.unitOf(metric), row.get(1));
            List<Boolean> best = expectedBest(metric);
            for (int v = 0; v < names.size(); v++) {
                String cell = row.get(v + 2);
                assertEquals(variants().get(v).get("metrics").get(metric).asText(),
                        ReportFormats.asInResultJson(ReportFormats.markdownExact(ReportFormats.withoutBold(cell))),
                        metric + " of " + names.get(v));
                assertEquals(best.get(v), ReportFormats.isBold(cell), metric + " of " + names.get(v) + ": " + cell);
                bold += best.get(v) ? 1 : 0;
            }
        }
        assertTrue(bold > 0, "the scenario's variants differ, so some rows have a best value");
    }

    @Test
    void reportHtmlHasEveryValueInItsCellAndTheBestOfEachRowHighlighted() throws IOException {
        Document page = ReportFormats.html(Files.readAllBytes(dir.resolve("report.html")));
        Element table = ReportFormats.table(page, "metrics");
        List<String> names = variants().stream().map(v -> v.get("name").asText()).toList();
        List<String> header = ReportFormats.headerTexts(table);
        assertEquals(names, header.subList(2, header.size()));
        List<List<Element>> rows = ReportFormats.bodyRows(table);
        List<String> metrics = metricNames();
        assertEquals(metrics.size(), rows.size() - 1, "the protocol row, then one row per metric");
        for (int v = 0; v < names.size(); v++) {
            assertEquals(variants().get(v).get("protocol").asText(), rows.get(0).get(v + 2).getTextContent());
        }
        for (int r = 0; r < metrics.size(); r++) {
            List<Element> row = rows.get(r + 1);
            String metric = metrics.get(r);
            assertEquals(metric, row.get(0).getTextContent());
            List<Boolean> best = expectedBest(metric);
            for (int v = 0; v < names.size(); v++) {
                Element cell = row.get(v + 2);
                assertEquals(variants().get(v).get("metrics").get(metric).asText(),
                        ReportFormats.asInResultJson(ReportFormats.htmlExact(cell)), metric + " of " + names.get(v));
                assertEquals(best.get(v), ReportFormats.hasClass(cell, "best"), metric + " of " + names.get(v));
            }
        }
    }

    @Test
    void expectationsAreListedWithTheirOutcomeInBothReports() throws IOException {
        List<List<String>> md = ReportFormats.markdownTable(read("summary.md"), "| result | variant |");
        List<List<Element>> html = ReportFormats.bodyRows(ReportFormats.table(
                ReportFormats.html(Files.readAllBytes(dir.resolve("report.html"))), "expectations"));
        int row = 0;
        for (JsonNode variant : variants()) {
            for (JsonNode rule : variant.get("expectations")) {
                List<String> expected = List.of(rule.get("passed").asBoolean() ? "PASS" : "FAIL",
                        variant.get("name").asText(), rule.get("metric").asText(), rule.get("rule").asText(),
                        rule.get("actual").asText());
                List<String> mdRow = new ArrayList<>(md.get(row + 1).stream().map(ReportFormats::withoutBold)
                        .map(ReportFormats::markdownShown).toList());
                mdRow.set(4, ReportFormats.asInResultJson(ReportFormats.markdownExact(mdRow.get(4))));
                List<String> htmlRow = new ArrayList<>(html.get(row).stream().map(Element::getTextContent).toList());
                htmlRow.set(4, ReportFormats.asInResultJson(ReportFormats.htmlExact(html.get(row).get(4))));
                assertEquals(expected, mdRow);
                assertEquals(expected, htmlRow);
                row++;
            }
        }
        assertEquals(row, html.size());
        assertTrue(row > 0);
    }

    @Test
    void bothReportsNameTheScenarioItsSeedAndHowToReproduceIt() throws IOException {
        String command = "scripts/rebalance-sim run " + scenarioFile + " --seed " + yaml.get("seed").asLong();
        String md = read("summary.md");
        assertTrue(md.startsWith("# " + yaml.get("name").asText() + "\n"), md);
        assertTrue(md.contains(command), md);
        Document html = ReportFormats.html(Files.readAllBytes(dir.resolve("report.html")));
        assertEquals(yaml.get("name").asText(), ReportFormats.elements(html, "h1").get(0).getTextContent());
        assertEquals(yaml.get("description").asText().strip(),
                ReportFormats.elements(html, "p").get(0).getTextContent());
        String htmlText = read("report.html");
        assertTrue(htmlText.contains(command), "reproduce command");
        assertTrue(htmlText.contains(result.get("scenarioSha256").asText()), "sha256");
        assertTrue(htmlText.contains(result.get("simulatorVersion").asText()), "version");
        List<List<Element>> sources = ReportFormats.bodyRows(ReportFormats.table(html, "sources"));
        assertEquals(List.of(yaml.get("name").asText(), scenarioFile.toString(), yaml.get("seed").asText(),
                result.get("scenarioSha256").asText()), sources.get(0).stream().map(Element::getTextContent).toList());
        String source = ReportFormats.elements(html, "pre").stream().map(Element::getTextContent)
                .filter(text -> text.contains("variants:")).findFirst().orElseThrow();
        assertEquals(Files.readString(scenarioFile), source, "the YAML source, as written");
    }

    @Test
    void theConfigurationShowsEverySettingAndMarksWhatDiffersBetweenVariants() throws IOException {
        long base = yaml.at("/consumers/config/session.timeout.ms").asLong();
        long staticOne = yaml.at("/variants/1/consumers/config/session.timeout.ms").asLong();
        String line = "session.timeout.ms: " + base + " → " + staticOne;
        assertTrue(read("summary.md").contains(line), line);
        Document html = ReportFormats.html(Files.readAllBytes(dir.resolve("report.html")));
        List<List<Element>> rows = ReportFormats.bodyRows(ReportFormats.table(html, "config"));
        List<Element> session = rows.stream().filter(r -> r.get(0).getTextContent().equals("session.timeout.ms"))
                .findFirst().orElseThrow();
        assertEquals(List.of(Long.toString(base), Long.toString(staticOne)),
                session.subList(1, 3).stream().map(Element::getTextContent).toList());
        assertTrue(ReportFormats.hasClass((Element) session.get(0).getParentNode(), "differs"));
        List<Element> groupId = rows.stream().filter(r -> r.get(0).getTextContent().equals("group.id"))
                .findFirst().orElseThrow();
        assertEquals(yaml.at("/group/id").asText(), groupId.get(1).getTextContent());
        assertFalse(ReportFormats.hasClass((Element) groupId.get(0).getParentNode(), "differs"));
        // A default the file does not set is shown too: Kafka's broker default of group.max.session.timeout.ms.
        assertTrue(rows.stream().anyMatch(r -> r.get(0).getTextContent().equals("group.max.session.timeout.ms")
                && r.get(1).getTextContent().equals("1800000")));
    }

    @Test
    void reportHtmlIsSelfContainedWithOneDecodableImagePerChart() throws Exception {
        int images = ReportFormats.assertSelfContained(Files.readAllBytes(dir.resolve("report.html")));
        int charts = RunCharts.of(ScenarioRunner.run(ScenarioLoader.load(scenarioFile), null,
                ScenarioRunner.DEFAULT_MAX_EVENTS)).size();
        assertEquals(charts, images);
        try (var files = Files.list(dir)) {
            assertEquals(charts, files.filter(p -> p.toString().endsWith(".png")).count(), "a PNG per chart");
        }
        String md = read("summary.md");
        assertEquals(charts, md.lines().filter(l -> l.startsWith("![")).count(), "a chart link per chart");
    }

    @Test
    void bothReportsSayWhatWouldHaveHelpedEachVariant() throws IOException {
        // dynamic: c2 crashed at 2m and was back 32 s later (30 s restartAfter + 2 s jvmStart): 32 + 3 s heartbeat
        // = 35 s, so a static session of at least 36 s; static: its 2 min session already bridged it.
        String item = "as a static member (group.instance.id) with a session.timeout.ms of at least 36 s";
        String md = read("summary.md");
        String section = md.substring(md.indexOf("## What would have helped"), md.indexOf("## Expectations"));
        assertTrue(section.contains("### dynamic\n\n- c2, a dynamic member, crashed at 02:00.000") && section.contains(item),
                section);
        assertTrue(section.contains("### static\n\nNothing in this run's limits would have prevented its rebalances"),
                section);
        List<Element> items = ReportFormats.elements(ReportFormats.html(Files.readAllBytes(dir.resolve("report.html"))),
                "ul").stream().filter(ul -> ReportFormats.hasClass(ul, "helped")).toList();
        assertEquals(1, items.size(), "one list in report.html: the dynamic variant's");
        assertTrue(items.get(0).getTextContent().contains(item), items.get(0).getTextContent());
    }
}
