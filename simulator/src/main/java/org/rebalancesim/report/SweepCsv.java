package org.rebalancesim.report;

import java.util.ArrayList;
import java.util.List;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.scenario.Setting;
import org.rebalancesim.sweep.RunOutcome;
import org.rebalancesim.sweep.SweepCell;
import org.rebalancesim.sweep.SweepParameter;
import org.rebalancesim.sweep.SweepPlan;
import org.rebalancesim.sweep.SweepResult;
import org.rebalancesim.sweep.Summary;

/**
 * The sweep as CSV (RFC 4180, comma-separated, "\n" line ends), one column per swept key first:
 * sweep.csv has a row per cell × variant × metric with its statistics, runs.csv a row per run with
 * its seed and every metric, so any run can be found and run again alone.
 */
public final class SweepCsv {

    private SweepCsv() {
    }

    /** sweep.csv: KEY..., variant, metric, unit, n, mean, median, p95, min, max, sd, ci95Low, ci95High, firstSeed, lastSeed. */
    public static String statistics(SweepResult result) {
        SweepPlan plan = result.plan();
        List<String> header = keys(plan);
        header.addAll(List.of("variant", "metric", "unit", "n", "mean", "median", "p95", "min", "max", "sd",
                "ci95Low", "ci95High", "firstSeed", "lastSeed"));
        StringBuilder csv = new StringBuilder();
        line(csv, header);
        for (SweepResult.CellResult cell : result.cells()) {
            for (SweepResult.VariantStatistics variant : cell.variants()) {
                variant.metrics().forEach((metric, summary) -> {
                    List<String> row = values(cell.cell());
                    row.addAll(List.of(variant.variant(), metric, Metric.unitOf(metric)));
                    row.addAll(statistics(summary));
                    row.addAll(List.of(Long.toString(plan.firstSeed()), Long.toString(plan.lastSeed())));
                    line(csv, row);
                });
            }
        }
        return csv.toString();
    }

    /** runs.csv: KEY..., variant, seed, then every metric by name. */
    public static String runs(SweepResult result) {
        SweepPlan plan = result.plan();
        List<String> header = keys(plan);
        header.addAll(List.of("variant", "seed"));
        header.addAll(result.metricNames());
        StringBuilder csv = new StringBuilder();
        line(csv, header);
        for (int i = 0; i < plan.runCount(); i++) {
            SweepPlan.RunId run = plan.run(i);
            List<String> row = values(run.cell());
            row.addAll(List.of(run.variant(), Long.toString(run.seed())));
            RunOutcome outcome = result.runs().get(i);
            for (double value : outcome.values()) {
                row.add(Decimals.text(value));
            }
            line(csv, row);
        }
        return csv.toString();
    }

    private static List<String> statistics(Summary s) {
        return new ArrayList<>(List.of(Integer.toString(s.n()), Decimals.text(s.mean()), Decimals.text(s.median()),
                Decimals.text(s.p95()), Decimals.text(s.min()), Decimals.text(s.max()),
                Decimals.text(s.standardDeviation()), Decimals.text(s.ci95Low()), Decimals.text(s.ci95High())));
    }

    private static List<String> keys(SweepPlan plan) {
        List<String> keys = new ArrayList<>();
        for (SweepParameter parameter : plan.parameters()) {
            keys.add(parameter.key().key());
        }
        return keys;
    }

    private static List<String> values(SweepCell cell) {
        List<String> values = new ArrayList<>();
        for (Setting setting : cell.settings()) {
            values.add(setting.text());
        }
        return values;
    }

    private static void line(StringBuilder csv, List<String> fields) {
        for (int i = 0; i < fields.size(); i++) {
            csv.append(i == 0 ? "" : ",").append(quoted(fields.get(i)));
        }
        csv.append('\n');
    }

    /** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
    static String quoted(String field) {
        boolean plain = field.chars().noneMatch(c -> c == ',' || c == '"' || c == '\n' || c == '\r');
        return plain ? field : "\"" + field.replace("\"", "\"\"") + "\"";
    }
}
