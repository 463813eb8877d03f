package org.rebalancesim.consumer;

import java.util.List;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMessages.HeartbeatRequest;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMessages.OffsetCommitRequest;
import org.rebalancesim.partition.TopicPartition;

/** A KIP-848 consumer's requests: ConsumerGroupHeartbeat with its subscription and owned partitions. */
final class ConsumerGroupRequests implements GroupRequests {

    private final ConsumerProtocolMember member;
    private List<String> sentTopics;
    private List<TopicPartition> sentOwned;
    private String sentRegex;

    ConsumerGroupRequests(ConsumerProtocolMember member) {
        this.member = member;
    }

    /** Like Kafka's heartbeat state (CHRM#buildRequestData): what changed, or everything in a full one. */
    @Override
    public void heartbeat(int epoch, Consumer<Answer> onAnswer) {
        boolean full = epoch <= 0 || sentTopics == null;
        List<String> topics = List.copyOf(new TreeSet<>(member.pollLoop.subscription()));
        List<TopicPartition> owned = member.pollLoop.owned();
        // subscribe(SubscriptionPattern) sends the regex and no topic names; subscribe(topics) an empty regex.
        String regex = member.serverRegex == null ? "" : member.serverRegex;
        HeartbeatRequest request = new HeartbeatRequest(member.memberId, epoch, member.instanceId,
                full ? member.config.maxPollIntervalMs() : -1,
                full || !topics.equals(sentTopics) ? topics : null,
                full ? member.config.groupRemoteAssignor() : null,
                full || !owned.equals(sentOwned) ? owned : null,
                full && !regex.isEmpty() || sentRegex != null && !regex.equals(sentRegex) ? regex : null);
        sentTopics = topics;
        sentOwned = owned;
        sentRegex = regex;
        member.connection.consumerGroupHeartbeat(request, response -> onAnswer.accept(new Answer(response.error(),
                response.memberEpoch(), response.heartbeatIntervalMs(), response.assignment() == null ? null
                        : () -> member.assignmentReceived(ConsumerProtocolMember.Target.of(response.assignment())),
                true)));
    }

    @Override
    public void forgetSentFields() {
        sentTopics = null;
        sentOwned = null;
        sentRegex = null;
    }

    @Override
    public void commit(OffsetCommitRequest request, Consumer<Errors> onResponse) {
        member.connection.consumerGroupCommit(request, onResponse);
    }
}
