package org.rebalancesim.consumer;

import java.util.function.Consumer;
import org.rebalancesim.cluster.Brokers;
import org.rebalancesim.cluster.Link;

/**
 * How a client opens a connection to a broker before its first request there, as Kafka's NetworkClient
 * does (docs/kafka-semantics.md §22): the TCP connect, one round trip over the pod's link, then
 * ApiVersions, another [NetworkClient.initiateConnect, handleConnections,
 * handleInitiateApiVersionRequests]; only then is the connection ready for requests. A connect left
 * unanswered (a cut link) fails after socket.connection.setup.timeout.ms, growing with each failure
 * up to its maximum (Kafka adds a 20 % jitter, left out here); a lost ApiVersions after
 * request.timeout.ms; a broker that is down refuses the connection, which the client learns one
 * round trip later.
 */
final class BrokerConnections {

    /** A bootstrap server: the connection goes to whichever broker is up. */
    static final int ANY_BROKER = -1;
    /** socket.connection.setup.timeout.ms and its .max.ms: Kafka's defaults (CommonClientConfigs). */
    static final long CONNECTION_SETUP_TIMEOUT_MS = 10_000;
    static final long CONNECTION_SETUP_TIMEOUT_MAX_MS = 30_000;
    /** reconnect.backoff.ms and its .max.ms: Kafka's defaults (ConsumerConfig). */
    static final long RECONNECT_BACKOFF_MS = 50;
    static final long RECONNECT_BACKOFF_MAX_MS = 1_000;

    private final GroupClient member;
    private final PendingCalls calls;
    private final Brokers brokers;

    BrokerConnections(GroupClient member, PendingCalls calls) {
        this.member = member;
        this.calls = calls;
        this.brokers = member.ctx().cluster().brokers();
    }

    /**
     * Connects to {@code broker} (or {@link #ANY_BROKER}); {@code onReady} runs when the connection can carry
     * requests, {@code onFailed} when it could not be opened. {@code failedBefore} earlier attempts failed.
     */
    void open(int broker, int failedBefore, Runnable onReady, Runnable onFailed) {
        long setupTimeoutMs = Math.min(CONNECTION_SETUP_TIMEOUT_MAX_MS,
                CONNECTION_SETUP_TIMEOUT_MS << Math.min(failedBefore, 20));
        roundTrip(broker, setupTimeoutMs, connected -> {
            if (!connected) {
                onFailed.run();
                return;
            }
            roundTrip(broker, member.config().requestTimeoutMs(), versions -> (versions ? onReady : onFailed).run());
        });
    }

    /**
     * One request to {@code broker} and its answer over the pod's link (a Metadata request, the connect's
     * SYN and SYN-ACK): {@code done} hears whether the broker answered, false when it was down or nothing
     * came back within {@code timeoutMs}.
     */
    void roundTrip(int broker, long timeoutMs, Consumer<Boolean> done) {
        Consumer<Boolean> answer = calls.open(timeoutMs, error -> false,
                answered -> member.jvm().run(() -> done.accept(answered)));
        Link link = member.link();
        link.deliver(Boolean.TRUE, arrived -> link.deliver(isUp(broker), answer));
    }

    /** The reconnect backoff after {@code failures} failed attempts in a row (Kafka adds a 20 % jitter). */
    static long reconnectBackoffMs(int failures) {
        return Math.min(RECONNECT_BACKOFF_MAX_MS, RECONNECT_BACKOFF_MS << Math.min(Math.max(0, failures - 1), 20));
    }

    private boolean isUp(int broker) {
        if (broker != ANY_BROKER) {
            return brokers.isUp(broker);
        }
        for (int b = 0; b < brokers.count(); b++) {
            if (brokers.isUp(b)) {
                return true;
            }
        }
        return false;
    }
}
