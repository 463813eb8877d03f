/**
 * The broker-side classic group coordinator (Kafka's GroupMetadataManager, classic part, and
 * ClassicGroup): the group state machine, the join and sync phases, heartbeats and session expiry,
 * LeaveGroup, OffsetCommit, static membership and failover (docs/kafka-semantics.md §1 to §4, §7,
 * §8, §11). Also what every protocol's coordinator shares: the
 * {@link org.rebalancesim.coordinator.GroupCoordinator} interface the cluster hosts, the outbox, the
 * error codes, member ids and the offset store.
 *
 * <p>May depend on {@code engine}, {@code scenario}, {@code partition} and {@code events}, where it
 * publishes what happens. Must not depend on the client ({@code consumer}), on
 * {@code coordinator.consumer}, on observers or on anything that runs or reports.
 */
package org.rebalancesim.coordinator;
