package org.rebalancesim.consumer;

import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.engine.Timer;

/**
 * The KIP-848 client's background heartbeats (AbstractHeartbeatRequestManager), also the streams protocol's
 * (KIP-1071, StreamsGroupHeartbeatRequestManager, the same timing): one heartbeat in flight at a time, every
 * interval the coordinator gives, and at once when joining, acknowledging a reconciliation or leaving. It also
 * watches max.poll.interval.ms.
 *
 * <p>Each member keeps its own phase (docs/kafka-semantics.md §10, §15): the interval timer restarts when
 * a heartbeat is sent (AbstractHeartbeatRequestManager#makeHeartbeatRequest → resetTimer), so every
 * acknowledgement and every join moves it; the first answer, whose interval differs from the client's
 * initial 0, restarts it once more (HeartbeatRequestState#updateHeartbeatIntervalMs). The network thread
 * waits on its selector until the timer expires and wakes a fraction of a millisecond late
 * ({@link ThreadWakeUps#oneWaitUntil}).
 */
final class ConsumerHeartbeats {

    private final ConsumerProtocolMember member;
    private final GroupRequests requests;
    private final Timer wakeUp;
    /** The interval the client knows: 0 until the first answer (the HeartbeatRequestState it starts with). */
    private long intervalMs;
    private long nextHeartbeatMs;
    /** When the network thread wakes for the heartbeat due at nextHeartbeatMs. */
    private long nextWakeMs;
    private final ThreadWakeUps wakeUps;
    private long pollTimerStartMs;
    private boolean inFlight;
    private boolean sendWhenAnswered;
    private int failures;
    /** Bumped when the member leaves or is fenced: answers to older heartbeats are ignored. */
    private int membership;

    ConsumerHeartbeats(ConsumerProtocolMember member, GroupRequests requests, int incarnation) {
        this.member = member;
        this.requests = requests;
        this.wakeUps = new ThreadWakeUps(member.ctx.seed(), member.pod, incarnation);
        this.wakeUp = member.ctx.sim().timer(member.pod + "'s heartbeat thread", member.jvm::isAlive);
        this.pollTimerStartMs = member.now();
    }

    void polled() {
        pollTimerStartMs = member.now();
        schedule();
    }

    void coordinatorFound() {
        if (member.isJoined()) {
            sendNow();
        }
    }

    /** Joining or acknowledging: heartbeat at once (or right after the one in flight). */
    void sendNow() {
        if (inFlight) {
            sendWhenAnswered = true;
        } else {
            send();
        }
    }

    /** A leave heartbeat (epoch -1, or -2 for a static member); its answer is not awaited. */
    void leave(int leaveEpoch) {
        membership++;
        requests.forgetSentFields();
        inFlight = false;
        sendWhenAnswered = false;
        wakeUp.cancel();
        if (member.connection.isKnown()) {
            requests.heartbeat(leaveEpoch, answer -> { });
        }
    }

    void stop() {
        wakeUp.cancel();
    }

    private void send() {
        // The interval restarts at the send (makeHeartbeatRequest → resetTimer), not at the answer.
        dueAt(member.now() + intervalMs);
        inFlight = true;
        sendWhenAnswered = false;
        int sentIn = membership;
        requests.heartbeat(member.memberEpoch, answer -> member.jvm.run(() -> onResponse(answer, sentIn)));
    }

    private void onResponse(GroupRequests.Answer response, int sentIn) {
        if (sentIn != membership) {
            return;
        }
        inFlight = false;
        switch (response.error()) {
            case NONE -> {
                failures = 0;
                member.memberEpoch = response.memberEpoch();
                if (response.heartbeatIntervalMs() != intervalMs) {
                    // updateHeartbeatIntervalMs: a new interval restarts the timer (updateAndReset).
                    intervalMs = response.heartbeatIntervalMs();
                    dueAt(member.now() + intervalMs);
                }
                member.groupReady(response.groupReady());
                if (response.assignment() != null) {
                    response.assignment().run();
                }
            }
            case FENCED_MEMBER_EPOCH, UNKNOWN_MEMBER_ID -> {
                membership++;
                requests.forgetSentFields();
                member.fenced(response.error());
                return;
            }
            case UNRELEASED_INSTANCE_ID, GROUP_MAX_SIZE_REACHED, UNSUPPORTED_ASSIGNOR, GROUP_ID_NOT_FOUND -> {
                member.fatal(response.error());
                return;
            }
            case UNSUPPORTED_VERSION -> {
                // ConsumerHeartbeatRequestManager.handleSpecificExceptionInResponse (4.4.0): fatal, with a message
                // that blames the cluster, whatever the coordinator's reason (here: a classic group it would not
                // convert, docs/kafka-semantics.md §21).
                member.fatal(response.error(), "the client says \"The cluster does not support the new CONSUMER "
                        + "group protocol\"; the coordinator refused to convert the classic group because a custom "
                        + "assignor's userData would be lost");
                return;
            }
            default -> {
                // Coordinator errors or a timeout: rediscover it, retry with exponential backoff.
                requests.forgetSentFields();
                member.connection.markUnknown();
                dueAt(member.now() + member.config.retryBackoffAfter(failures++));
            }
        }
        if (sendWhenAnswered && response.error() == Errors.NONE) {
            send();
        }
        schedule();
    }

    private void schedule() {
        if (!member.isJoined()) {
            return;
        }
        long next = pollTimerStartMs + member.config.maxPollIntervalMs();
        if (!inFlight) {
            next = Math.min(next, Math.max(nextHeartbeatMs, nextWakeMs));
        }
        wakeUp.scheduleAt(Math.max(next, member.now()), () -> member.jvm.run(this::tick));
    }

    /** The heartbeat timer now expires at {@code dueMs}; the network thread's wake for it is drawn once. */
    private void dueAt(long dueMs) {
        nextHeartbeatMs = dueMs;
        nextWakeMs = dueMs <= member.now() ? member.now() : wakeUps.oneWaitUntil(dueMs).atMs();
    }

    private void tick() {
        if (!member.isJoined()) {
            return;
        }
        long now = member.now();
        if (now - pollTimerStartMs >= member.config.maxPollIntervalMs()) {
            member.pollTimeoutExpired();
            return;
        }
        if (!member.connection.isKnown()) {
            member.connection.lookup();
            return;
        }
        if (!inFlight && now >= Math.max(nextHeartbeatMs, nextWakeMs)) {
            send();
        }
        schedule();
    }
}
