package org.rebalancesim.report;

import java.util.List;
import java.util.Map;
import org.rebalancesim.metrics.registry.Metric;
import org.rebalancesim.metrics.SeedRuns;
import org.rebalancesim.metrics.VariantResult;

/**
 * metrics.csv: one row per variant and metric ({@value #HEADER}), values exactly as in result.json.
 * A tidy long table diffs line by line and loads straight into a spreadsheet or a data frame. Fields
 * are quoted as RFC 4180 says (only when they hold a comma, a quote or a line break); lines end in LF
 * so the file diffs cleanly in git.
 */
public final class CsvReport {

    public static final String HEADER = "variant,protocol,metric,unit,value";
    /** A multi-seed run's metrics.csv: every run, with its seed. */
    public static final String SEEDS_HEADER = "variant,protocol,seed,metric,unit,value";

    private CsvReport() {
    }

    public static String render(List<VariantResult> variants) {
        StringBuilder csv = new StringBuilder(HEADER).append('\n');
        for (VariantResult variant : variants) {
            for (Map.Entry<String, Number> metric : variant.metrics().entrySet()) {
                csv.append(field(variant.name())).append(',')
                        .append(field(variant.protocol())).append(',')
                        .append(field(metric.getKey())).append(',')
                        .append(field(Metric.unitOf(metric.getKey()))).append(',')
                        .append(field(ResultNumbers.text(metric.getValue()))).append('\n');
            }
        }
        return csv.toString();
    }

    /** Every run of every variant, variant by variant, each variant's runs in seed order. */
    public static String render(SeedRuns runs) {
        StringBuilder csv = new StringBuilder(SEEDS_HEADER).append('\n');
        for (int v = 0; v < runs.variantNames().size(); v++) {
            List<VariantResult> results = runs.variant(v);
            for (int s = 0; s < results.size(); s++) {
                VariantResult variant = results.get(s);
                for (Map.Entry<String, Number> metric : variant.metrics().entrySet()) {
                    csv.append(field(variant.name())).append(',')
                            .append(field(variant.protocol())).append(',')
                            .append(runs.seeds().get(s)).append(',')
                            .append(field(metric.getKey())).append(',')
                            .append(field(Metric.unitOf(metric.getKey()))).append(',')
                            .append(field(ResultNumbers.text(metric.getValue()))).append('\n');
                }
            }
        }
        return csv.toString();
    }

    /** RFC 4180: a field with a comma, a double quote or a line break is quoted, its quotes doubled. */
    static String field(String text) {
        if (text.contains(",") || text.contains("\"") || text.contains("\n") || text.contains("\r")) {
            return '"' + text.replace("\"", "\"\"") + '"';
        }
        return text;
    }
}
