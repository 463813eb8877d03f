package org.rebalancesim.coordinator.streams;

import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.rebalancesim.coordinator.DerivedGroupState;
import org.rebalancesim.events.Cause;
import org.rebalancesim.events.CoordinatorEvents.AssignmentComputed;
import org.rebalancesim.events.CoordinatorEvents.GroupEpochBumped;
import org.rebalancesim.events.CoordinatorEvents.RebalanceStarted;
import org.rebalancesim.events.GroupEvents;
import org.rebalancesim.partition.TopicPartition;

/**
 * The persisted state of one KIP-1071 streams group (Kafka's StreamsGroup): members, static-member index,
 * topology, group and assignment epochs, the target assignment and who holds which task. Everything here is
 * what __consumer_offsets would hold, so it survives a coordinator failover as is.
 *
 * <p>Group state (StreamsGroup.maybeUpdateGroupState), derived after every change: EMPTY (no member) /
 * NOT_READY (no topology yet, or a source topic missing) / ASSIGNING (group epoch > assignment epoch) /
 * RECONCILING (a member is not STABLE at the assignment epoch) / STABLE; DEAD while unloaded.
 */
final class StreamsGroup {

    /** The target assignment was never computed. */
    static final long NEVER = -1;

    private final String groupId;
    private final GroupEvents events;
    private final SortedMap<String, StreamsGroupMember> members = new TreeMap<>();
    private final SortedMap<String, String> staticMemberIds = new TreeMap<>();
    private final TaskHolders holders;
    private final SortedMap<String, TaskSets> target = new TreeMap<>();
    private StreamsGroupMessages.Topology topology;
    private boolean topologyReady;
    /** A new streams group starts at epoch 1 with its (empty) target at 1 (StreamsGroup, TargetAssignmentMetadata). */
    private int groupEpoch = 1;
    private int assignmentEpoch = 1;
    private long assignmentTimeMs = NEVER;
    private final DerivedGroupState<StreamsGroupState> state;

    StreamsGroup(String groupId, GroupEvents events) {
        this.groupId = groupId;
        this.events = events;
        this.state = new DerivedGroupState<>(events, StreamsGroupState.EMPTY, StreamsGroupState.STABLE, StreamsGroupState.DEAD, 1);
        this.holders = new TaskHolders(groupId);
    }

    String groupId() {
        return groupId;
    }

    StreamsGroupMember member(String memberId) {
        return members.get(memberId);
    }

    /** The member holding {@code instanceId}, or null. */
    StreamsGroupMember staticMember(String instanceId) {
        String memberId = instanceId == null ? null : staticMemberIds.get(instanceId);
        return memberId == null ? null : members.get(memberId);
    }

    /** The members sorted by member id. */
    Collection<StreamsGroupMember> members() {
        return Collections.unmodifiableCollection(members.values());
    }

    List<String> memberIds() {
        return List.copyOf(members.keySet());
    }

    int size() {
        return members.size();
    }

    TaskHolders holders() {
        return holders;
    }

    /** Adds or updates a member. */
    void put(StreamsGroupMember member) {
        StreamsGroupMember before = members.put(member.memberId(), member);
        holders.update(before, member);
        if (member.instanceId() != null) {
            staticMemberIds.put(member.instanceId(), member.memberId());
        }
    }

    /** Removes a member with its target; its tasks are free. */
    StreamsGroupMember remove(String memberId) {
        StreamsGroupMember removed = members.remove(memberId);
        if (removed == null) {
            throw new IllegalStateException("group " + groupId + ": no member " + memberId + " to remove");
        }
        holders.update(removed, null);
        target.remove(memberId);
        if (removed.instanceId() != null && memberId.equals(staticMemberIds.get(removed.instanceId()))) {
            staticMemberIds.remove(removed.instanceId());
        }
        return removed;
    }

    /** A static member's new incarnation takes over the old one's place, target included. */
    void replace(String oldMemberId, StreamsGroupMember replacement) {
        TaskSets oldTarget = target.get(oldMemberId);
        remove(oldMemberId);
        put(replacement);
        if (oldTarget != null) {
            target.put(replacement.memberId(), oldTarget);
        }
    }

    StreamsGroupMessages.Topology topology() {
        return topology;
    }

    /** The topology the members describe, and whether all its source topics exist (ConfiguredTopology.isReady). */
    void setTopology(StreamsGroupMessages.Topology newTopology, boolean ready) {
        topology = newTopology;
        topologyReady = ready;
    }

    boolean isTopologyReady() {
        return topology != null && topologyReady;
    }

    int groupEpoch() {
        return groupEpoch;
    }

    int assignmentEpoch() {
        return assignmentEpoch;
    }

    long assignmentTimeMs() {
        return assignmentTimeMs;
    }

    /** The group epoch goes up: a rebalance starts, or the one in progress takes in this change too. */
    void bumpGroupEpoch(Cause cause) {
        groupEpoch++;
        events.publish(new RebalanceStarted(cause, state.state() == StreamsGroupState.EMPTY));
        events.publish(new GroupEpochBumped(groupEpoch, cause));
    }

    /** The member's tasks in the target assignment (empty for a member the target does not know). */
    TaskSets target(String memberId) {
        return target.getOrDefault(memberId, TaskSets.EMPTY);
    }

    /**
     * Installs the target computed for {@code epoch} at {@code atMs}; {@code partitions} are each member's active
     * tasks' input partitions, as the events report an assignment.
     */
    void setTargetAssignment(int epoch, Map<String, TaskSets> assignment, Map<String, List<TopicPartition>> partitions,
                             long atMs) {
        target.clear();
        assignment.forEach((memberId, tasks) -> {
            if (members.containsKey(memberId)) {
                target.put(memberId, tasks);
            }
        });
        assignmentEpoch = epoch;
        assignmentTimeMs = atMs;
        SortedMap<String, List<TopicPartition>> reported = new TreeMap<>();
        partitions.forEach((memberId, list) -> {
            if (members.containsKey(memberId)) {
                reported.put(memberId, list);
            }
        });
        events.publish(new AssignmentComputed(epoch, Collections.unmodifiableMap(reported),
                AssignmentComputed.Kind.TARGET));
    }

    /** The last member left: the empty target is current at the new group epoch. */
    void resetTargetOfEmptyGroup() {
        target.clear();
        assignmentEpoch = groupEpoch;
        assignmentTimeMs = NEVER;
    }

    StreamsGroupState state() {
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

    private StreamsGroupState derivedState() {
        if (members.isEmpty()) {
            return StreamsGroupState.EMPTY;
        }
        if (!isTopologyReady()) {
            return StreamsGroupState.NOT_READY;
        }
        if (groupEpoch > assignmentEpoch) {
            return StreamsGroupState.ASSIGNING;
        }
        for (StreamsGroupMember member : members.values()) {
            if (!member.isReconciledTo(assignmentEpoch)) {
                return StreamsGroupState.RECONCILING;
            }
        }
        return StreamsGroupState.STABLE;
    }
}
