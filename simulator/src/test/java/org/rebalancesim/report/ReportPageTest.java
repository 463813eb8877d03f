package org.rebalancesim.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Test;
import org.rebalancesim.explain.StoryLine;
import org.rebalancesim.explain.VariantExplanation;
import org.rebalancesim.metrics.ExpectationResult;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.report.chart.Chart;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.ScenarioException;
import org.rebalancesim.scenario.ScenarioLoader;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * summary.md, report.html and metrics.csv of a page built by hand: user text stays text however
 * hostile, a chart is embedded as an image that decodes, and the same page gives the same bytes.
 */
class ReportPageTest {

    // Not "</script>": a name with '/' cannot name a report folder and is refused at load.
    private static final String NAME = "evil <script>alert('name')";
    private static final String DESCRIPTION = "<script>alert(1)</script> & | *not bold* [no link](x) `no code`";
    private static final String YAML = """
            name: "evil <script>alert('name')"
            description: "<script>alert(1)</script> & | *not bold* [no link](x) `no code`"
            duration: 1m
            group: {id: g}
            topics: [{name: t, partitions: 2}]
            consumers: {count: 1}
            variants:
              - name: "a|<b>"
              - name: '# c,"d"'
                consumers: {config: {session.timeout.ms: 10000}}
            """;
    private static final String CHART_TITLE = "Lag <over> time & \"more\"";
    private static final String STORY_LINE = "c1 crashed </td><script>alert('story')</script> & left";

    static ReportPage page() {
        Scenario scenario;
        try {
            scenario = ScenarioLoader.fromText(YAML, "evil.yaml");
        } catch (ScenarioException e) {
            throw new AssertionError(e.problems().toString(), e);
        }
        List<ReportPage.Column> columns = new ArrayList<>();
        long rebalances = 3;
        for (var variant : scenario.variants()) {
            Map<String, Number> metrics = new LinkedHashMap<>();
            metrics.put("rebalances", rebalances--);
            metrics.put("recordsProduced", 100L);
            VariantResult result = new VariantResult(variant.name(), "classic/eager (range)", metrics, Map.of(),
                    List.of(new ExpectationResult("rebalances", "<= 2", rebalances + 1, rebalances + 1 <= 2)),
                    new Series(List.of(), List.of(), List.of(), List.of(), List.of()), 0);
            VariantExplanation story = new VariantExplanation(variant.name(), result.protocol(), "session.timeout.ms 45 s",
                    List.of(new StoryLine(2_000, STORY_LINE)), List.of("summary: 3 rebalances"), List.of());
            columns.add(new ReportPage.Column(variant.name(), "evil.yaml", result, EffectiveConfig.of(variant), story));
        }
        ReportPage.Source source = new ReportPage.Source(scenario.name(), scenario.description(), "evil.yaml",
                scenario.seed(), scenario.sha256(), YAML);
        return new ReportPage(scenario.name(), scenario.description(), List.of(source), columns, "test",
                "scripts/rebalance-sim run evil.yaml --seed 1", ReportFiles.render(List.of(lagChart())));
    }

    /** A small chart of the kind RunCharts makes, with a name that is no file name. */
    static Chart lagChart() {
        XYSeries lag = new XYSeries("a|<b>");
        for (int t = 0; t < 10; t++) {
            lag.add(t * 1000, t * t);
        }
        JFreeChart chart = ChartFactory.createXYLineChart(CHART_TITLE, "time (ms)", "lag (records)",
                new XYSeriesCollection(lag));
        return new Chart("lag-a|<b>", CHART_TITLE, 480, 270, chart);
    }

    private static String text(Map<String, byte[]> files, String name) {
        return new String(files.get(name), StandardCharsets.UTF_8);
    }

