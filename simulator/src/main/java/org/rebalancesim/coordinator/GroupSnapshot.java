package org.rebalancesim.coordinator;

import java.util.ArrayList;
import java.util.List;
import org.rebalancesim.partition.TopicPartition;

/**
 * The group as last written to {@code __consumer_offsets} (Kafka's GroupMetadataValue): what a new
 * coordinator loads after a failover. Written when the group reaches Stable or Empty and when a static
 * member's id is replaced in Stable; a rebalance in flight is never persisted.
 *
 * @param generationId the persisted generation
 * @param protocolName the selected assignor protocol, null when Empty
 * @param leaderId     the leader's member id, null when Empty
 * @param members      the members in insertion order (empty: the group loads as Empty)
 * @param assignedUserData whether the members' assignments carry user data from the leader's assignor
 */
public record GroupSnapshot(int generationId, String protocolName, String leaderId, List<MemberSnapshot> members,
                            boolean assignedUserData) {

    public GroupSnapshot {
        members = List.copyOf(members);
    }

    /** A group whose assignments carry no user data (every group a built-in assignor assigned). */
    public GroupSnapshot(int generationId, String protocolName, String leaderId, List<MemberSnapshot> members) {
        this(generationId, protocolName, leaderId, members, false);
    }

    /**
     * One persisted member. As in Kafka, only the selected protocol's entry is persisted (its
     * subscription), so a loaded member supports that protocol only.
     */
    public record MemberSnapshot(String memberId, String groupInstanceId, String clientId, long sessionTimeoutMs,
                                 long rebalanceTimeoutMs, List<Protocol> protocols, List<TopicPartition> assignment) {
        public MemberSnapshot {
            protocols = List.copyOf(protocols);
            assignment = List.copyOf(assignment);
        }
    }

    /** A group with no members at {@code generationId} (a new group is persisted at generation 0). */
    public static GroupSnapshot empty(int generationId) {
        return new GroupSnapshot(generationId, null, null, List.of());
    }

    /** The state a coordinator loading this snapshot starts in. */
    public ClassicGroupState loadedState() {
        return members.isEmpty() ? ClassicGroupState.EMPTY : ClassicGroupState.STABLE;
    }

    static GroupSnapshot of(ClassicGroup group) {
        List<MemberSnapshot> members = new ArrayList<>(group.numMembers());
        for (ClassicGroupMember member : group.members()) {
            List<Protocol> persisted = group.protocolName() == null
                    ? member.protocols() : List.of(member.metadata(group.protocolName()));
            members.add(new MemberSnapshot(member.memberId(), member.groupInstanceId(), member.clientId(),
                    member.sessionTimeoutMs(), member.rebalanceTimeoutMs(), persisted, member.assignment()));
        }
        return new GroupSnapshot(group.generationId(), group.protocolName(), group.leaderId(), members,
                group.assignedUserData());
    }
}
