package org.rebalancesim.metrics.registry;

/**
 * What a metric is about. Reports show metrics section by section, in this order, and within a
 * section in the order {@link Metric} declares them.
 */
public enum Section {
    REBALANCES("How often the group rebalanced"),
    TIME("Time lost to rebalancing"),
    MEMBERS("Members the group lost"),
    OWNERSHIP("Who processed a partition"),
    RECORDS("Records"),
    /** Reported for Kafka Streams applications only ({@link Metric#appliesTo}). */
    STREAMS("Kafka Streams tasks"),
    /** Reported for pods of a Kubernetes workload only. */
    SCALING("Kubernetes replicas and autoscaling");

    private final String title;

    Section(String title) {
        this.title = title;
    }

    /** The section's heading in the metric reference. */
    public String title() {
        return title;
    }
}
