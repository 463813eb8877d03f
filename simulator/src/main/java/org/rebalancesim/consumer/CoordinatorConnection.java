package org.rebalancesim.consumer;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import org.rebalancesim.cluster.KafkaCluster;
import org.rebalancesim.coordinator.ClassicGroupCoordinator;
import org.rebalancesim.coordinator.Errors;
import org.rebalancesim.coordinator.consumer.ConsumerGroupCoordinator;
import org.rebalancesim.coordinator.streams.StreamsGroupCoordinator;
import org.rebalancesim.coordinator.streams.StreamsGroupMessages;
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
 * The client's connection to its group coordinator. Before the first lookup the client connects to a
 * bootstrap broker and asks for metadata; a lookup is a FindCoordinator (retried with Kafka's
 * exponential backoff); a coordinator found is connected to anew (a connection of its own) before any
 * group request goes to it (docs/kafka-semantics.md §22). Then the group requests, each with its timeout.
 */
final class CoordinatorConnection {

    private final GroupClient member;
    private final PendingCalls calls;
    private final KafkaCluster cluster;
    private final BrokerConnections connections;
    /** The coordinator the client is connected to, or -1 while it is unknown. */
    private int broker = -1;
    /** The coordinator found and being connected to, or -1. */
    private int connectingTo = -1;
    /** Whether the connection to a bootstrap broker is up and the first metadata was asked for. */
    private boolean bootstrapped;
    private boolean lookingUp;
    /** The coordinator whose connection a classic markCoordinatorUnknown closed, or -1, and until when it is backed off. */
    private int backedOffBroker = -1;
    private long backedOffUntilMs;
    private int failedLookups;
    private int failedBootstraps;
    private int failedConnects;
    private Runnable onFound = () -> { };
    /** The application thread's calls blocked until the coordinator is known (a commitSync). */
    private final List<Runnable> waitingForCoordinator = new ArrayList<>();
    /** Calls chained to the next lookup (a commitAsync's): each fails if that lookup finds no coordinator. */
    private final List<Runnable> failWithLookup = new ArrayList<>();

    CoordinatorConnection(GroupClient member, PendingCalls calls) {
        this.member = member;
        this.calls = calls;
        this.cluster = member.ctx().cluster();
        this.connections = new BrokerConnections(member, calls);
    }

    boolean isKnown() {
        return broker >= 0;
    }

    /** Called once the coordinator is found and connected (the poll loop and the heartbeat thread both wait for it). */
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

    /** Runs {@code action} once the coordinator is known, however long that takes, looking it up if need be. */
    void whenKnown(Runnable action) {
        if (isKnown()) {
            action.run();
        } else {
            waitingForCoordinator.add(action);
            lookup();
        }
    }

    /**
     * Runs {@code action} once the coordinator is known, or {@code onFailure} if the next lookup fails to find and
     * connect to one: commitOffsetsAsync chains its commit to one lookupCoordinator() and does not wait beyond it.
     */
    void afterNextLookup(Runnable action, Runnable onFailure) {
        if (isKnown()) {
            action.run();
            return;
        }
        boolean[] done = new boolean[1];
        waitingForCoordinator.add(() -> {
            if (!done[0]) {
                done[0] = true;
                action.run();
            }
        });
        failWithLookup.add(() -> {
            if (!done[0]) {
                done[0] = true;
                onFailure.run();
            }
        });
        lookup();
    }

    /** The lookup failed: the calls chained to it fail; those awaiting the coordinator go on waiting. */
    private void lookupFailed() {
        List<Runnable> failing = new ArrayList<>(failWithLookup);
        failWithLookup.clear();
        failing.forEach(Runnable::run);
    }

    /**
     * Looks the coordinator up: a FindCoordinator now, then another every retry backoff
     * (exponential, up to retry.backoff.max.ms) until one is answered with a live coordinator.
     * Like Kafka's heartbeat thread, it does not wait for a lost lookup to time out. The process's first
     * lookup waits for its bootstrap connection and metadata request.
     */
    void lookup() {
        if (isKnown() || lookingUp || connectingTo >= 0) {
            return;
        }
        lookingUp = true;
        if (bootstrapped) {
            sendLookup();
        } else {
            bootstrap();
        }
    }

