package org.rebalancesim.kubernetes.autoscaling;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.rebalancesim.scenario.autoscaling.KafkaTriggerSpec;
import org.rebalancesim.scenario.autoscaling.OffsetResetPolicy;

/**
 * KEDA's Kafka scaler for one trigger (kedacore/keda v2.20, pkg/scalers/kafka_scaler.go). Stateful
 * only where KEDA is: with excludePersistentLag it remembers each partition's committed offset from
 * the previous call ({@code previousOffsets}), and every call, the polling loop's and the HPA's
 * metric query alike, reads and updates that memory, as both call the same cached scaler instance.
 */
public final class KafkaLagScaler {

    private static final Comparator<PartitionOffsets> BY_TOPIC_PARTITION =
            Comparator.comparing(PartitionOffsets::topic).thenComparingInt(PartitionOffsets::partition);

    private final KafkaTriggerSpec trigger;
    /** topic → partition → committed offset at the last call that saw it move (or first saw it). */
    private final Map<String, Map<Integer, Long>> previousOffsets = new TreeMap<>();

    public KafkaLagScaler(KafkaTriggerSpec trigger) {
        this.trigger = trigger;
    }

    public KafkaTriggerSpec trigger() {
        return trigger;
    }

    /**
     * GetMetricsAndActivity: the total lag over the trigger's partitions, capped as getTotalLag caps
     * it, and whether the trigger is active. Partitions of other topics, or outside
     * partitionLimitation, are left out as getTopicPartitions leaves them out.
     */
    public KafkaScalerReading getMetricsAndActivity(List<PartitionOffsets> offsets) {
        Set<String> committedTopics = new TreeSet<>();
        for (PartitionOffsets partition : offsets) {
            if (partition.hasCommittedOffset()) {
                committedTopics.add(partition.topic());
            }
        }
        List<PartitionOffsets> counted = new ArrayList<>();
        for (PartitionOffsets partition : offsets) {
            if (counts(partition, committedTopics)) {
                counted.add(partition);
            }
        }
        counted.sort(BY_TOPIC_PARTITION);
        long totalLag = 0;
        long totalLagWithPersistent = 0;
        long partitionsWithLag = 0;
        for (PartitionOffsets partition : counted) {
            PartitionLag lag = lagForPartition(partition);
            totalLag += lag.lag();
            totalLagWithPersistent += lag.lagWithPersistent();
            if (lag.lag() > 0) {
                partitionsWithLag++;
            }
        }
        long metricLag = cap(totalLag, counted.size(), partitionsWithLag);
        boolean active = totalLagWithPersistent > trigger.activationLagThreshold();
        return new KafkaScalerReading(metricLag, totalLagWithPersistent, active, counted.size(), partitionsWithLag);
    }

    /** One partition's (lag, lagWithPersistent): getLagForPartition. */
    record PartitionLag(long lag, long lagWithPersistent) {
    }

    /**
     * getLagForPartition, in its order: no committed offset with {@code latest} is a lag of 1 (0 with
     * scaleToZeroOnInvalidOffset), so the group is kept at one replica until it commits; with
     * {@code earliest} it is the log end offset (0 with scaleToZeroOnInvalidOffset); otherwise the
     * lag is latest − committed, reported as 0 (but kept in lagWithPersistent) when
     * excludePersistentLag is on and the committed offset equals the one remembered.
     */
    PartitionLag lagForPartition(PartitionOffsets partition) {
        if (!partition.hasCommittedOffset()) {
            if (trigger.offsetResetPolicy() == OffsetResetPolicy.LATEST) {
                long lag = trigger.scaleToZeroOnInvalidOffset() ? 0 : 1;
                return new PartitionLag(lag, lag);
            }
            long lag = trigger.scaleToZeroOnInvalidOffset() ? 0 : partition.latestOffset();
            return new PartitionLag(lag, lag);
        }
        long lag = partition.latestOffset() - partition.committedOffset();
        if (trigger.excludePersistentLag()) {
            Map<Integer, Long> topicOffsets = previousOffsets.computeIfAbsent(partition.topic(), t -> new TreeMap<>());
            Long previous = topicOffsets.get(partition.partition());
            if (previous != null && previous == partition.committedOffset()) {
                // "consumer is still on the same offset as the previous polling cycle": whatever the lag,
                // even 0, the memory is left as it is.
                return new PartitionLag(0, lag);
            }
            topicOffsets.put(partition.partition(), partition.committedOffset());
        }
        return new PartitionLag(lag, lag);
    }

    /**
     * getTotalLag's bound: unless allowIdleConsumers (or with limitToPartitionsWithLag or
     * ensureEvenDistributionOfPartitions), a metric asking for more replicas than partitions (or
     * partitions with lag) is cut to upperBound × lagThreshold. The test is KEDA's integer division
     * {@code totalLag / lagThreshold > upperBound}, so a lag of 95 over 9 partitions at 10 stays 95.
     */
    private long cap(long totalLag, long partitionCount, long partitionsWithLag) {
        if (trigger.allowIdleConsumers() && !trigger.limitToPartitionsWithLag()
                && !trigger.ensureEvenDistributionOfPartitions()) {
            return totalLag;
        }
        long threshold = trigger.lagThreshold();
        long upperBound = partitionCount;
        long metric = totalLag;
        if (trigger.ensureEvenDistributionOfPartitions()) {
            metric = nextFactorThatBalances(totalLag, partitionCount, threshold) * threshold;
        }
        if (trigger.limitToPartitionsWithLag()) {
            upperBound = partitionsWithLag;
        }
        if (metric / threshold > upperBound) {
            metric = upperBound * threshold;
        }
        return metric;
    }

    /**
     * getNextFactorThatBalancesConsumersToTopicPartitions: the smallest factor f of the partition
     * count with f × lagThreshold ≥ totalLag, else the partition count. A lag of 0 gives the factor 1,
     * so with this option the metric never asks for fewer than one replica.
     */
    static long nextFactorThatBalances(long totalLag, long partitionCount, long lagThreshold) {
        for (long factor : factors(partitionCount)) {
            if (factor * lagThreshold >= totalLag) {
                return factor;
            }
        }
        return partitionCount;
    }

    /** FindFactors: the divisors of n in increasing order, none for n < 1. */
    static List<Long> factors(long n) {
        List<Long> small = new ArrayList<>();
        List<Long> large = new ArrayList<>();
        for (long i = 1; i * i <= n; i++) {
            if (n % i == 0) {
                small.add(i);
                if (i != n / i) {
                    large.add(0, n / i);
                }
            }
        }
        small.addAll(large);
        return small;
    }

    /**
     * getTopicPartitions and isActivePartition: every partition of the trigger's topic unless partitionLimitation
     * lists some; without a topic, every partition of each topic the group has committed an offset on (KEDA lists
     * them from ListConsumerGroupOffsets).
     */
    private boolean counts(PartitionOffsets partition, Set<String> committedTopics) {
        if (trigger.topic().isEmpty()) {
            return committedTopics.contains(partition.topic());
        }
        if (!trigger.topic().equals(partition.topic())) {
            return false;
        }
        return trigger.partitionLimitation().isEmpty() || trigger.partitionLimitation().contains(partition.partition());
    }
}
