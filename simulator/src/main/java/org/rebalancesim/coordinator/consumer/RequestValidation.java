package org.rebalancesim.coordinator.consumer;

import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMessages.HeartbeatRequest;

/**
 * GroupCoordinatorService.throwIfConsumerGroupHeartbeatRequestIsInvalid (Kafka 4.4.0). Kafka answers a
 * malformed request INVALID_REQUEST; in the simulator only a client-model bug can build one, so it fails
 * loudly instead. An unknown server assignor is a configuration the client may really send:
 * UNSUPPORTED_ASSIGNOR.
 */
final class RequestValidation {

    private RequestValidation() {
    }

    static void check(HeartbeatRequest request, ConsumerGroupSettings settings) {
        if (request.memberId() == null || request.memberId().isEmpty()) {
            invalid(request, "MemberId can't be empty (the client generates it, KIP-1082)");
        }
        if (request.instanceId() != null && request.instanceId().isEmpty()) {
            invalid(request, "InstanceId can't be empty");
        }
        int epoch = request.memberEpoch();
        if (epoch == ConsumerGroupMessages.JOIN_EPOCH) {
            if (request.rebalanceTimeoutMs() <= 0) {
                invalid(request, "RebalanceTimeoutMs must be provided in first request");
            }
            if (request.ownedPartitions() == null || !request.ownedPartitions().isEmpty()) {
                invalid(request, "TopicPartitions must be empty when (re-)joining");
            }
            if (request.subscribedTopics() == null) {
                invalid(request, "SubscribedTopicNames must be non-null when (re-)joining");
            }
        } else if (epoch == ConsumerGroupMessages.STATIC_LEAVE_EPOCH) {
            if (request.instanceId() == null) {
                invalid(request, "InstanceId can't be null");
            }
        } else if (epoch < ConsumerGroupMessages.LEAVE_EPOCH) {
            invalid(request, "MemberEpoch is invalid");
        }
        if (request.serverAssignor() != null && !settings.assignors().contains(request.serverAssignor())) {
            throw new HeartbeatException(Errors.UNSUPPORTED_ASSIGNOR, "server assignor " + request.serverAssignor()
                    + " is not one of group.consumer.assignors " + settings.assignors());
        }
    }

    private static void invalid(HeartbeatRequest request, String why) {
        throw new IllegalArgumentException("invalid ConsumerGroupHeartbeat (INVALID_REQUEST in Kafka): " + why
                + ": " + request);
    }
}
