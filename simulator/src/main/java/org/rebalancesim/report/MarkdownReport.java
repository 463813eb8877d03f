package org.rebalancesim.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.rebalancesim.explain.HelpedText;
import org.rebalancesim.metrics.ExpectationResult;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.report.ReportPage.Column;

/**
 * summary.md: the report for a pull request or a README, rendered well by GitHub. Everything the
 * user wrote is escaped ({@link MarkdownText}); the charts are relative links to the PNG files
 * written beside it.
 */
public final class MarkdownReport {

    private MarkdownReport() {
    }

    public static String render(ReportPage page) {
        StringBuilder md = new StringBuilder();
        md.append("# ").append(MarkdownText.text(page.title())).append("\n\n");
        if (!page.description().isBlank()) {
            md.append(MarkdownText.paragraph(page.description())).append("\n\n");
        }
        sources(md, page);
        metrics(md, page);
        helped(md, page);
        expectations(md, page);
        configDifferences(md, page);
        anchoredEntries(md, page);
        charts(md, page);
        return md.toString();
    }

    private static void sources(StringBuilder md, ReportPage page) {
        md.append("| scenario | file | seed | sha256 |\n| --- | --- | ---: | --- |\n");
        for (ReportPage.Source source : page.sources()) {
            md.append(row(MarkdownText.text(source.scenario()), MarkdownText.text(source.file()),
                    Long.toString(source.seed()), source.sha256()));
        }
        md.append("\nSimulator version ").append(MarkdownText.text(page.simulatorVersion()))
                .append(". Reproduce with:\n\n").append(MarkdownText.codeBlock("sh", page.reproduceCommand()))
                .append('\n');
    }

    private static void metrics(StringBuilder md, ReportPage page) {
        if (page.seedRuns() != null) {
            seedMetrics(md, page);
            return;
        }
        md.append("## Metrics\n\n");
        md.append("Best value of each row in **bold**: lowest, or highest for recordsProcessedUnique; none when every "
                + "column has the same value or when no direction is better (recordsProduced, recordsProcessed, "
                + "reconcilingTimeMs). " + HumanUnits.NOTE + " "
                + Metric.rebalanceCountsNote() + "\n\n");
        if (page.windowNote() != null) {
            md.append("**").append(page.windowNote()).append("**\n\n");
        }
        metricsHeader(md, page);
        for (MetricsTable.Row metric : MetricsTable.rows(page.results(), page.windowNote() == null)) {
            List<String> cells = new ArrayList<>(List.of(metric.metric(), metric.unit()));
            for (int i = 0; i < metric.values().size(); i++) {
                String value = cell(metric.values().get(i));
                cells.add(metric.best().get(i) ? "**" + value + "**" : value);
            }
            md.append(row(cells));
        }
        md.append('\n');
    }

    /** The metrics table's head: the column names, the alignment row and the protocol row. */
    private static void metricsHeader(StringBuilder md, ReportPage page) {
        List<String> header = new ArrayList<>(List.of("metric", "unit"));
        List<String> align = new ArrayList<>(List.of("---", "---"));
        List<String> protocols = new ArrayList<>(List.of("protocol", ""));
        for (Column column : page.columns()) {
            header.add(MarkdownText.text(column.name()));
            align.add("---:");
            protocols.add(MarkdownText.text(column.result().protocol()));
        }
        md.append(row(header)).append(row(align)).append(row(protocols));
    }

    /** A multi-seed run: median (range) per cell, the best median in bold, overlapping ranges marked. */
    private static void seedMetrics(StringBuilder md, ReportPage page) {
        md.append("## Metrics\n\n").append(MarkdownText.text(SeedNotes.cells(page.seedRuns()))).append(' ')
                .append(MarkdownText.text(SeedNotes.best())).append(' ').append(HumanUnits.NOTE).append(' ')
                .append(Metric.rebalanceCountsNote()).append("\n\n");
        metricsHeader(md, page);
        boolean overlaps = false;
        for (SpreadTable.Row metric : SpreadTable.rows(page.seedRuns())) {
            List<String> cells = new ArrayList<>(List.of(metric.metric(), metric.unit()));
            for (int i = 0; i < metric.readings().size(); i++) {
                String value = cell(metric.readings().get(i));
                boolean best = metric.best().get(i);
                boolean marked = best && metric.rangesOverlap();
                overlaps |= marked;
                cells.add((best ? "**" + value + "**" : value) + (marked ? SpreadTable.OVERLAP_MARK : ""));
            }
            md.append(row(cells));
        }
        md.append('\n');
        if (overlaps) {
            md.append(SpreadTable.OVERLAP_MARK).append(' ').append(SpreadTable.OVERLAP_NOTE).append(": ")
                    .append(MarkdownText.text(SeedNotes.overlap())).append("\n\n");
        }
    }

