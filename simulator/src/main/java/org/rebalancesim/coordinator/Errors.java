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
    /** Client side only: no response within the request timeout (lost request or dead broker). */
    REQUEST_TIMED_OUT
}
