package org.rebalancesim.metrics.registry;

/** What a metric's value counts, as reports print it next to the value. */
public enum Unit {
    /** Simulated milliseconds, clipped to the measure window; {@code expect:} rules may use durations. */
    MS("ms"),
    /** Records of the consumed topics. */
    RECORDS("records"),
    /** Occurrences: rebalances, partitions, members. */
    COUNT("count");

    private final String text;

    Unit(String text) {
        this.text = text;
    }

    /** "ms", "records" or "count": how reports, CSV files and baselines write the unit. */
    public String text() {
        return text;
    }
}