    @Test
    void htmlShowsUserTextAsTextAndEmbedsTheChartAsADecodableImage() throws Exception {
        Map<String, byte[]> files = ReportFiles.render(page());
        byte[] html = files.get(ReportFiles.HTML);
        assertEquals(1, ReportFormats.assertSelfContained(html), "one image per chart");
        Document document = ReportFormats.html(html);
        assertEquals(NAME, ReportFormats.elements(document, "h1").get(0).getTextContent());
        assertEquals(DESCRIPTION, ReportFormats.elements(document, "p").get(0).getTextContent());
        assertEquals(CHART_TITLE, ReportFormats.elements(document, "figcaption").get(0).getTextContent());
        assertEquals(CHART_TITLE, ReportFormats.elements(document, "img").get(0).getAttribute("alt"));
        assertEquals(List.of("variant a|<b>: classic/eager (range)", "variant # c,\"d\": classic/eager (range)"),
                ReportFormats.elements(document, "h3").stream().limit(2).map(Element::getTextContent).toList());
        List<List<Element>> story = ReportFormats.bodyRows(ReportFormats.table(document, "story"));
        assertEquals(List.of("00:02.000", STORY_LINE), story.get(0).stream().map(Element::getTextContent).toList());
        List<String> header = ReportFormats.headerTexts(ReportFormats.table(document, "metrics"));
        assertEquals(List.of("metric", "unit", "a|<b>", "# c,\"d\""), header);
        assertTrue(ReportFormats.elements(document, "pre").stream()
                .anyMatch(pre -> pre.getTextContent().equals(YAML)), "the YAML source, unchanged");
    }

    @Test
    void markdownShowsUserTextAsTextAndLinksTheChartFiles() {
        Map<String, byte[]> files = ReportFiles.render(page());
        String md = text(files, ReportFiles.MARKDOWN);
        assertFalse(md.toLowerCase(java.util.Locale.ROOT).contains("<script"), md);
        List<String> lines = md.lines().toList();
        assertEquals("# " + NAME, "# " + ReportFormats.markdownShown(lines.get(0).substring(2)));
        assertEquals(DESCRIPTION, ReportFormats.markdownShown(lines.get(2)));
        assertTrue(lines.get(2).contains("\\*not bold\\*") && lines.get(2).contains("\\[no link\\]")
                && lines.get(2).contains("\\`no code\\`"), "Markdown syntax escaped: " + lines.get(2));
        List<List<String>> table = ReportFormats.markdownTable(md, "| metric | unit |");
        assertEquals(List.of("a|<b>", "# c,\"d\""),
                table.get(0).subList(2, 4).stream().map(ReportFormats::markdownShown).toList());
        assertEquals(List.of("rebalances", "count", "3", "**2**"), table.get(2));
        assertEquals(List.of("recordsProduced", "records", "100", "100"), table.get(3), "neutral: no bold");
        String stem = "lag-a__b_";
        assertTrue(md.contains("](" + stem + ".png)"), md);
        assertTrue(files.containsKey(stem + ".png") && files.containsKey(stem + ".svg"), files.keySet().toString());
        assertTrue(text(files, stem + ".svg").contains("<svg"));
        assertTrue(md.contains("session.timeout.ms: 45000 → 10000"), md);
    }

    @Test
    void csvQuotesFieldsAsRfc4180SaysAndReadsBackToTheSameValues() {
        String csv = text(ReportFiles.render(page()), ReportFiles.CSV);
        assertTrue(csv.contains("\n\"# c,\"\"d\"\"\",classic/eager (range),rebalances,count,2\n"), csv);
        List<List<String>> records = ReportFormats.csv(csv);
        assertEquals(List.of(CsvReport.HEADER.split(",")), List.of(records.get(0).toArray()));
        assertEquals(List.of("# c,\"d\"", "classic/eager (range)", "rebalances", "count", "2"), records.get(3));
        assertEquals(5, records.size(), "a header and two metrics of two variants");
    }

    @Test
    void theSamePageGivesTheSameBytesChartsIncluded() {
        Map<String, byte[]> first = ReportFiles.render(page());
        Map<String, byte[]> second = ReportFiles.render(page());
        assertEquals(first.keySet(), second.keySet());
        for (String name : first.keySet()) {
            assertArrayEquals(first.get(name), second.get(name), name + " differs between two renderings");
        }
    }

    @Test
    void chartStemsAreFileNamesAndStayUnique() {
        assertEquals("timeline-app_dynamic", ReportFiles.fileStem("timeline-app/dynamic"));
        assertEquals("_hidden", ReportFiles.fileStem(".hidden"));
        List<ReportPage.ChartImage> images = ReportFiles.render(List.of(lagChart(), lagChart()));
        assertEquals(List.of("lag-a__b_", "lag-a__b_-2"), images.stream().map(ReportPage.ChartImage::stem).toList());
    }
}
