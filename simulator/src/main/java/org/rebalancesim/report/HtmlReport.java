package org.rebalancesim.report;

import java.util.Base64;
import java.util.List;
import java.util.Locale;
import org.rebalancesim.metrics.ExpectationResult;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.report.ReportPage.Column;

/**
 * report.html: one self-contained page (inline CSS, charts as data: URIs of their PNGs, no script,
 * nothing fetched from anywhere) with the scenario, what happened in each column's run (its story), the
 * metrics in human units with the best value of each row highlighted, the expectations, the charts,
 * every setting of every column and the YAML source.
 */
public final class HtmlReport {

    private HtmlReport() {
    }

    public static String render(ReportPage page) {
        Html html = new Html();
        html.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
                .raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n")
                .raw("<title>").escaped(page.title() + " - rebalance-sim").raw("</title>\n")
                .raw("<style>\n").raw(HtmlStyle.CSS).raw("</style>\n</head>\n<body>\n");
        header(html, page);
        HtmlStorySection.render(html, page);
        HtmlHelpedSection.render(html, page);
        metrics(html, page);
        expectations(html, page);
        charts(html, page);
        HtmlConfigSection.render(html, page);
        sources(html, page);
        html.raw("</body>\n</html>\n");
        return html.toString();
    }

    private static void header(Html html, ReportPage page) {
        html.raw("<header>\n").element("h1", "", page.title()).raw("\n");
        if (!page.description().isBlank()) {
            html.element("p", "description", page.description().strip()).raw("\n");
        }
        html.raw("<nav><a href=\"#story\">What happened</a><a href=\"#helped\">What would have helped</a>")
                .raw("<a href=\"#metrics\">Metrics</a><a href=\"#expectations\">Expectations</a>")
                .raw(page.charts().isEmpty() ? "" : "<a href=\"#charts\">Charts</a>")
                .raw("<a href=\"#configuration\">Configuration</a><a href=\"#source\">Scenario source</a></nav>\n");
        html.raw("<table class=\"sources\">\n<thead><tr><th>scenario</th><th>file</th><th>seed</th>")
                .raw("<th>scenario sha256</th></tr></thead>\n<tbody>\n");
        for (ReportPage.Source source : page.sources()) {
            html.raw("<tr>").element("td", "", source.scenario()).raw("<td><code>").escaped(source.file())
                    .raw("</code></td>").element("td", "num", Long.toString(source.seed()))
                    .raw("<td><code>").escaped(source.sha256()).raw("</code></td></tr>\n");
        }
        html.raw("</tbody>\n</table>\n<p>Reproduce with <code class=\"reproduce\">").escaped(page.reproduceCommand())
                .raw("</code> (simulator version ").escaped(page.simulatorVersion()).raw(").</p>\n</header>\n");
    }

    private static void metrics(Html html, ReportPage page) {
        if (page.seedRuns() != null) {
            seedMetrics(html, page);
            return;
        }
        html.raw("<section id=\"metrics\">\n<h2>Metrics</h2>\n")
                .raw("<p class=\"note\">Best value of each row highlighted: lowest, or highest for ")
                .raw("recordsProcessedUnique; none when every column has the same value or when no direction ")
                .raw("is better (recordsProduced, recordsProcessed, reconcilingTimeMs). ")
                .escaped(HumanUnits.NOTE + " " + Metric.rebalanceCountsNote()).raw("</p>\n");
        if (page.windowNote() != null) {
            html.raw("<p class=\"note\"><strong>").escaped(page.windowNote()).raw("</strong></p>\n");
        }
        metricsHeader(html, page);
        for (MetricsTable.Row row : MetricsTable.rows(page.results(), page.windowNote() == null)) {
            html.raw("<tr><th scope=\"row\">").escaped(row.metric()).raw("</th>").element("td", "", row.unit());
            for (int i = 0; i < row.values().size(); i++) {
                reading(html, row.best().get(i) ? "num best" : "num", row.values().get(i), "");
            }
            html.raw("</tr>\n");
        }
        html.raw("</tbody>\n</table>\n</section>\n");
    }

    /** A multi-seed run: median (range) per cell, the best median highlighted, overlapping ranges marked. */
    private static void seedMetrics(Html html, ReportPage page) {
        html.raw("<section id=\"metrics\">\n<h2>Metrics</h2>\n")
                .element("p", "note", SeedNotes.cells(page.seedRuns()) + " " + SeedNotes.best()
                        + " " + HumanUnits.NOTE + " " + Metric.rebalanceCountsNote()).raw("\n");
        metricsHeader(html, page);
        boolean overlaps = false;
        for (SpreadTable.Row row : SpreadTable.rows(page.seedRuns())) {
            html.raw("<tr><th scope=\"row\">").escaped(row.metric()).raw("</th>").element("td", "", row.unit());
            for (int i = 0; i < row.readings().size(); i++) {
                boolean best = row.best().get(i);
                boolean marked = best && row.rangesOverlap();
                overlaps |= marked;
                reading(html, best ? "num best" : "num", row.readings().get(i), marked ? SpreadTable.OVERLAP_MARK : "");
            }
            html.raw("</tr>\n");
        }
        html.raw("</tbody>\n</table>\n");
        if (overlaps) {
            html.element("p", "note", SpreadTable.OVERLAP_MARK + " " + SpreadTable.OVERLAP_NOTE + ": "
                    + SeedNotes.overlap()).raw("\n");
        }
        html.raw("</section>\n");
    }

