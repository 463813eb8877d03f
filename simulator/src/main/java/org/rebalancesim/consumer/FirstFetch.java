package org.rebalancesim.consumer;

import java.util.function.Consumer;
import org.rebalancesim.cluster.Link;

/**
 * The round trips between an assignment and its first records (docs/kafka-semantics.md §18): OffsetFetch
 * to the coordinator (ConsumerCoordinator#refreshCommittedOffsets from updateFetchPositions), then a Fetch
 * to the partition leader. Each is a request and an answer over the pod's link; a message lost in a cut
 * is sent again after request.timeout.ms, as the client retries the request.
 */
final class FirstFetch {

    private static final Object MESSAGE = new Object();

    private final GroupClient member;

    FirstFetch(GroupClient member) {
        this.member = member;
    }

    /** Runs {@code ready} on the application thread once both round trips are done. */
    void start(Runnable ready) {
        roundTrip(() -> roundTrip(ready));
    }

    private void roundTrip(Runnable then) {
        boolean[] answered = new boolean[1];
        Link link = member.link();
        Consumer<Object> answer = ignored -> member.jvm().run(() -> {
            if (!answered[0]) {
                answered[0] = true;
                then.run();
            }
        });
        link.deliver(MESSAGE, request -> link.deliver(request, answer));
        member.ctx().sim().after(member.config().requestTimeoutMs(), () -> member.jvm().run(() -> {
            if (!answered[0]) {
                answered[0] = true;
                roundTrip(then);
            }
        }));
    }
}
