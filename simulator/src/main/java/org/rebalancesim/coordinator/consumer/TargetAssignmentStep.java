package org.rebalancesim.coordinator.consumer;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.function.Supplier;
import org.apache.kafka.coordinator.group.api.assignor.ConsumerGroupPartitionAssignor;
import org.rebalancesim.assignor.ServerAssignors;
import org.rebalancesim.cluster.TopicPartition;

/**
 * Computes the group's target assignment with Kafka's server assignor (GMM updateTargetAssignment and
 * TargetAssignmentBuilder): every member, each with its previous target as the assignor's input.
 *
 * <p>When (kafka-semantics §10 "Target assignment"; KIP-1263 batching as Kafka 4.4.0 implements it for
 * consumer groups, GMM.maybeUpdateTargetAssignment / canComputeNextTargetAssignment): only inside a
 * heartbeat, and only when the group epoch is ahead of the assignment epoch and
 * <ul>
 *   <li>no target was ever computed (or the group emptied since), or</li>
 *   <li>group.consumer.assignment.interval.ms is 0 (Kafka 4.0-4.2: every such heartbeat computes), or</li>
 *   <li>at least that interval passed since the last computation.</li>
 * </ul>
 * Otherwise the heartbeat reconciles the member towards the last target (a new member finds none and is
 * STABLE with nothing at the last assignment epoch). There is no timer: a deferred computation happens
 * at the first heartbeat of any member after the interval, so a quiet group stays ASSIGNING until then.
 * (Kafka 4.4.0 schedules a delayed-assignment timer for streams groups only; the offload option,
 * group.consumer.assignor.offload.enable, only moves the same computation to another thread.)
 */
final class TargetAssignmentStep {

    private final ConsumerGroupSettings settings;
    private final Supplier<Map<String, Integer>> partitionCounts;
    private final Map<String, ConsumerGroupPartitionAssignor> assignors = new LinkedHashMap<>();

    TargetAssignmentStep(ConsumerGroupSettings settings, Supplier<Map<String, Integer>> partitionCounts) {
        this.settings = settings;
        this.partitionCounts = partitionCounts;
        settings.assignors().forEach(name -> assignors.put(name, ServerAssignors.create(name)));
    }

    /** Whether a heartbeat at {@code nowMs} computes a new target (GMM.canComputeNextTargetAssignment). */
    boolean isDue(ConsumerGroup group, long nowMs) {
        if (group.groupEpoch() <= group.assignmentEpoch()) {
            return false;
        }
        long lastMs = group.assignmentTimeMs();
        return lastMs == ConsumerGroup.NEVER || settings.assignmentIntervalMs() == 0
                || nowMs >= lastMs + settings.assignmentIntervalMs();
    }

    /** Computes the target for the current group epoch and installs it. */
    void compute(ConsumerGroup group, long nowMs) {
        List<ServerAssignors.Member> members = new ArrayList<>(group.size());
        for (ConsumerGroupMember member : group.members()) {
            members.add(new ServerAssignors.Member(member.memberId(), member.instanceId(),
                    member.subscribedTopics(), group.target(member.memberId())));
        }
        ConsumerGroupPartitionAssignor assignor = assignors.get(preferredAssignor(group.members()));
        SortedMap<String, SortedSet<TopicPartition>> target =
                ServerAssignors.assign(assignor, members, partitionCounts.get());
        group.setTargetAssignment(group.groupEpoch(), target, nowMs);
    }

    /**
     * The assignor the group uses (ConsumerGroup.computePreferredServerAssignor): the one most members ask
     * for. Kafka breaks a tie by HashMap order; here the assignor listed first in group.consumer.assignors
     * wins. No member asking → the default (the first listed).
     */
    String preferredAssignor(Collection<ConsumerGroupMember> members) {
        Map<String, Integer> votes = new LinkedHashMap<>();
        settings.assignors().forEach(name -> votes.put(name, 0));
        for (ConsumerGroupMember member : members) {
            if (member.serverAssignor() != null) {
                votes.merge(member.serverAssignor(), 1, Integer::sum);
            }
        }
        String preferred = settings.defaultAssignor();
        int best = 0;
        for (Map.Entry<String, Integer> vote : votes.entrySet()) {
            if (vote.getValue() > best) {
                preferred = vote.getKey();
                best = vote.getValue();
            }
        }
        return preferred;
    }
}
