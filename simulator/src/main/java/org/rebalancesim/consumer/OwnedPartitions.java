package org.rebalancesim.consumer;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import org.rebalancesim.partition.OffsetRange;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.scenario.ClientDefaults;
import org.rebalancesim.workload.Production;

/**
 * The partitions one consumer owns and where it fetches each from (docs/kafka-semantics.md §18): the next
 * offset per partition in (topic, partition) order, the ones held back from fetching (about to be revoked, or
 * waiting for their first fetch), and the partition the next poll() starts with. {@link PollLoop} runs the
 * application thread around them; this class only keeps the positions and takes records from the logs.
 */
final class OwnedPartitions {

    private final Production production;
    /** The next offset to fetch per owned partition, in partition order; updated in place by every fetch. */
    private final Map<TopicPartition, Position> positions = new TreeMap<>();
    private final Set<TopicPartition> pendingRevocation = new HashSet<>();
    /** Assigned partitions whose committed offset and first records are still on their way. */
    private final Set<TopicPartition> awaitingFirstFetch = new HashSet<>();
    /**
     * The owned partition the next poll() starts with, or null: the first in order. Kafka's consumer keeps its
     * assignment in (topic, partition) order (onJoinComplete sorts it; SubscriptionState#assignFromSubscribed)
     * and fetches in that order, so a member that owned nothing starts again with its first partition.
     */
    private TopicPartition nextInLine;
    /** {@link #list()} as of the last change of the owned set: every fetch reads it. */
    private List<TopicPartition> ownedView;
    /** The positions of {@link #ownedView}'s partitions, index for index: a fetch looks up none. */
    private Position[] ownedPositions;

    OwnedPartitions(Production production) {
        this.production = production;
    }

    /** A partition's next offset to fetch; mutable so that a fetch moves it without a map insertion. */
    private static final class Position {
        private long offset;
        /** The end of the partition's fetched records in hand (its completed fetch); at or below offset: none. */
        private long fetchedTo;

        Position(long offset) {
            this.offset = offset;
        }
    }

    /** The owned partitions in (topic, partition) order; the same list until the owned set changes. */
    List<TopicPartition> list() {
        if (ownedView == null) {
            ownedView = List.copyOf(positions.keySet());
            ownedPositions = positions.values().toArray(new Position[0]);
        }
        return ownedView;
    }

    boolean isEmpty() {
        return positions.isEmpty();
    }

    /**
     * Positions after every record already returned by poll(): what a commit stores (allConsumed). An
     * immutable snapshot, so the commit request keeps it as it is instead of copying it again; unordered
     * (a lookup table: nothing iterates it in an order that matters).
     */
    @SuppressWarnings({"unchecked", "rawtypes"}) // a generic array: Map.ofEntries takes one
    Map<TopicPartition, Long> consumedPositions() {
        Map.Entry<TopicPartition, Long>[] entries = new Map.Entry[positions.size()];
        int i = 0;
        for (Map.Entry<TopicPartition, Position> entry : positions.entrySet()) {
            entries[i++] = Map.entry(entry.getKey(), entry.getValue().offset);
        }
        return Map.ofEntries(entries);
    }

    /** The next offset to fetch from {@code tp}, or -1 when the member does not own it. */
    long positionOf(TopicPartition tp) {
        Position position = positions.get(tp);
        return position == null ? -1 : position.offset;
    }

    /** Assigned partitions, each from its {@code committed} offset. */
    void add(List<TopicPartition> partitions, ToLongFunction<TopicPartition> committed) {
        for (TopicPartition tp : partitions) {
            positions.put(tp, new Position(committed.applyAsLong(tp)));
        }
        ownedChanged();
    }

    /** New partitions are not fetched until their committed offsets and first records come ({@link #firstFetched}). */
    void awaitFirstFetch(List<TopicPartition> partitions) {
        awaitingFirstFetch.addAll(partitions);
    }

    /** The partitions' committed offsets and first records have come: they are fetched from now on. */
    void firstFetched(List<TopicPartition> partitions) {
        partitions.forEach(awaitingFirstFetch::remove);
    }

    /** Partitions about to be revoked: no more records of them are fetched (they stay owned until revoked). */
    void pauseFetching(List<TopicPartition> partitions) {
        pendingRevocation.addAll(partitions);
    }

    void remove(List<TopicPartition> partitions) {
        partitions.forEach(positions::remove);
        ownedChanged();
        partitions.forEach(pendingRevocation::remove);
        partitions.forEach(awaitingFirstFetch::remove);
    }

    void clear() {
        positions.clear();
        ownedChanged();
        pendingRevocation.clear();
        awaitingFirstFetch.clear();
    }

