package org.rebalancesim.coordinator;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.rebalancesim.coordinator.Messages.JoinGroupResponse;
import org.rebalancesim.coordinator.Messages.JoinedMember;
import org.rebalancesim.coordinator.Messages.SyncGroupResponse;
import org.rebalancesim.events.Cause;
import org.rebalancesim.events.GroupEvents;

/**
 * One classic group's soft state (Kafka's ClassicGroup): state, generation, leader, protocol, members in
 * insertion order, static-member mapping, pending join and pending sync members. No timers here; every
 * state change goes through {@link #transitionTo}, which enforces {@link ClassicGroupState}'s table.
 */
final class ClassicGroup {

    private final String groupId;
    private final GroupEvents events;
    private final Outbox outbox;
    private ClassicGroupState state;
    private ClassicGroupState previousState = ClassicGroupState.DEAD;
    private int generationId;
    private String protocolName;
    private String leaderId;
    /** Whether the stored assignment carries user data from the leader's assignor (a user's assignor only). */
    private boolean assignedUserData;
    private final Map<String, ClassicGroupMember> members = new LinkedHashMap<>();
    /** group.instance.id → current member id. */
    private final Map<String, String> staticMembers = new LinkedHashMap<>();
    /** Member ids handed out with MEMBER_ID_REQUIRED whose owner has not joined with them yet. */
    private final Set<String> pendingJoinMembers = new LinkedHashSet<>();
    /** Members of the current generation that have not sent SyncGroup yet. */
    private final Set<String> pendingSyncMembers = new LinkedHashSet<>();
    /** A new member joined during the initial (delayed) join: the delay is extended. */
    private boolean newMemberAdded;
    // Counted as Kafka's ClassicGroup counts them (numMembersAwaitingJoinResponse, supportedProtocols),
    // so that a JoinGroup costs O(1) and not O(members): a rebalance of n members stays O(n).
    /** Current members with a parked JoinGroup. */
    private int numAwaitingJoin;
    /** Protocol name → how many current members support it. */
    private final Map<String, Integer> supportedProtocols = new HashMap<>();

    ClassicGroup(String groupId, ClassicGroupState initialState, int generationId, String protocolName,
                 String leaderId, GroupEvents events, Outbox outbox) {
        this.groupId = groupId;
        this.state = initialState;
        this.generationId = generationId;
        this.protocolName = protocolName;
        this.leaderId = leaderId;
        this.events = events;
        this.outbox = outbox;
    }

    /** Moves to {@code target}; an illegal transition is a model bug and throws, naming group, from and to. */
    void transitionTo(ClassicGroupState target, Cause cause) {
        if (!target.validPreviousStates().contains(state)) {
            throw new IllegalStateException("group " + groupId + ": illegal transition from " + state + " to "
                    + target + " (" + cause + ")");
        }
        previousState = state;
        state = target;
        ClassicEvents.transition(events, previousState, target, generationId, cause);
    }

    /** Next generation (ClassicGroup.initNextGeneration): CompletingRebalance with members, else Empty. */
    void initNextGeneration() {
        generationId++;
        if (!members.isEmpty()) {
            protocolName = selectProtocol();
            transitionTo(ClassicGroupState.COMPLETING_REBALANCE,
                    Cause.progress("join phase completed with " + members.size() + " members"));
        } else {
            protocolName = null;
            transitionTo(ClassicGroupState.EMPTY, Cause.progress("join phase completed with no members"));
        }
        pendingSyncMembers.clear();
    }

    String groupId() {
        return groupId;
    }

    ClassicGroupState state() {
        return state;
    }

    ClassicGroupState previousState() {
        return previousState;
    }

    boolean isInState(ClassicGroupState candidate) {
        return state == candidate;
    }

    int generationId() {
        return generationId;
    }

    String protocolName() {
        return protocolName;
    }

    String leaderId() {
        return leaderId;
    }

    boolean assignedUserData() {
        return assignedUserData;
    }

    void setAssignedUserData(boolean carried) {
        assignedUserData = carried;
    }

    boolean isLeader(String memberId) {
        return memberId.equals(leaderId);
    }

    // ---- members -------------------------------------------------------------------------------

    /** The members in insertion order (a live view: copy before removing while iterating). */
    Collection<ClassicGroupMember> members() {
        return Collections.unmodifiableCollection(members.values());
    }

    List<String> memberIds() {
        return List.copyOf(members.keySet());
    }

    int numMembers() {
        return members.size();
    }

    boolean hasMember(String memberId) {
        return members.containsKey(memberId);
    }

