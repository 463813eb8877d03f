package org.rebalancesim.protocol;

import java.util.EnumSet;
import java.util.Set;
import org.rebalancesim.assignor.Assignors;
import org.rebalancesim.cluster.CoordinatorFactory;
import org.rebalancesim.scenario.ConsumerConfig;
import org.rebalancesim.scenario.GroupProtocolName;
import org.rebalancesim.scenario.PodConfigChange;
import org.rebalancesim.scenario.TimelineEvent;
import org.rebalancesim.scenario.Variant;

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
     * The coordinator of the variant's group: the protocol's own, or, when its pods speak both classic and
     * consumer at some point (consumers.overrides, or a restart's or rollout's config:), the one that converts the group
     * between the two (docs/kafka-semantics.md §21).
     */
    public static CoordinatorFactory coordinatorOf(Variant variant, GroupProtocol protocol) {
        return speaksBoth(variant)
                ? setup -> new MigratingGroupCoordinator(setup,
                        variant.consumers().config().groupProtocol() == GroupProtocolName.CLASSIC)
                : protocol.coordinator();
    }

    /**
     * Whether the variant's pods speak both the classic and the consumer protocol at some point (per-pod overrides,
     * a restart's or rollout's {@code config:}): a migration, whose group id changes type as Kafka converts it.
     */
    public static boolean speaksBoth(Variant variant) {
        Set<GroupProtocolName> spoken = EnumSet.of(variant.consumers().config().groupProtocol());
        variant.consumers().overrides().values().forEach(config -> spoken.add(config.groupProtocol()));
        for (TimelineEvent event : variant.timeline()) {
            PodConfigChange.madeBy(event.operation()).configs().forEach(config -> spoken.add(config.groupProtocol()));
        }
        return spoken.containsAll(EnumSet.of(GroupProtocolName.CLASSIC, GroupProtocolName.CONSUMER));
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