    /** Per column, the settings its story says would have helped (report.html has the same list). */
    private static void helped(StringBuilder md, ReportPage page) {
        md.append("## ").append(HelpedText.HEADING).append("\n\n").append(MarkdownText.text(HelpedText.NOTE))
                .append("\n\n");
        for (Column column : page.columns()) {
            md.append("### ").append(MarkdownText.text(column.name())).append("\n\n");
            List<String> helped = column.story().helped();
            if (helped.isEmpty()) {
                md.append(MarkdownText.text(HelpedText.NOTHING)).append("\n\n");
                continue;
            }
            helped.forEach(item -> md.append("- ").append(MarkdownText.text(item)).append('\n'));
            md.append('\n');
        }
    }

    private static void expectations(StringBuilder md, ReportPage page) {
        if (page.seedRuns() != null) {
            seedExpectations(md, page);
            return;
        }
        md.append("## Expectations\n\n");
        List<String> rows = new ArrayList<>();
        for (Column column : page.columns()) {
            for (ExpectationResult expectation : column.result().expectations()) {
                rows.add(row(expectation.passed() ? "PASS" : "**FAIL**", MarkdownText.text(column.name()),
                        MarkdownText.text(expectation.metric()), MarkdownText.text(expectation.rule()),
                        cell(HumanUnits.of(expectation.metric(), expectation.actual()))));
            }
        }
        if (rows.isEmpty()) {
            md.append("The scenario has no expect: rules.\n\n");
            return;
        }
        md.append("| result | variant | metric | rule | actual |\n| --- | --- | --- | --- | ---: |\n");
        rows.forEach(md::append);
        md.append('\n');
    }

    private static void seedExpectations(StringBuilder md, ReportPage page) {
        md.append("## Expectations\n\n");
        List<SeedExpectations.Rule> rules = SeedExpectations.of(page.seedRuns());
        if (rules.isEmpty()) {
            md.append("The scenario has no expect: rules.\n\n");
            return;
        }
        md.append("| result | variant | metric | rule | seeds |\n| --- | --- | --- | --- | --- |\n");
        for (SeedExpectations.Rule rule : rules) {
            md.append(row(rule.passed() ? "PASS" : "**FAIL**", MarkdownText.text(rule.variant()),
                    MarkdownText.text(rule.metric()), MarkdownText.text(rule.rule()), rule.outcome()));
        }
        md.append('\n');
    }

    private static void configDifferences(StringBuilder md, ReportPage page) {
        md.append("## Configuration differences\n\n");
        Column first = page.columns().get(0);
        if (page.columns().size() == 1) {
            md.append("One variant, nothing to compare; report.html lists its whole configuration.\n\n");
            return;
        }
        md.append("Each column against ").append(MarkdownText.text(first.name()))
                .append(" (the first), defaults included; report.html lists every setting.\n\n");
        for (Column column : page.columns().subList(1, page.columns().size())) {
            List<String> lines = ConfigDiff.lines(first.config(), column.config());
            md.append("### ").append(MarkdownText.text(column.name())).append("\n\n");
            if (lines.isEmpty()) {
                md.append("Same configuration as ").append(MarkdownText.text(first.name())).append(".\n\n");
            } else {
                md.append(MarkdownText.codeBlock("text", String.join("\n", lines))).append('\n');
            }
        }
    }

    private static void anchoredEntries(StringBuilder md, ReportPage page) {
        Map<String, List<String>> byColumn = AnchoredEntries.of(page);
        if (byColumn.isEmpty()) {
            return;
        }
        md.append("## ").append(AnchoredEntries.HEADING).append("\n\n");
        byColumn.forEach((column, lines) -> md.append("### ").append(MarkdownText.text(column)).append("\n\n")
                .append(MarkdownText.codeBlock("text", String.join("\n", lines))).append('\n'));
    }

    private static void charts(StringBuilder md, ReportPage page) {
        if (page.charts().isEmpty()) {
            return;
        }
        md.append("## Charts\n\n");
        if (page.seedRuns() != null) {
            md.append(MarkdownText.text(SeedNotes.charts(page.seedRuns()))).append("\n\n");
        }
        for (ReportPage.ChartImage chart : page.charts()) {
            String title = MarkdownText.text(chart.title());
            md.append("### ").append(title).append("\n\n")
                    .append("![").append(title).append("](").append(chart.stem()).append(".png)\n\n")
                    .append("[SVG](").append(chart.stem()).append(".svg)\n\n");
        }
    }

    /** A value in human units, then its exact value in square brackets where that rounds: "28 min [1,680,000 ms]". */
    private static String cell(HumanUnits.Reading reading) {
        return reading.rounded() ? reading.human() + " [" + reading.exact() + "]" : reading.human();
    }

    private static String row(String... cells) {
        return row(List.of(cells));
    }

    private static String row(List<String> cells) {
        return "| " + String.join(" | ", cells) + " |\n";
    }
}
