package org.rebalancesim.coordinator.streams;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.coordinator.OffsetStore;
import org.rebalancesim.coordinator.Outbox;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMessages.OffsetCommitRequest;
import org.rebalancesim.coordinator.consumer.HeartbeatException;
import org.rebalancesim.coordinator.consumer.MemberTimers;
import org.rebalancesim.coordinator.streams.StreamsGroupMessages.HeartbeatRequest;
import org.rebalancesim.coordinator.streams.StreamsGroupMessages.HeartbeatResponse;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.events.Cause;
import org.rebalancesim.events.CoordinatorEvents.MemberRemoved;
import org.rebalancesim.events.GroupEvents;
import org.rebalancesim.events.RebalanceTrigger;
import org.rebalancesim.events.RemovalReason;
import org.rebalancesim.partition.TaskId;
import org.rebalancesim.partition.TopicPartition;

/**
 * The broker-side coordinator of one KIP-1071 streams group (Kafka 4.4.0's GroupMetadataManager, streams part;
 * docs/kafka-semantics.md §19, §27). Every request is answered at once through its callback, after the group is
 * fully updated. Failover as for consumer groups (§11): the state is what __consumer_offsets holds, so
 * {@link #unload()} only stops this coordinator and {@link #load()} resumes it with fresh session timers.
 */
public final class StreamsGroupCoordinator {

    private final Simulation sim;
    private final StreamsGroupSettings settings;
    private final StreamsGroup group;
    private final OffsetStore offsets;
    private final Supplier<Map<String, Integer>> partitionCounts;
    private final GroupEvents events;
    private final Outbox outbox = new Outbox();
    private final MemberTimers timers;
    private final StreamsTargetStep targets;
    private final StreamsHeartbeatHandler heartbeats;

    public StreamsGroupCoordinator(Simulation sim, String groupId, StreamsGroupSettings settings, OffsetStore offsets,
                                   Supplier<Map<String, Integer>> partitionCounts, GroupEvents events) {
        this.sim = sim;
        this.settings = settings;
        this.offsets = offsets;
        this.partitionCounts = partitionCounts;
        this.events = events;
        this.group = new StreamsGroup(groupId, events);
        this.timers = new MemberTimers(sim, outbox, this::onSessionExpired, this::onRebalanceTimeout,
                id -> !group.isDead() && group.member(id) != null);
        this.targets = new StreamsTargetStep(sim, settings, partitionCounts);
        this.heartbeats = new StreamsHeartbeatHandler(this, group);
    }

    /** StreamsGroupHeartbeat: join (epoch 0), heartbeat, acknowledge, or leave (epoch -1 / -2). */
    public void heartbeat(HeartbeatRequest request, Consumer<HeartbeatResponse> respond) {
        HeartbeatResponse response;
        if (group.isDead()) {
            response = HeartbeatResponse.error(Errors.NOT_COORDINATOR, request.memberId());
        } else {
            try {
                response = heartbeats.handle(request);
            } catch (HeartbeatException e) {
                response = HeartbeatResponse.error(e.error(), request.memberId());
            }
        }
        outbox.send(respond, response);
        outbox.flush();
    }

    /**
     * OffsetCommit from a streams group member (StreamsGroup.validateOffsetCommit, 4.4.0): UNKNOWN_MEMBER_ID for a
     * member the group does not have; its current epoch accepted, a greater one STALE_MEMBER_EPOCH, a lower one
     * only if every partition belongs to an active task the member still holds (Kafka also compares each task's
     * assignment epoch, which the model does not keep); a commit from outside the group (negative epoch) is
     * accepted while the group is empty.
     */
    public void offsetCommit(OffsetCommitRequest request, Consumer<Errors> respond) {
        outbox.send(respond, validateAndCommit(request));
        outbox.flush();
    }

    private Errors validateAndCommit(OffsetCommitRequest request) {
        if (group.isDead()) {
            return Errors.NOT_COORDINATOR;
        }
        StreamsGroupMember member = group.member(request.memberId());
        if (member == null && !(request.memberEpoch() < 0 && group.size() == 0)) {
            return Errors.UNKNOWN_MEMBER_ID;
        }
        if (member != null && request.memberEpoch() > member.memberEpoch()) {
            return Errors.STALE_MEMBER_EPOCH;
        }
        if (member != null && request.memberEpoch() < member.memberEpoch()
                && !request.offsets().keySet().stream().allMatch(tp -> holdsTaskOf(member, tp))) {
            return Errors.STALE_MEMBER_EPOCH;
        }
        offsets.commit(request.offsets());
        return Errors.NONE;
    }

