package org.rebalancesim.scenario.autoscaling;

import java.util.List;

/**
 * A ScaledObject's {@code triggers: [{type: kafka, metadata: {...}}]} entry, with KEDA's names and
 * defaults (kafka_scaler.go, {@code kafkaMetadata} and its {@code Validate}; keda v2.20). The
 * connection settings (bootstrapServers, consumerGroup, SASL, TLS) have no place in a simulation.
 *
 * @param topic                              the topic; empty for every topic the group has committed
 *                                           offsets on (KEDA then lists them with ListConsumerGroupOffsets)
 * @param partitionLimitation                the partitions counted, empty for all (ignored without a topic)
 * @param lagThreshold                       the target lag per replica, the HPA's AverageValue target
 * @param activationLagThreshold             the lag a poll must exceed to be active
 * @param offsetResetPolicy                  what a partition without a committed offset counts as
 * @param allowIdleConsumers                 when false, the metric is capped at partitions x lagThreshold
 * @param excludePersistentLag               a partition whose committed offset did not move since the
 *                                           scaler's previous read counts as no lag in the metric
 * @param limitToPartitionsWithLag           the cap counts only partitions with lag
 * @param ensureEvenDistributionOfPartitions the metric becomes a factor of the partition count x lagThreshold
 * @param scaleToZeroOnInvalidOffset         a partition without a committed offset counts as no lag
 * @param useCachedMetrics                   the HPA's query returns the last polling loop's value instead
 *                                           of reading Kafka again (the trigger's own field, not metadata)
 */
public record KafkaTriggerSpec(String topic, List<Integer> partitionLimitation, long lagThreshold,
                               long activationLagThreshold, OffsetResetPolicy offsetResetPolicy,
                               boolean allowIdleConsumers, boolean excludePersistentLag,
                               boolean limitToPartitionsWithLag, boolean ensureEvenDistributionOfPartitions,
                               boolean scaleToZeroOnInvalidOffset, boolean useCachedMetrics) {

    /**
     * The kafka scaler's metadata keys the model reads; consumerGroup is read as the scenario's own group, and the
     * connection settings (bootstrapServers, sasl, tls) mean nothing in a simulation.
     */
    public static final List<String> METADATA_KEYS = List.of("topic", "partitionLimitation", "lagThreshold",
            "activationLagThreshold", "offsetResetPolicy", "allowIdleConsumers", "excludePersistentLag",
            "limitToPartitionsWithLag", "ensureEvenDistributionOfPartitions", "scaleToZeroOnInvalidOffset",
            "consumerGroup");

    /** KEDA's default {@code lagThreshold} (defaultKafkaLagThreshold). */
    public static final long DEFAULT_LAG_THRESHOLD = 10;
    /** KEDA's default {@code activationLagThreshold} (defaultKafkaActivationLagThreshold). */
    public static final long DEFAULT_ACTIVATION_LAG_THRESHOLD = 0;
    /** KEDA's default {@code offsetResetPolicy} (defaultOffsetResetPolicy). */
    public static final OffsetResetPolicy DEFAULT_OFFSET_RESET_POLICY = OffsetResetPolicy.LATEST;

    /** Checks what KEDA's kafkaMetadata.Validate checks; the messages name the metadata keys. */
    public KafkaTriggerSpec {
        topic = topic == null ? "" : topic;
        // Validate: "if m.Topic == "" { m.PartitionLimitation = nil }".
        partitionLimitation = topic.isEmpty() || partitionLimitation == null ? List.of() : List.copyOf(partitionLimitation);
        if (lagThreshold <= 0) {
            throw new IllegalArgumentException("lagThreshold must be a positive number");
        }
        if (activationLagThreshold < 0) {
            throw new IllegalArgumentException("activationLagThreshold must be a non-negative number");
        }
        if (offsetResetPolicy == null) {
            throw new IllegalArgumentException("offsetResetPolicy must be latest or earliest");
        }
        if (allowIdleConsumers && limitToPartitionsWithLag) {
            throw new IllegalArgumentException("allowIdleConsumers and limitToPartitionsWithLag cannot be set simultaneously");
        }
        if (limitToPartitionsWithLag && ensureEvenDistributionOfPartitions) {
            throw new IllegalArgumentException(
                    "limitToPartitionsWithLag and ensureEvenDistributionOfPartitions cannot be set simultaneously");
        }
        if (topic.isEmpty() && (limitToPartitionsWithLag || ensureEvenDistributionOfPartitions)) {
            throw new IllegalArgumentException(
                    "topic must be specified when using limitToPartitionsWithLag or ensureEvenDistributionOfPartitions");
        }
    }

    /** A trigger on {@code topic} with every other setting at KEDA's default. */
    public static KafkaTriggerSpec defaults(String topic) {
        return new KafkaTriggerSpec(topic, List.of(), DEFAULT_LAG_THRESHOLD, DEFAULT_ACTIVATION_LAG_THRESHOLD,
                DEFAULT_OFFSET_RESET_POLICY, false, false, false, false, false, false);
    }

    /** The same trigger with another {@code lagThreshold}. */
    public KafkaTriggerSpec withLagThreshold(long threshold) {
        return new KafkaTriggerSpec(topic, partitionLimitation, threshold, activationLagThreshold, offsetResetPolicy,
                allowIdleConsumers, excludePersistentLag, limitToPartitionsWithLag, ensureEvenDistributionOfPartitions,
                scaleToZeroOnInvalidOffset, useCachedMetrics);
    }

    /**
     * The metric target KEDA gives the HPA for this trigger: the metricType defaults to AverageValue
     * (scaler.go GetMetricTargetType) with {@code lagThreshold} as the value (GetMetricSpecForScaling,
     * GetMetricTarget), in milli-units as the HPA reads it. The name is KEDA's without its
     * {@code s<index>-} prefix (GenerateMetricNameWithIndex); nothing reads it.
     */
    public ExternalAverageValueMetric hpaMetric() {
        String name = topic.isEmpty() ? "kafka-topics" : "kafka-" + topic;
        return new ExternalAverageValueMetric(name, Math.multiplyExact(lagThreshold, 1000L));
    }
}
