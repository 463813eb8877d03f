package org.rebalancesim.report;

import java.util.ArrayList;
import java.util.List;
import org.rebalancesim.explain.VariantExplanation;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.SeedRuns;
import org.rebalancesim.metrics.VariantResult;
import org.rebalancesim.scenario.Scenario;
import org.rebalancesim.scenario.Variant;

/**
 * What summary.md and report.html show, as data: one or more scenario files, the variants compared
 * (one column each, the first is the one the others are diffed against, each with its story), and the
 * rendered charts.
 *
 * @param title            the scenario's name, or the name of a comparison
 * @param description      free text from the scenario, may be empty
 * @param sources          the scenario files the columns come from, in order of first use
 * @param columns          the compared variants, at least one
 * @param simulatorVersion the version that produced the results
 * @param reproduceCommand the command line that writes this report again
 * @param charts           the charts, in the order they are shown
 * @param seedRuns         a multi-seed run's every run (the columns hold each variant's typical run, the
 *                         one the charts show), or null for a page of one run per column
 */
public record ReportPage(String title, String description, List<Source> sources, List<Column> columns,
                         String simulatorVersion, String reproduceCommand, List<ChartImage> charts,
                         SeedRuns seedRuns) {

    /** A page of one run per column. */
    public ReportPage(String title, String description, List<Source> sources, List<Column> columns,
                      String simulatorVersion, String reproduceCommand, List<ChartImage> charts) {
        this(title, description, sources, columns, simulatorVersion, reproduceCommand, charts, null);
    }

    public ReportPage {
        sources = List.copyOf(sources);
        columns = List.copyOf(columns);
        charts = List.copyOf(charts);
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("a report needs at least one column");
        }
    }

    /**
     * One scenario file as it was run.
     *
     * @param scenario the scenario's name
     * @param file     the file as the user named it
     * @param yaml     the file's text
     */
    public record Source(String scenario, String description, String file, long seed, String sha256, String yaml) {
    }

    /**
     * One compared variant.
     *
     * @param name   the column's heading: the variant's name, or {@code <scenario>/<variant>} in a comparison
     * @param file   the scenario file it comes from
     * @param result the variant's result, named {@code name}
     * @param config every setting it ran with
     * @param story  its run told as {@code explain} tells it
     */
    public record Column(String name, String file, VariantResult result, EffectiveConfig config,
                         VariantExplanation story) {
    }

    /** A chart rendered for a report: its file stem ({@code stem.png}, {@code stem.svg}), caption, PNG and SVG. */
    public record ChartImage(String stem, String title, int widthPx, int heightPx, byte[] png, String svg) {
    }

    /**
     * The report of one {@code run} of a scenario: its variants are the columns.
     *
     * @param stories the run's explanations, one per variant in the run's order ({@code Explainer.explain})
     */
    public static ReportPage ofRun(RunResult result, Scenario scenario, List<VariantExplanation> stories, String yaml,
                                   String reproduceCommand, List<ChartImage> charts) {
        List<String> told = stories.stream().map(VariantExplanation::variant).toList();
        List<String> ran = result.variants().stream().map(VariantResult::name).toList();
        if (!told.equals(ran)) {
            throw new IllegalArgumentException("the stories of " + told + " for a run of " + ran);
        }
        List<Column> columns = new ArrayList<>();
        for (int i = 0; i < stories.size(); i++) {
            VariantResult variant = result.variants().get(i);
            Variant config = scenario.variant(variant.name()).orElseThrow(() -> new IllegalArgumentException("no variant " + variant.name()
                            + " in " + scenario.name()));
            columns.add(new Column(variant.name(), scenario.sourceFile(), variant, EffectiveConfig.of(config),
                    stories.get(i)));
        }
        Source source = new Source(scenario.name(), scenario.description(), scenario.sourceFile(), result.seed(),
                result.scenarioSha256(), yaml);
        return new ReportPage(result.scenario(), scenario.description(), List.of(source), columns,
                result.simulatorVersion(), reproduceCommand, charts);
    }

    /**
     * The report of {@code run --seeds}: the columns are each variant's typical run (the charts and the
     * stories show it), the tables read every run from {@code runs}.
     *
     * @param stories the typical runs' explanations, one per variant
     */
    public static ReportPage ofSeeds(SeedRuns runs, Scenario scenario, List<VariantExplanation> stories, String yaml,
                                     String reproduceCommand, List<ChartImage> charts) {
        ReportPage typical = ofRun(runs.typical(), scenario, stories, yaml, reproduceCommand, charts);
        return new ReportPage(typical.title(), typical.description(), typical.sources(), typical.columns(),
                typical.simulatorVersion(), reproduceCommand, charts, runs);
    }

    public List<VariantResult> results() {
        List<VariantResult> results = new ArrayList<>();
        columns.forEach(column -> results.add(column.result()));
        return results;
    }

    public List<EffectiveConfig> configs() {
        List<EffectiveConfig> configs = new ArrayList<>();
        columns.forEach(column -> configs.add(column.config()));
        return configs;
    }

    /**
     * Where the columns measured over different windows (duration, measure.from, measure.to), one line per
     * setting that differs, naming each column's value: times, counts and totals of different windows are not
     * like for like, so no best is marked then. Empty when every column has the same window.
     */
    public List<String> windowDifferences() {
        List<String> differences = new ArrayList<>();
        for (String key : List.of("duration", "measure.from", "measure.to")) {
            if (columns.stream().map(column -> column.config().valueOf(key)).distinct().count() > 1) {
                differences.add(key + ": " + String.join(", ", columns.stream()
                        .map(column -> column.config().valueOf(key) + " (" + column.name() + ")").toList()));
            }
        }
        return differences;
    }

    /** The note a report gives when the windows differ, or null when they do not. */
    public String windowNote() {
        List<String> differences = windowDifferences();
        return differences.isEmpty() ? null : "The columns measured different windows (" + String.join("; ",
                differences) + "): their times, counts and totals are not like for like, so no best is marked.";
    }
}
