package org.rebalancesim.coordinator.streams;

import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;
import org.rebalancesim.partition.TaskId;

/**
 * One member of a KIP-1071 streams group as the coordinator persists it (Kafka's StreamsGroupMember):
 * immutable; every change makes a new one. A member is one stream thread; the threads of one Kafka Streams
 * instance share its process id.
 *
 * @param instanceId          group.instance.id, null for a dynamic member
 * @param processId           the Kafka Streams instance the thread belongs to
 * @param memberEpoch         0 while joining, -2 after a static member's temporary leave
 * @param previousMemberEpoch the epoch before the last epoch update (-1 for a new member)
 * @param rebalanceTimeoutMs  the client's max.poll.interval.ms, -1 until known
 * @param taskOffsets         the changelog offset sum per task with local state, as the member last reported it
 * @param assigned            the tasks the member may own now
 * @param pendingRevocation   the tasks it must still give up (UNREVOKED_TASKS only)
 */
public record StreamsGroupMember(String memberId, String instanceId, String processId, int memberEpoch,
                                 int previousMemberEpoch, StreamsMemberState state, long rebalanceTimeoutMs,
                                 SortedMap<TaskId, Long> taskOffsets, TaskSets assigned, TaskSets pendingRevocation) {

    public StreamsGroupMember {
        taskOffsets = Collections.unmodifiableSortedMap(new TreeMap<>(taskOffsets));
    }

    /** A member the coordinator has just created (StreamsGroupMember.Builder defaults). */
    static StreamsGroupMember newMember(String memberId, String instanceId, String processId) {
        return new StreamsGroupMember(memberId, instanceId, processId, 0, -1, StreamsMemberState.STABLE, -1,
                new TreeMap<>(), TaskSets.EMPTY, TaskSets.EMPTY);
    }

    /** Whether the member owns its target at {@code targetEpoch}. */
    public boolean isReconciledTo(int targetEpoch) {
        return state == StreamsMemberState.STABLE && memberEpoch == targetEpoch;
    }

    /** What the member holds for the coordinator: assigned plus pending revocation. */
    public TaskSets owned() {
        return assigned.merge(pendingRevocation);
    }

    /** The fields a heartbeat may update; a non-positive timeout or a null value keeps the old one. */
    StreamsGroupMember withRequestFields(long requestRebalanceTimeoutMs, String requestProcessId,
                                         SortedMap<TaskId, Long> requestTaskOffsets) {
        return new StreamsGroupMember(memberId, instanceId, requestProcessId != null ? requestProcessId : processId,
                memberEpoch, previousMemberEpoch, state,
                requestRebalanceTimeoutMs > 0 ? requestRebalanceTimeoutMs : rebalanceTimeoutMs,
                requestTaskOffsets != null ? requestTaskOffsets : taskOffsets, assigned, pendingRevocation);
    }

    /** The member's next assignment state (Builder.updateMemberEpoch: the previous epoch becomes the current one). */
    StreamsGroupMember withAssignment(StreamsMemberState newState, int newEpoch, TaskSets newAssigned,
                                      TaskSets newPendingRevocation) {
        return new StreamsGroupMember(memberId, instanceId, processId, newEpoch, memberEpoch, newState,
                rebalanceTimeoutMs, taskOffsets, newAssigned, newPendingRevocation);
    }

    /** A static member's temporary leave (epoch -2): pending revocations dropped, assigned tasks kept. */
    StreamsGroupMember asStaticLeft() {
        return new StreamsGroupMember(memberId, instanceId, processId, StreamsGroupMessages.STATIC_LEAVE_EPOCH,
                previousMemberEpoch, state, rebalanceTimeoutMs, taskOffsets, assigned, TaskSets.EMPTY);
    }

    /** The new incarnation of a static member that left with -2: its copy under the new id at epoch 0. */
    StreamsGroupMember asReplacement(String newMemberId, String newProcessId) {
        return new StreamsGroupMember(newMemberId, instanceId, newProcessId, 0, 0, state, rebalanceTimeoutMs,
                taskOffsets, assigned, pendingRevocation);
    }
}
