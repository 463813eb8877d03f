package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * A failed commit is told by the call that made it, and a commitAsync that meets a retriable error is counted as
 * commitFailures.retriableCommitFailed (ConsumerCoordinator#commitOffsetsAsync and OffsetCommitResponseHandler;
 * CommitRequestManager for the consumer protocol; docs/kafka-semantics.md §6, §18).
 */
class CommitCallFailuresTest {

    /** broker.session.timeout.ms's default: the controller moves the dead coordinator's groups this long after. */
    private static final long FAILOVER_MS = 9_000;
    private static final long FAILURE_AT_MS = 60_000;
    private static final long RATE_PER_S = 60;

    /** Three pods committing after every batch; the coordinator dies at 60 s for 20 s. */
    private static VariantResult coordinatorDies(String protocol, String commit) {
        return run("""
                duration: 90s
                group: {id: commit-errors}
                topics: [{name: t, partitions: 6, rate: 60/s}]
                consumers:
                  count: 3
                  config: {enable.auto.commit: false, group.protocol: %s}
                  processing: {constant: 1ms}
                  startup: {jvmStart: 2s}
                  application: {commit: %s}
                timeline:
                  - at: 60s
                    brokerFailure: {downtime: 20s}
                """.formatted(protocol, commit), "coordinator-dies");
    }

    private static List<Series.StoryEvent> failures(VariantResult result) {
        return result.series().events().stream().filter(e -> e.what().contains(" failed with ")).toList();
    }

    /**
     * Classic: the commits sent to the dead coordinator fail (NOT_COORDINATOR marks it unknown), and every
     * commitAsync made while none is known is chained to one lookup, which finds none until the controller has
     * moved the group: each fails with a RetriableCommitFailedException, none after the failover.
     */
    @Test
    void aClassicCommitAsyncFailsWhileTheCoordinatorIsUnknown() {
        VariantResult result = coordinatorDies("classic", "async");

        List<Series.StoryEvent> failures = failures(result);
        assertEquals(failures.size(), metric(result, "commitFailures.retriableCommitFailed"));
        assertTrue(failures.size() > 3, "more than the three commits in flight fail: " + failures.size());
        assertTrue(failures.stream().anyMatch(e -> e.what().contains("(COORDINATOR_NOT_AVAILABLE)")),
                "the failed lookups are told");
        for (Series.StoryEvent failure : failures) {
            assertTrue(failure.what().startsWith("commitAsync failed with RetriableCommitFailedException"), failure.what());
            assertTrue(failure.atMs() >= FAILURE_AT_MS && failure.atMs() < FAILURE_AT_MS + FAILOVER_MS,
                    "failed at " + failure.atMs());
        }
        assertEquals(0, metric(result, "commitFailures.commitFailed") + metric(result, "commitFailures.rebalanceInProgress"));
    }

    /** commitSync waits for a coordinator (up to default.api.timeout.ms) instead: no commit fails. */
    @Test
    void aClassicCommitSyncWaitsForTheCoordinator() {
        VariantResult result = coordinatorDies("classic", "sync");

        assertEquals(0, metric(result, "commitFailures.retriableCommitFailed"));
        assertTrue(failures(result).isEmpty());
    }

    /**
     * The consumer protocol keeps a commitAsync pending while the coordinator is unknown: only the one commit each
     * of the three pods had sent to the dead coordinator fails, with its NOT_COORDINATOR answer.
     */
    @Test
    void aConsumerProtocolCommitAsyncWaitsForTheCoordinator() {
        VariantResult result = coordinatorDies("consumer", "async");

        List<Series.StoryEvent> failures = failures(result);
        assertEquals(3, metric(result, "commitFailures.retriableCommitFailed"));
        assertEquals(List.of("c1", "c2", "c3"), failures.stream().map(Series.StoryEvent::subject).sorted().toList());
        failures.forEach(e -> assertTrue(e.what().startsWith(
                "commitAsync failed with RetriableCommitFailedException (NOT_COORDINATOR)"), e.what()));
    }

