/**
 * The client side: a pod and its process incarnations, the application thread's poll loop, the
 * classic client (eager and cooperative, with its heartbeat thread) and the KIP-848 client, their
 * connection to the coordinator with Kafka's timeouts and backoffs (docs/kafka-semantics.md §2 to §10,
 * §17, §18).
 *
 * <p>May depend on {@code engine}, {@code scenario}, {@code cluster}, {@code assignor},
 * {@code workload} and the coordinators' request and response types. Reports what happens through
 * {@link org.rebalancesim.consumer.PodObserver} and must not depend on the observers themselves
 * ({@code invariant}) or on anything that runs or reports. Today it imports two enums of
 * {@code metrics} (the display state and the story kinds), a cycle, since {@code metrics} implements
 * {@code PodObserver} (docs/ARCHITECTURE.md, "Packages").
 */
package org.rebalancesim.consumer;
