package org.rebalancesim.consumer;

import java.util.function.Consumer;
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMessages.OffsetCommitRequest;

/**
 * The requests a broker-reconciled member sends, in its protocol's form: ConsumerGroupHeartbeat (KIP-848) or
 * StreamsGroupHeartbeat (KIP-1071), and its offset commit. {@link ConsumerHeartbeats} decides when; this decides
 * what a heartbeat carries and how its answer's assignment reaches the member.
 */
interface GroupRequests {

    /**
     * The protocol-neutral part of a heartbeat's answer; {@code assignment} delivers the new one, or is null;
     * {@code groupReady} is false while a streams group answers ASSIGNMENT_DELAYED (a consumer group always
     * answers true).
     */
    record Answer(Errors error, int memberEpoch, long heartbeatIntervalMs, Runnable assignment, boolean groupReady) {
    }

    /**
     * Sends a heartbeat at {@code epoch}: a field is sent only when it changed since the last heartbeat, and all
     * of them when joining, leaving or after {@link #forgetSentFields}.
     */
    void heartbeat(int epoch, Consumer<Answer> onAnswer);

    /** The next heartbeat carries every field again (after a join, a leave, or a failure). */
    void forgetSentFields();

    void commit(OffsetCommitRequest request, Consumer<Errors> onResponse);
}
