package org.rebalancesim.assignor;

import java.util.List;
import java.util.OptionalInt;
import org.apache.kafka.streams.processor.assignment.AssignmentConfigs;
import org.rebalancesim.scenario.StreamsApp;

/**
 * The Kafka Streams configs the task assignor reads (KIP-441), validated as Kafka's StreamsConfig validates
 * them. Rack awareness is not modelled: {@code rack.aware.assignment.strategy} is always "none", Kafka's
 * default (docs/kafka-semantics.md §26).
 *
 * @param acceptableRecoveryLag      acceptable.recovery.lag: a client within this lag of a task's changelog
 *                                   ends counts as caught up for it
 * @param maxWarmupReplicas          max.warmup.replicas: warm-ups the group may have at once
 * @param numStandbyReplicas         num.standby.replicas: hot standbys per stateful task
 * @param probingRebalanceIntervalMs probing.rebalance.interval.ms: how long after an assignment with
 *                                   warm-ups the leader's thread triggers the next (probing) rebalance
 */
public record StreamsAssignmentConfig(long acceptableRecoveryLag, int maxWarmupReplicas, int numStandbyReplicas,
                                      long probingRebalanceIntervalMs) {

    public StreamsAssignmentConfig {
        if (acceptableRecoveryLag < 0) {
            throw new IllegalArgumentException("acceptable.recovery.lag must be at least 0: " + acceptableRecoveryLag);
        }
        if (maxWarmupReplicas < 1) {
            throw new IllegalArgumentException("max.warmup.replicas must be at least 1: " + maxWarmupReplicas);
        }
        if (numStandbyReplicas < 0) {
            throw new IllegalArgumentException("num.standby.replicas must be at least 0: " + numStandbyReplicas);
        }
        if (probingRebalanceIntervalMs < StreamsApp.MIN_PROBING_REBALANCE_INTERVAL_MS) {
            throw new IllegalArgumentException("probing.rebalance.interval.ms must be at least "
                    + StreamsApp.MIN_PROBING_REBALANCE_INTERVAL_MS + ": " + probingRebalanceIntervalMs);
        }
    }

    /** Kafka Streams 4.4.0's defaults (StreamsConfig): 10000, 2, 0 and 600000 (ten minutes). */
    public static StreamsAssignmentConfig defaults() {
        return new StreamsAssignmentConfig(StreamsApp.DEFAULT_ACCEPTABLE_RECOVERY_LAG,
                StreamsApp.DEFAULT_MAX_WARMUP_REPLICAS, StreamsApp.DEFAULT_NUM_STANDBY_REPLICAS,
                StreamsApp.DEFAULT_PROBING_REBALANCE_INTERVAL_MS);
    }

    /** What a Streams application's settings give its assignor. */
    public static StreamsAssignmentConfig of(StreamsApp app) {
        return new StreamsAssignmentConfig(app.acceptableRecoveryLag(), app.maxWarmupReplicas(),
                app.numStandbyReplicas(), app.probingRebalanceIntervalMs());
    }

    /** As Kafka's {@code AssignmentConfigs.of(StreamsConfig)} builds them: no rack tags, no costs, strategy "none". */
    AssignmentConfigs kafka() {
        return new AssignmentConfigs(acceptableRecoveryLag, maxWarmupReplicas, numStandbyReplicas,
                probingRebalanceIntervalMs, List.of(), OptionalInt.empty(), OptionalInt.empty(), "none");
    }
}