    ClassicGroupMember member(String memberId) {
        return members.get(memberId);
    }

    String staticMemberId(String groupInstanceId) {
        return staticMembers.get(groupInstanceId);
    }

    /** Adds a member with its parked JoinGroup (null when loading); the first member becomes leader. */
    void add(ClassicGroupMember member, Consumer<JoinGroupResponse> awaitingJoin) {
        if (member.isStatic()) {
            if (staticMembers.containsKey(member.groupInstanceId())) {
                throw new IllegalStateException("group " + groupId + ": static member " + member.groupInstanceId()
                        + " is already a member");
            }
            staticMembers.put(member.groupInstanceId(), member.memberId());
        }
        members.put(member.memberId(), member);
        countProtocols(member, 1);
        parkJoin(member, awaitingJoin);
        pendingJoinMembers.remove(member.memberId());
        if (leaderId == null) {
            leaderId = member.memberId();
        }
    }

    /** Removes a member (ClassicGroup.remove); the next leader is the first remaining in insertion order. */
    ClassicGroupMember remove(String memberId) {
        ClassicGroupMember removed = members.remove(memberId);
        if (removed != null) {
            uncount(removed);
        }
        if (removed != null && removed.isStatic()) {
            staticMembers.remove(removed.groupInstanceId());
        }
        if (isLeader(memberId)) {
            leaderId = members.isEmpty() ? null : members.keySet().iterator().next();
        }
        pendingJoinMembers.remove(memberId);
        pendingSyncMembers.remove(memberId);
        return removed;
    }

    /**
     * ClassicGroup.replaceStaticMember: the old member id is gone; its parked requests are answered
     * FENCED_INSTANCE_ID; the new id inherits settings, assignment, leadership and pending sync.
     */
    ClassicGroupMember replaceStaticMember(String groupInstanceId, String oldMemberId, String newMemberId) {
        ClassicGroupMember old = members.remove(oldMemberId);
        if (old == null) {
            throw new IllegalArgumentException("group " + groupId + ": cannot replace unknown member " + oldMemberId);
        }
        uncount(old);
        completeJoin(old, JoinGroupResponse.error(Errors.FENCED_INSTANCE_ID, oldMemberId));
        completeSync(old, SyncGroupResponse.error(Errors.FENCED_INSTANCE_ID));
        ClassicGroupMember replacement = old.withMemberId(newMemberId);
        members.put(newMemberId, replacement);
        countProtocols(replacement, 1);
        if (isLeader(oldMemberId)) {
            leaderId = newMemberId;
        }
        if (pendingSyncMembers.remove(oldMemberId)) {
            pendingSyncMembers.add(newMemberId);
        }
        staticMembers.put(groupInstanceId, newMemberId);
        return replacement;
    }

    /** ClassicGroup.updateMember: new settings and a freshly parked JoinGroup. */
    void updateMember(ClassicGroupMember member, Messages.JoinGroupRequest request,
                      Consumer<JoinGroupResponse> awaitingJoin) {
        countProtocols(member, -1);
        member.update(request.protocols(), request.rebalanceTimeoutMs(), request.sessionTimeoutMs());
        countProtocols(member, 1);
        parkJoin(member, awaitingJoin);
    }

    /** Parks (or clears) a current member's JoinGroup, keeping the count of parked ones. */
    private void parkJoin(ClassicGroupMember member, Consumer<JoinGroupResponse> awaitingJoin) {
        numAwaitingJoin += (awaitingJoin != null ? 1 : 0) - (member.isAwaitingJoin() ? 1 : 0);
        member.setAwaitingJoin(awaitingJoin);
    }

    /** A member leaves the counts (it is no longer in {@link #members}). */
    private void uncount(ClassicGroupMember member) {
        countProtocols(member, -1);
        if (member.isAwaitingJoin()) {
            numAwaitingJoin--;
        }
    }

    /** Each protocol name the member lists counts once. */
    private void countProtocols(ClassicGroupMember member, int delta) {
        List<Protocol> protocols = member.protocols();
        for (int i = 0; i < protocols.size(); i++) {
            String name = protocols.get(i).name();
            if (!listedBefore(protocols, i, name)) {
                supportedProtocols.merge(name, delta, (a, b) -> a + b == 0 ? null : a + b);
            }
        }
    }

    private static boolean listedBefore(List<Protocol> protocols, int index, String name) {
        for (int i = 0; i < index; i++) {
            if (protocols.get(i).name().equals(name)) {
                return true;
            }
        }
        return false;
    }

