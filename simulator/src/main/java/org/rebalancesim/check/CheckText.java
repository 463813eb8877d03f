package org.rebalancesim.check;

import java.util.List;
import java.util.Locale;
import org.rebalancesim.metrics.ExpectationResult;
import org.rebalancesim.metrics.registry.Metric;

/** The terminal output of {@code check}: a line per scenario × variant, then notices and failures. */
public final class CheckText {

    static final String MISSING_BASELINE = "no baseline for this variant: run check --update-baseline and commit the "
            + "baseline file, or drop --require-baseline";

    private CheckText() {
    }

    public static String render(List<ScenarioCheck> checks) {
        StringBuilder out = new StringBuilder();
        int width = checks.stream().flatMap(c -> c.variants().stream())
                .mapToInt(v -> label(v).length()).max().orElse(0);
        for (ScenarioCheck check : checks) {
            for (VariantCheck variant : check.variants()) {
                String line = String.format(Locale.ROOT, "%-8s  %-" + width + "s%s",
                        variant.status().name().toLowerCase(Locale.ROOT), label(variant), aside(variant));
                out.append(line.stripTrailing()).append('\n');
            }
        }
        appendNotices(out, checks);
        appendFailures(out, checks);
        out.append(summary(checks)).append('\n');
        return out.toString();
    }

    static String label(VariantCheck variant) {
        return variant.scenario() + " / " + variant.variant();
    }

    private static String aside(VariantCheck variant) {
        return switch (variant.status()) {
            case NEW -> "  (no baseline yet)";
            case MISSING -> "  (no baseline, and --require-baseline)";
            case IMPROVED -> "  (" + String.join(", ", variant.improvements().stream().map(CheckText::change).toList()) + ")";
            default -> "";
        };
    }

    private static void appendNotices(StringBuilder out, List<ScenarioCheck> checks) {
        for (ScenarioCheck check : checks) {
            for (String notice : check.notices()) {
                out.append("note: ").append(check.file()).append(": ").append(notice).append('\n');
            }
        }
    }

    private static void appendFailures(StringBuilder out, List<ScenarioCheck> checks) {
        boolean header = false;
        for (ScenarioCheck check : checks) {
            for (VariantCheck variant : check.variants()) {
                if (variant.status() != VariantCheck.Status.FAIL && variant.status() != VariantCheck.Status.MISSING) {
                    continue;
                }
                if (!header) {
                    out.append("\nfailures:\n");
                    header = true;
                }
                for (ExpectationResult rule : variant.failedExpectations()) {
                    out.append("  ").append(label(variant)).append(": ").append(expectationFailure(rule)).append('\n');
                }
                for (MetricCheck metric : variant.regressions()) {
                    out.append("  ").append(label(variant)).append(": ").append(regression(metric)).append('\n');
                }
                if (variant.status() == VariantCheck.Status.MISSING) {
                    out.append("  ").append(label(variant)).append(": ").append(MISSING_BASELINE).append('\n');
                }
            }
        }
        if (header) {
            out.append('\n');
        }
    }

    static String expectationFailure(ExpectationResult rule) {
        return "expect " + rule.metric() + " " + rule.rule() + " failed: actual "
                + (rule.actual() == null ? "none" : number(rule.actual().doubleValue()));
    }

    /**
     * "stopTheWorldMs got worse: baseline 1637035, actual 1800000, change +162965 (+9.9%), tolerance 5%";
     * over seeds, the means and the bound: "..., tolerance 0 count; mean of 20 seeds, worse by at least
     * 0.3 (one-sided 95% bound)".
     */
    static String regression(MetricCheck metric) {
        String line = metric.metric() + " got worse: baseline " + number(metric.baseline()) + ", actual "
                + number(metric.actual()) + ", change " + signedChange(metric) + ", tolerance " + metric.tolerance()
                + unitSuffix(metric);
        if (metric.seeds() == 1 && metric.uncertainty() == 0) {
            return line;
        }
        return line + "; mean of " + metric.seeds() + " seed" + (metric.seeds() == 1 ? "" : "s")
                + ", worse by at least " + number(metric.worseBy() - metric.uncertainty()) + " (one-sided 95% bound)";
    }

    static String change(MetricCheck metric) {
        return metric.metric() + " " + number(metric.baseline()) + " → " + number(metric.actual())
                + (Double.isNaN(metric.changePercent()) ? ""
                : String.format(Locale.ROOT, ", %+.1f%%", metric.changePercent()));
    }

    private static String signedChange(MetricCheck metric) {
        double change = metric.actual() - metric.baseline();
        String absolute = (change >= 0 ? "+" : "") + number(change);
        return Double.isNaN(metric.changePercent()) ? absolute + " (from 0)"
                : absolute + String.format(Locale.ROOT, " (%+.1f%%)", metric.changePercent());
    }

    private static String unitSuffix(MetricCheck metric) {
        return metric.tolerance().percent() ? "" : " " + Metric.unitOf(metric.metric());
    }

    private static String summary(List<ScenarioCheck> checks) {
        long total = checks.stream().mapToLong(c -> c.variants().size()).sum();
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%d scenario%s, %d variant%s:",
                checks.size(), checks.size() == 1 ? "" : "s", total, total == 1 ? "" : "s"));
        for (VariantCheck.Status status : VariantCheck.Status.values()) {
            long count = checks.stream().flatMap(c -> c.variants().stream()).filter(v -> v.status() == status).count();
            if (status == VariantCheck.Status.MISSING && count == 0) {
                continue; // only said when baselines are required and some are missing
            }
            out.append(String.format(Locale.ROOT, " %d %s,", count, status.name().toLowerCase(Locale.ROOT)));
        }
        out.setLength(out.length() - 1);
        return out.toString();
    }

    static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value)
                : String.format(Locale.ROOT, "%.3f", value);
    }
}
