package org.rebalancesim.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rebalancesim.scenario.Setting;
import org.rebalancesim.sweep.SweepPlan;
import org.rebalancesim.sweep.SweepResult;
import org.rebalancesim.sweep.Summary;

/**
 * The terminal's view of a sweep: one row per cell and variant, the swept values first, then for
 * each chosen metric its mean ± the 95% confidence half-width and its p95, then how many runs met
 * every expect: rule. The files hold everything else.
 */
public final class SweepTable {

    private SweepTable() {
    }

    public static String render(SweepResult result, List<String> metrics) {
        SweepPlan plan = result.plan();
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%s sweep: %d cell%s x %d variant%s x %d seed%s (%d..%d) = %d runs%n",
                plan.base().name(), plan.cells().size(), plural(plan.cells().size()), plan.variants().size(),
                plural(plan.variants().size()), plan.seeds(), plural(plan.seeds()), plan.firstSeed(), plan.lastSeed(),
                plan.runCount()));
        List<String[]> rows = new ArrayList<>();
        rows.add(header(plan, metrics));
        for (SweepResult.CellResult cell : result.cells()) {
            for (SweepResult.VariantStatistics variant : cell.variants()) {
                rows.add(row(cell, variant, metrics));
            }
        }
        int textColumns = plan.parameters().size() + 1;
        TextColumns.append(out, rows, c -> c >= textColumns);
        return out.toString();
    }

    private static String[] header(SweepPlan plan, List<String> metrics) {
        List<String> header = new ArrayList<>();
        plan.parameters().forEach(p -> header.add(p.key().key()));
        header.add("variant");
        for (String metric : metrics) {
            header.add(metric + " mean ± 95% CI");
            header.add("p95");
        }
        header.add("expect");
        return header.toArray(String[]::new);
    }

    private static String[] row(SweepResult.CellResult cell, SweepResult.VariantStatistics variant,
                                List<String> metrics) {
        List<String> row = new ArrayList<>();
        cell.cell().settings().stream().map(Setting::text).forEach(row::add);
        row.add(variant.variant());
        for (String metric : metrics) {
            Summary summary = variant.metrics().get(metric);
            Double halfWidth = summary.ci95HalfWidth();
            row.add(compact(summary.mean()) + (halfWidth == null ? "" : " ± " + compact(halfWidth)));
            row.add(compact(summary.p95()));
        }
        row.add(variant.rules() == 0 ? "-" : variant.runsMeetingAll() + "/" + summary(variant).n());
        return row.toArray(String[]::new);
    }

    private static Summary summary(SweepResult.VariantStatistics variant) {
        return variant.metrics().values().iterator().next();
    }

    /** Whole numbers as such, else no decimal from 1000 up, one from 10, two below: enough to compare. */
    static String compact(double value) {
        double magnitude = Math.abs(value);
        boolean whole = value == Math.rint(value);
        String pattern = whole || magnitude >= 1000 ? "%.0f" : magnitude >= 10 ? "%.1f" : "%.2f";
        return String.format(Locale.ROOT, pattern, value);
    }

    private static String plural(int count) {
        return count == 1 ? "" : "s";
    }
}
