package org.rebalancesim.coordinator.consumer;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.rebalancesim.assignor.ServerGroupSpec;
import org.rebalancesim.assignor.TargetAssignment;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.coordinator.DerivedGroupState;
import org.rebalancesim.events.Cause;
import org.rebalancesim.events.CoordinatorEvents.AssignmentComputed;
import org.rebalancesim.events.CoordinatorEvents.GroupEpochBumped;
import org.rebalancesim.events.CoordinatorEvents.RebalanceStarted;
import org.rebalancesim.events.GroupEvents;

/**
 * The persisted state of one KIP-848 consumer group (Kafka's ConsumerGroup): members, static-member index,
 * group and assignment epochs, target assignment, who holds which partition, and the subscription metadata.
 * Everything here is what __consumer_offsets would hold, so it survives a coordinator failover as is.
 *
 * <p>Group state (ConsumerGroup.maybeUpdateGroupState), derived after every change:
 * EMPTY (no member) / ASSIGNING (group epoch > assignment epoch) / RECONCILING (a member is not STABLE at
 * the assignment epoch) / STABLE; DEAD while unloaded. Any live state may follow any other; DEAD is
 * left only by a load.
 */
final class ConsumerGroup {

    /** The target assignment was never computed (Kafka stores timestamp 0). */
    static final long NEVER = -1;

    private final String groupId;
    private final GroupEvents events;
    private final SortedMap<String, ConsumerGroupMember> members = new TreeMap<>();
    private final SortedMap<String, String> staticMemberIds = new TreeMap<>();
    private final PartitionOwners owners;
    /** The members as Kafka's assignors see them, with the target assignment in Kafka's form. */
    private final ServerGroupSpec assignorSpec = new ServerGroupSpec();
    /** Counts removals and replacements: a target computed before one of them must be fitted to the members. */
    private long membershipChanges;
    private SortedMap<String, Integer> subscriptionMetadata = new TreeMap<>();
    private boolean metadataRefreshRequested;
    private int groupEpoch;
    private int assignmentEpoch;
    private long assignmentTimeMs = NEVER;
    /** How many members are not STABLE at the assignment epoch: keeps the state derivation O(1). */
    private int unreconciled;
    private final DerivedGroupState<ConsumerGroupState> state;

    ConsumerGroup(String groupId, GroupEvents events) {
        this.groupId = groupId;
        this.events = events;
        this.state = new DerivedGroupState<>(events, ConsumerGroupState.EMPTY, ConsumerGroupState.STABLE, ConsumerGroupState.DEAD, 0);
        this.owners = new PartitionOwners(groupId);
    }

    String groupId() {
        return groupId;
    }

    ConsumerGroupMember member(String memberId) {
        return members.get(memberId);
    }

    /** The member holding {@code instanceId}, or null. */
    ConsumerGroupMember staticMember(String instanceId) {
        String memberId = instanceId == null ? null : staticMemberIds.get(instanceId);
        return memberId == null ? null : members.get(memberId);
    }

    /** The members sorted by member id. */
    Collection<ConsumerGroupMember> members() {
        return Collections.unmodifiableCollection(members.values());
    }

    int size() {
        return members.size();
    }

    PartitionOwners owners() {
        return owners;
    }

    /** Adds or updates a member (Kafka replays its member and current-assignment records). */
    void put(ConsumerGroupMember member) {
        ConsumerGroupMember before = members.put(member.memberId(), member);
        assignorSpec.putMember(member.memberId(), member.instanceId(), member.subscribedTopics());
        owners.update(before, member);
        unreconciled += unreconciledCount(member) - unreconciledCount(before);
        if (member.instanceId() != null) {
            staticMemberIds.put(member.instanceId(), member.memberId());
        }
    }

    /** Removes a member with its target assignment; its partitions are free. */
    ConsumerGroupMember remove(String memberId) {
        ConsumerGroupMember removed = removeMember(memberId);
        assignorSpec.target().remove(memberId);
        return removed;
    }

    /** A static member's new incarnation takes over the old one's place, target included (GMM replaceMember). */
    void replace(String oldMemberId, ConsumerGroupMember replacement) {
        removeMember(oldMemberId);
        put(replacement);
        assignorSpec.target().rename(oldMemberId, replacement.memberId());
    }

    private ConsumerGroupMember removeMember(String memberId) {
        ConsumerGroupMember removed = members.remove(memberId);
        if (removed == null) {
            throw new IllegalStateException("group " + groupId + ": no member " + memberId + " to remove");
        }
        assignorSpec.removeMember(memberId);
        owners.update(removed, null);
        unreconciled -= unreconciledCount(removed);
        if (removed.instanceId() != null && memberId.equals(staticMemberIds.get(removed.instanceId()))) {
            staticMemberIds.remove(removed.instanceId());
        }
        membershipChanges++;
        return removed;
    }

    /** How many members were removed or replaced so far. */
    long membershipChanges() {
        return membershipChanges;
    }

    /** The members and their target, as Kafka's assignors see them. */
    ServerGroupSpec assignorSpec() {
        return assignorSpec;
    }

    int groupEpoch() {
        return groupEpoch;
    }

    int assignmentEpoch() {
        return assignmentEpoch;
    }

    /** When the target assignment was last computed, or {@link #NEVER}. */
    long assignmentTimeMs() {
        return assignmentTimeMs;
    }

