package org.rebalancesim.calibration;

import java.util.LinkedHashMap;
import java.util.Map;
import org.rebalancesim.scenario.ClusterSpec;
import org.rebalancesim.scenario.ConsumerGroupSpec;
import org.rebalancesim.scenario.MigrationPolicy;
import org.rebalancesim.scenario.StreamsGroupSpec;
import org.rebalancesim.scenario.Variant;

/**
 * The group-coordinator settings of the embedded broker, from the scenario's {@code cluster.config}
 * (scaled by the time scale). Kafka checks each setting against a min/max pair of its own; those
 * bounds are widened just enough for the scenario's values, so a scenario whose values the broker
 * would refuse by default (a 1 s session for a consumer group, say) still runs.
 */
public final class BrokerSettings {

    /** Kafka 4.x defaults of the bounds of the consumer-group (KIP-848) settings. */
    static final long CONSUMER_MIN_HEARTBEAT_MS = 5000;
    static final long CONSUMER_MAX_HEARTBEAT_MS = 15000;
    static final long CONSUMER_MIN_SESSION_MS = 45000;
    static final long CONSUMER_MAX_SESSION_MS = 60000;
    static final long CONSUMER_MAX_ASSIGNMENT_INTERVAL_MS = 15000;
    /** Kafka 4.4.0's default of group.streams.max.assignment.interval.ms (its minimum is 0). */
    static final long STREAMS_MAX_ASSIGNMENT_INTERVAL_MS = 15000;

    private BrokerSettings() {
    }

    /** The broker configs (Kafka names, string values) that model {@code variant}'s cluster. */
    public static Map<String, String> of(Variant variant, TimeScale scale) {
        ClusterSpec cluster = variant.cluster();
        Map<String, String> configs = new LinkedHashMap<>();
        configs.put("group.initial.rebalance.delay.ms",
                Long.toString(scale.wallMs(cluster.groupInitialRebalanceDelayMs())));
        configs.put("offsets.topic.num.partitions", Integer.toString(cluster.offsetsTopicNumPartitions()));
        configs.put("group.min.session.timeout.ms", Long.toString(scale.configMs(cluster.groupMinSessionTimeoutMs())));
        configs.put("group.max.session.timeout.ms",
                Long.toString(Math.min(Integer.MAX_VALUE, scale.configMs(cluster.groupMaxSessionTimeoutMs()))));
        configs.put("group.max.size", Integer.toString(cluster.groupMaxSize()));
        ConsumerGroupSpec group = cluster.consumerGroup();
        long heartbeatMs = scale.configMs(group.heartbeatIntervalMs());
        long sessionMs = scale.configMs(group.sessionTimeoutMs());
        long assignmentIntervalMs = scale.wallMs(group.assignmentIntervalMs());
        configs.put("group.consumer.heartbeat.interval.ms", Long.toString(heartbeatMs));
        configs.put("group.consumer.min.heartbeat.interval.ms", Long.toString(Math.min(CONSUMER_MIN_HEARTBEAT_MS, heartbeatMs)));
        configs.put("group.consumer.max.heartbeat.interval.ms", Long.toString(Math.max(CONSUMER_MAX_HEARTBEAT_MS, heartbeatMs)));
        configs.put("group.consumer.session.timeout.ms", Long.toString(sessionMs));
        configs.put("group.consumer.min.session.timeout.ms", Long.toString(Math.min(CONSUMER_MIN_SESSION_MS, sessionMs)));
        configs.put("group.consumer.max.session.timeout.ms", Long.toString(Math.max(CONSUMER_MAX_SESSION_MS, sessionMs)));
        configs.put("group.consumer.assignment.interval.ms", Long.toString(assignmentIntervalMs));
        configs.put("group.consumer.max.assignment.interval.ms",
                Long.toString(Math.max(CONSUMER_MAX_ASSIGNMENT_INTERVAL_MS, assignmentIntervalMs)));
        configs.put("group.consumer.assignors", String.join(",", group.assignors()));
        if (group.migrationPolicy() != MigrationPolicy.BIDIRECTIONAL) {
            // Kafka's default (GroupCoordinatorConfig.CONSUMER_GROUP_MIGRATION_POLICY_DEFAULT): set only when the
            // scenario asks for another, so the settings compared with an external cluster stay as they were.
            configs.put("group.consumer.migration.policy", group.migrationPolicy().kafkaName());
        }
        putStreamsGroup(cluster.streamsGroup(), scale, configs);
        return configs;
    }

    /**
     * The KIP-1071 streams groups' settings (group.streams.*), scaled as the consumer group's are, with their
     * bounds widened to fit as theirs are (Kafka 4.4.0's GroupCoordinatorConfig; docs/kafka-semantics.md §27).
     */
    private static void putStreamsGroup(StreamsGroupSpec streams, TimeScale scale, Map<String, String> configs) {
        long heartbeatMs = scale.configMs(streams.heartbeatIntervalMs());
        long sessionMs = scale.configMs(streams.sessionTimeoutMs());
        long assignmentIntervalMs = scale.wallMs(streams.assignmentIntervalMs());
        configs.put("group.streams.heartbeat.interval.ms", Long.toString(heartbeatMs));
        configs.put("group.streams.min.heartbeat.interval.ms",
                Long.toString(Math.min(StreamsGroupSpec.MIN_HEARTBEAT_INTERVAL_MS, heartbeatMs)));
        configs.put("group.streams.max.heartbeat.interval.ms",
                Long.toString(Math.max(StreamsGroupSpec.MAX_HEARTBEAT_INTERVAL_MS, heartbeatMs)));
        configs.put("group.streams.session.timeout.ms", Long.toString(sessionMs));
        configs.put("group.streams.min.session.timeout.ms",
                Long.toString(Math.min(StreamsGroupSpec.MIN_SESSION_TIMEOUT_MS, sessionMs)));
        configs.put("group.streams.max.session.timeout.ms",
                Long.toString(Math.max(StreamsGroupSpec.MAX_SESSION_TIMEOUT_MS, sessionMs)));
        configs.put("group.streams.num.standby.replicas", Integer.toString(streams.numStandbyReplicas()));
        configs.put("group.streams.initial.rebalance.delay.ms",
                Long.toString(scale.wallMs(streams.initialRebalanceDelayMs())));
        configs.put("group.streams.assignment.interval.ms", Long.toString(assignmentIntervalMs));
        configs.put("group.streams.max.assignment.interval.ms",
                Long.toString(Math.max(STREAMS_MAX_ASSIGNMENT_INTERVAL_MS, assignmentIntervalMs)));
    }
}
