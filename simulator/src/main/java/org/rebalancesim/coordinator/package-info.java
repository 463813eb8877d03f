/**
 * The broker-side classic group coordinator (Kafka's GroupMetadataManager, classic part, and
 * ClassicGroup): the group state machine, the join and sync phases, heartbeats and session expiry,
 * LeaveGroup, OffsetCommit, static membership and failover (docs/kafka-semantics.md §1 to §4, §7,
 * §8, §11). Also what both coordinators share: the outbox, the error codes, the rebalance triggers
 * and removal reasons the recorder and the story use.
 *
 * <p>May depend on {@code engine}, {@code scenario} and {@code cluster}'s partition types. Must not
 * depend on the client ({@code consumer}), on {@code coordinator.consumer}, on observers or on
 * anything that runs or reports: it speaks to the outside only through request callbacks and its
 * listener.
 */
package org.rebalancesim.coordinator;