    /**
     * A value's cell: its human reading and {@code mark}, then, where the reading rounds, the exact value
     * on a smaller line of its own, which a printed page keeps (a hover title would not).
     */
    private static void reading(Html html, String cssClass, HumanUnits.Reading reading, String mark) {
        html.raw("<td class=\"").raw(cssClass).raw("\">").escaped(reading.human() + mark);
        if (reading.rounded()) {
            html.raw("<span class=\"exact\">").escaped(reading.exact()).raw("</span>");
        }
        html.raw("</td>");
    }

    /** The table's head and its protocol row. */
    private static void metricsHeader(Html html, ReportPage page) {
        html.raw("<table class=\"metrics\">\n<thead><tr><th>metric</th><th>unit</th>");
        for (Column column : page.columns()) {
            html.element("th", "", column.name());
        }
        html.raw("</tr></thead>\n<tbody>\n<tr class=\"protocol\"><th scope=\"row\">protocol</th><td></td>");
        for (Column column : page.columns()) {
            html.element("td", "", column.result().protocol());
        }
        html.raw("</tr>\n");
    }

    private static void expectations(Html html, ReportPage page) {
        if (page.seedRuns() != null) {
            seedExpectations(html, page);
            return;
        }
        html.raw("<section id=\"expectations\">\n<h2>Expectations</h2>\n");
        if (page.columns().stream().allMatch(column -> column.result().expectations().isEmpty())) {
            html.raw("<p>The scenario has no expect: rules.</p>\n</section>\n");
            return;
        }
        html.raw("<table class=\"expectations\">\n<thead><tr><th>result</th><th>variant</th><th>metric</th>")
                .raw("<th>rule</th><th>actual</th></tr></thead>\n<tbody>\n");
        for (Column column : page.columns()) {
            for (ExpectationResult expectation : column.result().expectations()) {
                html.raw("<tr>").element("td", expectation.passed() ? "pass" : "fail",
                                expectation.passed() ? "PASS" : "FAIL")
                        .element("td", "", column.name()).element("td", "", expectation.metric())
                        .element("td", "", expectation.rule());
                reading(html, "num", HumanUnits.of(expectation.metric(), expectation.actual()), "");
                html.raw("</tr>\n");
            }
        }
        html.raw("</tbody>\n</table>\n</section>\n");
    }

    private static void seedExpectations(Html html, ReportPage page) {
        html.raw("<section id=\"expectations\">\n<h2>Expectations</h2>\n");
        List<SeedExpectations.Rule> rules = SeedExpectations.of(page.seedRuns());
        if (rules.isEmpty()) {
            html.raw("<p>The scenario has no expect: rules.</p>\n</section>\n");
            return;
        }
        html.raw("<table class=\"expectations\">\n<thead><tr><th>result</th><th>variant</th><th>metric</th>")
                .raw("<th>rule</th><th>seeds</th></tr></thead>\n<tbody>\n");
        for (SeedExpectations.Rule rule : rules) {
            html.raw("<tr>").element("td", rule.passed() ? "pass" : "fail", rule.passed() ? "PASS" : "FAIL")
                    .element("td", "", rule.variant()).element("td", "", rule.metric())
                    .element("td", "", rule.rule()).element("td", "", rule.outcome()).raw("</tr>\n");
        }
        html.raw("</tbody>\n</table>\n</section>\n");
    }

    private static void charts(Html html, ReportPage page) {
        if (page.charts().isEmpty()) {
            return;
        }
        html.raw("<section id=\"charts\">\n<h2>Charts</h2>\n");
        if (page.seedRuns() != null) {
            html.element("p", "note", SeedNotes.charts(page.seedRuns())).raw("\n");
        }
        for (ReportPage.ChartImage chart : page.charts()) {
            html.raw("<figure>\n<img src=\"data:image/png;base64,")
                    .raw(Base64.getEncoder().encodeToString(chart.png())).raw("\" alt=\"").escaped(chart.title())
                    .raw(String.format(Locale.ROOT, "\" width=\"%d\" height=\"%d\"/>\n",
                            chart.widthPx(), chart.heightPx()))
                    .element("figcaption", "", chart.title()).raw("\n</figure>\n");
        }
        html.raw("</section>\n");
    }

    private static void sources(Html html, ReportPage page) {
        html.raw("<section id=\"source\">\n<h2>Scenario source</h2>\n");
        for (ReportPage.Source source : page.sources()) {
            html.raw("<h3><code>").escaped(source.file()).raw("</code></h3>\n<pre><code>")
                    .escaped(source.yaml()).raw("</code></pre>\n");
        }
        html.raw("</section>\n");
    }
}
