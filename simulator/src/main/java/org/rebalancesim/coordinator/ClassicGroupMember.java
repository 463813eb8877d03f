package org.rebalancesim.coordinator;

import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.coordinator.Messages.JoinGroupResponse;
import org.rebalancesim.coordinator.Messages.SyncGroupResponse;

/**
 * A member of a classic group as the coordinator sees it (Kafka's ClassicGroupMember): its settings,
 * the protocols it supports, its current assignment, and the JoinGroup / SyncGroup parked for it.
 * Mutable like Kafka's; only the coordinator package changes it.
 */
final class ClassicGroupMember {

    private final String memberId;
    private final String groupInstanceId;
    private final String clientId;
    private long sessionTimeoutMs;
    private long rebalanceTimeoutMs;
    private List<Protocol> protocols;
    private List<TopicPartition> assignment = List.of();
    /** Set while the member's first JoinGroup is parked: such a member may expire while parked. */
    private boolean isNew;
    private Consumer<JoinGroupResponse> awaitingJoin;
    private Consumer<SyncGroupResponse> awaitingSync;

    ClassicGroupMember(String memberId, String groupInstanceId, String clientId, long sessionTimeoutMs,
                       long rebalanceTimeoutMs, List<Protocol> protocols) {
        this.memberId = memberId;
        this.groupInstanceId = groupInstanceId;
        this.clientId = clientId;
        this.sessionTimeoutMs = sessionTimeoutMs;
        this.rebalanceTimeoutMs = rebalanceTimeoutMs;
        this.protocols = List.copyOf(protocols);
    }

    /** The same member under a new member id (a static member's replacement): no parked requests, not new. */
    ClassicGroupMember withMemberId(String newMemberId) {
        ClassicGroupMember copy = new ClassicGroupMember(newMemberId, groupInstanceId, clientId, sessionTimeoutMs,
                rebalanceTimeoutMs, protocols);
        copy.assignment = assignment;
        return copy;
    }

    String memberId() {
        return memberId;
    }

    String groupInstanceId() {
        return groupInstanceId;
    }

    boolean isStatic() {
        return groupInstanceId != null;
    }

    String clientId() {
        return clientId;
    }

    long sessionTimeoutMs() {
        return sessionTimeoutMs;
    }

    long rebalanceTimeoutMs() {
        return rebalanceTimeoutMs;
    }

    List<Protocol> protocols() {
        return protocols;
    }

    void update(List<Protocol> newProtocols, long newRebalanceTimeoutMs, long newSessionTimeoutMs) {
        this.protocols = List.copyOf(newProtocols);
        this.rebalanceTimeoutMs = newRebalanceTimeoutMs;
        this.sessionTimeoutMs = newSessionTimeoutMs;
    }

    List<TopicPartition> assignment() {
        return assignment;
    }

    void setAssignment(List<TopicPartition> newAssignment) {
        this.assignment = List.copyOf(newAssignment);
    }

    boolean isNew() {
        return isNew;
    }

    void setNew(boolean value) {
        this.isNew = value;
    }

    boolean isAwaitingJoin() {
        return awaitingJoin != null;
    }

    boolean isAwaitingSync() {
        return awaitingSync != null;
    }

    /** Parks a JoinGroup (null clears it); a previous parked one is dropped unanswered, as in Kafka. */
    void setAwaitingJoin(Consumer<JoinGroupResponse> callback) {
        this.awaitingJoin = callback;
    }

    void setAwaitingSync(Consumer<SyncGroupResponse> callback) {
        this.awaitingSync = callback;
    }

    /** Takes the parked JoinGroup callback out, or null. */
    Consumer<JoinGroupResponse> takeAwaitingJoin() {
        Consumer<JoinGroupResponse> callback = awaitingJoin;
        awaitingJoin = null;
        return callback;
    }

    Consumer<SyncGroupResponse> takeAwaitingSync() {
        Consumer<SyncGroupResponse> callback = awaitingSync;
        awaitingSync = null;
        return callback;
    }

    /** Kafka compares the ordered protocol list byte for byte; record equality stands in for it. */
    boolean matches(List<Protocol> other) {
        return protocols.equals(other);
    }

    boolean supports(String protocolName) {
        return protocols.stream().anyMatch(p -> p.name().equals(protocolName));
    }

    /** The member's entry for {@code protocolName}. */
    Protocol metadata(String protocolName) {
        for (Protocol protocol : protocols) {
            if (protocol.name().equals(protocolName)) {
                return protocol;
            }
        }
        throw new IllegalArgumentException("member " + memberId + " does not support protocol " + protocolName);
    }

    /** The first protocol of the member's own list that every member supports (CGM.vote). */
    String vote(Set<String> candidates) {
        for (Protocol protocol : protocols) {
            if (candidates.contains(protocol.name())) {
                return protocol.name();
            }
        }
        throw new IllegalArgumentException("member " + memberId + " supports none of the candidate protocols "
                + candidates);
    }

    /**
     * CGM.hasSatisfiedHeartbeat: a member parked in JoinGroup or SyncGroup does not expire, unless it is
     * new (its first JoinGroup is still parked: it expires after the new-member join timeout).
     */
    boolean hasSatisfiedHeartbeat() {
        return !isNew && (isAwaitingJoin() || isAwaitingSync());
    }

    @Override
    public String toString() {
        return memberId;
    }
}
