package org.rebalancesim.protocol;

import java.util.Map;
import java.util.function.LongFunction;
import org.rebalancesim.cluster.CoordinatorFactory;
import org.rebalancesim.consumer.ClientFactory;
import org.rebalancesim.consumer.ConsumerProtocolMember;
import org.rebalancesim.scenario.ClusterSpec;
import org.rebalancesim.scenario.ConsumerConfig;
import org.rebalancesim.scenario.Variant;

/**
 * The streams rebalance protocol (KIP-1071, Kafka Streams' group.protocol: streams): the broker assigns tasks with
 * its sticky task assignor and owns the session timeout, heartbeat interval and standby count (group.streams.*);
 * members reconcile by heartbeats as in KIP-848 (docs/kafka-semantics.md §19, §27).
 */
public final class StreamsProtocol implements GroupProtocol {

    public static final StreamsProtocol INSTANCE = new StreamsProtocol();

    private StreamsProtocol() {
    }

    @Override
    public String name() {
        return "streams";
    }

    /** group.streams.assignors' only value in 4.4.0. */
    @Override
    public String decidingAssignor(Variant variant) {
        return "sticky";
    }

    @Override
    public RebalanceModel model() {
        return RebalanceModel.BROKER_RECONCILED;
    }

    @Override
    public CoordinatorFactory coordinator() {
        return StreamsProtocolCoordinator::new;
    }

    @Override
    public ClientFactory client() {
        return ConsumerProtocolMember.STREAMS_CLIENT;
    }

    @Override
    public long sessionTimeoutMs(ConsumerConfig config, ClusterSpec cluster) {
        return cluster.streamsGroup().sessionTimeoutMs();
    }

    @Override
    public String sessionTimeoutName() {
        return "group.streams.session.timeout.ms";
    }

    @Override
    public long heartbeatIntervalMs(ConsumerConfig config, ClusterSpec cluster) {
        return cluster.streamsGroup().heartbeatIntervalMs();
    }

    @Override
    public String heartbeatIntervalName() {
        return "group.streams.heartbeat.interval.ms";
    }

    /** The classic group.initial.rebalance.delay.ms does not apply; group.streams.initial.rebalance.delay.ms does. */
    @Override
    public boolean delaysInitialRebalance() {
        return false;
    }

    @Override
    public void putClientProperties(ConsumerConfig config, LongFunction<String> scaledMs,
                                    Map<String, String> properties) {
        properties.put("group.protocol", config.groupProtocol().kafkaName());
    }

    @Override
    public String toString() {
        return name();
    }
}
