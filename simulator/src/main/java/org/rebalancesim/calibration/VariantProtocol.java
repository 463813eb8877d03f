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
}
