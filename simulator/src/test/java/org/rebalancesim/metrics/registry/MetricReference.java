package org.rebalancesim.metrics.registry;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The metric reference as Markdown, rendered from the registry: the tables of docs/metrics.md and
 * the README's table of what is measured. Kept with the tests, which check that the committed
 * files match it.
 */
final class MetricReference {

    private MetricReference() {
    }

    /** docs/metrics.md's reference: per section, every metric; then the causes and the calibration rules. */
    static String docsTables() {
        StringBuilder md = new StringBuilder();
        for (Section section : Section.values()) {
            md.append("### ").append(section.title()).append("\n\n")
                    .append("| metric | unit | better | calibrate | meaning | measured on real Kafka from |\n")
                    .append("| --- | --- | --- | --- | --- | --- |\n");
            for (Metric metric : Metric.inReportOrder()) {
                if (metric.section() == section) {
                    md.append(row(code(metric.displayName()), metric.unit().text(), metric.direction().text(),
                            metric.calibration().label(), metric.meaning(), metric.measured()));
                }
            }
            md.append('\n');
            if (section == Metric.DOWNTIME_BY_CAUSE.section()) {
                md.append(causes());
            }
        }
        md.append("### Calibration rules\n\n")
                .append("How `calibrate` judges a simulated value against the measured runs (medians, and ranges when ")
                .append("both sides have a spread):\n\n");
        for (Calibration rule : Calibration.values()) {
            md.append("- **").append(rule.label()).append("**: ").append(rule.rule()).append(".\n");
        }
        return md.toString();
    }

    private static String causes() {
        StringBuilder md = new StringBuilder("The members of `" + Metric.DOWNTIME_BY_CAUSE.displayName()
                + "`, in report order:\n\n| metric | the partition was down because |\n| --- | --- |\n");
        for (DowntimeCause cause : DowntimeCause.values()) {
            md.append(row(code(Metric.DOWNTIME_BY_CAUSE.memberName(cause.key())), cause.meaning()));
        }
        return md.append('\n').toString();
    }

    /** The README's table: every metric in report order, a family in one row that names its members. */
    static String readmeTable() {
        StringBuilder md = new StringBuilder("| metric | unit | meaning |\n| --- | --- | --- |\n");
        for (Metric metric : Metric.inReportOrder()) {
            String meaning = metric.isFamily()
                    ? metric.meaning() + ": " + metric.members().stream().map(MetricReference::code)
                            .collect(Collectors.joining(", "))
                    : metric.meaning();
            md.append(row(code(metric.displayName()), metric.unit().text(), meaning));
        }
        return md.toString();
    }

    private static String code(String text) {
        return "`" + text + "`";
    }

    private static String row(String... cells) {
        return "| " + String.join(" | ", List.of(cells).stream().map(cell -> cell.replace("|", "\\|")).toList())
                + " |\n";
    }
}