    /**
     * The client's first requests: it connects to a bootstrap broker and asks for metadata, which goes
     * first (while an update is due NetworkClient.isReady holds every other request back); the
     * FindCoordinator follows the metadata answer, or at most retry.backoff.ms after the request, for so
     * long the consumer's network poll waits for an answer when nothing else was in flight
     * (ConsumerNetworkClient.poll). A failed connect is retried after the reconnect backoff.
     */
    private void bootstrap() {
        connections.open(BrokerConnections.ANY_BROKER, failedBootstraps, () -> {
            bootstrapped = true;
            failedBootstraps = 0;
            boolean[] sent = new boolean[1];
            Runnable findCoordinator = () -> {
                if (!sent[0]) {
                    sent[0] = true;
                    sendLookup();
                }
            };
            connections.roundTrip(BrokerConnections.ANY_BROKER, member.config().requestTimeoutMs(),
                    answered -> findCoordinator.run());
            member.ctx().sim().after(member.config().retryBackoffMs(), () -> member.jvm().run(findCoordinator));
        }, () -> {
            lookupFailed();
            failedBootstraps++;
            member.ctx().sim().after(BrokerConnections.reconnectBackoffMs(failedBootstraps),
                    () -> member.jvm().run(this::bootstrap));
        });
    }

    private void sendLookup() {
        if (isKnown() || connectingTo >= 0 || !member.jvm().isAlive()) {
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
        if (isKnown() || connectingTo >= 0) {
            return;
        }
        // A coordinator found whose connection markUnknownAndDisconnect closed is still in its reconnect backoff:
        // tryConnect cannot open it, checkAndGetCoordinator marks the coordinator unknown again, and the next
        // FindCoordinator goes out at this lookup's retry backoff (docs/kafka-semantics.md §18).
        boolean backedOff = found == backedOffBroker && member.now() < backedOffUntilMs;
        if (found >= 0 && cluster.brokers().isUp(found) && !backedOff) {
            lookingUp = false;
            failedLookups = 0;
            connect(found);
        } else {
            lookupFailed();
        }
    }

    /**
     * A new connection to the coordinator found (Kafka gives it a connection id of its own, apart from
     * the broker's other connections: AbstractCoordinator's FindCoordinatorResponseHandler, tryConnect).
     * When it cannot be opened the coordinator is marked unknown and looked up again after the retry
     * backoff (AbstractCoordinator.ensureCoordinatorReady).
     */
    private void connect(int found) {
        connectingTo = found;
        connections.open(found, failedConnects, () -> {
            connectingTo = -1;
            failedConnects = 0;
            broker = found;
            failWithLookup.clear();
            onFound.run();
            List<Runnable> waiting = new ArrayList<>(waitingForCoordinator);
            waitingForCoordinator.clear();
            waiting.forEach(Runnable::run);
        }, () -> {
            connectingTo = -1;
            lookupFailed();
            long backoff = member.config().retryBackoffAfter(failedConnects++);
            member.ctx().sim().after(backoff, () -> member.jvm().run(this::lookup));
        });
    }

    /**
     * The classic client's markCoordinatorUnknown: it also closes the coordinator's connection (disconnectAsync),
     * which cannot be opened again for reconnect.backoff.ms, so a lookup answered sooner finds a coordinator it
     * cannot use yet (AbstractCoordinator.markCoordinatorUnknown, checkAndGetCoordinator).
     */
    void markUnknownAndDisconnect() {
        if (broker < 0) {
            return;
        }
        backedOffBroker = broker;
        backedOffUntilMs = member.now() + BrokerConnections.RECONNECT_BACKOFF_MS;
        markUnknown();
    }

    /** markCoordinatorUnknown: drop the connection (failing what is in flight) and look it up again. */
    void markUnknown() {
        if (broker < 0) {
            return;
        }
        broker = -1;
        calls.disconnect();
        member.connectionDropped();
        lookup();
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

    /** KIP-1071: StreamsGroupHeartbeat, answered at once by the coordinator. */
    void streamsGroupHeartbeat(StreamsGroupMessages.HeartbeatRequest request,
                               Consumer<StreamsGroupMessages.HeartbeatResponse> onResponse) {
        send(StreamsGroupCoordinator.class, request, member.config().requestTimeoutMs(),
                error -> StreamsGroupMessages.HeartbeatResponse.error(error, request.memberId()),
                (c, q, reply) -> c.heartbeat(q, reply), onResponse);
    }

    /** KIP-1071: an offset commit of a streams group member, fenced by its member epoch. */
    void streamsGroupCommit(ConsumerGroupMessages.OffsetCommitRequest request, Consumer<Errors> onResponse) {
        send(StreamsGroupCoordinator.class, request, member.config().requestTimeoutMs(), error -> error,
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
        sendTracked.accept(calls.open(timeoutMs, errorResponse, onResponse));
    }
}
