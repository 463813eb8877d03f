package org.rebalancesim.coordinator;

/** The Kafka error codes the group protocol answers with (a subset of org.apache.kafka.common.protocol.Errors). */
public enum Errors {
    NONE,
    UNKNOWN_MEMBER_ID,
    ILLEGAL_GENERATION,
    REBALANCE_IN_PROGRESS,
    MEMBER_ID_REQUIRED,
    FENCED_INSTANCE_ID,
    INVALID_SESSION_TIMEOUT,
    GROUP_MAX_SIZE_REACHED,
    NOT_COORDINATOR,
    COORDINATOR_NOT_AVAILABLE,
    COORDINATOR_LOAD_IN_PROGRESS,
    /** KIP-848: the member's epoch is not one the coordinator accepts; the member must rejoin with epoch 0. */
    FENCED_MEMBER_EPOCH,
    /** KIP-848: an offset commit carried an epoch other than the member's current one. */
    STALE_MEMBER_EPOCH,
    /** KIP-848: a static member rejoined while the previous instance with its id has not left (fatal in the Java client). */
    UNRELEASED_INSTANCE_ID,
    /** KIP-848: the member asked for a server assignor the broker does not have. */
    UNSUPPORTED_ASSIGNOR,
    /**
     * A ConsumerGroupHeartbeat to a group that is not a consumer group and may not become one
     * (GroupMetadataManager getOrMaybeCreateConsumerGroup, validateOnlineUpgrade): fatal in the client.
     */
    GROUP_ID_NOT_FOUND,
    /**
     * A ConsumerGroupHeartbeat that would convert a classic group whose assignment carries a custom assignor's user
     * data (ConsumerGroup.fromClassicGroup): fatal in the client.
     */
    UNSUPPORTED_VERSION,
    /** A classic JoinGroup to a consumer group under migration policy disabled (fatal in the client). */
    INCONSISTENT_GROUP_PROTOCOL,
    /** Client side only: no response within the request timeout (lost request or dead broker). */
    REQUEST_TIMED_OUT
}
