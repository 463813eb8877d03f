package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.PodRecordEvent.Kind.ASSIGNED;
import static org.rebalancesim.run.SimRuns.PodRecordEvent.Kind.FETCHED;
import static org.rebalancesim.run.SimRuns.fetchesAndAssignments;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rebalancesim.partition.TopicPartition;
import org.rebalancesim.run.SimRuns.PodRecordEvent;
import org.rebalancesim.run.SimRuns.PodRecordEvent.Kind;
import org.rebalancesim.scenario.ClientDefaults;

/**
 * The requests between an assignment and its first records (docs/kafka-semantics.md §18), with a constant
 * one-way latency of 5 ms (a round trip: 10 ms): OffsetFetch to the coordinator; ListOffsets to the leader
 * for a partition the group never committed (auto.offset.reset); then the Fetch, which the client sends to
 * a broker only when no fetch to it is in flight (AbstractFetch#prepareFetchRequests: "previous request to
 * {} has not been processed"), and a broker holds a fetch of a consumer that has caught up until a record
 * arrives or fetch.max.wait.ms (500 ms) passes.
 */
class FirstFetchTimingTest {

    private static final long ROUND_TRIP_MS = 10;
    private static final TopicPartition T0 = new TopicPartition("t", 0);
    private static final TopicPartition T1 = new TopicPartition("t", 1);
    /**
     * c2 of two crashes at 13 s, after its first auto-commit (its join completed at about 7.1 s, and the interval
     * starts again there, docs/kafka-semantics.md §6); its session is 6 s; the topic's two partitions get a
     * record a second each, and both have their leader on the one broker.
     */
    private static final String CRASH = """
            duration: 30s
            group: {id: fetch-under-way}
            cluster: {network: {latency: {constant: 5ms}}, brokers: 1}
            topics: [{name: t, partitions: 2, rate: 2/s, arrivals: inTurn}]
            consumers:
              count: 2
              config: {partition.assignment.strategy: cooperative-sticky, session.timeout.ms: 6000,
                       heartbeat.interval.ms: 1000}
              processing: {constant: 1ms}
              startup: {jvmStart: 1s}
            timeline:
              - at: 13s
                crash: {consumer: c2}
            """;

    /**
     * The group's first assignment: nothing is committed yet, so OffsetFetch, ListOffsets and the Fetch
     * (no fetch is under way: the member owned nothing) come before the first records, three round trips.
     */
    @Test
    void aPartitionNeverCommittedIsLookedUpBeforeItsFirstFetch() {
        List<PodRecordEvent> events = fetchesAndAssignments("""
                duration: 6s
                group: {id: first-fetch}
                cluster: {network: {latency: {constant: 5ms}}}
                topics: [{name: t, partitions: 2, rate: 100/s}]
                consumers: {count: 1, processing: {constant: 1ms}, startup: {jvmStart: 1s}}
                """, "never-committed");

        long assignedMs = firstAfter(events, ASSIGNED, T0, 0).atMs();
        assertEquals(assignedMs + 3 * ROUND_TRIP_MS, firstAfter(events, FETCHED, T0, 0).atMs());
    }

    /**
     * c2 crashes at 13 s; after its session (6 s) its partition goes to c1, which keeps its own and has
     * caught up with it (a record a second). c2 committed the partition, so OffsetFetch comes first; then
     * c1's fetch of its own partition is in flight, and the one that brings the new partition goes out
     * when that one is answered: at the next record of c1's own partition, or 500 ms on. Then a round trip.
     */
    @Test
    void aNewPartitionWaitsForTheFetchUnderWay() {
        List<PodRecordEvent> events = fetchesAndAssignments(CRASH, "fetch-under-way");

        PodRecordEvent moved = reassignedToC1(events);
        TopicPartition gained = moved.partitions().get(0);
        TopicPartition own = gained.equals(T0) ? T1 : T0;
        long positionsKnownMs = moved.atMs() + ROUND_TRIP_MS;
        long underWayMs = Math.min(nextRecordAtOrAfter(own, positionsKnownMs) - positionsKnownMs,
                ClientDefaults.FETCH_MAX_WAIT_MS);
        assertTrue(underWayMs > 0, "the scenario must catch a fetch under way");

        assertEquals(positionsKnownMs + underWayMs + ROUND_TRIP_MS,
                firstAfter(events, FETCHED, gained, moved.atMs()).atMs());
    }

    /**
     * The same with two brokers: Kafka places partition leaders round robin, so c1's own partition and the
     * one it gains have different leaders, and the fetch to the new one's leader goes out as soon as its
     * position is known: OffsetFetch, then Fetch.
     */
    @Test
    void aNewPartitionOnAnotherLeaderDoesNotWait() {
        List<PodRecordEvent> events = fetchesAndAssignments(CRASH.replace("brokers: 1", "brokers: 2"),
                "other-leader");

        PodRecordEvent moved = reassignedToC1(events);
        assertEquals(moved.atMs() + 2 * ROUND_TRIP_MS,
                firstAfter(events, FETCHED, moved.partitions().get(0), moved.atMs()).atMs());
    }

    /**
     * CRASH's topic writes 2 records a second in turn: record k goes to partition k mod 2 at (k + 1) x 500 ms,
     * so t-0 gets its records at 500, 1500, 2500 ms and so on, t-1 at 1000, 2000, 3000 ms.
     */
    private static long nextRecordAtOrAfter(TopicPartition tp, long fromMs) {
        long phaseMs = tp.equals(T0) ? 500 : 0;
        return Math.floorDiv(fromMs - phaseMs + 999, 1000) * 1000 + phaseMs;
    }

    /** c1's assignment of c2's partition after c2's crash. */
    private static PodRecordEvent reassignedToC1(List<PodRecordEvent> events) {
        return events.stream()
                .filter(e -> e.pod().equals("c1") && e.kind() == ASSIGNED && e.atMs() > 13_000)
                .findFirst().orElseThrow();
    }

    /** c1's first event of that kind for that partition at or after {@code fromMs}. */
    private static PodRecordEvent firstAfter(List<PodRecordEvent> events, Kind kind, TopicPartition tp, long fromMs) {
        return events.stream()
                .filter(e -> e.pod().equals("c1") && e.kind() == kind && e.partitions().contains(tp)
                        && e.atMs() >= fromMs)
                .findFirst().orElseThrow();
    }
}
