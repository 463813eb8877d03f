package org.rebalancesim.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.metrics.ExpectationResult;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.SeedRuns;
import org.rebalancesim.metrics.VariantResult;

/** The terminal table: one column per variant, one row per metric, units shown, then the expectations. */
public final class TextReport {

    private TextReport() {
    }

    public static String render(RunResult run) {
        return String.format(Locale.ROOT, "%s (seed %d)%n", run.scenario(), run.seed()) + table(run.variants());
    }

    /**
     * A multi-seed run: per variant the median and range of each metric over the seeds
     * ({@link SpreadTable}), then each rule with the seeds it failed in.
     */
    public static String render(SeedRuns runs) {
        RunResult first = runs.first();
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%s (%s)%n", first.scenario(),
                SpreadTable.legend(runs)));
        List<String[]> rows = new ArrayList<>();
        rows.add(header(first.variants()));
        rows.add(protocols(first.variants()));
        boolean anyBest = false;
        boolean overlaps = false;
        for (SpreadTable.Row metric : SpreadTable.rows(runs)) {
            String[] row = new String[metric.cells().size() + 2];
            row[0] = metric.metric();
            row[1] = metric.unit();
            for (int i = 0; i < metric.cells().size(); i++) {
                String cell = metric.cells().get(i).isEmpty() ? "-" : metric.cells().get(i);
                boolean marked = metric.best().get(i);
                row[i + 2] = cell + (marked ? " *" : "") + (marked && metric.rangesOverlap() ? SpreadTable.OVERLAP_MARK : "");
                anyBest |= marked;
                overlaps |= marked && metric.rangesOverlap();
            }
            rows.add(row);
        }
        TextColumns.append(out, rows, c -> c >= 2);
        if (anyBest) {
            out.append("* best median").append(overlaps ? "; " + SpreadTable.OVERLAP_MARK + " " + SpreadTable.OVERLAP_NOTE
                    : "").append(String.format(Locale.ROOT, "%n"));
        }
        for (SeedExpectations.Rule rule : SeedExpectations.of(runs)) {
            out.append(String.format(Locale.ROOT, "%s  %s: %s %s (%s)%n", rule.passed() ? "PASS" : "FAIL",
                    rule.variant(), rule.metric(), rule.rule(), rule.outcome()));
        }
        return out.toString();
    }

    private static String[] header(List<VariantResult> variants) {
        String[] header = new String[variants.size() + 2];
        header[0] = "metric";
        header[1] = "unit";
        for (int i = 0; i < variants.size(); i++) {
            header[i + 2] = variants.get(i).name();
        }
        return header;
    }

    private static String[] protocols(List<VariantResult> variants) {
        String[] protocol = new String[variants.size() + 2];
        protocol[0] = "protocol";
        protocol[1] = "";
        for (int i = 0; i < variants.size(); i++) {
            protocol[i + 2] = variants.get(i).protocol();
        }
        return protocol;
    }

    /** The metrics table of {@code variants} (one column each) and their expectations, without a title. */
    public static String table(List<VariantResult> variants) {
        StringBuilder out = new StringBuilder();
        List<String[]> rows = new ArrayList<>();
        rows.add(header(variants));
        rows.add(protocols(variants));
        for (String metric : variants.get(0).metrics().keySet()) {
            String[] row = new String[variants.size() + 2];
            row[0] = metric;
            row[1] = Metric.unitOf(metric);
            for (int i = 0; i < variants.size(); i++) {
                row[i + 2] = format(variants.get(i).metrics().get(metric));
            }
            rows.add(row);
        }
        TextColumns.append(out, rows, c -> c >= 2);
        appendExpectations(out, variants);
        return out.toString();
    }

    private static String format(Number value) {
        if (value == null) {
            return "-";
        }
        if (value instanceof Double d) {
            return String.format(Locale.ROOT, "%.1f", d);
        }
        return String.format(Locale.ROOT, "%d", value.longValue());
    }

    private static void appendExpectations(StringBuilder out, List<VariantResult> variants) {
        for (VariantResult variant : variants) {
            for (ExpectationResult expectation : variant.expectations()) {
                out.append(String.format(Locale.ROOT, "%s  %s: %s %s (actual %s)%n",
                        expectation.passed() ? "PASS" : "FAIL", variant.name(), expectation.metric(),
                        expectation.rule(), format(expectation.actual())));
            }
        }
    }
}
