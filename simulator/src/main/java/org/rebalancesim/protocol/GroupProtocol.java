package org.rebalancesim.protocol;

import java.util.Map;
import java.util.function.LongFunction;
import org.rebalancesim.cluster.CoordinatorFactory;
import org.rebalancesim.consumer.ClientFactory;
import org.rebalancesim.scenario.ClusterSpec;
import org.rebalancesim.scenario.ConsumerConfig;
import org.rebalancesim.scenario.Variant;

/**
 * A group protocol a pod speaks (classic eager, classic cooperative, the KIP-848 consumer protocol): what
 * it brings to a run (its coordinator and its client), what it is called, which limits are in force under
 * it, and how a real KafkaConsumer is configured to speak it. {@link GroupProtocols#of} picks the one a
 * configuration runs.
 */
public interface GroupProtocol {

    /** "classic/eager", "classic/cooperative", "consumer": how results name the protocol. */
    String name();

    /** The assignor that decides placements: the first configured strategy, or the broker's server assignor. */
    String decidingAssignor(Variant variant);

    /** "classic/eager (range)", "consumer (uniform)": the label of a variant's results. */
    default String label(Variant variant) {
        return name() + " (" + decidingAssignor(variant) + ")";
    }

    /** How the group moves partitions between members in a rebalance. */
    RebalanceModel model();

    /** The broker side: the group's coordinator. */
    CoordinatorFactory coordinator();

    /** The client side: a pod's consumer process. */
    ClientFactory client();

    /** The session timeout in force for a member configured with {@code config}. */
    long sessionTimeoutMs(ConsumerConfig config, ClusterSpec cluster);

    /** The Kafka config that sets {@link #sessionTimeoutMs}. */
    String sessionTimeoutName();

    /** The heartbeat interval in force for a member configured with {@code config}. */
    long heartbeatIntervalMs(ConsumerConfig config, ClusterSpec cluster);

    /** The Kafka config that sets {@link #heartbeatIntervalMs}. */
    String heartbeatIntervalName();

    /** Whether the broker's group.initial.rebalance.delay.ms holds back the first rebalance of an empty group. */
    boolean delaysInitialRebalance();

    /**
     * Puts the KafkaConsumer properties that select this protocol (group.protocol and what goes with it) for a
     * calibration run against real Kafka.
     *
     * @param scaledMs a duration in ms as the calibration writes it (in its time scale, as an int config)
     */
    void putClientProperties(ConsumerConfig config, LongFunction<String> scaledMs, Map<String, String> properties);
}
