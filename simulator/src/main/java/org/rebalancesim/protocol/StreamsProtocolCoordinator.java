package org.rebalancesim.protocol;

import org.rebalancesim.cluster.GroupSetup;
import org.rebalancesim.coordinator.ClassicGroupCoordinator;
import org.rebalancesim.coordinator.GroupCoordinator;
import org.rebalancesim.coordinator.streams.StreamsGroupCoordinator;
import org.rebalancesim.coordinator.streams.StreamsGroupSettings;
import org.rebalancesim.scenario.StreamsGroupSpec;

/**
 * The broker side of the streams protocol: the KIP-1071 streams group, beside the classic coordinator that
 * answers classic requests for the same group id (it stays Empty: no pod speaks classic to a streams group; it
 * fails over with the streams group, and loading it tells the group's events where the group moved).
 */
final class StreamsProtocolCoordinator implements GroupCoordinator {

    private final StreamsGroupCoordinator streamsGroup;
    private ClassicGroupCoordinator classic;

    StreamsProtocolCoordinator(GroupSetup setup) {
        this.classic = ClassicProtocol.classicCoordinator(setup);
        StreamsGroupSpec spec = setup.settings().streamsGroup();
        this.streamsGroup = new StreamsGroupCoordinator(setup.sim(), setup.groupId(),
                new StreamsGroupSettings(spec.heartbeatIntervalMs(), spec.sessionTimeoutMs(), spec.numStandbyReplicas(),
                        spec.initialRebalanceDelayMs(), spec.assignmentIntervalMs(), setup.settings().groupMaxSize()),
                setup.offsets(), setup.partitionCounts(), setup.events());
    }

    @Override
    public void unload() {
        classic.unload();
        streamsGroup.unload();
    }

    @Override
    public GroupCoordinator loadOn(int broker) {
        classic = classic.loadOn(broker);
        streamsGroup.load();
        return this;
    }

    /** Task counts follow the partition counts at the next target computation. */
    @Override
    public void partitionsChanged() {
    }

    @Override
    public <A> A serving(Class<A> api) {
        if (api.isInstance(streamsGroup)) {
            return api.cast(streamsGroup);
        }
        return api.isInstance(classic) ? api.cast(classic) : null;
    }
}
