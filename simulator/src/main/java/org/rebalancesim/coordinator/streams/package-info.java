/**
 * The broker-side coordinator of KIP-1071 streams groups (Kafka 4.4.0's GroupMetadataManager, streams part,
 * StreamsGroup and the streams CurrentAssignmentBuilder): StreamsGroupHeartbeat, group and member epochs, the
 * target assignment of active and standby tasks by Kafka's own StickyTaskAssignor, server-side reconciliation of
 * tasks as a pure step, the session and rebalance timers (docs/kafka-semantics.md §19, §27).
 *
 * <p>May depend on {@code engine}, {@code partition}, {@code assignor} (the streams task assignor),
 * {@code coordinator} and {@code coordinator.consumer} (the keyed member timers and the heartbeat error it
 * shares). Must not depend on the client, on observers or on anything that runs or reports.
 */
package org.rebalancesim.coordinator.streams;
