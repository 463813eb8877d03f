package org.rebalancesim.metrics;

/**
 * What reports need to know about each metric of metrics.md besides its value: its unit and which
 * direction is better (for highlighting the best variant and for regression checks).
 */
public final class MetricCatalog {

    /** Which way a metric should move for a configuration to count as better. */
    public enum Direction {
        /** Less is better: times, counts of rebalances, evictions, duplicates, lag. */
        LOWER_IS_BETTER,
        /** More is better: distinct records processed. */
        HIGHER_IS_BETTER,
        /** Not better either way: records produced (the workload), records processed (duplicates included). */
        NEUTRAL
    }

    private MetricCatalog() {
    }

    /** "ms", "records" or "count". */
    public static String unitOf(String metric) {
        if (metric.endsWith("Ms") || metric.startsWith("downtimeByCause.")) {
            return "ms";
        }
        if (metric.startsWith("records") || metric.equals("duplicates") || metric.endsWith("Lag")) {
            return "records";
        }
        return "count";
    }

    public static Direction directionOf(String metric) {
        return switch (metric) {
            // recordsProcessed counts duplicates too, so more of it is not better in itself.
            case "recordsProduced", "recordsProcessed" -> Direction.NEUTRAL;
            case "recordsProcessedUnique" -> Direction.HIGHER_IS_BETTER;
            default -> Direction.LOWER_IS_BETTER;
        };
    }
}
