package org.rebalancesim.protocol;

import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.scenario.ConsumerConfig;

/**
 * Which {@link GroupProtocol} a configuration runs: its group.protocol, and for the classic protocol the
 * choice Kafka's ConsumerCoordinator makes from the assignors. A new protocol is a case here.
 */
public final class GroupProtocols {

    private GroupProtocols() {
    }

    /** @param assignors the assignors of the run (a user's assignor class decides with what it supports) */
    public static GroupProtocol of(ConsumerConfig config, Assignors assignors) {
        return switch (config.groupProtocol()) {
            case CLASSIC -> ClassicProtocol.choose(config.partitionAssignmentStrategy(), assignors);
            case CONSUMER -> ConsumerProtocol.INSTANCE;
            case STREAMS -> StreamsProtocol.INSTANCE;
        };
    }

    /**
     * The protocol as {@link #of} picks it with Kafka's built-in assignors only, for the steps that have no
     * run's classpath at hand (estimates, explanations, calibration): a user's assignor class they cannot
     * load counts as eager-only. Eager and cooperative share their coordinator, client and limits, so only
     * the label and the rebalance model can differ from the run's.
     */
    public static GroupProtocol ofBuiltInAssignors(ConsumerConfig config) {
        try (Assignors assignors = Assignors.builtIn()) {
            return of(config, assignors);
        } catch (RuntimeException e) {
            return ClassicProtocol.EAGER;
        }
    }
}