    /**
     * commitSync retries a retriable error until default.api.timeout.ms (60 s) has passed, under either protocol, and
     * the application thread waits all along (ConsumerCoordinator#commitOffsetsSync; CommitRequestManager): the
     * commit sent to the dead coordinator is answered NOT_COORDINATOR, the next attempts wait for a coordinator,
     * which the controller gives the group 9 s after the failure. So from one batch after the failure until the
     * failover nothing is processed, where a commitAsync group goes on; and no commit fails.
     */
    @ParameterizedTest
    @ValueSource(strings = {"classic", "consumer"})
    void aCommitSyncRetriesUntilTheNewCoordinatorAnswers(String protocol) {
        VariantResult sync = coordinatorDies(protocol, "sync");
        assertEquals(0, metric(sync, "commitFailures.retriableCommitFailed") + metric(sync, "commitFailures.commitFailed")
                + metric(sync, "commitFailures.rebalanceInProgress"));
        long from = FAILURE_AT_MS + 1_000;
        long to = FAILURE_AT_MS + FAILOVER_MS - 1_000;
        long producedBetween = RATE_PER_S * (to - from) / 1000;
        long syncGrowth = lagAt(sync, to) - lagAt(sync, from);
        assertTrue(syncGrowth >= producedBetween - RATE_PER_S / 10, protocol + " sync: the application waits in "
                + "commitSync, so the lag grows by all " + producedBetween + " records produced, got " + syncGrowth);
        VariantResult async = coordinatorDies(protocol, "async");
        assertTrue(lagAt(async, to) < RATE_PER_S, protocol + " async goes on: lag " + lagAt(async, to));
    }

    /** The lag at the last sample at or before {@code atMs}. */
    private static long lagAt(VariantResult result, long atMs) {
        return result.series().lag().stream().filter(s -> s.atMs() <= atMs).reduce((a, b) -> b).orElseThrow().lag();
    }

    /** A cooperative group that grows to three pods, 10 s apart, whose onPartitionsRevoked takes 1 s. */
    private static VariantResult cooperativeGroupGrows(String config, String application) {
        return run("""
                duration: 40s
                group: {id: commits}
                topics: [{name: t, partitions: 6, rate: 600/s}]
                consumers:
                  count: 3
                  config: {partition.assignment.strategy: cooperative-sticky, %s}
                  processing: {constant: 1ms}
                  startup: {stagger: 10s}
                  listener: {onPartitionsRevoked: 1s}
                  application: %s
                """.formatted(config, application), "cooperative-grows");
    }

    /**
     * A cooperative member keeps processing through a rebalance; its commitAsync after a batch then fails with a
     * RebalanceInProgressException, and the story says commitAsync, not commitSync.
     */
    @Test
    void aCommitAsyncDuringARebalanceIsToldAsCommitAsync() {
        VariantResult result = cooperativeGroupGrows("enable.auto.commit: false",
                "{commit: async, commitOnRevoke: false}");

        List<Series.StoryEvent> failures = failures(result);
        assertFalse(failures.isEmpty(), "commits fail while the group rebalances");
        assertEquals(failures.size(), metric(result, "commitFailures.rebalanceInProgress")
                + metric(result, "commitFailures.commitFailed") + metric(result, "commitFailures.retriableCommitFailed"));
        assertTrue(failures.stream().anyMatch(e -> e.what().startsWith("commitAsync failed with RebalanceInProgressException")));
        failures.forEach(e -> assertTrue(e.what().startsWith("commitAsync failed with "), e.what()));
    }

    /**
     * With enable.auto.commit nothing fails while the group grows: the classic client reaches its auto-commit only
     * once joined (ConsumerCoordinator.poll returns before maybeAutoCommitOffsetsAsync while a join is pending).
     * After a GC pause longer than its session, c1's first auto-commit carries the generation it was evicted
     * from and fails, told as the auto-commit.
     */
    @Test
    void aFailedAutoCommitIsToldAsTheAutoCommit() {
        assertTrue(failures(cooperativeGroupGrows("auto.commit.interval.ms: 100", "{}")).isEmpty());

        VariantResult paused = run("""
                duration: 60s
                group: {id: commits}
                topics: [{name: t, partitions: 6, rate: 600/s}]
                consumers:
                  count: 3
                  config: {partition.assignment.strategy: cooperative-sticky, auto.commit.interval.ms: 100,
                           session.timeout.ms: 10000, heartbeat.interval.ms: 3000}
                  processing: {constant: 1ms}
                timeline:
                  - at: 30s
                    gcPause: {consumer: c1, duration: 15s}
                """, "auto-commit-after-pause");
        List<Series.StoryEvent> failures = failures(paused);
        assertFalse(failures.isEmpty(), "the evicted member's auto-commit fails");
        failures.forEach(e -> assertTrue(e.what().startsWith("the auto-commit failed with "), e.what()));
    }
}
