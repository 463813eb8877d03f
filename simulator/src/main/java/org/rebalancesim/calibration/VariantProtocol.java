package org.rebalancesim.calibration;

import org.rebalancesim.protocol.GroupProtocol;
import org.rebalancesim.protocol.GroupProtocols;
import org.rebalancesim.protocol.StreamsProtocol;
import org.rebalancesim.scenario.Variant;

/** The protocol a calibrated variant runs, as the simulator picks it: every fact about it comes from there. */
final class VariantProtocol {

    private VariantProtocol() {
    }

    /** A calibration uses Kafka's own assignors, so the built-in ones decide eager or cooperative. */
    static GroupProtocol of(Variant variant) {
        return GroupProtocols.ofBuiltInAssignors(variant.consumers().config());
    }

    /** Whether the variant is a Kafka Streams application on KIP-1071 streams groups (group.protocol: streams). */
    static boolean streamsGroup(Variant variant) {
        return of(variant) == StreamsProtocol.INSTANCE;
    }

    /**
     * Whether the pod's close() takes its member out of the group at once. Classic and consumer protocol as
     * ConsumersSpec#leavesGroupOnClose says; a Kafka Streams thread under the streams protocol by its
     * CloseOptions: DEFAULT leaves with epoch -1 when dynamic and -2 (keeping its tasks) when static,
     * LEAVE_GROUP with -1, REMAIN_IN_GROUP never (StreamsMembershipManager#leaveGroupEpoch;
     * docs/kafka-semantics.md §19).
     */
    static boolean leavesGroupOnClose(Variant variant, String pod) {
        if (!streamsGroup(variant)) {
            return variant.consumers().leavesGroupOnClose(pod);
        }
        return switch (variant.consumers().streams().closeOperation()) {
            case DEFAULT -> !variant.consumers().configOf(pod).isStatic();
            case LEAVE_GROUP -> true;
            case REMAIN_IN_GROUP -> false;
        };
    }
}