    /** The group epoch goes up: a rebalance starts, or the one in progress takes in this change too. */
    void bumpGroupEpoch(Cause cause) {
        groupEpoch++;
        // The derived state lags a take-over (none is derived between the classic members' adoption and the joining
        // member's bump): members besides the one joining tell that the group was not empty.
        boolean fromEmpty = state.state() == ConsumerGroupState.EMPTY && members.size() <= 1;
        events.publish(new RebalanceStarted(cause, fromEmpty));
        events.publish(new GroupEpochBumped(groupEpoch, cause));
    }

    /** The member's partitions in the target assignment (empty for a member the target does not know). */
    SortedSet<TopicPartition> target(String memberId) {
        return assignorSpec.target().partitions(memberId);
    }

    /**
     * Installs a new target assignment computed for {@code epoch} at {@code atMs}; every part of it belongs
     * to a current member.
     */
    void setTargetAssignment(int epoch, TargetAssignment target, long atMs) {
        assignorSpec.setTarget(target);
        assignmentEpoch = epoch;
        assignmentTimeMs = atMs;
        recountUnreconciled();
        Map<String, List<TopicPartition>> reported = new LinkedHashMap<>();
        for (String memberId : members.keySet()) {
            if (target.contains(memberId)) {
                reported.put(memberId, target.partitionList(memberId));
            }
        }
        if (reported.size() != target.memberIds().size()) {
            throw new IllegalStateException("group " + groupId + ": the target of epoch " + epoch
                    + " has parts for members it does not have");
        }
        events.publish(new AssignmentComputed(epoch, Collections.unmodifiableMap(reported),
                AssignmentComputed.Kind.TARGET));
    }

    /**
     * The group takes over a classic group's members at generation {@code epoch} (ConsumerGroup.fromClassicGroup):
     * the group and target epochs become the generation, and each member's target is what it owns.
     */
    void adoptClassicGroup(int epoch, Collection<ConsumerGroupMember> converted) {
        Map<String, SortedSet<TopicPartition>> parts = new TreeMap<>();
        for (ConsumerGroupMember member : converted) {
            put(member);
            parts.put(member.memberId(), member.assigned());
        }
        groupEpoch = epoch;
        state.reached(epoch);
        events.publish(new GroupEpochBumped(epoch, Cause.progress("taken over from the classic group at generation "
                + epoch)));
        // ConsumerGroup.fromClassicGroup (4.4.0) writes the taken-over target with timestamp 0, so the next target
        // may be computed at once, whatever group.consumer.assignment.interval.ms says.
        setTargetAssignment(epoch, assignorSpec.targetOf(parts), NEVER);
    }

    /**
     * The last member left: the empty target is current at the new group epoch and the next computation
     * may run at once (consumerGroupFenceMembers writes a target epoch record with timestamp 0).
     */
    void resetTargetOfEmptyGroup() {
        assignorSpec.setTarget(assignorSpec.emptyTarget());
        assignmentEpoch = groupEpoch;
        assignmentTimeMs = NEVER;
        recountUnreconciled();
    }

    private int unreconciledCount(ConsumerGroupMember member) {
        return member == null || member.isReconciledTo(assignmentEpoch) ? 0 : 1;
    }

    private void recountUnreconciled() {
        unreconciled = 0;
        for (ConsumerGroupMember member : members.values()) {
            unreconciled += unreconciledCount(member);
        }
    }

    /** Partition counts of the subscribed topics when the group epoch last took them into account. */
    SortedMap<String, Integer> subscriptionMetadata() {
        return subscriptionMetadata;
    }

    void setSubscriptionMetadata(SortedMap<String, Integer> metadata) {
        subscriptionMetadata = Collections.unmodifiableSortedMap(new TreeMap<>(metadata));
        metadataRefreshRequested = false;
    }

    boolean metadataRefreshRequested() {
        return metadataRefreshRequested;
    }

    /** The cluster metadata changed (onNewMetadataImage): the next heartbeat refreshes the subscription metadata. */
    void requestMetadataRefresh() {
        metadataRefreshRequested = true;
    }

    /** All topics any member subscribes to, sorted. */
    SortedSet<String> subscribedTopicNames() {
        SortedSet<String> topics = new TreeSet<>();
        members.values().forEach(member -> topics.addAll(member.subscribedTopics()));
        return topics;
    }

    ConsumerGroupState state() {
        return state.state();
    }

    boolean isDead() {
        return state.isDead();
    }

    /** Derives the state again; reports a change, and the first time the group reaches a target epoch. */
    void refreshState(String reason) {
        state.refresh(this::derivedState, groupEpoch, assignmentEpoch, reason);
    }

    void unload() {
        state.unload(groupEpoch);
    }

    void load() {
        state.load();
        refreshState("coordinator loaded");
    }

    private ConsumerGroupState derivedState() {
        if (members.isEmpty()) {
            return ConsumerGroupState.EMPTY;
        }
        if (groupEpoch > assignmentEpoch) {
            return ConsumerGroupState.ASSIGNING;
        }
        return unreconciled > 0 ? ConsumerGroupState.RECONCILING : ConsumerGroupState.STABLE;
    }

    /** The ids of the members, sorted. */
    List<String> memberIds() {
        return List.copyOf(members.keySet());
    }
}
