package org.rebalancesim.scenario;

import java.util.List;

/**
 * Consumer configuration, Kafka names and Kafka 4.x defaults in the comments.
 *
 * @param groupProtocol               group.protocol (classic)
 * @param partitionAssignmentStrategy partition.assignment.strategy ([range, cooperative-sticky]),
 *                                    short names or class names, in preference order
 * @param sessionTimeoutMs            session.timeout.ms (45000)
 * @param heartbeatIntervalMs         heartbeat.interval.ms (3000)
 * @param maxPollIntervalMs           max.poll.interval.ms (300000), also the rebalance timeout
 * @param maxPollRecords              max.poll.records (500)
 * @param enableAutoCommit            enable.auto.commit (true); false means a commitSync after each batch
 * @param autoCommitIntervalMs        auto.commit.interval.ms (5000)
 * @param groupInstanceId             group.instance.id (null = dynamic member), as written: sent as it is, with
 *                                    {@value #POD_NAME} replaced by the pod's name
 * @param requestTimeoutMs            request.timeout.ms (30000)
 * @param retryBackoffMs              retry.backoff.ms (100)
 * @param retryBackoffMaxMs           retry.backoff.max.ms (1000)
 * @param groupRemoteAssignor         group.remote.assignor (null = the broker's default), consumer protocol only
 * @param metadataMaxAgeMs            metadata.max.age.ms (300000): a metadata refresh is due this long after the
 *                                    last successful one (docs/kafka-semantics.md §16)
 */
public record ConsumerConfig(GroupProtocolName groupProtocol, List<String> partitionAssignmentStrategy,
                             long sessionTimeoutMs, long heartbeatIntervalMs, long maxPollIntervalMs,
                             int maxPollRecords, boolean enableAutoCommit, long autoCommitIntervalMs,
                             String groupInstanceId, long requestTimeoutMs, long retryBackoffMs,
                             long retryBackoffMaxMs, String groupRemoteAssignor, long metadataMaxAgeMs) {

    public ConsumerConfig {
        partitionAssignmentStrategy = List.copyOf(partitionAssignmentStrategy);
    }

    /**
     * Kafka's exponential retry backoff (KIP-580, jitter left out): retry.backoff.ms doubled per
     * failure, up to retry.backoff.max.ms.
     */
    public long retryBackoffAfter(int failures) {
        return Math.min(retryBackoffMaxMs, retryBackoffMs << Math.min(failures, 20));
    }

    /** The same configs with another partition.assignment.strategy. */
    /** A Kafka Streams instance's main consumer under Streams' group.protocol (classic or streams, KIP-1071). */
    public ConsumerConfig withGroupProtocol(GroupProtocolName protocol) {
        return new ConsumerConfig(protocol, partitionAssignmentStrategy, sessionTimeoutMs, heartbeatIntervalMs,
                maxPollIntervalMs, maxPollRecords, enableAutoCommit, autoCommitIntervalMs, groupInstanceId,
                requestTimeoutMs, retryBackoffMs, retryBackoffMaxMs, groupRemoteAssignor, metadataMaxAgeMs);
    }

    public ConsumerConfig withStrategy(List<String> strategy) {
        return new ConsumerConfig(groupProtocol, strategy, sessionTimeoutMs, heartbeatIntervalMs, maxPollIntervalMs,
                maxPollRecords, enableAutoCommit, autoCommitIntervalMs, groupInstanceId, requestTimeoutMs,
                retryBackoffMs, retryBackoffMaxMs, groupRemoteAssignor, metadataMaxAgeMs);
    }

    public boolean isStatic() {
        return groupInstanceId != null;
    }

    /**
     * The pod's name in a group.instance.id, written as a pod spec passes it to the container: an env var from
     * the downward API ({@code fieldRef: metadata.name}), expanded in the command line as {@code $(POD_NAME)}.
     */
    public static final String POD_NAME = "$(POD_NAME)";

    /** The group.instance.id one pod's consumer sends, as Kafka takes it: the value, the pod's name expanded. */
    public String instanceIdOf(String podName) {
        return groupInstanceId == null ? null : groupInstanceId.replace(POD_NAME, podName);
    }
}