    /**
     * Takes up to {@code room} records from the owned partitions (moving their positions past what it takes), one
     * partition after another, each drained before the next (FetchCollector#collectFetch: the completed fetches
     * in order): the next poll() goes on with the partition this one stopped in, or, when that was drained, with
     * the one after it. What a partition has in hand is what the log held when its fetch was answered
     * ({@code answeredAtMs}): records written since wait for its next fetch, which queues behind the others' (a
     * drained partition is fetched again while the next ones are drained), so a member that is behind on every
     * partition takes them in turn instead of chasing one log end.
     *
     * @param paused partitions the application does not fetch now (a Kafka Streams task still restoring)
     * @return the records taken, per partition in the order taken; empty when there were none
     */
    List<OffsetRange> take(long room, long answeredAtMs, Predicate<TopicPartition> paused) {
        List<TopicPartition> owned = list();
        List<OffsetRange> segments = new ArrayList<>();
        int start = indexOfNextInLine(owned);
        int next = start;
        for (int i = 0; i < owned.size() && room > 0; i++) {
            int index = (start + i) % owned.size();
            TopicPartition tp = owned.get(index);
            if (!pendingRevocation.isEmpty() && pendingRevocation.contains(tp)
                    || !awaitingFirstFetch.isEmpty() && awaitingFirstFetch.contains(tp) || paused.test(tp)) {
                continue;
            }
            Position position = ownedPositions[index];
            long from = position.offset;
            if (position.fetchedTo <= from) {
                position.fetchedTo = production.logEndOffset(tp, answeredAtMs);
            }
            long available = position.fetchedTo - from;
            long taken = Math.min(available, room);
            if (taken > 0) {
                segments.add(new OffsetRange(tp, from, from + taken));
                position.offset = from + taken;
                room -= taken;
                next = taken < available ? index : index + 1;
            }
        }
        nextInLine = owned.isEmpty() ? null : owned.get(next % owned.size());
        return segments.isEmpty() ? List.of() : Collections.unmodifiableList(segments);
    }

    /**
     * When the next record of a partition it fetches is written, or Long.MAX_VALUE: a partition waiting for its
     * first fetch, or {@code paused}, wakes the thread by other means.
     */
    long nextRecordMs(Predicate<TopicPartition> paused) {
        long next = Long.MAX_VALUE;
        for (Map.Entry<TopicPartition, Position> entry : positions.entrySet()) {
            if (!awaitingFirstFetch.isEmpty() && awaitingFirstFetch.contains(entry.getKey()) || paused.test(entry.getKey())) {
                continue;
            }
            next = Math.min(next, production.timeOfOffset(entry.getKey(), entry.getValue().offset));
        }
        return next;
    }

    /**
     * How long the fetch already under way to the new partitions' leaders takes to be answered, so that the
     * next one can carry them: the client sends no fetch to a broker while one is in flight to it or its
     * records are still buffered (AbstractFetch#prepareFetchRequests). Records already there answer a fetch
     * at once, and what it brings is buffered until the batch in hand is done ({@code batchLeftMs}) and poll()
     * takes it; a consumer that has caught up waits for the broker's answer, sent at the next record or after
     * fetch.max.wait.ms. Leaders are spread as Kafka places them without racks, round robin over the
     * brokers: partition p of every topic on broker p mod brokers (the per-topic random start left out).
     */
    long fetchUnderWayMs(List<TopicPartition> added, int brokers, long nowMs, long batchLeftMs) {
        Set<Integer> leaders = new HashSet<>();
        added.forEach(tp -> leaders.add(leaderOf(tp, brokers)));
        long nextRecordMs = Long.MAX_VALUE;
        for (Map.Entry<TopicPartition, Position> entry : positions.entrySet()) {
            TopicPartition tp = entry.getKey();
            if (awaitingFirstFetch.contains(tp) || pendingRevocation.contains(tp)
                    || !leaders.contains(leaderOf(tp, brokers))) {
                continue;
            }
            if (production.logEndOffset(tp, nowMs) > entry.getValue().offset) {
                return batchLeftMs;
            }
            nextRecordMs = Math.min(nextRecordMs, production.timeOfOffset(tp, entry.getValue().offset));
        }
        return nextRecordMs == Long.MAX_VALUE ? 0
                : Math.min(Math.max(0, nextRecordMs - nowMs), ClientDefaults.FETCH_MAX_WAIT_MS);
    }

    /** The broker leading a partition: partition p on broker p mod brokers (see {@link #fetchUnderWayMs}). */
    private static int leaderOf(TopicPartition tp, int brokers) {
        return tp.partition() % Math.max(1, brokers);
    }

    /** Where {@link #nextInLine} stands among the owned partitions; the one after it if it is no longer owned. */
    private int indexOfNextInLine(List<TopicPartition> owned) {
        if (nextInLine == null) {
            return 0;
        }
        int found = Collections.binarySearch(owned, nextInLine);
        int index = found >= 0 ? found : -found - 1;
        return index < owned.size() ? index : 0;
    }

    /** The owned set changed: the fetch view is rebuilt, and a member left with nothing starts afresh next time. */
    private void ownedChanged() {
        ownedView = null;
        if (positions.isEmpty()) {
            nextInLine = null;
        }
    }
}
