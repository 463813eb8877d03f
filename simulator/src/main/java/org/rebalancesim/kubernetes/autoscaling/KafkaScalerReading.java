package org.rebalancesim.kubernetes.autoscaling;

/**
 * What one call of KEDA's Kafka scaler returns (kafka_scaler.go GetMetricsAndActivity, getTotalLag).
 *
 * @param metricLag              the lag reported as the external metric, after excludePersistentLag,
 *                               the idle-consumer cap and ensureEvenDistributionOfPartitions
 * @param totalLagWithPersistent the lag with persistently lagging partitions counted: activation reads it
 * @param active                 totalLagWithPersistent > activationLagThreshold
 * @param partitionCount         the partitions counted (KEDA's totalTopicPartitions)
 * @param partitionsWithLag      the partitions whose counted lag is above 0
 */
public record KafkaScalerReading(long metricLag, long totalLagWithPersistent, boolean active, long partitionCount,
                                 long partitionsWithLag) {

    /**
     * The external metric's value in milli-units, as the HPA receives it: GenerateMetricInMili turns
     * a negative value (a committed offset past the log end) into 0 (quantityFromFloat64).
     */
    public long metricValueMilli() {
        return Math.multiplyExact(Math.max(0, metricLag), 1000L);
    }
}
