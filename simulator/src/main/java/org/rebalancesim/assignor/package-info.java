/**
 * Adapters over Kafka's own assignors: the client ones ({@code range}, {@code roundrobin},
 * {@code sticky}, {@code cooperative-sticky}, or a user's class from {@code --classpath}), one instance
 * per member as in a real consumer, and the server ones of KIP-848 ({@code uniform}, {@code range})
 * (docs/kafka-semantics.md §13), and Kafka Streams' task assignment ({@link StreamsTaskAssignor}, §26). It also
 * models how long an assignment takes to compute.
 *
 * <p>May depend on {@code partition}, {@code scenario} (Kafka's assignor names) and on kafka-clients,
 * kafka-group-coordinator and kafka-streams. Must not depend on the coordinators, the clients or anything above them.
 */
package org.rebalancesim.assignor;
