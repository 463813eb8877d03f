package org.rebalancesim.bench;

import java.util.BitSet;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.coordinator.group.api.assignor.GroupSpec;
import org.apache.kafka.coordinator.group.api.assignor.MemberAssignment;
import org.apache.kafka.coordinator.group.api.assignor.MemberSubscription;
import org.apache.kafka.coordinator.group.api.assignor.SubscriptionType;

/**
 * A GroupSpec built once and then only read: the "inputs already in Kafka's types" of the direct
 * assignor calls. It holds what the simulator's spec hands out (the same subscriptions and assignment
 * maps, members in the same sorted order) in plain lookup structures, so that whatever the simulator's
 * spec does beyond handing them out counts as the adapter's overhead.
 */
final class PrebuiltGroupSpec implements GroupSpec {

    private final Set<String> memberIds;
    private final Map<String, MemberSubscription> subscriptions = new HashMap<>();
    private final Map<String, MemberAssignment> assignments = new HashMap<>();
    private final Map<Uuid, BitSet> assigned = new HashMap<>();
    private final SubscriptionType subscriptionType;

    private PrebuiltGroupSpec(GroupSpec source) {
        memberIds = Collections.unmodifiableSet(new TreeSet<>(source.memberIds()));
        for (String memberId : memberIds) {
            subscriptions.put(memberId, source.memberSubscription(memberId));
            Map<Uuid, Set<Integer>> partitions = source.memberAssignment(memberId).partitions();
            assignments.put(memberId, () -> partitions);
            partitions.forEach((topicId, ids) ->
                    ids.forEach(assigned.computeIfAbsent(topicId, id -> new BitSet())::set));
        }
        subscriptionType = source.subscriptionType();
    }

    /** A copy of {@code source} as it stands (its partitions exist in the metadata it was prepared with). */
    static GroupSpec copyOf(GroupSpec source) {
        return new PrebuiltGroupSpec(source);
    }

    @Override
    public Collection<String> memberIds() {
        return memberIds;
    }

    @Override
    public SubscriptionType subscriptionType() {
        return subscriptionType;
    }

    @Override
    public boolean isPartitionAssigned(Uuid topicId, int partitionId) {
        BitSet partitions = assigned.get(topicId);
        return partitions != null && partitions.get(partitionId);
    }

    @Override
    public boolean isPartitionAssignable(Uuid topicId, int partitionId) {
        return true;
    }

    @Override
    public MemberSubscription memberSubscription(String memberId) {
        return subscriptions.get(memberId);
    }

    @Override
    public MemberAssignment memberAssignment(String memberId) {
        return assignments.get(memberId);
    }
}