    /** Whether the member holds active the task that reads {@code tp} (sub-topology with its topic, partition). */
    private boolean holdsTaskOf(StreamsGroupMember member, TopicPartition tp) {
        StreamsGroupMessages.Topology topology = group.topology();
        if (topology == null) {
            return false;
        }
        TaskSets owned = member.owned();
        return topology.sourceTopics().entrySet().stream().anyMatch(entry -> entry.getValue().contains(tp.topic())
                && owned.active().contains(new TaskId(entry.getKey(), tp.partition())));
    }

    /** The coordinator moved away: DEAD, timers cancelled; every request is answered NOT_COORDINATOR. */
    public void unload() {
        if (group.isDead()) {
            return;
        }
        timers.cancelAll();
        targets.cancel();
        group.unload();
        outbox.flush();
    }

    /** Loaded again: every member's session timer starts fresh, revoking members get their rebalance timer. */
    public void load() {
        if (!group.isDead()) {
            return;
        }
        for (StreamsGroupMember member : group.members()) {
            timers.scheduleSession(member.memberId(), settings.sessionTimeoutMs());
            if (member.state() == StreamsMemberState.UNREVOKED_TASKS) {
                timers.scheduleRebalance(member.memberId(), member.memberEpoch(), member.rebalanceTimeoutMs());
            }
        }
        group.load();
        outbox.flush();
    }

    /**
     * Removes a member (GMM streamsGroupFenceMember): its tasks and target are freed, its timers cancelled, the
     * group epoch goes up, and a group left empty has its (empty) target current at the new epoch.
     */
    void fence(StreamsGroupMember member, RemovalReason reason) {
        group.remove(member.memberId());
        timers.cancel(member.memberId());
        events.publish(MemberRemoved.of(member.memberId(), member.instanceId(), reason));
        group.bumpGroupEpoch(Cause.of(triggerOf(reason), member.memberId(),
                "member " + member.memberId() + " removed (" + reason + ")"));
        if (group.size() == 0) {
            group.resetTargetOfEmptyGroup();
        }
        // No target is computed until the next heartbeat of a member (streamsGroupFenceMember).
        group.refreshState("member " + member.memberId() + " removed (" + reason + ")");
    }

    private static RebalanceTrigger triggerOf(RemovalReason reason) {
        return switch (reason) {
            case LEAVE -> RebalanceTrigger.MEMBER_LEFT;
            case SESSION_TIMEOUT -> RebalanceTrigger.SESSION_TIMEOUT;
            case REBALANCE_TIMEOUT -> RebalanceTrigger.REBALANCE_TIMEOUT;
            default -> throw new IllegalArgumentException("unknown reason to fence a member: " + reason);
        };
    }

    /** A delayed target computation ran: the group's state follows, and queued responses go out. */
    void afterTimer() {
        group.refreshState("delayed target assignment");
        outbox.flush();
    }

    private void onSessionExpired(String memberId) {
        StreamsGroupMember member = group.member(memberId);
        if (member != null && !group.isDead()) {
            fence(member, RemovalReason.SESSION_TIMEOUT);
        }
    }

    private void onRebalanceTimeout(String memberId, int memberEpoch) {
        StreamsGroupMember member = group.member(memberId);
        if (member != null && !group.isDead() && member.memberEpoch() == memberEpoch
                && member.state() == StreamsMemberState.UNREVOKED_TASKS) {
            fence(member, RemovalReason.REBALANCE_TIMEOUT);
        }
    }

    StreamsGroupSettings settings() {
        return settings;
    }

    MemberTimers timers() {
        return timers;
    }

    StreamsTargetStep targets() {
        return targets;
    }

    GroupEvents events() {
        return events;
    }

    Map<String, Integer> partitionCounts() {
        return partitionCounts.get();
    }

    Simulation sim() {
        return sim;
    }

    public String groupId() {
        return group.groupId();
    }

    public StreamsGroupState state() {
        return group.state();
    }

    public int groupEpoch() {
        return group.groupEpoch();
    }

    public int assignmentEpoch() {
        return group.assignmentEpoch();
    }

    public List<String> memberIds() {
        return group.memberIds();
    }

    /** The member as the coordinator holds it now, or null. */
    public StreamsGroupMember member(String memberId) {
        return group.member(memberId);
    }

    /** Each sub-topology's task count as the metadata has it now (none before a member described the topology). */
    public SortedMap<Integer, Integer> taskCounts() {
        StreamsGroupMessages.Topology topology = group.topology();
        return topology == null ? new TreeMap<>() : topology.taskCounts(partitionCounts.get());
    }

    /** The member's tasks in the current target assignment. */
    public TaskSets targetAssignment(String memberId) {
        return group.target(memberId);
    }

    /** When the member's session expires, or -1: for tests and diagnostics. */
    long sessionDueMs(String memberId) {
        return timers.sessionDueMs(memberId);
    }
}
