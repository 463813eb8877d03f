package org.rebalancesim.cluster;

import org.rebalancesim.coordinator.GroupCoordinator;

/** Builds the coordinator of a group when the cluster starts: each group protocol brings its own. */
@FunctionalInterface
public interface CoordinatorFactory {

    GroupCoordinator create(GroupSetup setup);
}
