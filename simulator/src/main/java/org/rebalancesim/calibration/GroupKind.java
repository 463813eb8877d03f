package org.rebalancesim.calibration;

import java.util.List;
import org.rebalancesim.assignor.Assignor;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.scenario.ConsumerConfig;
import org.rebalancesim.scenario.Variant;

/**
 * The rebalance protocol a variant's group runs, as Kafka picks it: the consumer protocol (KIP-848)
 * when group.protocol is consumer, else cooperative when every configured assignor supports it, else
 * eager. It decides what counts as stop-the-world and where timeouts come from.
 */
enum GroupKind {
    EAGER, COOPERATIVE, CONSUMER;

    static GroupKind of(Variant variant) {
        ConsumerConfig config = variant.consumers().config();
        if (config.isConsumerProtocol()) {
            return CONSUMER;
        }
        try (Assignors assignors = Assignors.builtIn()) {
            for (String name : config.partitionAssignmentStrategy()) {
                if (!assignors.create(name).supportedProtocols().contains(Assignor.RebalanceProtocol.COOPERATIVE)) {
                    return EAGER;
                }
            }
            return COOPERATIVE;
        } catch (RuntimeException e) {
            // A user's assignor class the simulator cannot load: the CLI refuses such files earlier.
            return EAGER;
        }
    }

    /** The assignor that decides placements: the first strategy, or the consumer group's server assignor. */
    static String assignorOf(Variant variant) {
        ConsumerConfig config = variant.consumers().config();
        if (config.isConsumerProtocol()) {
            String remote = config.groupRemoteAssignor();
            return remote != null ? remote : variant.cluster().consumerGroup().assignors().get(0);
        }
        List<String> strategies = config.partitionAssignmentStrategy();
        return strategies.get(0);
    }

    /** "classic/eager (range)", "consumer (uniform)": the label the simulator's results use. */
    static String label(Variant variant) {
        GroupKind kind = of(variant);
        String protocol = kind == CONSUMER ? "consumer" : "classic/" + (kind == EAGER ? "eager" : "cooperative");
        return protocol + " (" + assignorOf(variant) + ")";
    }

    /** The heartbeat interval in force: the client's, or under the consumer protocol the broker's. */
    static long heartbeatIntervalMs(Variant variant) {
        return of(variant) == CONSUMER ? variant.cluster().consumerGroup().heartbeatIntervalMs()
                : variant.consumers().config().heartbeatIntervalMs();
    }

    /** The session timeout of one pod: its session.timeout.ms, or under the consumer protocol the broker's. */
    long sessionTimeoutMs(Variant variant, String pod) {
        return this == CONSUMER ? variant.cluster().consumerGroup().sessionTimeoutMs()
                : variant.consumers().configOf(pod).sessionTimeoutMs();
    }

    /** max.poll.interval.ms of one pod (also its rebalance timeout). */
    static long maxPollIntervalMs(Variant variant, String pod) {
        return variant.consumers().configOf(pod).maxPollIntervalMs();
    }

    static boolean isStatic(Variant variant, String pod) {
        return variant.consumers().configOf(pod).isStatic();
    }
}
