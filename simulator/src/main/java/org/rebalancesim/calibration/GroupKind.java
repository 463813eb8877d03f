package org.rebalancesim.calibration;

import org.rebalancesim.protocol.GroupProtocol;
import org.rebalancesim.protocol.GroupProtocols;
import org.rebalancesim.scenario.Variant;

/**
 * How calibration reads a real group's events, by the rebalance model of the variant's protocol: eager,
 * cooperative, or the consumer protocol (KIP-848). It decides what counts as stop-the-world and which
 * events a member reports; the protocol itself says where timeouts come from.
 */
enum GroupKind {
    EAGER, COOPERATIVE, CONSUMER;

    static GroupKind of(Variant variant) {
        return switch (protocolOf(variant).model()) {
            case EAGER -> EAGER;
            case COOPERATIVE -> COOPERATIVE;
            case BROKER_RECONCILED -> CONSUMER;
        };
    }

    /** The variant's protocol, as the simulator picks it (a calibration uses Kafka's own assignors). */
    static GroupProtocol protocolOf(Variant variant) {
        return GroupProtocols.ofBuiltInAssignors(variant.consumers().config());
    }

    /** The assignor that decides placements: the first strategy, or the consumer group's server assignor. */
    static String assignorOf(Variant variant) {
        return protocolOf(variant).decidingAssignor(variant);
    }

    /** "classic/eager (range)", "consumer (uniform)": the label the simulator's results use. */
    static String label(Variant variant) {
        return protocolOf(variant).label(variant);
    }

    /** The heartbeat interval in force: the client's, or under the consumer protocol the broker's. */
    static long heartbeatIntervalMs(Variant variant) {
        return protocolOf(variant).heartbeatIntervalMs(variant.consumers().config(), variant.cluster());
    }

    /** The session timeout of one pod: its session.timeout.ms, or under the consumer protocol the broker's. */
    long sessionTimeoutMs(Variant variant, String pod) {
        return protocolOf(variant).sessionTimeoutMs(variant.consumers().configOf(pod), variant.cluster());
    }

    /** max.poll.interval.ms of one pod (also its rebalance timeout). */
    static long maxPollIntervalMs(Variant variant, String pod) {
        return variant.consumers().configOf(pod).maxPollIntervalMs();
    }

    static boolean isStatic(Variant variant, String pod) {
        return variant.consumers().configOf(pod).isStatic();
    }
}
