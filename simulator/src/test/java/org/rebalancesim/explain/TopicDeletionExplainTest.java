package org.rebalancesim.explain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A topic deletion told with the path Kafka takes to notice it (docs/kafka-semantics.md §16), from
 * scenarios/topic-deletion.yaml: audit is deleted at 2:50 while only c3 reads it, and c1 leads.
 */
class TopicDeletionExplainTest {

    static final long DELETE_MS = 170_000;

    /**
     * The leader's fetches never fail, so it notices at its next refresh: metadata.max.age.ms (5 min) after its last
     * one, at 1:05, when it assigned c3's wider subscription.
     */
    @Test
    void aLeaderReadingNoneOfTheTopicNoticesAtItsNextRefresh() {
        String line = deletionLine("classic-5m");
        assertTrue(line.contains("audit is deleted with its 6 partitions → the leader c1 sees them at its metadata "
                + "refresh (metadata.max.age.ms 5 min) at 06:05."), line);
    }

    /** c3's failed fetch refreshes its metadata at once, and its pattern no longer matches audit. */
    @Test
    void aPatternSubscriberNoticesAtItsFailedFetch() {
        String line = deletionLine("classic-pattern");
        assertTrue(line.contains("c3's fetch is answered UNKNOWN_TOPIC_ID at 02:50.0"), line);
        assertTrue(line.contains("its pattern orders|audit now matches [orders]: the subscription changed → rejoins"),
                line);
        assertTrue(line.contains("c3 revoked 6 partitions"), line);
    }

    @Test
    void theConsumerProtocolsCoordinatorDropsThemAtTheNextHeartbeat() {
        String line = deletionLine("consumer");
        assertTrue(line.contains("audit is deleted with its 6 partitions → the coordinator sees the new partition count "
                + "at the next heartbeat → group epoch"), line);
    }

    private static String deletionLine(String variant) {
        List<StoryLine> lines = Explanations.explain("topic-deletion.yaml", variant).lines().stream()
                .filter(l -> l.atMs() == DELETE_MS && Explanations.isRebalance(l)).toList();
        assertEquals(1, lines.size(), "one rebalance line at the deletion: " + lines);
        return lines.get(0).text();
    }
}
