package org.rebalancesim.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.metrics.ExpectationResult;
import org.rebalancesim.metrics.RunResult;
import org.rebalancesim.metrics.VariantResult;

/** The terminal table: one column per variant, one row per metric, units shown, then the expectations. */
public final class TextReport {

    private TextReport() {
    }

    public static String render(RunResult run) {
        return String.format(Locale.ROOT, "%s (seed %d)%n", run.scenario(), run.seed()) + table(run.variants());
    }

    /** The metrics table of {@code variants} (one column each) and their expectations, without a title. */
    public static String table(List<VariantResult> variants) {
        StringBuilder out = new StringBuilder();
        List<String[]> rows = new ArrayList<>();
        String[] header = new String[variants.size() + 2];
        header[0] = "metric";
        header[1] = "unit";
        for (int i = 0; i < variants.size(); i++) {
            header[i + 2] = variants.get(i).name();
        }
        rows.add(header);
        String[] protocol = new String[variants.size() + 2];
        protocol[0] = "protocol";
        protocol[1] = "";
        for (int i = 0; i < variants.size(); i++) {
            protocol[i + 2] = variants.get(i).protocol();
        }
        rows.add(protocol);
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
