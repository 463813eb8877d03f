/**
 * The protocol-neutral stream of group events: what the coordinators ({@link
 * org.rebalancesim.events.CoordinatorEvents}) and the pods ({@link org.rebalancesim.events.PodEvents})
 * publish to a {@link org.rebalancesim.events.GroupEvents} stream, and what the run's recorder and
 * invariant checks hear as a {@link org.rebalancesim.events.GroupListener}. Also the vocabulary both
 * sides share: a member's display state, the story's kinds, rebalance causes and triggers, removal
 * reasons, the neutral view of a group's state. Depends on {@code partition} alone.
 */
package org.rebalancesim.events;
