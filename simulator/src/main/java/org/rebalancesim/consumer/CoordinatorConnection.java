package org.rebalancesim.consumer;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import org.rebalancesim.cluster.KafkaCluster;
import org.rebalancesim.cluster.Link;
import org.rebalancesim.coordinator.ClassicGroupCoordinator;
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.coordinator.consumer.ConsumerGroupCoordinator;
import org.rebalancesim.coordinator.consumer.ConsumerGroupMessages;
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
 * The client's connection to its group coordinator: discovery with FindCoordinator (retried with
 * Kafka's exponential backoff) and the group requests, each with its timeout. Once the coordinator was
 * marked unknown, the one found next is reached over a new connection (docs/kafka-semantics.md §18):
 * requests wait until it is set up.
 */
final class CoordinatorConnection {

    /** Kafka's default socket.connection.setup.timeout.ms (its first attempt; later ones back off to 30 s). */
    static final long SOCKET_CONNECTION_SETUP_TIMEOUT_MS = 10_000;
    /** One message of the connection set-up: a TCP segment or an ApiVersions request or answer. */
    private static final Object ROUND_TRIP_STEP = new Object();

    private final GroupClient member;
    private final PendingCalls calls;
    private final KafkaCluster cluster;
    private int broker = -1;
    private boolean lookingUp;
    private int failedLookups;
    private Runnable onFound = () -> { };
    /** markUnknown dropped the connection: the next coordinator found needs a new one. */
    private boolean reconnect;
    private boolean connecting;
    /** Counts connection attempts, so that a superseded attempt's last step is ignored. */
    private int connectAttempts;
    /** Requests made while the new connection is set up, sent in order once it is ready. */
    private final List<Runnable> waitingForConnection = new ArrayList<>();
    /** The application thread's calls blocked until the coordinator is known (a commitSync). */
    private final List<Runnable> waitingForCoordinator = new ArrayList<>();

    CoordinatorConnection(GroupClient member, PendingCalls calls) {
        this.member = member;
        this.calls = calls;
        this.cluster = member.ctx().cluster();
    }

    boolean isKnown() {
        return broker >= 0;
    }

    /** Called once the coordinator is found (the poll loop and the heartbeat thread both wait for it). */
    void whenFound(Runnable action) {
        onFound = action;
    }

    /**
     * Runs {@code action} once the coordinator is known, looking it up if need be (ensureCoordinatorReady,
     * as a commitSync does); after {@code timeoutMs} without one, runs {@code onTimeout} instead.
     */
    void awaitKnown(long timeoutMs, Runnable action, Runnable onTimeout) {
        if (isKnown()) {
            action.run();
            return;
        }
        boolean[] done = new boolean[1];
        Runnable once = () -> {
            if (!done[0]) {
                done[0] = true;
                action.run();
            }
        };
        waitingForCoordinator.add(once);
        member.ctx().sim().after(timeoutMs, () -> member.jvm().run(() -> {
            if (!done[0]) {
                done[0] = true;
                waitingForCoordinator.remove(once);
                onTimeout.run();
            }
        }));
        lookup();
    }

    /**
     * Looks the coordinator up: a FindCoordinator now, then another every retry backoff
     * (exponential, up to retry.backoff.max.ms) until one is answered with a live coordinator.
     * Like Kafka's heartbeat thread, it does not wait for a lost lookup to time out.
     */
    void lookup() {
        if (isKnown() || lookingUp) {
            return;
        }
        lookingUp = true;
        sendLookup();
    }

    private void sendLookup() {
        if (isKnown() || !member.jvm().isAlive()) {
            lookingUp = false;
            return;
        }
        Consumer<Integer> done = calls.open(member.config().requestTimeoutMs(), error -> -1,
                found -> member.jvm().run(() -> onLookup(found)));
        cluster.findCoordinator(member.link(), done);
        long backoff = member.config().retryBackoffAfter(failedLookups++);
        member.ctx().sim().after(Math.max(1, backoff), () -> member.jvm().run(this::sendLookup));
    }

    private void onLookup(int found) {
        if (!isKnown() && found >= 0 && cluster.brokers().isUp(found)) {
            broker = found;
            lookingUp = false;
            failedLookups = 0;
            if (reconnect) {
                reconnect = false;
                connect();
            }
            onFound.run();
            List<Runnable> waiting = new ArrayList<>(waitingForCoordinator);
            waitingForCoordinator.clear();
            waiting.forEach(Runnable::run);
        }
    }

    /** markCoordinatorUnknown: drop the connection (failing what is in flight) and look it up again. */
    void markUnknown() {
        if (broker < 0) {
            return;
        }
        broker = -1;
        reconnect = true;
        connecting = false;
        connectAttempts++;
        waitingForConnection.clear();
        calls.disconnect();
        lookup();
    }

