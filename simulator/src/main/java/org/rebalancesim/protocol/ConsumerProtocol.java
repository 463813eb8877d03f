package org.rebalancesim.protocol;

import java.util.Map;
import java.util.function.LongFunction;
import org.rebalancesim.cluster.CoordinatorFactory;
import org.rebalancesim.consumer.ClientFactory;
import org.rebalancesim.consumer.ConsumerProtocolMember;
import org.rebalancesim.scenario.ClusterSpec;
import org.rebalancesim.scenario.ConsumerConfig;
import org.rebalancesim.scenario.ConsumerGroupSpec;
import org.rebalancesim.scenario.Variant;

/**
 * The consumer protocol (KIP-848, group.protocol: consumer): the broker assigns with a server assignor and
 * owns the session timeout and heartbeat interval (group.consumer.*), which replace the client's; a group
 * that starts empty rebalances at once.
 */
public final class ConsumerProtocol implements GroupProtocol {

    public static final ConsumerProtocol INSTANCE = new ConsumerProtocol();

    private ConsumerProtocol() {
    }

    @Override
    public String name() {
        return "consumer";
    }

    /** group.remote.assignor, or the broker's first group.consumer.assignors entry. */
    @Override
    public String decidingAssignor(Variant variant) {
        String remote = variant.consumers().config().groupRemoteAssignor();
        return remote != null ? remote : groupSettings(variant.cluster()).assignors().get(0);
    }

    @Override
    public RebalanceModel model() {
        return RebalanceModel.BROKER_RECONCILED;
    }

    @Override
    public CoordinatorFactory coordinator() {
        return ConsumerProtocolCoordinator::new;
    }

    @Override
    public ClientFactory client() {
        return ConsumerProtocolMember.CLIENT;
    }

    @Override
    public long sessionTimeoutMs(ConsumerConfig config, ClusterSpec cluster) {
        return groupSettings(cluster).sessionTimeoutMs();
    }

    @Override
    public String sessionTimeoutName() {
        return "group.consumer.session.timeout.ms";
    }

    @Override
    public long heartbeatIntervalMs(ConsumerConfig config, ClusterSpec cluster) {
        return groupSettings(cluster).heartbeatIntervalMs();
    }

    @Override
    public String heartbeatIntervalName() {
        return "group.consumer.heartbeat.interval.ms";
    }

    @Override
    public boolean delaysInitialRebalance() {
        return false;
    }

    /** The client-side session timeout, heartbeat interval and assignment strategy are refused: left out. */
    @Override
    public void putClientProperties(ConsumerConfig config, LongFunction<String> scaledMs,
                                    Map<String, String> properties) {
        properties.put("group.protocol", config.groupProtocol().kafkaName());
        if (config.groupRemoteAssignor() != null) {
            properties.put("group.remote.assignor", config.groupRemoteAssignor());
        }
    }

    /** The broker's group.consumer.* settings (Kafka's defaults when the scenario sets none). */
    static ConsumerGroupSpec groupSettings(ClusterSpec cluster) {
        return cluster.consumerGroup() != null ? cluster.consumerGroup() : ConsumerGroupSpec.defaults();
    }

    @Override
    public String toString() {
        return name();
    }
}
