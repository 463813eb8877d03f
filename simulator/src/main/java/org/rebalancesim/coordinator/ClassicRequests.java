package org.rebalancesim.coordinator;

import java.util.function.Consumer;
import org.rebalancesim.coordinator.Messages.HeartbeatRequest;
import org.rebalancesim.coordinator.Messages.HeartbeatResponse;
import org.rebalancesim.coordinator.Messages.JoinGroupRequest;
import org.rebalancesim.coordinator.Messages.JoinGroupResponse;
import org.rebalancesim.coordinator.Messages.LeaveGroupRequest;
import org.rebalancesim.coordinator.Messages.LeaveGroupResponse;
import org.rebalancesim.coordinator.Messages.OffsetCommitRequest;
import org.rebalancesim.coordinator.Messages.OffsetCommitResponse;
import org.rebalancesim.coordinator.Messages.SyncGroupRequest;
import org.rebalancesim.coordinator.Messages.SyncGroupResponse;

/**
 * The classic protocol's requests as a group answers them. A classic group answers them itself; a consumer
 * group that classic members are in answers them too (GroupMetadataManager classicGroupJoinToConsumerGroup and
 * its siblings, docs/kafka-semantics.md §21), and then the classic coordinator hands them over
 * ({@link ClassicGroupCoordinator#answeredBy}).
 */
public interface ClassicRequests {

    /** Whether this side answers the group's classic requests now (the group is of its type and not empty). */
    boolean answersNow();

    void joinGroup(JoinGroupRequest request, Consumer<JoinGroupResponse> respond);

    void syncGroup(SyncGroupRequest request, Consumer<SyncGroupResponse> respond);

    void heartbeat(HeartbeatRequest request, Consumer<HeartbeatResponse> respond);

    void leaveGroup(LeaveGroupRequest request, Consumer<LeaveGroupResponse> respond);

    void offsetCommit(OffsetCommitRequest request, Consumer<OffsetCommitResponse> respond);
}