    /**
     * The coordinator's connection is new (AbstractCoordinator uses a node of its own for the coordinator, and
     * FindCoordinatorResponseHandler calls tryConnect): a TCP handshake, then ApiVersions, each a round trip
     * over the pod's link, before the first request goes out. Lost in a cut, the attempt fails after
     * socket.connection.setup.timeout.ms, and the client rediscovers the coordinator.
     */
    private void connect() {
        connecting = true;
        int attempt = ++connectAttempts;
        Link link = member.link();
        Consumer<Object> ready = ignored -> member.jvm().run(() -> connected(attempt));
        Consumer<Object> apiVersions = ignored -> link.deliver(ROUND_TRIP_STEP, answer -> link.deliver(answer, ready));
        link.deliver(ROUND_TRIP_STEP, syn -> link.deliver(syn, apiVersions));
        member.ctx().sim().after(SOCKET_CONNECTION_SETUP_TIMEOUT_MS, () -> member.jvm().run(() -> {
            if (connecting && attempt == connectAttempts) {
                markUnknown();
            }
        }));
    }

    private void connected(int attempt) {
        if (!connecting || attempt != connectAttempts) {
            return;
        }
        connecting = false;
        List<Runnable> waiting = new ArrayList<>(waitingForConnection);
        waitingForConnection.clear();
        waiting.forEach(Runnable::run);
    }

    void joinGroup(JoinGroupRequest request, long timeoutMs, Consumer<JoinGroupResponse> onResponse) {
        send(ClassicGroupCoordinator.class, request, timeoutMs,
                error -> JoinGroupResponse.error(error, request.memberId()),
                (c, q, reply) -> c.joinGroup(q, reply), onResponse);
    }

    void syncGroup(SyncGroupRequest request, Consumer<SyncGroupResponse> onResponse) {
        send(ClassicGroupCoordinator.class, request, member.config().requestTimeoutMs(), SyncGroupResponse::error,
                (c, q, reply) -> c.syncGroup(q, reply), onResponse);
    }

    void heartbeat(HeartbeatRequest request, Consumer<HeartbeatResponse> onResponse) {
        send(ClassicGroupCoordinator.class, request, member.config().requestTimeoutMs(), HeartbeatResponse::new,
                (c, q, reply) -> c.heartbeat(q, reply), onResponse);
    }

    void leaveGroup(LeaveGroupRequest request, Consumer<LeaveGroupResponse> onResponse) {
        send(ClassicGroupCoordinator.class, request, member.config().requestTimeoutMs(), LeaveGroupResponse::new,
                (c, q, reply) -> c.leaveGroup(q, reply), onResponse);
    }

    void offsetCommit(OffsetCommitRequest request, Consumer<OffsetCommitResponse> onResponse) {
        send(ClassicGroupCoordinator.class, request, member.config().requestTimeoutMs(), OffsetCommitResponse::new,
                (c, q, reply) -> c.offsetCommit(q, reply), onResponse);
    }

    /** KIP-848: ConsumerGroupHeartbeat, answered at once by the coordinator. */
    void consumerGroupHeartbeat(ConsumerGroupMessages.HeartbeatRequest request,
                                Consumer<ConsumerGroupMessages.HeartbeatResponse> onResponse) {
        send(ConsumerGroupCoordinator.class, request, member.config().requestTimeoutMs(),
                error -> ConsumerGroupMessages.HeartbeatResponse.error(error, request.memberId()),
                (c, q, reply) -> c.heartbeat(q, reply), onResponse);
    }

    /** KIP-848: an offset commit fenced by the member epoch. */
    void consumerGroupCommit(ConsumerGroupMessages.OffsetCommitRequest request, Consumer<Errors> onResponse) {
        send(ConsumerGroupCoordinator.class, request, member.config().requestTimeoutMs(), error -> error,
                (c, q, reply) -> c.offsetCommit(q, reply), onResponse);
    }

    /**
     * A request to the part of the group's coordinator that serves {@code api} (any protocol's requests go
     * through here), with its timeout; {@code errorResponse} stands for the answer when it fails.
     */
    <G, Q, R> void send(Class<G> api, Q request, long timeoutMs, Function<Errors, R> errorResponse,
                        KafkaCluster.TriConsumer<G, Q, Consumer<R>> handler, Consumer<R> onResponse) {
        route(timeoutMs, errorResponse, onResponse,
                done -> cluster.toCoordinator(member.link(), broker, api, request, errorResponse, handler, done));
    }

    /** Without a known coordinator the request fails at once; else it is tracked (timeout) and sent. */
    private <R> void route(long timeoutMs, Function<Errors, R> errorResponse, Consumer<R> onResponse,
                           Consumer<Consumer<R>> sendTracked) {
        if (!isKnown()) {
            member.ctx().sim().after(0, () -> onResponse.accept(errorResponse.apply(Errors.COORDINATOR_NOT_AVAILABLE)));
            return;
        }
        Consumer<R> done = calls.open(timeoutMs, errorResponse, onResponse);
        if (connecting) {
            waitingForConnection.add(() -> sendTracked.accept(done));
        } else {
            sendTracked.accept(done);
        }
    }
}
