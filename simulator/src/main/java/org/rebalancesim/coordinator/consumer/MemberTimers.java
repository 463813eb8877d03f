package org.rebalancesim.coordinator.consumer;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.rebalancesim.coordinator.Outbox;
import org.rebalancesim.engine.Simulation;
import org.rebalancesim.engine.Timer;

/**
 * The per-member keyed timers of a consumer group (GMM consumerGroupSessionTimeoutKey and
 * consumerGroupRebalanceTimeoutKey): one session timer and one rebalance timer per member id. Scheduling
 * a key replaces its pending expiry (lazy cancellation in {@link Timer}); the expiry actions re-check the
 * member and epoch they were set for. After an expiry, the queued responses are delivered.
 */
public final class MemberTimers {

    /** What a rebalance timer fires with: the member and the epoch it was set at. */
    public interface RebalanceExpiry {
        void expired(String memberId, int memberEpoch);
    }

    private final Simulation sim;
    private final Outbox outbox;
    private final Consumer<String> onSessionExpired;
    private final RebalanceExpiry onRebalanceExpired;
    private final Map<String, Timer> sessions = new LinkedHashMap<>();
    private final Map<String, Timer> rebalances = new LinkedHashMap<>();

    /** Whether a member id is still in the loaded group: its timers must not outlive it. */
    private final Predicate<String> isMember;

    public MemberTimers(Simulation sim, Outbox outbox, Consumer<String> onSessionExpired,
                        RebalanceExpiry onRebalanceExpired, Predicate<String> isMember) {
        this.sim = sim;
        this.outbox = outbox;
        this.onSessionExpired = onSessionExpired;
        this.onRebalanceExpired = onRebalanceExpired;
        this.isMember = isMember;
    }

    /** (Re-)arms the member's session timer (GMM scheduleConsumerGroupSessionTimeout). */
    public void scheduleSession(String memberId, long sessionTimeoutMs) {
        sessions.computeIfAbsent(memberId,
                        id -> sim.timer("the session timer of member " + id, () -> isMember.test(id)))
                .schedule(sessionTimeoutMs, thenFlush(() -> onSessionExpired.accept(memberId)));
    }

    /** Arms the member's rebalance timer for its epoch (GMM scheduleConsumerGroupRebalanceTimeout). */
    public void scheduleRebalance(String memberId, int memberEpoch, long rebalanceTimeoutMs) {
        rebalances.computeIfAbsent(memberId,
                        id -> sim.timer("the rebalance timer of member " + id, () -> isMember.test(id)))
                .schedule(rebalanceTimeoutMs, thenFlush(() -> onRebalanceExpired.expired(memberId, memberEpoch)));
    }

    public void cancelRebalance(String memberId) {
        Timer timer = rebalances.remove(memberId);
        if (timer != null) {
            timer.cancel();
        }
    }

    /** Cancels both timers of a member that left the group (GMM cancelTimers). */
    public void cancel(String memberId) {
        cancelRebalance(memberId);
        Timer timer = sessions.remove(memberId);
        if (timer != null) {
            timer.cancel();
        }
    }

    public void cancelAll() {
        sessions.values().forEach(Timer::cancel);
        rebalances.values().forEach(Timer::cancel);
        sessions.clear();
        rebalances.clear();
    }

    /** When the member's session expires, or -1. */
    public long sessionDueMs(String memberId) {
        Timer timer = sessions.get(memberId);
        return timer == null ? -1 : timer.dueMs();
    }

    /** When the member's rebalance timer fires, or -1. */
    public long rebalanceDueMs(String memberId) {
        Timer timer = rebalances.get(memberId);
        return timer == null ? -1 : timer.dueMs();
    }

    private Runnable thenFlush(Runnable action) {
        return () -> {
            action.run();
            outbox.flush();
        };
    }
}
