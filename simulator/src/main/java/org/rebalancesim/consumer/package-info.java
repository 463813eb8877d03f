/**
 * The client side: a pod and its process incarnations, the application thread's poll loop, the
 * classic client (eager and cooperative, with its heartbeat thread) and the KIP-848 client, their
 * connection to the coordinator with Kafka's timeouts and backoffs (docs/kafka-semantics.md §2 to §10,
 * §17, §18). Which client a pod runs is the protocol's {@link org.rebalancesim.consumer.ClientFactory}.
 *
 * <p>May depend on {@code engine}, {@code scenario}, {@code partition}, {@code cluster},
 * {@code assignor}, {@code workload}, the coordinators' request and response types, and {@code events},
 * through which it reports what happens. Must not depend on the observers ({@code metrics},
 * {@code invariant}), on {@code protocol} or on anything that runs or reports.
 */
package org.rebalancesim.consumer;
