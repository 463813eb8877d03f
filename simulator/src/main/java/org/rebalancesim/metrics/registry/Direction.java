package org.rebalancesim.metrics.registry;

/** Which way a metric should move for a configuration to count as better. */
public enum Direction {
    /** Less is better: times, counts of rebalances, evictions, duplicates, lag. */
    LOWER_IS_BETTER("lower"),
    /** More is better: distinct records processed. */
    HIGHER_IS_BETTER("higher"),
    /** Not better either way: records produced (the workload), records processed (duplicates included). */
    NEUTRAL("neither");

    private final String text;

    Direction(String text) {
        this.text = text;
    }

    /** "lower", "higher" or "neither": which value is better, in a word. */
    public String text() {
        return text;
    }
}
