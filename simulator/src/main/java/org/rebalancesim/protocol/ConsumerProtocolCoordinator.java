package org.rebalancesim.protocol;

import org.rebalancesim.cluster.GroupSetup;
import org.rebalancesim.coordinator.ClassicGroupCoordinator;
import org.rebalancesim.coordinator.GroupCoordinator;
import org.rebalancesim.coordinator.consumer.ConsumerGroupCoordinator;
import org.rebalancesim.coordinator.consumer.ConsumerGroupSettings;
import org.rebalancesim.scenario.ConsumerGroupSpec;

/**
 * The broker side of the consumer protocol: the KIP-848 consumer group, beside the classic coordinator
 * that answers classic requests (JoinGroup and the rest) for the same group id. No pod speaks classic to a
 * consumer group, so the classic side stays Empty; it fails over with the consumer group, and loading it is
 * what tells the group's events where the group moved.
 */
final class ConsumerProtocolCoordinator implements GroupCoordinator {

    private final ConsumerGroupCoordinator consumerGroup;
    private ClassicGroupCoordinator classic;

    ConsumerProtocolCoordinator(GroupSetup setup) {
        this.classic = ClassicProtocol.classicCoordinator(setup);
        this.consumerGroup = new ConsumerGroupCoordinator(setup.sim(), setup.groupId(), settingsOf(setup),
                setup.offsets(), setup.partitionCounts(), setup.events());
    }

    /** The broker's group.consumer.* settings; group.max.size stands for group.consumer.max.size too. */
    static ConsumerGroupSettings settingsOf(GroupSetup setup) {
        ConsumerGroupSpec group = ConsumerProtocol.groupSettings(setup.settings());
        return new ConsumerGroupSettings(group.heartbeatIntervalMs(), group.sessionTimeoutMs(), group.assignors(),
                setup.settings().groupMaxSize(), group.assignmentIntervalMs(), group.regexRefreshIntervalMs());
    }

    /** The classic coordinator of the group id (the classic group while it is one, §21). */
    ClassicGroupCoordinator classic() {
        return classic;
    }

    /** A new classic group for the group id after a conversion (§21). */
    void useClassic(ClassicGroupCoordinator replacement) {
        this.classic = replacement;
    }

    ConsumerGroupCoordinator consumerGroup() {
        return consumerGroup;
    }

    @Override
    public void unload() {
        classic.unload();
        consumerGroup.unload();
    }

    /** A consumer group's whole state is in __consumer_offsets: it resumes as it was (§11). */
    @Override
    public GroupCoordinator loadOn(int broker) {
        classic = classic.loadOn(broker);
        consumerGroup.load();
        return this;
    }

    /** The consumer group refreshes its subscription metadata. */
    @Override
    public void partitionsChanged() {
        consumerGroup.metadataChanged();
    }

    @Override
    public <A> A serving(Class<A> api) {
        if (api.isInstance(consumerGroup)) {
            return api.cast(consumerGroup);
        }
        return api.isInstance(classic) ? api.cast(classic) : null;
    }
}
