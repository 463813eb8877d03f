package org.rebalancesim.coordinator;

import java.util.LinkedHashMap;
import java.util.Map;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.engine.Timer;

/**
 * The group's keyed timers (Kafka's classicGroupHeartbeatKey / JoinKey / SyncKey): one session timer per
 * member id (pending ids included), one join timer, one sync timer. Scheduling a key replaces its pending
 * expiry; the actions re-check what they were set for. After an action, the queued responses are sent.
 */
final class GroupTimers {

    private final Simulation sim;
    private final Outbox outbox;
    private final Map<String, Timer> sessions = new LinkedHashMap<>();
    private final Timer join;
    private final Timer sync;

    private final ClassicGroup group;

    /** Each timer belongs to the group (join, sync) or to one member id: removing the owner must cancel it. */
    GroupTimers(Simulation sim, Outbox outbox, ClassicGroup group) {
        this.sim = sim;
        this.outbox = outbox;
        this.group = group;
        this.join = sim.timer("the join timer of group " + group.groupId(), this::groupLoaded);
        this.sync = sim.timer("the sync timer of group " + group.groupId(), this::groupLoaded);
    }

    private boolean groupLoaded() {
        return !group.isInState(ClassicGroupState.DEAD);
    }

    void scheduleSession(String memberId, long timeoutMs, Runnable onExpiry) {
        sessions.computeIfAbsent(memberId, id -> sim.timer("the session timer of member " + id,
                        () -> groupLoaded() && (group.hasMember(id) || group.isPendingMember(id))))
                .schedule(timeoutMs, thenFlush(onExpiry));
    }

    void cancelSession(String memberId) {
        Timer timer = sessions.remove(memberId);
        if (timer != null) {
            timer.cancel();
        }
    }

    /** When the member's session expires, or -1. */
    long sessionDueMs(String memberId) {
        Timer timer = sessions.get(memberId);
        return timer == null ? -1 : timer.dueMs();
    }

    void scheduleJoin(long delayMs, Runnable onExpiry) {
        join.schedule(delayMs, thenFlush(onExpiry));
    }

    void cancelJoin() {
        join.cancel();
    }

    long joinDueMs() {
        return join.dueMs();
    }

    void scheduleSync(long delayMs, Runnable onExpiry) {
        sync.schedule(delayMs, thenFlush(onExpiry));
    }

    void cancelSync() {
        sync.cancel();
    }

    long syncDueMs() {
        return sync.dueMs();
    }

    void cancelAll() {
        sessions.values().forEach(Timer::cancel);
        sessions.clear();
        join.cancel();
        sync.cancel();
    }

    private Runnable thenFlush(Runnable action) {
        return () -> {
            action.run();
            outbox.flush();
        };
    }
}
