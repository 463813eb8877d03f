/**
 * The broker-side coordinator of KIP-848 consumer groups (Kafka's GroupMetadataManager, consumer part,
 * ConsumerGroup and CurrentAssignmentBuilder): ConsumerGroupHeartbeat, group and member epochs, target
 * assignments, server-side reconciliation as a pure step, the session and rebalance timers
 * (docs/kafka-semantics.md §10, §11).
 *
 * <p>May depend on {@code engine}, {@code cluster}'s partition types, {@code assignor} (the server
 * assignors), {@code coordinator} (the shared outbox, errors and triggers) and {@code scenario} (a regex
 * subscription's matching rule, {@code TopicPattern}). Must not depend on the
 * client, on observers or on anything that runs or reports.
 */
package org.rebalancesim.coordinator.consumer;
