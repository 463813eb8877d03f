package org.rebalancesim.coordinator;

import java.util.function.Consumer;
import java.util.function.IntConsumer;
import org.rebalancesim.coordinator.Messages.JoinGroupResponse;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.events.GroupEvents;
import org.rebalancesim.events.RemovalReason;
import org.rebalancesim.scenario.ClusterSpec;

/**
 * What the coordinator's helpers share: the group, its timers, the outbox, the settings and the
 * persisted snapshot, plus the few operations every helper needs (session rescheduling, removal,
 * persisting). Timer expiries are routed back through the two handlers given at construction.
 */
final class GroupContext {

    final Simulation sim;
    final ClusterSpec settings;
    final ClassicGroup group;
    final GroupTimers timers;
    final Outbox outbox;
    final MemberIds memberIds;
    final GroupEvents events;
    final OffsetStore offsets;
    final CoordinatorWarmup warmup;
    private final Consumer<String> sessionExpired;
    private final IntConsumer pendingSyncExpired;
    private GroupSnapshot persisted;

    GroupContext(Simulation sim, ClusterSpec settings, ClassicGroup group, Outbox outbox, MemberIds memberIds,
                 GroupEvents events, OffsetStore offsets, GroupSnapshot persisted, CoordinatorWarmup warmup,
                 Consumer<String> sessionExpired, IntConsumer pendingSyncExpired) {
        this.sim = sim;
        this.settings = settings;
        this.group = group;
        this.outbox = outbox;
        this.timers = new GroupTimers(sim, outbox, group);
        this.memberIds = memberIds;
        this.events = events;
        this.offsets = offsets;
        this.persisted = persisted;
        this.warmup = warmup;
        this.sessionExpired = sessionExpired;
        this.pendingSyncExpired = pendingSyncExpired;
    }

    /** GMM rescheduleClassicGroupMemberHeartbeat with the member's session timeout. */
    void rescheduleSession(ClassicGroupMember member) {
        rescheduleSession(member.memberId(), member.sessionTimeoutMs());
    }

    void rescheduleSession(String memberId, long timeoutMs) {
        timers.scheduleSession(memberId, timeoutMs, () -> sessionExpired.accept(memberId));
    }

    /** GMM schedulePendingSync: the sync timeout of {@code generationId}. */
    void schedulePendingSync(long timeoutMs, int generationId) {
        timers.scheduleSync(timeoutMs, () -> pendingSyncExpired.accept(generationId));
    }

    /**
     * Removes a member: its parked JoinGroup (if any) is answered UNKNOWN_MEMBER_ID so that a live client
     * retries, its session timer is cancelled, and the event stream is told why.
     */
    void removeMember(ClassicGroupMember member, RemovalReason reason) {
        group.completeJoin(member, JoinGroupResponse.error(Errors.UNKNOWN_MEMBER_ID, ""));
        timers.cancelSession(member.memberId());
        group.remove(member.memberId());
        events.publish(ClassicEvents.removed(member.memberId(), member.groupInstanceId(), reason));
    }

    /** Writes the group record (the instant append of this model). */
    void persist() {
        persisted = GroupSnapshot.of(group);
    }

    GroupSnapshot persisted() {
        return persisted;
    }

    /** Queues an immediate answer; it is delivered once the request's handling is complete. */
    <T> void send(Consumer<T> respond, T response) {
        outbox.send(respond, response);
    }

    /** An answer that goes out {@code delayMs} from now (the group is whole by then); at once for 0. */
    <T> void sendAfter(long delayMs, Consumer<T> respond, T response) {
        if (delayMs == 0) {
            send(respond, response);
        } else {
            sim.after(delayMs, () -> respond.accept(response));
        }
    }
}
