package org.rebalancesim.cluster;

import java.util.Map;
import java.util.function.Supplier;
import org.rebalancesim.coordinator.CoordinatorWarmup;
import org.rebalancesim.coordinator.MemberIds;
import org.rebalancesim.coordinator.OffsetStore;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.events.GroupEvents;
import org.rebalancesim.scenario.ClusterSpec;

/**
 * What the cluster gives a group's coordinator to be built from: the clock, the broker settings, the
 * committed offsets and member ids the brokers keep, what the group reports to, and the topics' partition
 * counts (the metadata a broker sees). A protocol's coordinator uses the parts it needs.
 *
 * @param partitionCounts the topics' partition counts as the coordinator's broker has published them, read
 *                        when needed
 * @param warmup          what is left of a freshly started broker's cold coordinator (cluster.coordinatorWarmup),
 *                        shared by every coordinator of the group in the run
 */
public record GroupSetup(Simulation sim, ClusterSpec settings, String groupId, OffsetStore offsets,
                         MemberIds memberIds, GroupEvents events,
                         Supplier<Map<String, Integer>> partitionCounts, CoordinatorWarmup warmup) {
}
