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
 *
 * <p>When a due heartbeat is sent (docs/kafka-semantics.md §4): the thread waits retry.backoff.ms at a
 * time from its last send (or its last notification), so it sends at its first wake at or after the due
 * time, late by the slack of those waits ({@link ThreadWakeUps}); unless the application thread calls
 * poll() first, or waits inside poll() when the heartbeat falls due (its wait is bounded by the time to
 * the next heartbeat): pollHeartbeat then notifies the thread, which sends then. Both threads' timed waits
 * end a little late, and whichever wakes first sends; the model takes that lateness of a waiting member's
 * heartbeat as one drawn figure (consumers.heartbeatLateness, default 0; measured on a busy host at a median
 * of about 1 ms a beat, docs/kafka-semantics.md §15). The interval restarts at the send, so it adds up. A
 * poll() that finds the heartbeat due, such as one whose wait ends with records just then, only notifies the
 * thread, so that beat is as late: were it sent at the poll, records arriving on a grid that divides the
 * interval would put every beat back on time.
 */
final class HeartbeatThread {

    private final ClassicMember member;
    private final Timer wakeUp;
    private long lastReceivedMs;
    private long nextHeartbeatMs;
    private long pollTimerStartMs;
    private int failures;
    private final ThreadWakeUps wakeUps;
    /** When the thread last started waiting in retry.backoff.ms steps: its last send or notification. */
    private long anchorMs;
    /** The thread's own wake for the heartbeat due now, once computed; null until then. */
    private ThreadWakeUps.Wake ownWake;
    private final DurationDraws pollWaitLateness;
    /** When a member waiting inside poll(), or notified by one, sends the beat due now; -1 until drawn. */
    private long pollWakeMs = -1;
    /** A poll() found the heartbeat due now and notified the thread: it sends at {@link #pollWakeMs()}. */
    private boolean notifiedByPoll;
    /**
     * After a FindCoordinator the thread sleeps retry.backoff.ms, unless a poll() with a heartbeat due wakes
     * it first (AbstractCoordinator.HeartbeatThread#run, pollHeartbeat; docs/kafka-semantics.md §18).
     */
    private long asleepUntilMs;

    HeartbeatThread(ClassicMember member, int incarnation) {
        this.member = member;
        this.wakeUp = member.ctx.sim().timer(member.pod + "'s heartbeat thread", member.jvm::isAlive);
        this.wakeUps = new ThreadWakeUps(member.ctx.seed(), member.pod, incarnation);
        this.pollWaitLateness = new DurationDraws(member.ctx.consumers().heartbeatLateness(), member.ctx.seed(),
                "heartbeat-lateness", member.pod + ":" + incarnation);
    }

    private boolean enabled() {
        return member.state == ClientState.COMPLETING_REBALANCE || member.state == ClientState.STABLE;
    }

    /** Enabling resets the session, poll and heartbeat timers (Heartbeat#resetTimeouts). */
    void enable() {
        lastReceivedMs = member.now();
        pollTimerStartMs = member.now();
        notifiedAt(member.now(), member.now() + member.config.heartbeatIntervalMs());
        schedule();
    }

    /** FindCoordinator succeeded: the session timer starts again (FindCoordinatorResponseHandler). */
    void coordinatorFound() {
        lastReceivedMs = member.now();
        schedule();
    }

    /**
     * The application thread polled: the poll timer starts again (Heartbeat#poll), and a heartbeat already
     * due goes out the drawn lateness after its due time, at once if that has passed
     * (AbstractCoordinator#pollHeartbeat notifies the thread, whose wake ends late like any other).
     */
    void polled() {
        pollTimerStartMs = member.now();
        if (member.now() >= nextHeartbeatMs) {
            asleepUntilMs = 0;
            if (enabled()) {
                notifiedByPoll = true;
                if (member.now() >= pollWakeMs()) {
                    tick(true);
                    return;
                }
            }
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
        long beat = member.now() < nextHeartbeatMs ? nextHeartbeatMs
                : notifiedByPoll || member.pollLoop.isWaitingInPoll() ? pollWakeMs() : ownWake().atMs();
        long next = Math.min(beat, lastReceivedMs + member.config.sessionTimeoutMs());
        next = Math.min(next, pollTimerStartMs + member.config.maxPollIntervalMs());
        if (!member.coordinator().isKnown()) {
            next = asleepUntilMs;
        }
        next = Math.max(next, asleepUntilMs);
        wakeUp.scheduleAt(Math.max(next, member.now()), () -> member.jvm.run(() -> tick(false)));
    }

    /** The thread's first wake at or after the due time, drawn once per heartbeat. */
    private ThreadWakeUps.Wake ownWake() {
        if (ownWake == null) {
            ownWake = wakeUps.firstWakeAtOrAfter(anchorMs, nextHeartbeatMs, member.config.retryBackoffMs());
        }
        return ownWake;
    }

    /** When a member waiting inside poll(), or notified by one, sends the heartbeat due now: drawn once per beat. */
    private long pollWakeMs() {
        if (pollWakeMs < 0) {
            pollWakeMs = nextHeartbeatMs + pollWaitLateness.nextMs();
        }
        return pollWakeMs;
    }

    /** The thread was woken at {@code atMs} (enable, a failed heartbeat) and the heartbeat is due at {@code dueMs}. */
    private void notifiedAt(long atMs, long dueMs) {
        anchorMs = atMs;
        nextHeartbeatMs = dueMs;
        ownWake = null;
        pollWakeMs = -1;
        notifiedByPoll = false;
        wakeUps.restartOnNotify();
    }

    /**
     * One pass of the thread's loop; {@code notified}: poll() found the heartbeat due and woke the thread.
     * A member waiting inside poll() sends the drawn lateness after the due time (one of the two threads wakes).
     */
    private void tick(boolean notified) {
        if (!enabled()) {
            return;
        }
        long now = member.now();
        if (!member.coordinator().isKnown() || now - lastReceivedMs >= member.config.sessionTimeoutMs()) {
            if (member.coordinator().isKnown()) {
                member.ctx.events().publish(new Story(member.pod, StoryKind.SESSION_LOST,
                        member.config.sessionTimeoutMs(),
                        "no heartbeat answer for session.timeout.ms: rediscovers the coordinator"));
                member.coordinator().markUnknownAndDisconnect();
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
            if (notified) {
                send(true);
            } else if (notifiedByPoll || member.pollLoop.isWaitingInPoll()) {
                if (now >= pollWakeMs()) {
                    send(true);
                }
            } else if (now >= ownWake().atMs()) {
                send(false);
            }
        }
        schedule();
    }

    /** Heartbeat#sentHeartbeat: the interval restarts at the send, and the thread waits again from there. */
    private void send(boolean onNotify) {
        if (onNotify) {
            wakeUps.restartOnNotify();
        } else {
            wakeUps.restartFrom(ownWake());
        }
        anchorMs = member.now();
        ownWake = null;
        pollWakeMs = -1;
        notifiedByPoll = false;
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
                if (member.state == ClientState.STABLE || member.isTakingAssignment()) {
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
                // Heartbeat#failHeartbeat resets the timer to the backoff and notifies the thread.
                member.coordinator().markUnknownAndDisconnect();
                notifiedAt(member.now(), member.now() + member.config.retryBackoffAfter(failures++));
            }
        }
        schedule();
    }

    private void received() {
        lastReceivedMs = member.now();
        failures = 0;
    }
}
