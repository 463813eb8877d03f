package org.rebalancesim.scenario;

/**
 * One {@code expect:} rule, e.g. {@code rebalances: ">= 1"}.
 *
 * @param metric     a metric name of docs/metrics.md
 * @param comparator one of ==, !=, <, <=, >, >=
 * @param value      the number compared against
 * @param rule       the rule as written, for reports
 */
public record Expectation(String metric, String comparator, double value, String rule) {

    public boolean holdsFor(double actual) {
        return switch (comparator) {
            case "==" -> actual == value;
            case "!=" -> actual != value;
            case "<" -> actual < value;
            case "<=" -> actual <= value;
            case ">" -> actual > value;
            case ">=" -> actual >= value;
            default -> throw new IllegalStateException("unknown comparator " + comparator);
        };
    }
}
