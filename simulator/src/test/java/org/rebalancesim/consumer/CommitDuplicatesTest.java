package org.rebalancesim.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.metric;
import static org.rebalancesim.run.SimRuns.run;

import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.VariantResult;

/**
 * Commits and duplicates (docs/kafka-semantics.md §6 and §7). Records processed but not committed when a
 * partition moves are processed again by its new owner, who starts at the committed offset.
 * - Auto-commit commits allConsumed() inside poll() once auto.commit.interval.ms has elapsed, so a
 *   crash loses at most the interval's worth of commits plus the batch in hand: duplicates ≤
 *   (auto.commit.interval.ms + one batch) × the crashed member's share of the produced rate.
 * - A graceful close() commits synchronously before revoking and leaving ("Eager, graceful: about 0"),
 *   and the survivors commit in onJoinPrepare before revoking: no duplicates.
 * - enable.auto.commit=false, modelled as commitSync after each batch: a crash loses at most the batch
 *   in hand (or the one whose commit was still in flight): duplicates ≤ max.poll.records.
 */
class CommitDuplicatesTest {

    /** 3 members, 6 partitions: range gives each member 2 of the 6 partitions, a third of the rate. */
    static final double C2_SHARE = 2.0 / 6;

    static String scenario(int ratePerSecond, String processing, String config, String operation) {
        return """
                duration: 100s
                group: {id: commit-demo}
                topics: [{name: t, partitions: 6, rate: %d/s}]
                consumers:
                  count: 3
                  config: {session.timeout.ms: 10000, heartbeat.interval.ms: 3000%s}
                  processing: %s
                  startup: {jvmStart: 2s}
                timeline:
                  - at: 62500ms
                    %s
                """.formatted(ratePerSecond, config, processing, operation);
    }

    /**
     * 60/s, 1 ms records: c2 consumes 20 records/s in batches of a record or two (a batch takes a few
     * ms). The bound (5000 ms + 100 ms for the batch in hand) × 20/s = 102 records.
     */
    @Test
    void crashWithAutoCommitDuplicatesAtMostOneCommitIntervalOfItsRecords() {
        VariantResult result = run(scenario(60, "{constant: 1ms}", "", "crash: {consumer: c2}"),
                "autocommit-crash");

        long duplicates = metric(result, "duplicates");
        double bound = (5000 + 100) / 1000.0 * 60 * C2_SHARE;
        assertTrue(duplicates > 0, "what c2 processed since its last auto-commit is processed again");
        assertTrue(duplicates <= bound, duplicates + " duplicates > bound " + bound);
        assertEquals(1, metric(result, "evictions"));
    }

    /**
     * §6: a consumer waiting in poll() wakes for its auto-commit (ConsumerCoordinator.timeToNextPoll bounds the
     * wait), so what it processed before the traffic stopped is committed within one interval. The traffic
     * stops at 50 s; c2 crashes at 62.5 s, more than 5 s later: nothing of its is processed twice, under the
     * classic protocol and under KIP-848 alike.
     */
    @Test
    void anIdleConsumerCommitsWhatItConsumedBeforeItCrashes() {
        String idle = scenario(60, "{constant: 1ms}", "", "crash: {consumer: c2}")
                .replace("rate: 60/s", "rate: {steps: [{at: 0s, rate: 60/s}, {at: 50s, rate: 0/s}]}");
        assertEquals(0, metric(run(idle, "idle-crash"), "duplicates"));
        String idleConsumerProtocol = idle.replace("session.timeout.ms: 10000, heartbeat.interval.ms: 3000",
                "group.protocol: consumer");
        assertEquals(0, metric(run(idleConsumerProtocol, "idle-crash-kip848"), "duplicates"));
    }

    /** §6: auto.commit.interval.ms is the knob: at 1 s the same crash loses at most ~1.1 s of c2's records. */
    @Test
    void shorterAutoCommitIntervalBoundsTheDuplicatesAccordingly() {
        VariantResult result = run(scenario(60, "{constant: 1ms}", ", auto.commit.interval.ms: 1000",
                "crash: {consumer: c2}"), "autocommit-1s-crash");

        double bound = (1000 + 100) / 1000.0 * 60 * C2_SHARE;
        assertTrue(metric(result, "duplicates") <= bound, metric(result, "duplicates") + " > " + bound);
    }

    /** §7 "Classic close": commit, revoke, LeaveGroup; the survivors commit before they revoke too. */
    @Test
    void gracefulStopCausesNoDuplicates() {
        VariantResult result = run(scenario(60, "{constant: 1ms}", "", "stop: {consumer: c2}"), "graceful-stop");

        assertEquals(0, metric(result, "duplicates"));
        assertEquals(1, result.series().rebalances().stream().filter(s -> s.startMs() >= 62_500).count());
    }

    /**
     * Manual commits after each batch: 120/s with 40 ms records overloads c2 (40 records/s × 40 ms),
     * so every poll returns a full batch of max.poll.records = 10. A crash then duplicates at most
     * those 10; with auto-commit the same crash may duplicate up to 5 s of batches.
     */
    @Test
    void manualCommitAfterEachBatchBoundsCrashDuplicatesByOneBatch() {
        VariantResult result = run(scenario(120, "{constant: 40ms}",
                ", enable.auto.commit: false, max.poll.records: 10", "crash: {consumer: c2}"), "manual-commit-crash");

        long duplicates = metric(result, "duplicates");
        assertTrue(duplicates <= 10, duplicates + " duplicates, more than one batch of 10");
    }
}
