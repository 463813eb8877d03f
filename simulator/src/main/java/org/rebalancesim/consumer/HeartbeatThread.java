package org.rebalancesim.consumer;

import org.rebalancesim.coordinator.Messages.HeartbeatRequest;
import org.rebalancesim.coordinator.Messages.HeartbeatResponse;
import org.rebalancesim.engine.Timer;
import org.rebalancesim.events.PodEvents.Story;
import org.rebalancesim.events.StoryKind;

/**
 * The classic client's background heartbeat thread (KIP-62, AbstractCoordinator.HeartbeatThread).
 * Enabled from the JoinGroup response on, disabled while the member is unjoined or its own JoinGroup
 * is in flight. Each wake-up checks, in Kafka's order: coordinator unknown → look it up; no heartbeat
 * answer for session.timeout.ms → mark the coordinator unknown; no poll() for max.poll.interval.ms →
 * leave the group; heartbeat interval elapsed → send a Heartbeat.
 */
final class HeartbeatThread {

    private final ClassicMember member;
    private final Timer wakeUp;
    private long lastReceivedMs;
    private long nextHeartbeatMs;
    private long pollTimerStartMs;
    private int failures;
    /**
     * After a FindCoordinator the thread sleeps retry.backoff.ms, unless a poll() with a heartbeat due wakes
     * it first (AbstractCoordinator.HeartbeatThread#run, pollHeartbeat; docs/kafka-semantics.md §18).
     */
    private long asleepUntilMs;

    HeartbeatThread(ClassicMember member) {
        this.member = member;
        this.wakeUp = member.ctx.sim().timer(member.pod + "'s heartbeat thread", member.jvm::isAlive);
    }

    private boolean enabled() {
        return member.state == ClientState.COMPLETING_REBALANCE || member.state == ClientState.STABLE;
    }

    /** Enabling resets the session, poll and heartbeat timers (Heartbeat#resetTimeouts). */
    void enable() {
        lastReceivedMs = member.now();
        pollTimerStartMs = member.now();
        nextHeartbeatMs = member.now() + member.config.heartbeatIntervalMs();
        schedule();
    }

    /** FindCoordinator succeeded: the session timer starts again (FindCoordinatorResponseHandler). */
    void coordinatorFound() {
        lastReceivedMs = member.now();
        schedule();
    }

    /** The application thread polled: the poll timer starts again (Heartbeat#poll). */
    void polled() {
        pollTimerStartMs = member.now();
        if (member.now() >= nextHeartbeatMs) {
            asleepUntilMs = 0;
        }
        schedule();
    }

    void stop() {
        wakeUp.cancel();
    }

    private void schedule() {
        if (!enabled()) {
            return;
        }
        long next = Math.min(nextHeartbeatMs, lastReceivedMs + member.config.sessionTimeoutMs());
        next = Math.min(next, pollTimerStartMs + member.config.maxPollIntervalMs());
        if (!member.coordinator().isKnown()) {
            next = asleepUntilMs;
        }
        next = Math.max(next, asleepUntilMs);
        wakeUp.scheduleAt(Math.max(next, member.now()), () -> member.jvm.run(this::tick));
    }

    private void tick() {
        if (!enabled()) {
            return;
        }
        long now = member.now();
        if (!member.coordinator().isKnown() || now - lastReceivedMs >= member.config.sessionTimeoutMs()) {
            if (member.coordinator().isKnown()) {
                member.ctx.events().publish(new Story(member.pod, StoryKind.SESSION_LOST,
                        member.config.sessionTimeoutMs(),
                        "no heartbeat answer for session.timeout.ms: rediscovers the coordinator"));
                member.coordinator().markUnknown();
            }
            member.coordinator().lookup();
            asleepUntilMs = now + member.config.retryBackoffMs();
            schedule();
            return;
        }
        if (now - pollTimerStartMs >= member.config.maxPollIntervalMs()) {
            member.pollTimeoutExpired();
            return;
        }
        // Like Kafka's thread, a heartbeat is sent every interval whether or not the previous one
        // was answered: after a network partition the next one gets through at once.
        if (now >= nextHeartbeatMs) {
            send();
        }
        schedule();
    }

    private void send() {
        nextHeartbeatMs = member.now() + member.config.heartbeatIntervalMs();
        int sentGeneration = member.generation;
        HeartbeatRequest request = new HeartbeatRequest(member.memberId, member.instanceId, sentGeneration);
        member.coordinator().heartbeat(request, response -> member.jvm.run(() -> onResponse(response, sentGeneration)));
    }

    private void onResponse(HeartbeatResponse response, int sentGeneration) {
        switch (response.error()) {
            case NONE -> received();
            case REBALANCE_IN_PROGRESS -> {
                received();
                if (member.state == ClientState.STABLE) {
                    member.requestRejoin();
                }
            }
            case ILLEGAL_GENERATION, UNKNOWN_MEMBER_ID -> {
                // Ignored when the generation moved on while the heartbeat was in flight.
                if (sentGeneration == member.generation && enabled()) {
                    member.ctx.events().publish(Story.of(member.pod, "heartbeat answered " + response.error()
                            + ": resets its generation, rejoins at its next poll()"));
                    member.resetGeneration(response.error() == org.rebalancesim.coordinator.Errors.UNKNOWN_MEMBER_ID);
                    member.requestRejoin();
                }
            }
            case FENCED_INSTANCE_ID -> member.die();
            default -> {
                // Coordinator errors or a timeout: rediscover, retry with exponential backoff.
                member.coordinator().markUnknown();
                nextHeartbeatMs = member.now() + member.config.retryBackoffAfter(failures++);
            }
        }
        schedule();
    }

    private void received() {
        lastReceivedMs = member.now();
        failures = 0;
    }
}
