package org.rebalancesim.metrics.registry;

/**
 * What a run is, as far as which metrics it reports goes ({@link Metric#appliesTo}).
 *
 * @param streamsApplication the pods run a Kafka Streams application
 * @param kubernetesWorkload the pods belong to a Kubernetes workload (consumers.workload)
 */
public record RunKind(boolean streamsApplication, boolean kubernetesWorkload) {

    /** A plain consumer group of bare processes. */
    public static final RunKind PLAIN = new RunKind(false, false);
}
