package org.rebalancesim.coordinator;

import java.util.List;
import java.util.Map;
import org.rebalancesim.partition.TopicPartition;

/**
 * The classic group protocol's requests and responses, with the fields the model needs. Member ids
 * are strings ("" for a member that has none yet); instance ids are null for dynamic members.
 */
public final class Messages {

    private Messages() {
    }

    public record JoinGroupRequest(String memberId, String groupInstanceId, String clientId,
                                   long sessionTimeoutMs, long rebalanceTimeoutMs, List<Protocol> protocols) {
        public JoinGroupRequest {
            protocols = List.copyOf(protocols);
        }
    }

    /** A member as the leader sees it in the JoinGroup response. */
    public record JoinedMember(String memberId, String groupInstanceId, Protocol metadata) {
    }

    /**
     * @param members        filled for the leader only (metadata of the chosen protocol), else empty
     * @param skipAssignment KIP-814: a static leader that rejoined a Stable group must not reassign
     */
    public record JoinGroupResponse(Errors error, int generationId, String protocolName, String leaderId,
                                    String memberId, boolean skipAssignment, List<JoinedMember> members) {
        public JoinGroupResponse {
            members = List.copyOf(members);
        }

        public boolean isLeader() {
            return memberId.equals(leaderId);
        }

        public static JoinGroupResponse error(Errors error, String memberId) {
            return new JoinGroupResponse(error, -1, null, "", memberId, false, List.of());
        }
    }

    /**
     * @param assignments      filled by the leader only: member id → partitions
     * @param assignedUserData the leader's only: whether its assignor put user data in some member's assignment
     */
    public record SyncGroupRequest(String memberId, String groupInstanceId, int generationId,
                                   Map<String, List<TopicPartition>> assignments, boolean assignedUserData) {
        public SyncGroupRequest(String memberId, String groupInstanceId, int generationId,
                                Map<String, List<TopicPartition>> assignments) {
            this(memberId, groupInstanceId, generationId, assignments, false);
        }

        public SyncGroupRequest {
            assignments = Map.copyOf(assignments);
        }
    }

    public record SyncGroupResponse(Errors error, List<TopicPartition> assignment) {
        public SyncGroupResponse {
            assignment = List.copyOf(assignment);
        }

        public static SyncGroupResponse error(Errors error) {
            return new SyncGroupResponse(error, List.of());
        }
    }

    public record HeartbeatRequest(String memberId, String groupInstanceId, int generationId) {
    }

    public record HeartbeatResponse(Errors error) {
    }

    public record LeaveGroupRequest(String memberId, String groupInstanceId) {
    }

    public record LeaveGroupResponse(Errors error) {
    }

    /** @param generationId -1 for a commit outside any group generation (not used by group members). */
    public record OffsetCommitRequest(String memberId, String groupInstanceId, int generationId,
                                      Map<TopicPartition, Long> offsets) {
        public OffsetCommitRequest {
            offsets = Map.copyOf(offsets);
        }
    }

    public record OffsetCommitResponse(Errors error) {
    }
}
