package org.rebalancesim.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.explain.Explainer;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.report.ConfigDiff;
import org.rebalancesim.report.EffectiveConfig;
import org.rebalancesim.report.JsonReport;
import org.rebalancesim.report.ReportFiles;
import org.rebalancesim.report.ReportPage;
import org.rebalancesim.report.TextReport;
import org.rebalancesim.report.chart.RunCharts;
import org.rebalancesim.run.Version;
import org.rebalancesim.scenario.Scenario;

/** The results of a comparison as a report page (charts included) and as the text the terminal shows. */
final class CompareReport {

    private final ReportPage page;
    private final RunResult combined;

    /**
     * @param sources   the text of each of {@code plan.scenarios()}, in that order
     * @param assignors the run's: each column's story is told under the protocol its run had
     */
    CompareReport(ComparePlan plan, List<VariantResult> results, List<String> sources, String reproduceCommand,
                  Assignors assignors) {
        List<Scenario> scenarios = plan.scenarios();
        Scenario first = scenarios.get(0);
        String title = results.stream().map(VariantResult::name).collect(Collectors.joining(" vs "));
        // One result whose variants are the columns: what the charts are drawn from.
        this.combined = new RunResult(title, first.sourceFile(), first.seed(), Version.current(), first.sha256(),
                results);
        List<ReportPage.Source> pageSources = new ArrayList<>();
        for (int i = 0; i < scenarios.size(); i++) {
            Scenario scenario = scenarios.get(i);
            pageSources.add(new ReportPage.Source(scenario.name(), scenario.description(), scenario.sourceFile(),
                    scenario.seed(), scenario.sha256(), sources.get(i)));
        }
        List<ReportPage.Column> columns = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            ComparePlan.Column column = plan.columns().get(i);
            columns.add(new ReportPage.Column(column.name(), column.scenario().sourceFile(), results.get(i),
                    EffectiveConfig.of(column.variant()), Explainer.explain(results.get(i), column.variant(), assignors)));
        }
        this.page = new ReportPage(title, description(scenarios), pageSources, columns, Version.current(),
                reproduceCommand, ReportFiles.render(RunCharts.of(combined)));
    }

    /** The variant's result under its column's name (charts and tables label it so). */
    static VariantResult renamed(VariantResult result, String name) {
        return new VariantResult(name, result.protocol(), result.metrics(), result.members(), result.expectations(),
                result.series(), result.eventsSimulated());
    }

    /** One scenario's description as it is; several as "name: description", one after the other. */
    private static String description(List<Scenario> scenarios) {
        if (scenarios.size() == 1) {
            return scenarios.get(0).description();
        }
        return scenarios.stream().filter(s -> !s.description().isBlank())
                .map(s -> s.name() + ": " + s.description().strip()).collect(Collectors.joining("; "));
    }

    Map<String, byte[]> files() {
        return ReportFiles.render(page);
    }

    /**
     * The columns as {@code run --format json} prints a run: one variant per column, named as the column. It
     * carries each column's own scenario file, seed and measure window only in its configuration, as the text
     * does; the top level is the first column's.
     */
    String json() {
        return JsonReport.render(combined);
    }

    /** The sources with their seeds, the metrics table, the expectations and the configuration differences. */
    String terminalText() {
        StringBuilder text = new StringBuilder("compare: ").append(page.title()).append('\n');
        for (ReportPage.Source source : page.sources()) {
            text.append(String.format(Locale.ROOT, "  %s (%s, seed %d)\n", source.file(), source.scenario(),
                    source.seed()));
        }
        text.append(TextReport.table(combined.variants())).append('\n');
        if (page.windowNote() != null) {
            text.append("note: ").append(page.windowNote()).append("\n\n");
        }
        ReportPage.Column first = page.columns().get(0);
        text.append("configuration differences against ").append(first.name()).append(":\n");
        for (ReportPage.Column column : page.columns().subList(1, page.columns().size())) {
            List<String> lines = ConfigDiff.lines(first.config(), column.config());
            text.append("  ").append(column.name()).append(lines.isEmpty() ? ": same configuration\n" : ":\n");
            lines.forEach(line -> text.append("    ").append(line).append('\n'));
        }
        return text.append('\n').toString();
    }
}
