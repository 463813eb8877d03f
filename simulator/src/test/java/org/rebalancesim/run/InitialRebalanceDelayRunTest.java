package org.rebalancesim.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rebalancesim.run.SimRuns.run;
import static org.rebalancesim.run.SimRuns.spans;

import org.junit.jupiter.api.Test;
import org.rebalancesim.metrics.Series;
import org.rebalancesim.metrics.VariantResult;

/**
 * group.initial.rebalance.delay.ms on a new group, end to end (docs/kafka-semantics.md §2, KIP-134):
 * Empty → PreparingRebalance schedules `delay` instead of the join timer, with
 * remaining = max(rebalanceTimeout − delay, 0). A new member added during this phase sets
 * newMemberAdded; when the timer fires it re-arms with min(delay, remaining) (remaining −= delay) if a
 * member was added and remaining != 0, otherwise the join completes. The initial join never completes
 * early. The first member's own add happens while the group is still Empty and sets nothing.
 *
 * <p>The span of generation 1 starts when the first member is added (Empty → PreparingRebalance) and
 * ends at Stable, one JoinGroup answer and one SyncGroup round trip after the join completes (≤ 10 ms
 * with 1..3 ms one-way latency).
 */
class InitialRebalanceDelayRunTest {

    static final long ROUND_TRIPS_MS = 10;

    static String scenario(int consumers, String stagger, long delayMs, long maxPollIntervalMs) {
        return """
                duration: 60s
                cluster: {config: {group.initial.rebalance.delay.ms: %d}}
                group: {id: fresh}
                topics: [{name: t, partitions: 6, rate: 60/s}]
                consumers:
                  count: %d
                  config: {max.poll.interval.ms: %d}
                  processing: {constant: 1ms}
                  startup: {stagger: %s, jvmStart: 2s}
                """.formatted(delayMs, consumers, maxPollIntervalMs, stagger);
    }

    static Series.RebalanceSpan firstGeneration(VariantResult result) {
        Series.RebalanceSpan first = spans(result).get(0);
        assertEquals(1, first.generation());
        return first;
    }

    static void assertTook(Series.RebalanceSpan span, long expectedMs) {
        long took = span.stableMs() - span.startMs();
        assertTrue(took >= expectedMs && took <= expectedMs + ROUND_TRIPS_MS,
                "generation 1 took " + took + " ms, expected " + expectedMs + " (+ round trips): " + span);
    }

    /** One member: nobody is added during the delay, so the join completes at first join + delay. */
    @Test
    void singleMemberWaitsExactlyTheDelay() {
        VariantResult result = run(scenario(1, "0s", 3_000, 300_000), "initial-delay-single");
        assertTook(firstGeneration(result), 3_000);
        assertEquals(1, spans(result).size());
    }

    /**
     * Three pods started together: the first creates the group, the other two are added within the
     * first delay, so the timer re-arms once (min(3 s, 297 s)); nobody comes during the extension:
     * first join + 2 x delay, with all three in generation 1 (a single rebalance).
     */
    @Test
    void membersArrivingWithinTheDelayExtendItOnce() {
        VariantResult result = run(scenario(3, "0s", 3_000, 300_000), "initial-delay-together");
        assertTook(firstGeneration(result), 6_000);
        assertEquals(1, spans(result).size(), "everyone made generation 1: " + spans(result));
    }

    /**
     * Delay 10 s, pods 8 s apart (joins at ~2 s, ~10 s, ~18 s): c2 arrives in the first delay (re-arm
     * to ~22 s), c3 in the extension (re-arm to ~32 s), then nobody: first join + 3 x delay, one rebalance.
     */
    @Test
    void eachArrivalDuringTheDelayExtendsItAgain() {
        VariantResult result = run(scenario(3, "8s", 10_000, 300_000), "initial-delay-staggered");
        assertTook(firstGeneration(result), 30_000);
        assertEquals(1, spans(result).size(), "everyone made generation 1: " + spans(result));
    }

    /**
     * Same arrivals, but max.poll.interval.ms (the rebalance timeout) is 20 s: remaining = 20 − 10 = 10 s,
     * the one re-arm uses it up (remaining' = 0), so at first join + 20 s the join completes although
     * c3 arrived during the extension; c3 is in it, having been added before.
     */
    @Test
    void extensionsStopWhenTheRebalanceTimeoutIsUsedUp() {
        VariantResult result = run(scenario(3, "8s", 10_000, 20_000), "initial-delay-capped");
        assertTook(firstGeneration(result), 20_000);
        assertEquals(1, spans(result).size(), "c3 joined before completion: " + spans(result));
    }

    /** Delay 0: the join completes as soon as the first member is added. */
    @Test
    void zeroDelayCompletesAtOnce() {
        assertTook(firstGeneration(run(scenario(1, "0s", 0, 300_000), "initial-delay-zero-single")), 0);
        assertTook(firstGeneration(run(scenario(3, "5s", 0, 300_000), "initial-delay-zero-three")), 0);
    }
}