    /**
     * ClassicGroup.supportsProtocols: an empty group takes any non-empty list; otherwise at least one of
     * the joiner's protocols must be supported by every current member.
     */
    boolean supportsProtocols(List<Protocol> protocols) {
        if (protocols.isEmpty()) {
            return false;
        }
        if (members.isEmpty()) {
            return true;
        }
        for (Protocol protocol : protocols) {
            if (supportedProtocols.getOrDefault(protocol.name(), 0) == members.size()) {
                return true;
            }
        }
        return false;
    }

    /**
     * ClassicGroup.validateMember: a static request must name the instance's current member id
     * (otherwise FENCED_INSTANCE_ID), a dynamic one a current member.
     */
    Errors validateMember(String memberId, String groupInstanceId) {
        if (groupInstanceId != null) {
            String current = staticMembers.get(groupInstanceId);
            if (current == null) {
                return Errors.UNKNOWN_MEMBER_ID;
            }
            return current.equals(memberId) ? Errors.NONE : Errors.FENCED_INSTANCE_ID;
        }
        return members.containsKey(memberId) ? Errors.NONE : Errors.UNKNOWN_MEMBER_ID;
    }

    // ---- join / sync bookkeeping --------------------------------------------------------------

    /** Answers the member's parked JoinGroup, if any. */
    boolean completeJoin(ClassicGroupMember member, JoinGroupResponse response) {
        if (member.isAwaitingJoin() && members.get(member.memberId()) == member) {
            numAwaitingJoin--;
        }
        var callback = member.takeAwaitingJoin();
        if (callback == null) {
            return false;
        }
        outbox.send(callback, response);
        return true;
    }

    /** Answers the member's parked SyncGroup, if any. */
    boolean completeSync(ClassicGroupMember member, SyncGroupResponse response) {
        var callback = member.takeAwaitingSync();
        if (callback == null) {
            return false;
        }
        outbox.send(callback, response);
        return true;
    }

    int numAwaitingJoin() {
        return numAwaitingJoin;
    }

    /** Every member has a parked JoinGroup and no handed-out member id is still pending. */
    boolean hasAllMembersJoined() {
        return members.size() == numAwaitingJoin() && pendingJoinMembers.isEmpty();
    }

    /**
     * ClassicGroup.maybeElectNewJoinedLeader: keeps the leader if it rejoined, else the first rejoined
     * member in insertion order; false when nobody rejoined (or there is no leader).
     */
    boolean maybeElectNewJoinedLeader() {
        if (leaderId == null) {
            return false;
        }
        if (members.get(leaderId).isAwaitingJoin()) {
            return true;
        }
        for (ClassicGroupMember member : members.values()) {
            if (member.isAwaitingJoin()) {
                leaderId = member.memberId();
                return true;
            }
        }
        return false;
    }

    /** max(rebalanceTimeoutMs) over the current members, computed now. */
    long rebalanceTimeoutMs() {
        return members.values().stream().mapToLong(ClassicGroupMember::rebalanceTimeoutMs).max().orElse(0);
    }

    String selectProtocol() {
        return ProtocolSelection.select(groupId, members.values(), members.get(leaderId));
    }

    /** What the leader receives in its JoinGroup response: every member with the chosen protocol's metadata. */
    List<JoinedMember> leaderView() {
        if (state == ClassicGroupState.PREPARING_REBALANCE || state == ClassicGroupState.DEAD) {
            throw new IllegalStateException("group " + groupId + ": no member metadata in state " + state);
        }
        List<JoinedMember> view = new ArrayList<>(members.size());
        for (ClassicGroupMember member : members.values()) {
            view.add(new JoinedMember(member.memberId(), member.groupInstanceId(), member.metadata(protocolName)));
        }
        return view;
    }

    boolean isPendingMember(String memberId) {
        return pendingJoinMembers.contains(memberId);
    }

    void addPendingMember(String memberId) {
        pendingJoinMembers.add(memberId);
    }

    void removePendingMember(String memberId) {
        pendingJoinMembers.remove(memberId);
    }

    Set<String> pendingSyncMembers() {
        return Collections.unmodifiableSet(pendingSyncMembers);
    }

    void addPendingSyncMember(String memberId) {
        pendingSyncMembers.add(memberId);
    }

    void removePendingSyncMember(String memberId) {
        pendingSyncMembers.remove(memberId);
    }

    void clearPendingSyncMembers() {
        pendingSyncMembers.clear();
    }

    boolean newMemberAdded() {
        return newMemberAdded;
    }

    void setNewMemberAdded(boolean value) {
        newMemberAdded = value;
    }
}
