package org.rebalancesim.coordinator.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * When the group coordinator resolves its members' regular expressions again, as GMM.maybeUpdateRegularExpressions
 * decides in the 4.4.0 bytecode: nothing while a resolution is in flight or while now ≤ the last refresh +
 * REGEX_BATCH_REFRESH_MIN_INTERVAL_MS (10 s); after that, when a regex is new or unresolved, when an image with
 * new topics came after the last resolution, or when group.consumer.regex.refresh.interval.ms (600 s by default)
 * passed.
 */
class RegexSubscriptionsTest {

    private static final List<String> TOPICS = List.of("orders-us", "payments");

    private static final long DEFAULT_REFRESH_MS = 600_000;

    private RegexSubscriptions resolvedAt(long nowMs) {
        return resolvedAt(nowMs, DEFAULT_REFRESH_MS);
    }

    private RegexSubscriptions resolvedAt(long nowMs, long refreshIntervalMs) {
        RegexSubscriptions regexes = new RegexSubscriptions(refreshIntervalMs);
        regexes.imagePublished(TOPICS);
        assertTrue(regexes.subscribe("m1", "orders-.*"), "a regex no member had must be resolved first");
        assertNull(regexes.resolvedTopics("orders-.*"));
        // The last refresh is "never" (Kafka's 0 on the wall clock): the first one is not held back, even at 0 ms.
        assertTrue(regexes.refreshDue(0, true));
        regexes.startRefresh();
        assertFalse(regexes.refreshDue(nowMs, true), "one resolution at a time");
        assertEquals(Set.of("orders-.*"), regexes.resolve(TOPICS, nowMs));
        return regexes;
    }

    @Test
    void resolvesAWholeMatchWithRe2j() {
        RegexSubscriptions regexes = resolvedAt(1_000);
        assertEquals(Set.of("orders-us"), regexes.resolvedTopics("orders-.*"));
        // A second member with a regex already resolved needs no resolution (REGEX_UPDATED_AND_RESOLVED).
        assertFalse(regexes.subscribe("m2", "orders-.*"));
        assertEquals(Set.of("m1", "m2"), regexes.membersOf("orders-.*"));
    }

    @Test
    void newTopicsAreResolvedAtTheFirstHeartbeatTenSecondsAfterTheLastRefresh() {
        RegexSubscriptions regexes = resolvedAt(1_000);
        regexes.imagePublished(List.of("orders-us", "payments", "orders-eu"));
        // now <= 1000 + 10000 returns early; 11001 is the first millisecond past it.
        assertFalse(regexes.refreshDue(5_000, false));
        assertFalse(regexes.refreshDue(11_000, false));
        assertTrue(regexes.refreshDue(11_001, false));
        regexes.startRefresh();
        assertEquals(Set.of("orders-.*"), regexes.resolve(List.of("orders-us", "payments", "orders-eu"), 11_001));
        assertEquals(Set.of("orders-eu", "orders-us"), regexes.resolvedTopics("orders-.*"));
    }

    @Test
    void anImageWithoutNewTopicsWaitsForTheRefreshInterval() {
        RegexSubscriptions regexes = resolvedAt(1_000);
        // More partitions, no new topic: lastMetadataImageWithNewTopics does not move.
        regexes.imagePublished(TOPICS);
        assertFalse(regexes.refreshDue(20_000, false));
        assertFalse(regexes.refreshDue(601_000, false));
        assertTrue(regexes.refreshDue(601_001, false));
    }

    /**
     * group.consumer.regex.refresh.interval.ms 30 s: the resolution at 1 s is done again at the first heartbeat
     * after 1 s + 30 s (the test is now > last + interval), 570 s sooner than with the default.
     */
    @Test
    void aShorterRefreshIntervalResolvesAgainSooner() {
        long refreshMs = 30_000;
        RegexSubscriptions regexes = resolvedAt(1_000, refreshMs);
        regexes.imagePublished(TOPICS);
        assertFalse(regexes.refreshDue(1_000 + refreshMs, false));
        assertTrue(regexes.refreshDue(1_000 + refreshMs + 1, false));
        RegexSubscriptions byDefault = resolvedAt(1_000);
        assertFalse(byDefault.refreshDue(1_000 + refreshMs + 1, false));
    }

    @Test
    void theLastSubscriberLeavingForgetsTheRegex() {
        RegexSubscriptions regexes = resolvedAt(1_000);
        regexes.remove("m1");
        assertNull(regexes.regexOf("m1"));
        assertNull(regexes.resolvedTopics("orders-.*"));
        assertFalse(regexes.refreshDue(700_000, false), "no regex, nothing to refresh");
    }
}
