package org.rebalancesim.scenario;

/**
 * The brokers, their group-coordinator settings (Kafka names in comments) and the network.
 *
 * @param brokers                        number of brokers, ids 0..brokers-1
 * @param groupInitialRebalanceDelayMs   group.initial.rebalance.delay.ms (3000)
 * @param offsetsTopicNumPartitions      offsets.topic.num.partitions (50)
 * @param groupMinSessionTimeoutMs       group.min.session.timeout.ms (6000)
 * @param groupMaxSessionTimeoutMs       group.max.session.timeout.ms (1800000)
 * @param groupMaxSize                   group.max.size (Integer.MAX_VALUE)
 * @param brokerSessionTimeoutMs         broker.session.timeout.ms (9000): how long the controller
 *                                       takes to notice a failed broker and move its leaderships
 * @param network                        consumer to broker latency
 * @param consumerGroup                  the settings of KIP-848 consumer groups (group.consumer.*)
 * @param metadataPropagationMs          how long after a partition change the group coordinator's broker
 *                                       publishes it to the coordinator (0): the broker creates the new
 *                                       partitions' logs first (docs/kafka-semantics.md §16)
 * @param streamsGroup                   the settings of KIP-1071 streams groups (group.streams.*)
 * @param coordinatorWarmup              how much later than the model's own timing the group coordinator of a
 *                                       freshly started broker sends its first MEMBER_ID_REQUIRED answer (its
 *                                       cold code), drawn once a run; a constant 0 for a broker that has run for a
 *                                       while (docs/kafka-semantics.md §22)
 */
public record ClusterSpec(int brokers, long groupInitialRebalanceDelayMs, int offsetsTopicNumPartitions,
                          long groupMinSessionTimeoutMs, long groupMaxSessionTimeoutMs, int groupMaxSize,
                          long brokerSessionTimeoutMs, NetworkSpec network, ConsumerGroupSpec consumerGroup,
                          long metadataPropagationMs, StreamsGroupSpec streamsGroup,
                          Distribution coordinatorWarmup) {

    /** No coordinator warm-up: a broker that has run for a while. */
    public static final Distribution WARM_COORDINATOR = Distributions.NO_TIME;

    /** A cluster whose brokers have run for a while. */
    public ClusterSpec(int brokers, long groupInitialRebalanceDelayMs, int offsetsTopicNumPartitions,
                       long groupMinSessionTimeoutMs, long groupMaxSessionTimeoutMs, int groupMaxSize,
                       long brokerSessionTimeoutMs, NetworkSpec network, ConsumerGroupSpec consumerGroup,
                       long metadataPropagationMs, StreamsGroupSpec streamsGroup) {
        this(brokers, groupInitialRebalanceDelayMs, offsetsTopicNumPartitions, groupMinSessionTimeoutMs,
                groupMaxSessionTimeoutMs, groupMaxSize, brokerSessionTimeoutMs, network, consumerGroup,
                metadataPropagationMs, streamsGroup, WARM_COORDINATOR);
    }

    /** A cluster with Kafka's default streams group settings. */
    public ClusterSpec(int brokers, long groupInitialRebalanceDelayMs, int offsetsTopicNumPartitions,
                       long groupMinSessionTimeoutMs, long groupMaxSessionTimeoutMs, int groupMaxSize,
                       long brokerSessionTimeoutMs, NetworkSpec network, ConsumerGroupSpec consumerGroup,
                       long metadataPropagationMs) {
        this(brokers, groupInitialRebalanceDelayMs, offsetsTopicNumPartitions, groupMinSessionTimeoutMs,
                groupMaxSessionTimeoutMs, groupMaxSize, brokerSessionTimeoutMs, network, consumerGroup,
                metadataPropagationMs, StreamsGroupSpec.defaults());
    }

    /** The same cluster with another coordinator warm-up (a calibration simulates with the one it measured). */
    public ClusterSpec withCoordinatorWarmup(Distribution warmup) {
        return new ClusterSpec(brokers, groupInitialRebalanceDelayMs, offsetsTopicNumPartitions,
                groupMinSessionTimeoutMs, groupMaxSessionTimeoutMs, groupMaxSize, brokerSessionTimeoutMs, network,
                consumerGroup, metadataPropagationMs, streamsGroup, warmup);
    }
}
