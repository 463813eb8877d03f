package org.rebalancesim.consumer;

import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.rebalancesim.cluster.Link;

/**
 * The requests between an assignment and its first records (docs/kafka-semantics.md §18): OffsetFetch to
 * the coordinator (ConsumerCoordinator#refreshCommittedOffsets from updateFetchPositions); for a partition
 * the group has never committed, ListOffsets to the partition leader (auto.offset.reset); then the Fetch,
 * which waits for the fetch already under way to the same broker: the client keeps one fetch in flight per
 * node and sends none to a node whose records are still buffered (AbstractFetch#prepareFetchRequests). Each
 * request is a request and an answer over the pod's link; a message lost in a cut is sent again after
 * request.timeout.ms, as the client retries the request.
 */
final class FirstFetch {

    private static final Object MESSAGE = new Object();

    private final GroupClient member;

    FirstFetch(GroupClient member) {
        this.member = member;
    }

    /**
     * Runs {@code ready} on the application thread once the first records are fetched.
     *
     * @param listOffsets  whether a partition has no committed offset, so its position is looked up first
     * @param fetchUnderWay how long, from when the positions are known, the fetch under way takes to be answered
     */
    void start(boolean listOffsets, LongSupplier fetchUnderWay, Runnable ready) {
        Runnable fetch = () -> member.ctx().sim().after(fetchUnderWay.getAsLong(),
                () -> member.jvm().run(() -> roundTrip(ready)));
        roundTrip(listOffsets ? () -> roundTrip(fetch) : fetch);
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
