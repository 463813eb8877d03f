package org.rebalancesim.protocol;

import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;
import org.rebalancesim.assignor.Assignor.RebalanceProtocol;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.cluster.CoordinatorFactory;
import org.rebalancesim.cluster.GroupSetup;
import org.rebalancesim.consumer.ClassicMember;
import org.rebalancesim.consumer.ClientFactory;
import org.rebalancesim.coordinator.ClassicGroupCoordinator;
import org.rebalancesim.scenario.ClusterSpec;
import org.rebalancesim.scenario.ConsumerConfig;
import org.rebalancesim.scenario.KafkaAssignor;
import org.rebalancesim.scenario.Variant;

/**
 * The classic protocol (JoinGroup / SyncGroup, the leader assigns), eager or cooperative. The client
 * sets its session timeout and heartbeat interval; the broker's group.initial.rebalance.delay.ms holds back
 * the first rebalance of an empty group.
 */
public final class ClassicProtocol implements GroupProtocol {

    public static final ClassicProtocol EAGER = new ClassicProtocol("classic/eager", RebalanceModel.EAGER);
    public static final ClassicProtocol COOPERATIVE =
            new ClassicProtocol("classic/cooperative", RebalanceModel.COOPERATIVE);

    private final String name;
    private final RebalanceModel model;

    private ClassicProtocol(String name, RebalanceModel model) {
        this.name = name;
        this.model = model;
    }

    /**
     * The one Kafka's ConsumerCoordinator picks for {@code strategies}: COOPERATIVE when every configured
     * assignor supports it, else EAGER (the protocol common to all of them).
     */
    static ClassicProtocol choose(List<String> strategies, Assignors assignors) {
        for (String strategy : strategies) {
            if (!assignors.supportedProtocols(strategy).contains(RebalanceProtocol.COOPERATIVE)) {
                return EAGER;
            }
        }
        return COOPERATIVE;
    }

    @Override
    public String name() {
        return name;
    }

    /** The leader runs the members' first common choice, which is the first strategy of a uniform group. */
    @Override
    public String decidingAssignor(Variant variant) {
        return variant.consumers().config().partitionAssignmentStrategy().get(0);
    }

    @Override
    public RebalanceModel model() {
        return model;
    }

    @Override
    public CoordinatorFactory coordinator() {
        return ClassicProtocol::classicCoordinator;
    }

    /** The classic coordinator of a group, also the classic side of a consumer group. */
    static ClassicGroupCoordinator classicCoordinator(GroupSetup setup) {
        return new ClassicGroupCoordinator(setup.sim(), setup.groupId(), setup.settings(), setup.offsets(),
                setup.memberIds(), setup.events(), setup.warmup());
    }

    @Override
    public ClientFactory client() {
        return ClassicMember.CLIENT;
    }

    @Override
    public long sessionTimeoutMs(ConsumerConfig config, ClusterSpec cluster) {
        return config.sessionTimeoutMs();
    }

    @Override
    public String sessionTimeoutName() {
        return "session.timeout.ms";
    }

    @Override
    public long heartbeatIntervalMs(ConsumerConfig config, ClusterSpec cluster) {
        return config.heartbeatIntervalMs();
    }

    @Override
    public String heartbeatIntervalName() {
        return "heartbeat.interval.ms";
    }

    @Override
    public boolean delaysInitialRebalance() {
        return true;
    }

    @Override
    public void putClientProperties(ConsumerConfig config, LongFunction<String> scaledMs,
                                    Map<String, String> properties) {
        properties.put("group.protocol", config.groupProtocol().kafkaName());
        properties.put("partition.assignment.strategy", String.join(",", assignorClasses(
                config.partitionAssignmentStrategy())));
        properties.put("session.timeout.ms", scaledMs.apply(config.sessionTimeoutMs()));
        properties.put("heartbeat.interval.ms", scaledMs.apply(config.heartbeatIntervalMs()));
    }

    /** Kafka's class names for the short names; a user's class name is kept. */
    static List<String> assignorClasses(List<String> names) {
        return names.stream().map(name -> KafkaAssignor.named(name).map(KafkaAssignor::className).orElse(name)).toList();
    }

    @Override
    public String toString() {
        return name;
    }
}
